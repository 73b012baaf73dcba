//===- Instance.h - Instance creation and device discovery ------*- C++ -*-===//
#ifndef OPENCGC_LIB_DEVICE_VULKANAPI_INSTANCE_H
#define OPENCGC_LIB_DEVICE_VULKANAPI_INSTANCE_H

#include "DeviceCore.h"
#include "opencgc/Device/VulkanApi/VulkanContext.h"

#include <optional>

namespace opencgc::vulkan {

/// A core holding only a Vulkan 1.3 instance; NoDeviceError when the loader
/// finds no driver.
llvm::Expected<std::shared_ptr<DeviceCore>> createInstanceCore();

llvm::Expected<std::vector<VkPhysicalDevice>>
getPhysicalDevices(VkInstance instance);

/// Names, API version and (in unusableReason) why compute cannot run.
VulkanDeviceInfo describeDevice(VkPhysicalDevice device);

/// The first queue family with compute support.
std::optional<uint32_t> findComputeQueueFamily(VkPhysicalDevice device);

/// "no Vulkan device found (is mesa-vulkan-drivers installed?)" plus `detail`.
llvm::Error makeNoDeviceError(const llvm::Twine &detail);

} // namespace opencgc::vulkan

#endif // OPENCGC_LIB_DEVICE_VULKANAPI_INSTANCE_H
