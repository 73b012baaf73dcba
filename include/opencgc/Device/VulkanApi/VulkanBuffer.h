//===- VulkanBuffer.h - Mapped storage buffers ------------------*- C++ -*-===//
//
// A storage buffer in host-visible, host-coherent memory, mapped for its
// whole life: the host reads and writes data() directly, and a submitted
// batch's results are visible there once submitAndWait() returns. It can
// also be bound as a uniform texel buffer; the buffer views that needs are
// created on first use and live as long as the buffer.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_VULKANAPI_VULKANBUFFER_H
#define OPENCGC_DEVICE_VULKANAPI_VULKANBUFFER_H

#include "opencgc/Device/VulkanApi/VulkanHandle.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

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

  /// The view of `range` bytes at `offset` as `format` texels, created once
  /// (the caller checked alignment and limits).
  llvm::Expected<VkBufferView> getTexelView(VkFormat format, uint64_t offset,
                                            uint64_t range);

  // Declared first so the device is destroyed after the objects below.
  std::shared_ptr<DeviceCore> core;
  UniqueBuffer buffer;
  UniqueMemory memory;
  void *mapped = nullptr;
  uint64_t bytes = 0;
  /// Batches on several threads may bind the same buffer.
  std::mutex viewsMutex;
  std::map<std::tuple<VkFormat, uint64_t, uint64_t>, UniqueBufferView> views;
};

} // namespace opencgc::vulkan

#endif // OPENCGC_DEVICE_VULKANAPI_VULKANBUFFER_H
