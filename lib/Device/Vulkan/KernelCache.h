//===- KernelCache.h - Compiled partitions on disk --------------*- C++ -*-===//
//
// The specification's offline precompilation idea, locally: the SPIR-V
// kernels of a partition are stored under a content hash of the partition
// container, the device and the code generator's version, so a second run
// of the same model skips kernel generation. A damaged or foreign file is a
// miss, never an error.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_VULKAN_KERNELCACHE_H
#define OPENCGC_LIB_DEVICE_VULKAN_KERNELCACHE_H

#include "opencgc/Codegen/SpirvBackend.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace opencgc::device {

/// The kernels of each subgraph of one partition, by subgraph name.
using PartitionKernels =
    std::map<std::string, std::vector<codegen::SpirvKernel>>;

class KernelCache {
public:
  /// A cache in `directory`; an empty directory disables it.
  explicit KernelCache(std::string directory)
      : directory(std::move(directory)) {}

  bool isEnabled() const { return !directory.empty(); }

  /// The key of a partition container compiled for `deviceName` by this
  /// build of the code generator, its kernels configured for the kernel
  /// target of this fingerprint (KernelTarget::getFingerprint).
  static std::string computeKey(llvm::ArrayRef<uint8_t> partitionContainer,
                                llvm::StringRef deviceName,
                                llvm::StringRef kernelTarget);

  std::optional<PartitionKernels> load(llvm::StringRef key) const;
  /// Best effort: a cache that cannot be written is skipped silently.
  void store(llvm::StringRef key, const PartitionKernels &kernels) const;

private:
  std::string pathFor(llvm::StringRef key) const;
  std::string directory;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_VULKAN_KERNELCACHE_H
