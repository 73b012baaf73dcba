//===- DxilModuleFacts.h - What a DXIL module's metadata declares -*- C++ -*-=//
//
// The versions, the entry point, its properties and the resource records of
// a DXIL module, read once from its named metadata (reference section 3) and
// shared by every rule that compares declarations with uses.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEFACTS_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEFACTS_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace opencgc::codegen {

class DxilReport;

/// Resource classes in dx.resources order; also the createHandle class
/// operand (reference 3.4).
enum ResourceClass : unsigned { Srv = 0, Uav = 1, Cbv = 2, Sampler = 3 };
inline constexpr unsigned kResourceClassCount = 4;

/// DXIL ResourceKind values used by name (reference 3.4).
namespace resource_kind {
inline constexpr uint32_t Texture2DMS = 3;
inline constexpr uint32_t TextureCube = 5;
inline constexpr uint32_t Texture2DMSArray = 8;
inline constexpr uint32_t TextureCubeArray = 9;
inline constexpr uint32_t TypedBuffer = 10;
inline constexpr uint32_t RawBuffer = 11;
inline constexpr uint32_t StructuredBuffer = 12;
inline constexpr uint32_t CBuffer = 13;
inline constexpr uint32_t Sampler = 14;
inline constexpr uint32_t TBuffer = 15;
inline constexpr uint32_t RTAccelerationStructure = 16;
inline constexpr uint32_t FeedbackTexture2DArray = 18;
} // namespace resource_kind

/// One record of dx.resources (reference 3.2).
struct DxilResource {
  unsigned resourceClass = Srv;
  uint32_t id = 0;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  /// 0xFFFFFFFF (-1) when unbounded.
  uint32_t rangeSize = 1;
  /// The shape; CBuffer for CBVs and Sampler for samplers.
  uint32_t kind = 0;
  uint32_t sampleCount = 0;
  bool globallyCoherent = false;
  bool hasCounter = false;
  bool rasterizerOrdered = false;
  std::optional<uint32_t> componentType;
  std::optional<uint32_t> stride;
  bool usesAtomic64 = false;
  uint32_t cbufferSize = 0;

  bool isUnbounded() const { return rangeSize == 0xFFFFFFFFu; }
  uint32_t upperBound() const {
    return isUnbounded() ? 0xFFFFFFFFu : lowerBound + rangeSize - 1;
  }
};

struct DxilModuleFacts {
  std::string shaderKind;
  unsigned smMajor = 0, smMinor = 0;
  unsigned dxilMajor = 0, dxilMinor = 0;
  /// dx.valver; absent means 1.0.
  unsigned valMajor = 1, valMinor = 0;
  const llvm::Function *entry = nullptr;
  std::string entryName;
  /// Entry property tag 0; absent means 0.
  uint64_t shaderFlags = 0;
  std::array<uint32_t, 3> numThreads = {0, 0, 0};
  /// Tag 11 gives {N, 0, 0}; tag 23 gives {min, max, preferred}.
  std::optional<std::array<uint32_t, 3>> waveSize;
  bool waveSizeRanged = false;
  std::array<std::vector<DxilResource>, kResourceClassCount> resources;
  /// The native 16-bit data layout (i16:16) rather than the legacy one.
  bool nativeLowPrecision = false;

  bool shaderModelAtLeast(unsigned minor) const {
    return smMajor > 6 || (smMajor == 6 && smMinor >= minor);
  }
  bool dxilAtLeast(unsigned minor) const {
    return dxilMajor > 1 || (dxilMajor == 1 && dxilMinor >= minor);
  }
  bool validatorAtLeast(unsigned minor) const {
    return valMajor > 1 || (valMajor == 1 && valMinor >= minor);
  }
  /// The record of `resourceClass` with this id, or null.
  const DxilResource *findResource(unsigned resourceClass, uint64_t id) const;
};

/// Reads dx.version, dx.valver, dx.shaderModel, dx.entryPoints and
/// dx.resources, reporting the META.* and SM.* rules about their shape and
/// values. Facts it cannot read keep their defaults.
DxilModuleFacts readDxilModuleFacts(const llvm::Module &module,
                                    DxilReport &report);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEFACTS_H
