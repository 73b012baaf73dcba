//===- VulkanMemory.h - Resources and GPU addresses on Vulkan ---*- C++ -*-===//
//
// The Vulkan device's resources are persistently mapped storage buffers,
// and a resource's GPU virtual address is the address of its mapping: on
// the CPU drivers this device targets that is where the "GPU" reads, and it
// lets a CPU fallback device run partitions over the same memory. Bind
// points are resolved back to a buffer and an offset and bound as
// descriptors, because on lavapipe loads through buffer device addresses
// are ten times slower than through descriptors
// (../shared/reference/lavapipe-performance.md).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_VULKAN_VULKANMEMORY_H
#define OPENCGC_LIB_DEVICE_VULKAN_VULKANMEMORY_H

#include "opencgc/Device/Resource.h"
#include "opencgc/Device/VulkanApi/CommandBatch.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <mutex>

namespace opencgc::vulkan {
class VulkanContext;
} // namespace opencgc::vulkan

namespace opencgc::device {

/// Every live resource of one Vulkan device, by address.
class VulkanAddressSpace
    : public std::enable_shared_from_this<VulkanAddressSpace> {
public:
  explicit VulkanAddressSpace(std::shared_ptr<vulkan::VulkanContext> vulkan)
      : vulkan(std::move(vulkan)) {}

  llvm::Expected<std::shared_ptr<Resource>> createBuffer(uint64_t size);

  /// The buffer and offset behind `range`, which must lie inside one live
  /// resource at an offset the device can bind. `bytes` is what the bind
  /// point needs (0 binds a small placeholder buffer).
  llvm::Expected<vulkan::BufferRange> resolve(GpuVirtualAddressRange range,
                                              uint64_t bytes);

  /// A host-visible buffer holding a copy of CPU binding data.
  llvm::Expected<vulkan::BufferRange> upload(const void *data, uint64_t size);
  /// The offsets this device binds ranges at: a multiple of both
  /// minStorageBufferOffsetAlignment and minTexelBufferOffsetAlignment.
  uint64_t getBindingAlignment() const;

private:
  friend class VulkanResource;
  void forget(GpuVirtualAddress address);

  std::shared_ptr<vulkan::VulkanContext> vulkan;
  std::mutex mutex;
  /// Start address -> buffer, for every live resource.
  std::map<GpuVirtualAddress, std::weak_ptr<vulkan::VulkanBuffer>> buffers;
  std::shared_ptr<vulkan::VulkanBuffer> placeholder;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_VULKAN_VULKANMEMORY_H
