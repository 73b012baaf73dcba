//===- DxilContainerCache.h - DXIL containers kept between runs -*- C++ -*-===//
//
// Lowering a partition's Kernel IR to DXIL takes longer than reading the
// result back, and the containers depend only on the Kernel IR, the launch
// and the shader model: each kernel's signed container is kept as a .dxil
// file under the partition cache directory, keyed by a hash of those.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_DXILHOST_DXILCONTAINERCACHE_H
#define OPENCGC_LIB_DEVICE_DXILHOST_DXILCONTAINERCACHE_H

#include "opencgc/Codegen/KernelIR.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opencgc::device {

class DxilContainerCache {
public:
  /// An empty `directory` disables the cache.
  DxilContainerCache(std::string directory, unsigned shaderModelMinor)
      : directory(std::move(directory)), shaderModelMinor(shaderModelMinor) {}

  /// Every launch's container, or none when one of them is missing or not
  /// valid DXIL (a cache file is outside our control).
  std::optional<std::vector<std::vector<uint8_t>>>
  load(codegen::KernelModule &kernels) const;
  /// Keeps one container per launch, in launch order.
  void store(codegen::KernelModule &kernels,
             const std::vector<std::vector<uint8_t>> &containers) const;

private:
  std::vector<std::string> pathsFor(codegen::KernelModule &kernels) const;

  std::string directory;
  unsigned shaderModelMinor;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_DXILHOST_DXILCONTAINERCACHE_H
