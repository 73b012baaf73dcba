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

/// Bytes of memory a memref value refers to during one dispatch.
struct MemorySpan {
  uint8_t *data = nullptr;
  uint64_t size = 0;
};

/// A partition the reference kernels run.
class HostPartition : public CompiledPartition {
public:
  /// Runs the partition over `bindPoints` (one span per bind point, each at
  /// least as large as its memref).
  virtual llvm::Error run(llvm::ArrayRef<MemorySpan> bindPoints) const = 0;
};

llvm::Expected<std::shared_ptr<HostPartition>>
compileReferencePartition(mlir::MLIRContext &context,
                          llvm::ArrayRef<uint8_t> partitionContainer);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_REFERENCE_PARTITIONINTERPRETER_H
