//===- DeviceCore.h - The Vulkan objects everything else uses ---*- C++ -*-===//
//
// Instance, device and queue, shared by the context and every object made
// from it, so the device is destroyed only after the last buffer, pipeline
// and batch.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_RUNTIME_VULKAN_DEVICECORE_H
#define OPENCGC_LIB_RUNTIME_VULKAN_DEVICECORE_H

#include <vulkan/vulkan_core.h>

#include <mutex>

namespace opencgc::vulkan {

struct DeviceCore {
  DeviceCore() = default;
  DeviceCore(const DeviceCore &) = delete;
  DeviceCore &operator=(const DeviceCore &) = delete;
  ~DeviceCore() {
    if (device) {
      vkDeviceWaitIdle(device);
      vkDestroyDevice(device, nullptr);
    }
    if (instance)
      vkDestroyInstance(instance, nullptr);
  }

  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  VkPhysicalDeviceLimits limits{};
  VkPhysicalDeviceMemoryProperties memory{};
  bool scalarBlockLayout = false;
  /// VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT of the two view formats
  /// texel buffer bindings use.
  bool texelR32f = false;
  bool texelRgba32f = false;
  /// vkQueueSubmit needs the queue externally synchronized.
  std::mutex queueMutex;
};

} // namespace opencgc::vulkan

#endif // OPENCGC_LIB_RUNTIME_VULKAN_DEVICECORE_H
