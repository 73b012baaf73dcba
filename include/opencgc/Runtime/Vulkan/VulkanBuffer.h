//===- VulkanBuffer.h - Mapped storage buffers ------------------*- C++ -*-===//
//
// A storage buffer in host-visible, host-coherent memory, mapped for its
// whole life: the host reads and writes data() directly, and a submitted
// batch's results are visible there once submitAndWait() returns.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_VULKAN_VULKANBUFFER_H
#define OPENCGC_RUNTIME_VULKAN_VULKANBUFFER_H

#include "opencgc/Runtime/Vulkan/VulkanHandle.h"

#include <cstdint>
#include <memory>

namespace opencgc::vulkan {

struct DeviceCore;

class VulkanBuffer {
public:
  ~VulkanBuffer();
  VulkanBuffer(const VulkanBuffer &) = delete;
  VulkanBuffer &operator=(const VulkanBuffer &) = delete;

  void *data() const { return mapped; }
  template <typename T> T *dataAs() const { return static_cast<T *>(mapped); }
  /// The size in bytes (a multiple of 4).
  uint64_t size() const { return bytes; }
  VkBuffer getHandle() const { return buffer.get(); }

private:
  friend class VulkanContext;
  friend class CommandBatch;
  VulkanBuffer() = default;

  // Declared first so the device is destroyed after the objects below.
  std::shared_ptr<DeviceCore> core;
  UniqueBuffer buffer;
  UniqueMemory memory;
  void *mapped = nullptr;
  uint64_t bytes = 0;
};

} // namespace opencgc::vulkan

#endif // OPENCGC_RUNTIME_VULKAN_VULKANBUFFER_H
