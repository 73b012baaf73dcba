//===- NvvmHostDevice.h - NVVM kernels on the host grid ---------*- C++ -*-===//
//
// The device "nvvm-host": declares what the CUDA target declares (the GPU
// kernel patterns), compiles each partition's subgraphs through Kernel IR
// into NVVM IR bitcode, and runs them on the host grid (HostGrid.h) over
// host memory, so NVVM kernels are tested for what they compute on a
// machine without an NVIDIA GPU.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_NVVMHOSTDEVICE_H
#define OPENCGC_DEVICE_NVVMHOSTDEVICE_H

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

inline constexpr llvm::StringLiteral kNvvmHostTargetName = "nvvm-host";

/// Fails when LLVM cannot JIT for this machine.
struct NvvmHostDeviceOptions {
  /// Record every dispatch into this directory as a CUDA capture
  /// (docs/capture.md): each kernel's NVVM IR is also compiled by libNVVM
  /// to PTX for `capturePtxCapability`, so that opencgc-replay on a machine
  /// with a GPU checks the PTX against what the host grid computed.
  std::string captureDirectory;
  /// Compute capability the captured PTX is for (major * 10 + minor), and
  /// whose NVIDIA kernel target (codegen::getNvidiaKernelTarget) the
  /// kernels are configured for, captured or not.
  int capturePtxCapability = 90;
  /// Configure kernels for this kernel target instead (null: the one above).
  const codegen::KernelTarget *kernelTarget = nullptr;
  /// How float32 products are computed: tf32 and tf32x3 use mma.sync,
  /// which the host grid executes as a warp would (docs/host-grid.md).
  codegen::Precision precision = codegen::Precision::Fp32;
};

llvm::Expected<std::unique_ptr<Device>>
createNvvmHostDevice(mlir::MLIRContext &context,
                     const NvvmHostDeviceOptions &options = {});

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_NVVMHOSTDEVICE_H
