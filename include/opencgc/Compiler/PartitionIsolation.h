//===- PartitionIsolation.h - Output IR to Partition IR ---------*- C++ -*-===//
//
// "Isolate Partition IR" of the D3D12 MLIR programs specification (section
// "Partitions", compile flow): the part of the Output IR a target sees when
// it compiles one partition, i.e. a cgc.module holding that partition and
// exactly the symbols it reaches (the subgraphs it invokes, transitively),
// in their Output IR order.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_COMPILER_PARTITIONISOLATION_H
#define OPENCGC_COMPILER_PARTITIONISOLATION_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

namespace opencgc::compiler {

/// A new module (in the same context) with clones of `partition` and the
/// symbols reachable from it. `partition` must be a top-level op of
/// `outputIR`. The result is verified; it is null (after the verifier's
/// diagnostics, reported through the context) only when `outputIR` itself
/// does not verify or `partition` is not in it.
mlir::OwningOpRef<cgc::ModuleOp> isolatePartition(cgc::ModuleOp outputIR,
                                                  cgc::PartitionOp partition);

} // namespace opencgc::compiler

#endif // OPENCGC_COMPILER_PARTITIONISOLATION_H
