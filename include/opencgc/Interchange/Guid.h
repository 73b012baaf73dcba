//===- Guid.h - Windows-style GUIDs -----------------------------*- C++ -*-===//
//
// MLIR interfaces are named by GUIDs (D3D12 MLIR programs specification,
// "DXCGC MLIR Interfaces"). This is the plain value type, with the textual
// "{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}" form and the 16-byte Windows
// binary layout (data1..data3 little-endian, then data4 as bytes).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_INTERCHANGE_GUID_H
#define OPENCGC_INTERCHANGE_GUID_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace opencgc {

struct Guid {
  /// Size of the binary form in bytes.
  static constexpr size_t kSize = 16;

  uint32_t data1 = 0;
  uint16_t data2 = 0, data3 = 0;
  uint8_t data4[8] = {};

  bool operator==(const Guid &other) const;
  bool operator!=(const Guid &other) const { return !(*this == other); }

  /// Upper-case registry form, e.g. "{7FC4F23F-2474-4AE8-AE7A-2722118B350E}".
  std::string str() const;

  /// Parses the registry form, with or without braces, any letter case.
  static std::optional<Guid> parse(llvm::StringRef text);

  /// The 16-byte Windows binary layout.
  std::array<uint8_t, kSize> toBytes() const;
  /// Inverse of toBytes(); `bytes` must hold at least kSize bytes.
  static Guid fromBytes(llvm::ArrayRef<uint8_t> bytes);
};

} // namespace opencgc

#endif // OPENCGC_INTERCHANGE_GUID_H
