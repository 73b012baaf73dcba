//===- Instance.cpp - Instance creation and device discovery --------------===//

#include "Instance.h"

#include "opencgc/Device/VulkanApi/VulkanError.h"

#include "llvm/Support/raw_ostream.h"

using namespace opencgc::vulkan;

static std::string formatVersion(uint32_t version) {
  return std::to_string(VK_API_VERSION_MAJOR(version)) + "." +
         std::to_string(VK_API_VERSION_MINOR(version));
}

llvm::Error opencgc::vulkan::makeNoDeviceError(const llvm::Twine &detail) {
  return llvm::make_error<NoDeviceError>(
      ("no Vulkan device found (is mesa-vulkan-drivers installed?)" + detail)
          .str());
}

llvm::Expected<std::shared_ptr<DeviceCore>>
opencgc::vulkan::createInstanceCore() {
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  if (vkEnumerateInstanceVersion(&loaderVersion) != VK_SUCCESS ||
      loaderVersion < VK_API_VERSION_1_3)
    return makeNoDeviceError(": the Vulkan loader supports " +
                             formatVersion(loaderVersion) + ", not 1.3");

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "opencgc";
  app.pEngineName = "opencgc";
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;

  auto core = std::make_shared<DeviceCore>();
  VkResult result = vkCreateInstance(&info, nullptr, &core->instance);
  if (result == VK_ERROR_INCOMPATIBLE_DRIVER)
    return makeNoDeviceError(": vkCreateInstance: " + getVkResultName(result));
  if (result != VK_SUCCESS) {
    core->instance = VK_NULL_HANDLE;
    return makeVulkanError("vkCreateInstance", result);
  }
  return core;
}

llvm::Expected<std::vector<VkPhysicalDevice>>
opencgc::vulkan::getPhysicalDevices(VkInstance instance) {
  std::vector<VkPhysicalDevice> devices;
  VkResult result;
  do {
    uint32_t count = 0;
    result = vkEnumeratePhysicalDevices(instance, &count, nullptr);
    if (result != VK_SUCCESS)
      return makeVulkanError("vkEnumeratePhysicalDevices", result);
    devices.resize(count);
    result = vkEnumeratePhysicalDevices(instance, &count, devices.data());
    devices.resize(count);
  } while (result == VK_INCOMPLETE);
  if (result != VK_SUCCESS)
    return makeVulkanError("vkEnumeratePhysicalDevices", result);
  return devices;
}

std::optional<uint32_t>
opencgc::vulkan::findComputeQueueFamily(VkPhysicalDevice device) {
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
  for (uint32_t i = 0; i < count; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
      return i;
  return std::nullopt;
}

VulkanDeviceInfo opencgc::vulkan::describeDevice(VkPhysicalDevice device) {
  VkPhysicalDeviceProperties properties;
  vkGetPhysicalDeviceProperties(device, &properties);
  VulkanDeviceInfo info;
  info.deviceName = properties.deviceName;
  info.apiVersion = properties.apiVersion;
  // Driver properties are core in 1.2; only query them where they exist.
  if (properties.apiVersion >= VK_API_VERSION_1_2) {
    VkPhysicalDeviceVulkan12Properties v12{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
    VkPhysicalDeviceProperties2 properties2{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    properties2.pNext = &v12;
    vkGetPhysicalDeviceProperties2(device, &properties2);
    info.driverName = v12.driverName;
    info.driverInfo = v12.driverInfo;
  }
  if (properties.apiVersion < VK_API_VERSION_1_3)
    info.unusableReason =
        "supports Vulkan " + formatVersion(properties.apiVersion) + ", not 1.3";
  else if (!findComputeQueueFamily(device))
    info.unusableReason = "has no compute queue";
  return info;
}

llvm::Expected<std::vector<VulkanDeviceInfo>>
opencgc::vulkan::listVulkanDevices() {
  auto core = createInstanceCore();
  if (!core)
    return core.takeError();
  auto devices = getPhysicalDevices((*core)->instance);
  if (!devices)
    return devices.takeError();
  std::vector<VulkanDeviceInfo> infos;
  for (VkPhysicalDevice device : *devices)
    infos.push_back(describeDevice(device));
  return infos;
}
