//===- CudaDevice.h - The device API on NVIDIA GPUs -------------*- C++ -*-===//
//
// The device "cuda": declares what nvvm-host declares (the GPU kernel
// patterns), compiles each partition's subgraphs through Kernel IR and
// NVVM IR with libNVVM into PTX for the GPU's compute capability, and runs
// them through the CUDA driver API (libcuda.so.1, loaded at run time).
// Resources are managed allocations whose GPU virtual address is their
// CUdeviceptr; a command list is a sequence of kernel launches on one
// stream.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_CUDADEVICE_H
#define OPENCGC_DEVICE_CUDADEVICE_H

#include "opencgc/Codegen/Precision.h"
#include "opencgc/Device/Device.h"

#include <memory>
#include <string>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::codegen {
struct KernelTarget;
} // namespace opencgc::codegen

namespace opencgc::device {

inline constexpr llvm::StringLiteral kCudaTargetName = "cuda";

struct CudaDeviceOptions {
  /// When set, every launch runs alone and is recorded into this directory
  /// for opencgc-replay (docs/capture.md).
  std::string captureDirectory;
  /// Keep the PTX libNVVM writes in the on-disk cache (docs/devices.md).
  bool useCache = true;
  /// Where the cache is kept; empty: $OPENCGC_CACHE_DIR, else the user's
  /// cache directory (getCacheDirectory).
  std::string cacheDirectory;
  /// Configure kernels for this kernel target instead of the GPU's
  /// (codegen::getNvidiaKernelTarget of its compute capability): another
  /// configuration, lavapipe's say, timed on the same GPU.
  const codegen::KernelTarget *kernelTarget = nullptr;
  /// How float32 products are computed (tf32 and tf32x3 on tensor cores).
  codegen::Precision precision = codegen::Precision::Fp32;
};

/// Device 0 of the CUDA driver. Fails with a message saying why when
/// libcuda.so.1 cannot be loaded (no NVIDIA driver), the driver finds no
/// GPU (naming the call and its CUresult), or libNVVM is absent.
llvm::Expected<std::unique_ptr<Device>>
createCudaDevice(mlir::MLIRContext &context,
                 const CudaDeviceOptions &options = {});

/// The CUDA target of `opencgc compile --target cuda`, on any machine: it
/// answers the MLIR exchange as the cuda device does and needs no driver,
/// but runs nothing (its partitions run on --device cuda).
std::unique_ptr<Device> createCudaCompileTarget(mlir::MLIRContext &context);

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_CUDADEVICE_H
