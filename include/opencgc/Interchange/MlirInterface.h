//===- MlirInterface.h - The DXCGC MLIR interfaces --------------*- C++ -*-===//
//
// An MLIR interface names the role of a piece of serialized MLIR (input IR,
// output IR, a subgraph exchange, ...). Each is identified by a GUID from the
// D3D12 MLIR programs specification, "DXCGC MLIR Interfaces".
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_INTERCHANGE_MLIRINTERFACE_H
#define OPENCGC_INTERCHANGE_MLIRINTERFACE_H

#include "opencgc/Interchange/Guid.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace opencgc {

enum class MlirInterface {
  CgcInput,
  CgcOutput,
  CgcSubgraphPartition,
  CgcSubgraphDeclarationRequest,
  CgcSubgraphDeclaration,
  CgcSubgraphSpecializationRequest,
  CgcSubgraphSpecialization,
};

/// The GUID the specification assigns to `interface`.
const Guid &getInterfaceGuid(MlirInterface interface);

/// The specification's DEFINE_GUID name, e.g. "CGC_INPUT".
llvm::StringRef getInterfaceName(MlirInterface interface);

/// The interface whose GUID is `guid`, if any.
std::optional<MlirInterface> lookupInterface(const Guid &guid);

/// Case-insensitive lookup by name: "CGC_SUBGRAPH_PARTITION",
/// "subgraph_partition" and "subgraph-partition" all match. A GUID in
/// registry form is accepted too.
std::optional<MlirInterface> lookupInterfaceByName(llvm::StringRef name);

/// All interfaces, in specification order.
llvm::ArrayRef<MlirInterface> allInterfaces();

} // namespace opencgc

#endif // OPENCGC_INTERCHANGE_MLIRINTERFACE_H
