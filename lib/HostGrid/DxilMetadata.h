//===- DxilMetadata.h - A DXIL entry's threads and bindings -----*- C++ -*-===//
#ifndef OPENCGC_LIB_HOSTGRID_DXILMETADATA_H
#define OPENCGC_LIB_HOSTGRID_DXILMETADATA_H

#include "opencgc/Codegen/DxilMetadataModel.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace opencgc::hostgrid {

/// One dx.resources record of class SRV or UAV (reference 3.2).
using DxilBinding = dxil::DxilResourceRecord;

struct DxilEntryFacts {
  llvm::Function *function = nullptr;
  std::array<uint32_t, 3> numThreads = {1, 1, 1};
  /// The records by rangeId: [0] SRVs, [1] UAVs.
  std::array<llvm::SmallVector<DxilBinding>, 2> bindings;
};

/// ResourceKind RawBuffer (reference 3.4).
inline constexpr uint32_t kRawBufferKind = dxil::resource_kind::RawBuffer;

/// The first dx.entryPoints entry, its numthreads and dx.resources' SRV and
/// UAV records, as the metadata model reads them. Fails, naming what is
/// missing, on a module that has none; the shader model and versions are
/// not needed and not checked.
llvm::Expected<DxilEntryFacts> readDxilEntryFacts(llvm::Module &module);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_DXILMETADATA_H
