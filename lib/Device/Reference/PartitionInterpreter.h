//===- PartitionInterpreter.h - Reference partition execution ---*- C++ -*-===//
//
// Compiles a CGC_SUBGRAPH_PARTITION container for the reference device: the
// result runs each cgc.invoke of the partition by interpreting the invoked
// subgraph's functional definition with the reference kernels, reading and
// writing the bound memory.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_REFERENCE_PARTITIONINTERPRETER_H
#define OPENCGC_LIB_DEVICE_REFERENCE_PARTITIONINTERPRETER_H

#include "opencgc/Device/Device.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::device {

llvm::Expected<std::unique_ptr<CompiledPartition>>
compileReferencePartition(mlir::MLIRContext &context,
                          llvm::ArrayRef<uint8_t> partitionContainer);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_REFERENCE_PARTITIONINTERPRETER_H
