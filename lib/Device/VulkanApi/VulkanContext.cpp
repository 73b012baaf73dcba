//===- VulkanContext.cpp - Device selection and creation ------------------===//

#include "opencgc/Device/VulkanApi/VulkanContext.h"

#include "Instance.h"
#include "opencgc/Device/VulkanApi/VulkanError.h"

using namespace opencgc::vulkan;

VulkanContext::~VulkanContext() = default;

static bool matchesName(const VulkanDeviceInfo &info, llvm::StringRef name) {
  return name.empty() ||
         llvm::StringRef(info.deviceName).contains_insensitive(name) ||
         llvm::StringRef(info.driverName).contains_insensitive(name);
}

static std::string describeAll(llvm::ArrayRef<VulkanDeviceInfo> infos) {
  std::string text;
  for (const VulkanDeviceInfo &info : infos) {
    text += text.empty() ? "; found: " : ", ";
    text += "'" + info.deviceName + "'";
    if (!info.driverName.empty())
      text += " (" + info.driverName + ")";
    if (!info.unusableReason.empty())
      text += " which " + info.unusableReason;
  }
  return text;
}

/// The first usable device matching `name`, or NoDeviceError.
static llvm::Expected<VkPhysicalDevice> selectDevice(VkInstance instance,
                                                     llvm::StringRef name) {
  auto devices = getPhysicalDevices(instance);
  if (!devices)
    return devices.takeError();
  if (devices->empty())
    return makeNoDeviceError(": the loader lists no physical device");
  std::vector<VulkanDeviceInfo> infos;
  for (VkPhysicalDevice device : *devices) {
    infos.push_back(describeDevice(device));
    if (infos.back().unusableReason.empty() && matchesName(infos.back(), name))
      return device;
  }
  if (name.empty())
    return makeNoDeviceError(": none supports Vulkan 1.3 compute" +
                             describeAll(infos));
  return llvm::make_error<NoDeviceError>(
      ("no usable Vulkan device matches '" + name + "'" + describeAll(infos))
          .str());
}

namespace {
/// The feature structs chained for query and for enabling.
struct FeatureChain {
  VkPhysicalDeviceFeatures2 features{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features v11{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features v12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features v13{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};

  FeatureChain() {
    features.pNext = &v11;
    v11.pNext = &v12;
    v12.pNext = &v13;
  }
  FeatureChain(const FeatureChain &) = delete;
};
} // namespace

/// Enables the optional features kernels may use, where supported.
static VulkanFeatures enableFeatures(const FeatureChain &supported,
                                     FeatureChain &enabled) {
  VulkanFeatures f;
  f.shaderFloat16 = enabled.v12.shaderFloat16 = supported.v12.shaderFloat16;
  f.shaderFloat64 = enabled.features.features.shaderFloat64 =
      supported.features.features.shaderFloat64;
  f.shaderInt8 = enabled.v12.shaderInt8 = supported.v12.shaderInt8;
  f.shaderInt16 = enabled.features.features.shaderInt16 =
      supported.features.features.shaderInt16;
  f.shaderInt64 = enabled.features.features.shaderInt64 =
      supported.features.features.shaderInt64;
  f.storageBuffer8BitAccess = enabled.v12.storageBuffer8BitAccess =
      supported.v12.storageBuffer8BitAccess;
  f.storageBuffer16BitAccess = enabled.v11.storageBuffer16BitAccess =
      supported.v11.storageBuffer16BitAccess;
  f.scalarBlockLayout = enabled.v12.scalarBlockLayout =
      supported.v12.scalarBlockLayout;
  f.subgroupSizeControl = enabled.v13.subgroupSizeControl =
      supported.v13.subgroupSizeControl;
  enabled.v13.computeFullSubgroups = supported.v13.computeFullSubgroups;
  enabled.v13.maintenance4 = supported.v13.maintenance4;
  return f;
}

static VulkanLimits copyLimits(const VkPhysicalDeviceLimits &l) {
  VulkanLimits limits;
  for (int i = 0; i < 3; ++i) {
    limits.maxComputeWorkGroupCount[i] = l.maxComputeWorkGroupCount[i];
    limits.maxComputeWorkGroupSize[i] = l.maxComputeWorkGroupSize[i];
  }
  limits.maxComputeWorkGroupInvocations = l.maxComputeWorkGroupInvocations;
  limits.maxComputeSharedMemorySize = l.maxComputeSharedMemorySize;
  limits.minStorageBufferOffsetAlignment = l.minStorageBufferOffsetAlignment;
  limits.maxStorageBufferRange = l.maxStorageBufferRange;
  limits.maxBoundDescriptorSets = l.maxBoundDescriptorSets;
  limits.maxPerStageDescriptorStorageBuffers =
      l.maxPerStageDescriptorStorageBuffers;
  limits.maxPerStageDescriptorSampledImages =
      l.maxPerStageDescriptorSampledImages;
  limits.maxTexelBufferElements = l.maxTexelBufferElements;
  limits.minTexelBufferOffsetAlignment = l.minTexelBufferOffsetAlignment;
  return limits;
}

static bool supportsUniformTexelBuffer(VkPhysicalDevice device,
                                       VkFormat format) {
  VkFormatProperties properties;
  vkGetPhysicalDeviceFormatProperties(device, format, &properties);
  return properties.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT;
}

uint32_t VulkanContext::getTexelBufferLimit() const {
  return features.uniformTexelBufferR32f && features.uniformTexelBufferRgba32f
             ? limits.maxTexelBufferElements
             : 0;
}

llvm::Expected<std::unique_ptr<VulkanContext>>
VulkanContext::create(const VulkanOptions &options) {
  auto core = createInstanceCore();
  if (!core)
    return core.takeError();
  DeviceCore &c = **core;
  auto physical = selectDevice(c.instance, options.deviceName);
  if (!physical)
    return physical.takeError();
  c.physicalDevice = *physical;
  c.queueFamily = *findComputeQueueFamily(c.physicalDevice);

  std::unique_ptr<VulkanContext> context(new VulkanContext());
  context->info = describeDevice(c.physicalDevice);
  context->validateSpirv = options.validateSpirv;

  FeatureChain supported, enabled;
  vkGetPhysicalDeviceFeatures2(c.physicalDevice, &supported.features);
  context->features = enableFeatures(supported, enabled);
  c.scalarBlockLayout = context->features.scalarBlockLayout;
  c.texelR32f = context->features.uniformTexelBufferR32f =
      supportsUniformTexelBuffer(c.physicalDevice, VK_FORMAT_R32_SFLOAT);
  c.texelRgba32f = context->features.uniformTexelBufferRgba32f =
      supportsUniformTexelBuffer(c.physicalDevice,
                                 VK_FORMAT_R32G32B32A32_SFLOAT);

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = c.queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  deviceInfo.pNext = &enabled.features;
  deviceInfo.queueCreateInfoCount = 1;
  deviceInfo.pQueueCreateInfos = &queueInfo;
  if (VkResult r =
          vkCreateDevice(c.physicalDevice, &deviceInfo, nullptr, &c.device)) {
    c.device = VK_NULL_HANDLE;
    return makeVulkanError("vkCreateDevice", r,
                           " for '" + context->info.deviceName + "'");
  }
  vkGetDeviceQueue(c.device, c.queueFamily, 0, &c.queue);

  VkPhysicalDeviceVulkan11Properties v11{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
  VkPhysicalDeviceProperties2 properties{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  properties.pNext = &v11;
  vkGetPhysicalDeviceProperties2(c.physicalDevice, &properties);
  c.limits = properties.properties.limits;
  vkGetPhysicalDeviceMemoryProperties(c.physicalDevice, &c.memory);
  context->limits = copyLimits(c.limits);
  context->limits.maxMemoryAllocationSize = v11.maxMemoryAllocationSize;
  context->subgroupSize = v11.subgroupSize;
  context->core = std::move(*core);
  return context;
}
