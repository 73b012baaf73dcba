//===- DxilHostDevice.h - DXIL shaders on the host grid ---------*- C++ -*-===//
//
// The device "dxil-host": declares what the D3D12 target declares (the GPU
// kernel patterns, float16 and bool included), compiles each partition's
// subgraphs through Kernel IR into validated DXIL containers (kept in the
// partition cache), validates each container again as it loads it, and
// runs the shaders on the host grid (HostGrid.h) over host memory, as
// Microsoft's WARP runs D3D12 on a CPU.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_DXILHOSTDEVICE_H
#define OPENCGC_DEVICE_DXILHOSTDEVICE_H

#include "opencgc/Device/Device.h"

#include <memory>
#include <string>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::device {

inline constexpr llvm::StringLiteral kDxilHostTargetName = "dxil-host";

struct DxilHostDeviceOptions {
  /// The compute shader model kernels are written for, cs_6_<minor>
  /// (DxilOptions::shaderModelMinor).
  unsigned shaderModelMinor = 0;
  /// Keep each kernel's container in the partition cache (dxil/ under
  /// getCacheDirectory()) and read it back instead of generating it again.
  bool useCache = true;
  /// Where the cache is kept; empty: $OPENCGC_CACHE_DIR, else the user's
  /// cache directory (getCacheDirectory).
  std::string cacheDirectory;
  /// Record every dispatch into this directory (docs/capture.md).
  std::string captureDirectory;
};

llvm::Expected<std::unique_ptr<Device>>
createDxilHostDevice(mlir::MLIRContext &context,
                     const DxilHostDeviceOptions &options = {});

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_DXILHOSTDEVICE_H
