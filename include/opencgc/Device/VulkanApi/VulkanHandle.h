//===- VulkanHandle.h - Owning wrapper for device objects -------*- C++ -*-===//
//
// RAII for objects created from a VkDevice: the destroy function is part of
// the type, so every object is released exactly once, in member order.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_VULKAN_VULKANHANDLE_H
#define OPENCGC_RUNTIME_VULKAN_VULKANHANDLE_H

#include <vulkan/vulkan_core.h>

#include <utility>

namespace opencgc::vulkan {

template <typename Handle,
          void (*Destroy)(VkDevice, Handle, const VkAllocationCallbacks *)>
class DeviceHandle {
public:
  DeviceHandle() = default;
  DeviceHandle(VkDevice device, Handle handle)
      : device(device), handle(handle) {}
  DeviceHandle(const DeviceHandle &) = delete;
  DeviceHandle &operator=(const DeviceHandle &) = delete;
  DeviceHandle(DeviceHandle &&other) noexcept
      : device(other.device), handle(std::exchange(other.handle, Handle())) {}
  DeviceHandle &operator=(DeviceHandle &&other) noexcept {
    if (this != &other) {
      reset();
      device = other.device;
      handle = std::exchange(other.handle, Handle());
    }
    return *this;
  }
  ~DeviceHandle() { reset(); }

  Handle get() const { return handle; }
  explicit operator bool() const { return handle != Handle(); }

  void reset() {
    if (handle != Handle())
      Destroy(device, handle, nullptr);
    handle = Handle();
  }

private:
  VkDevice device = VK_NULL_HANDLE;
  Handle handle = Handle();
};

using UniqueBuffer = DeviceHandle<VkBuffer, vkDestroyBuffer>;
using UniqueBufferView = DeviceHandle<VkBufferView, vkDestroyBufferView>;
using UniqueMemory = DeviceHandle<VkDeviceMemory, vkFreeMemory>;
using UniqueShaderModule = DeviceHandle<VkShaderModule, vkDestroyShaderModule>;
using UniqueDescriptorSetLayout =
    DeviceHandle<VkDescriptorSetLayout, vkDestroyDescriptorSetLayout>;
using UniquePipelineLayout =
    DeviceHandle<VkPipelineLayout, vkDestroyPipelineLayout>;
using UniquePipeline = DeviceHandle<VkPipeline, vkDestroyPipeline>;
using UniqueDescriptorPool =
    DeviceHandle<VkDescriptorPool, vkDestroyDescriptorPool>;
using UniqueCommandPool = DeviceHandle<VkCommandPool, vkDestroyCommandPool>;
using UniqueFence = DeviceHandle<VkFence, vkDestroyFence>;

} // namespace opencgc::vulkan

#endif // OPENCGC_RUNTIME_VULKAN_VULKANHANDLE_H
