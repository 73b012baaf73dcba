//===- CudaKernel.h - One PTX kernel loaded into the GPU --------*- C++ -*-===//
#ifndef OPENCGC_LIB_DEVICE_CUDA_CUDAKERNEL_H
#define OPENCGC_LIB_DEVICE_CUDA_CUDAKERNEL_H

#include "CudaContext.h"

#include <memory>
#include <string>

namespace opencgc::device {

/// A CUmodule holding one kernel, unloaded with the last owner.
class CudaKernel {
public:
  /// cuModuleLoadDataEx on `ptx`, then the function `entryPoint`. A load
  /// failure carries the driver's error log.
  static llvm::Expected<std::unique_ptr<CudaKernel>>
  load(std::shared_ptr<cuda::CudaContext> context, const std::string &ptx,
       const std::string &entryPoint);
  ~CudaKernel();
  CudaKernel(const CudaKernel &) = delete;
  CudaKernel &operator=(const CudaKernel &) = delete;

  cuda::CUfunction getFunction() const { return function; }

private:
  CudaKernel(std::shared_ptr<cuda::CudaContext> context, cuda::CUmodule module)
      : context(std::move(context)), module(module) {}

  std::shared_ptr<cuda::CudaContext> context;
  cuda::CUmodule module;
  cuda::CUfunction function = nullptr;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_CUDA_CUDAKERNEL_H
