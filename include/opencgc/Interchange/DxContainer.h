//===- DxContainer.h - Generic DX Container reader and writer ---*- C++ -*-===//
//
// The DX Container is the envelope DirectX uses for shader bytecode and that
// the D3D12 MLIR programs specification reuses for MLIR data. Layout and
// digest follow shared/reference/dxil-format.md sections 1.2 and 1.6.
//
// Layout (little-endian, packed):
//   +0  u32 FourCC 'DXBC'      +4  u8 Digest[16]      +20 u16 Major, u16 Minor
//   +24 u32 ContainerSizeInBytes                      +28 u32 PartCount
//   +32 u32 PartOffset[PartCount], each pointing at {u32 FourCC, u32 Size,
//       u8 Data[Size]}.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_INTERCHANGE_DXCONTAINER_H
#define OPENCGC_INTERCHANGE_DXCONTAINER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace opencgc {

/// Packs four characters as ch0 | ch1 << 8 | ch2 << 16 | ch3 << 24.
constexpr uint32_t makeFourCC(const char (&chars)[5]) {
  return uint32_t(uint8_t(chars[0])) | uint32_t(uint8_t(chars[1])) << 8 |
         uint32_t(uint8_t(chars[2])) << 16 | uint32_t(uint8_t(chars[3])) << 24;
}

/// The four characters of `fourCC`; bytes that are not printable ASCII (and
/// the backslash) are written as "\xNN".
std::string fourCCToString(uint32_t fourCC);

inline constexpr uint32_t kDxContainerFourCC = makeFourCC("DXBC");
inline constexpr uint16_t kDxContainerMajorVersion = 1;
inline constexpr size_t kDxContainerHeaderSize = 32;
inline constexpr size_t kDxPartHeaderSize = 8;
inline constexpr size_t kDxDigestOffset = 4;
/// The digest covers bytes [kDxDigestedOffset, ContainerSizeInBytes).
inline constexpr size_t kDxDigestedOffset = 20;

using ContainerDigest = std::array<uint8_t, 16>;

/// DXC's "ComputeHashRetail": MD5 with modified final padding (reference
/// section 1.6), over arbitrary bytes.
ContainerDigest computeRetailHash(llvm::ArrayRef<uint8_t> bytes);

/// The digest of a complete container: the retail hash of bytes
/// [20, container.size()). `container` must be exactly ContainerSizeInBytes
/// long (parseDxContainer guarantees it) and at least 20 bytes.
ContainerDigest computeContainerDigest(llvm::ArrayRef<uint8_t> container);

/// One part. `data` points into the buffer that was parsed.
struct DxPart {
  uint32_t fourCC = 0;
  /// Offset of the part header from the start of the container.
  uint32_t offset = 0;
  llvm::ArrayRef<uint8_t> data;

  uint64_t dataOffset() const { return uint64_t(offset) + kDxPartHeaderSize; }
  uint64_t endOffset() const { return dataOffset() + data.size(); }
};

/// A parsed container. It borrows the parsed buffer, which must outlive it.
struct DxContainerView {
  uint32_t fourCC = 0;
  ContainerDigest digest = {};
  uint16_t majorVersion = 0;
  uint16_t minorVersion = 0;
  uint32_t containerSize = 0;
  /// In offset-table order.
  std::vector<DxPart> parts;
  /// The whole container.
  llvm::ArrayRef<uint8_t> bytes;

  /// The first part named `partFourCC`, or null.
  const DxPart *findPart(uint32_t partFourCC) const;
  size_t countParts(uint32_t partFourCC) const;
  /// True when the digest is all zero, which DXC writes for unsigned output.
  bool isUnsigned() const;
  /// True when parts follow the offset table and each other with no gap,
  /// as DXC's IsValidDxilContainer demands (not required by our reader).
  bool isContiguous() const;
};

/// Parses and bounds-checks a container. Rejects a short buffer, bad magic,
/// major version other than 1, a ContainerSizeInBytes that differs from the
/// buffer size, and out-of-range or overlapping parts. Gaps between parts
/// are allowed. The digest is not checked here (see getDigestStatus).
llvm::Expected<DxContainerView> parseDxContainer(llvm::ArrayRef<uint8_t> bytes);

enum class DigestStatus {
  /// All-zero digest: the writer did not sign the container.
  Unsigned,
  /// The stored digest matches the computed one.
  Valid,
  /// Non-zero and different from the computed digest.
  Mismatch,
};

DigestStatus getDigestStatus(const DxContainerView &view);
/// "unsigned", "valid" or "mismatch".
llvm::StringRef getDigestStatusName(DigestStatus status);

/// Assembles a container: header, offset table, then the parts contiguously
/// in the order they were added (the DXC layout). Part data is written as
/// given; DXC expects sizes that are multiples of 4.
class DxContainerWriter {
public:
  void addPart(uint32_t fourCC, std::vector<uint8_t> data);
  /// The container bytes; with `sign`, the digest field holds the retail
  /// hash, otherwise it stays zero.
  std::vector<uint8_t> finish(bool sign = true) const;

private:
  struct Part {
    uint32_t fourCC;
    std::vector<uint8_t> data;
  };
  std::vector<Part> parts;
};

} // namespace opencgc

#endif // OPENCGC_INTERCHANGE_DXCONTAINER_H
