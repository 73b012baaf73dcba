//===- DxilModuleFacts.h - What a DXIL module's metadata declares -*- C++ -*-=//
//
// The versions, the entry point, its properties and the resource records of
// a DXIL module, read once from its named metadata (reference section 3) and
// shared by every rule that compares declarations with uses.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEFACTS_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEFACTS_H

#include "opencgc/Codegen/DxilMetadataModel.h"

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
enum ResourceClass : unsigned {
  Srv = dxil::resource_list::Srv,
  Uav = dxil::resource_list::Uav,
  Cbv = dxil::resource_list::Cbv,
  Sampler = dxil::resource_list::Sampler
};
inline constexpr unsigned kResourceClassCount = dxil::resource_list::Count;

namespace resource_kind = dxil::resource_kind;

/// One record of dx.resources (reference 3.2), as the metadata model reads
/// it.
using DxilResource = dxil::DxilResourceRecord;

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
/// dx.resources through the metadata model (readDxilMetadata), reporting
/// the META.* and SM.* rules about their shape and values. Facts it cannot
/// read keep their defaults.
DxilModuleFacts readDxilModuleFacts(const llvm::Module &module,
                                    DxilReport &report);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEFACTS_H
