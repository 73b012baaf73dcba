//===- Version.h - The CGC dialects' semantic version -----------*- C++ -*-===//
//
// The D3D12 MLIR programs specification ("IR Versioning: Semantic Version")
// versions all CGC dialects together: extending any of them bumps the one
// version shared by all. This header is the single place that number lives.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_SUPPORT_VERSION_H
#define OPENCGC_SUPPORT_VERSION_H

#include <cstdint>
#include <string>

namespace opencgc {

struct DialectVersion {
  uint16_t major = 0;
  uint16_t minor = 0;
  uint16_t patch = 0;

  std::string str() const {
    return std::to_string(major) + "." + std::to_string(minor) + "." +
           std::to_string(patch);
  }
  /// A reader of version `this` can read data written at `other` unless
  /// `other` has a newer major version (CGC dialects are only ever extended).
  bool canRead(const DialectVersion &other) const {
    return other.major <= major;
  }
  bool operator==(const DialectVersion &o) const {
    return major == o.major && minor == o.minor && patch == o.patch;
  }
};

/// The version of the CGC dialects this build reads and writes.
inline constexpr DialectVersion kCgcDialectVersion = {1, 0, 0};

} // namespace opencgc

#endif // OPENCGC_SUPPORT_VERSION_H
