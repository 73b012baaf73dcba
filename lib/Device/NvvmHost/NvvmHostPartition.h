//===- NvvmHostPartition.h - A partition as host-grid kernels ---*- C++ -*-===//
#ifndef OPENCGC_LIB_DEVICE_NVVMHOST_NVVMHOSTPARTITION_H
#define OPENCGC_LIB_DEVICE_NVVMHOST_NVVMHOSTPARTITION_H

#include "../Reference/PartitionInterpreter.h"

#include "opencgc/HostGrid/HostGrid.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::device {

/// Compiles a CGC_SUBGRAPH_PARTITION container: every invoked subgraph
/// through Kernel IR and NVVM IR into host-grid kernels. Running it runs
/// the invokes in order, each subgraph's kernels in order.
llvm::Expected<std::shared_ptr<ReferencePartition>>
compileNvvmHostPartition(mlir::MLIRContext &context, hostgrid::HostGrid &grid,
                         llvm::ArrayRef<uint8_t> partitionContainer);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_NVVMHOST_NVVMHOSTPARTITION_H
