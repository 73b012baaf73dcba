//===- Capture.h - A capture directory in memory ----------------*- C++ -*-===//
//
// The records of capture.txt (docs/capture.md) after CaptureReader checked
// them: kernels, and per dispatch its regions and bindings. Buffer bytes stay
// in their files until the dispatch is replayed.
//
//===----------------------------------------------------------------------===//

#ifndef OPENCGC_REPLAY_CAPTURE_H
#define OPENCGC_REPLAY_CAPTURE_H

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace replay {

enum class DeviceKind { Vulkan, Cuda };

/// How a SPIR-V binding is bound: a storage buffer unless a `texel` record
/// names a uniform texel buffer format.
enum class BindingKind { Storage, TexelR32f, TexelRgba32f };

struct Kernel {
  std::string id;
  /// `spirv` or `ptx`; always the one the capture's device kind runs.
  std::string language;
  /// The kernel file, as a path under the capture directory.
  std::string path;
  std::string entry;
  /// One per binding.
  std::vector<BindingKind> bindings;
  /// The launch block size of a PTX kernel; SPIR-V declares its own.
  std::array<uint32_t, 3> block = {1, 1, 1};
};

struct Region {
  uint64_t size = 0;
  std::string beforePath;
  std::string afterPath;
};

struct Binding {
  unsigned region = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
};

struct Dispatch {
  unsigned index = 0;
  /// Index into Capture::kernels.
  unsigned kernel = 0;
  std::array<uint32_t, 3> groups = {1, 1, 1};
  std::vector<Region> regions;
  std::vector<Binding> bindings;
  /// The manifest line of the `dispatch` record, for messages.
  unsigned line = 0;
};

struct Capture {
  std::string directory;
  DeviceKind device = DeviceKind::Vulkan;
  std::string deviceName;
  std::vector<Kernel> kernels;
  std::vector<Dispatch> dispatches;

  /// DIR/relative, as the manifest's paths are relative to DIR.
  std::string resolve(const std::string &relative) const {
    return directory + "/" + relative;
  }
};

/// The bytes of one texel of a uniform texel buffer binding.
inline unsigned getTexelSize(BindingKind kind) {
  return kind == BindingKind::TexelRgba32f ? 16 : 4;
}

} // namespace replay

#endif // OPENCGC_REPLAY_CAPTURE_H
