//===- CudaContext.h - One NVIDIA GPU and its primary context ---*- C++ -*-===//
//
// Device 0's primary context (the one the CUDA runtime and cuBLAS use too),
// what the device needs to know of the GPU, and the one stream that is the
// device's queue. Everything that owns GPU objects holds a shared_ptr to it,
// so the context outlives them. Driver calls run on whichever thread asks
// (partitions compile in parallel), so each one makes the context current
// first.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_CUDA_CUDACONTEXT_H
#define OPENCGC_LIB_DEVICE_CUDA_CUDACONTEXT_H

#include "opencgc/Device/CudaDriver.h"

#include <memory>
#include <string>

namespace opencgc::cuda {

class CudaContext {
public:
  /// Device 0 with its primary context retained and a stream created.
  /// Fails, naming the driver call and its CUresult, when there is no GPU
  /// or it cannot allocate managed memory.
  static llvm::Expected<std::shared_ptr<CudaContext>>
  open(const CudaDriver &driver);
  ~CudaContext();
  CudaContext(const CudaContext &) = delete;
  CudaContext &operator=(const CudaContext &) = delete;

  const CudaDriverApi &api() const { return driver.api(); }
  llvm::Error check(CUresult result, llvm::StringRef call) const {
    return driver.check(result, call);
  }
  /// cuCtxSetCurrent on the calling thread.
  llvm::Error makeCurrent() const;
  /// The same for destructors, which have no one to report a failure to.
  void makeCurrentForCleanup() const;

  CUdevice getDevice() const { return device; }
  CUstream getQueue() const { return queue; }
  /// "NVIDIA H100 80GB HBM3 (compute capability 9.0, CUDA 13.0)".
  const std::string &getDescription() const { return description; }
  int getComputeCapability() const { return computeCapability; }
  /// Whether managed memory may be prefetched to the GPU.
  bool canPrefetch() const { return prefetch; }

private:
  CudaContext(const CudaDriver &driver, CUdevice device)
      : driver(driver), device(device) {}
  llvm::Error initialize();
  llvm::Error readAttribute(int attribute, llvm::StringRef name,
                            int &value) const;

  const CudaDriver &driver;
  CUdevice device;
  CUcontext context = nullptr;
  CUstream queue = nullptr;
  std::string description;
  /// major * 10 + minor, as in compute_90.
  int computeCapability = 0;
  bool prefetch = false;
};

} // namespace opencgc::cuda

#endif // OPENCGC_LIB_DEVICE_CUDA_CUDACONTEXT_H
