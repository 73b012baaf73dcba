//===- CudaPartition.h - A partition as CUDA kernels ------------*- C++ -*-===//
#ifndef OPENCGC_LIB_DEVICE_CUDA_CUDAPARTITION_H
#define OPENCGC_LIB_DEVICE_CUDA_CUDAPARTITION_H

#include "CudaContext.h"

#include "opencgc/Codegen/KernelTarget.h"
#include "opencgc/Codegen/Precision.h"
#include "opencgc/Device/Device.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::device {
class PtxCompiler;

/// One kernel launch with its arguments: the device address of each
/// binding, in the kernel's parameter order.
struct CudaLaunch {
  cuda::CUfunction function = nullptr;
  std::array<uint32_t, 3> grid{};
  std::array<uint32_t, 3> block{};
  std::vector<cuda::CUdeviceptr> arguments;
  /// "partition @p, invoke #0 of @s, kernel @k", for messages.
  std::string label;
  /// The kernel as loaded, for a capture (docs/capture.md).
  std::shared_ptr<const std::string> ptx;
  std::string entryPoint;
};

/// A partition whose subgraphs are loaded CUDA modules.
class CudaPartition : public CompiledPartition {
public:
  /// Appends the launches of every invoke, in order, over `bound` (the
  /// device address of each bind point). The functions stay valid while
  /// the partition lives.
  virtual void record(llvm::ArrayRef<cuda::CUdeviceptr> bound,
                      std::vector<CudaLaunch> &launches) const = 0;
};

/// Compiles a CGC_SUBGRAPH_PARTITION container: every invoked subgraph
/// through Kernel IR, NVVM IR and libNVVM into PTX, loaded with
/// cuModuleLoadDataEx. Errors name the partition and, for a load failure,
/// hold the driver's log.
llvm::Expected<std::shared_ptr<CudaPartition>> compileCudaPartition(
    mlir::MLIRContext &context, std::shared_ptr<cuda::CudaContext> cuda,
    PtxCompiler &ptx, const codegen::KernelTarget &kernelTarget,
    codegen::Precision precision, llvm::ArrayRef<uint8_t> partitionContainer);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_CUDA_CUDAPARTITION_H
