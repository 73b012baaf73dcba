//===- DxilParts.h - Decoding the DXIL, PSV0 and SFI0 parts -----*- C++ -*-===//
//
// The bodies of the container parts a compute shader carries, decoded with
// every size checked. Layouts: shared/reference/dxil-format.md sections 1.3
// (SFI0, ISG1/OSG1, HASH), 1.4 (DXIL program header) and 1.5 (PSV0).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILPARTS_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILPARTS_H

#include "opencgc/Interchange/DxContainer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <vector>

namespace opencgc::codegen {

inline constexpr uint32_t kPartFeatureInfo = makeFourCC("SFI0");
inline constexpr uint32_t kPartInputSignature = makeFourCC("ISG1");
inline constexpr uint32_t kPartOutputSignature = makeFourCC("OSG1");
inline constexpr uint32_t kPartPatchSignature = makeFourCC("PSG1");
inline constexpr uint32_t kPartPipelineState = makeFourCC("PSV0");
inline constexpr uint32_t kPartShaderHash = makeFourCC("HASH");
inline constexpr uint32_t kPartDxil = makeFourCC("DXIL");
inline constexpr uint32_t kPartPrivate = makeFourCC("PRIV");
inline constexpr uint32_t kDxilMagic = makeFourCC("DXIL");
/// ProgramVersion's shader kind for compute (reference 1.4).
inline constexpr uint32_t kComputeShaderKind = 5;

/// The DXIL part's body (reference 1.4).
struct DxilProgramHeader {
  uint32_t programVersion = 0;
  uint32_t sizeInUint32 = 0;
  uint32_t dxilVersion = 0;
  uint32_t bitcodeOffset = 0;
  uint32_t bitcodeSize = 0;
  llvm::ArrayRef<uint8_t> bitcode;

  uint32_t shaderKind() const { return programVersion >> 16; }
  uint32_t shaderModelMajor() const { return (programVersion >> 4) & 0xf; }
  uint32_t shaderModelMinor() const { return programVersion & 0xf; }
};

/// Fails when the header or the bitcode it points at does not fit the part,
/// or the magic is not "DXIL".
llvm::Expected<DxilProgramHeader>
parseDxilProgramHeader(llvm::ArrayRef<uint8_t> part);

/// One PSV0 resource bind record; kind and flags exist from version 2.
struct PsvResource {
  uint32_t type = 0;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  uint32_t upperBound = 0;
  uint32_t kind = 0;
  uint32_t flags = 0;
};

/// PSVResourceType (reference 1.5).
enum PsvResourceType : uint32_t {
  PsvInvalid = 0,
  PsvSampler = 1,
  PsvCbv = 2,
  PsvSrvTyped = 3,
  PsvSrvRaw = 4,
  PsvSrvStructured = 5,
  PsvUavTyped = 6,
  PsvUavRaw = 7,
  PsvUavStructured = 8,
  PsvUavStructuredWithCounter = 9,
};

/// The PSV0 part of a compute shader.
struct PsvInfo {
  /// 24, 36, 48, 52 or 56 bytes for versions 0 to 4.
  uint32_t runtimeInfoSize = 0;
  uint32_t minWaveLaneCount = 0;
  uint32_t maxWaveLaneCount = 0;
  /// Version 1 and later.
  uint8_t shaderStage = 0;
  uint8_t usesViewId = 0;
  /// Input, output, patch-constant element counts, then input vectors and
  /// the four output-vector counts.
  std::array<uint8_t, 8> signatureCounts = {};
  /// The 16-byte stage union, all zero for compute.
  llvm::ArrayRef<uint8_t> stageInfo;
  /// Version 2 and later.
  std::array<uint32_t, 3> numThreads = {};
  /// Version 3 and later: offset of the entry name in the string table.
  uint32_t entryNameOffset = 0;
  /// Version 4.
  uint32_t groupSharedBytes = 0;
  std::vector<PsvResource> resources;
  uint32_t resourceStride = 0;
  /// Version 1 and later.
  llvm::StringRef stringTable;
  uint32_t semanticIndexCount = 0;
  /// Bytes after the last table this reader knows for compute.
  size_t trailingBytes = 0;

  unsigned version() const;
};

/// Decodes PSV0 as written for a compute shader (no signature elements).
llvm::Expected<PsvInfo> parsePsv0(llvm::ArrayRef<uint8_t> part);

/// The PSV version DXC writes for a validator version (reference 1.5).
unsigned getPsvVersionForValidator(unsigned major, unsigned minor);
/// RuntimeInfo size of a PSV version.
uint32_t getPsvRuntimeInfoSize(unsigned version);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILPARTS_H
