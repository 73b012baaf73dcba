//===- VulkanPartition.h - A partition as Vulkan compute work ---*- C++ -*-===//
#ifndef OPENCGC_LIB_DEVICE_VULKAN_VULKANPARTITION_H
#define OPENCGC_LIB_DEVICE_VULKAN_VULKANPARTITION_H

#include "opencgc/Device/Device.h"

#include <memory>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::vulkan {
class CommandBatch;
struct BufferRange;
class VulkanContext;
} // namespace opencgc::vulkan

namespace opencgc::device {
class KernelCache;

/// A partition as compute pipelines.
class VulkanPartition : public CompiledPartition {
public:
  /// Records the partition's kernels into `batch` over `bound`, the buffer
  /// range of each bind point. Errors name the partition and the invoke.
  virtual llvm::Error
  record(vulkan::CommandBatch &batch,
         llvm::ArrayRef<vulkan::BufferRange> bound) const = 0;
};

/// Lowers every subgraph the partition invokes to SPIR-V (through Kernel
/// IR), or takes the kernels from `cache`, and creates its compute
/// pipelines. Errors name the partition.
llvm::Expected<std::shared_ptr<VulkanPartition>> compileVulkanPartition(
    mlir::MLIRContext &context, std::shared_ptr<vulkan::VulkanContext> vulkan,
    llvm::ArrayRef<uint8_t> partitionContainer, const KernelCache &cache);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_VULKAN_VULKANPARTITION_H
