//===- HostGridPartition.h - A partition as host-grid kernels ---*- C++ -*-===//
//
// The CPU devices that run GPU kernels (nvvm-host, and dxil-host with the
// DXIL issue) share everything but the kernel language: each subgraph is
// lowered to Kernel IR, a builder turns that into host-grid kernels, and
// the invokes run one after another over host memory.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_HOSTGRIDPARTITION_HOSTGRIDPARTITION_H
#define OPENCGC_LIB_DEVICE_HOSTGRIDPARTITION_HOSTGRIDPARTITION_H

#include "../Reference/PartitionInterpreter.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/HostGrid/HostGrid.h"

#include <array>
#include <functional>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::device {

/// One kernel of a subgraph, JIT-compiled for the host grid: runs it over
/// the invoke's operands, in operand order, with the launch it was made for.
using GridLaunch =
    std::function<llvm::Error(llvm::ArrayRef<MemorySpan> operands)>;

/// Turns one subgraph's Kernel IR into host-grid kernels, in launch order.
using GridKernelBuilder = std::function<llvm::Expected<std::vector<GridLaunch>>(
    codegen::KernelModule &)>;

/// How a host-grid device builds its kernels.
struct GridKernelSource {
  /// Names the device in messages.
  llvm::StringRef deviceName;
  /// What the kernels are configured for.
  const codegen::KernelTarget &kernelTarget;
  /// What CompiledPartition::getCompileNote says.
  llvm::StringRef compileNote;
  /// Whether `build` may run for several subgraphs at once
  /// (generateInvokeStepsConcurrently); the grid's JIT may.
  bool concurrent = false;
  /// How float32 products are computed.
  codegen::Precision precision = codegen::Precision::Fp32;
};

llvm::Expected<std::shared_ptr<HostPartition>> compileHostGridPartition(
    mlir::MLIRContext &context, llvm::ArrayRef<uint8_t> partitionContainer,
    const GridKernelSource &source, const GridKernelBuilder &build);

class CaptureWriter;

/// Records one host-grid dispatch of kernel `kernelId` (docs/capture.md):
/// each operand is a buffer of its own, read from host memory before and
/// after `run`.
llvm::Error captureHostDispatch(CaptureWriter &capture,
                                llvm::StringRef kernelId,
                                std::array<uint32_t, 3> groups,
                                llvm::ArrayRef<MemorySpan> operands,
                                llvm::function_ref<llvm::Error()> run);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_HOSTGRIDPARTITION_HOSTGRIDPARTITION_H
