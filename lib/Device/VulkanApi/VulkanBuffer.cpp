//===- VulkanBuffer.cpp - Mapped storage buffers --------------------------===//

#include "opencgc/Device/VulkanApi/VulkanBuffer.h"

#include "DeviceCore.h"
#include "opencgc/Device/VulkanApi/VulkanContext.h"
#include "opencgc/Device/VulkanApi/VulkanError.h"

#include "llvm/Support/MathExtras.h"

#include <cstring>
#include <optional>

using namespace opencgc::vulkan;

VulkanBuffer::~VulkanBuffer() {
  // Views before their buffer; freeing the memory unmaps it.
  views.clear();
  buffer.reset();
  memory.reset();
}

/// A host-visible, host-coherent memory type allowed by `typeBits`, preferring
/// host-cached ones (fast host reads on discrete GPUs).
static std::optional<uint32_t>
findHostMemoryType(const VkPhysicalDeviceMemoryProperties &memory,
                   uint32_t typeBits) {
  const VkMemoryPropertyFlags required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  std::optional<uint32_t> found;
  for (uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    VkMemoryPropertyFlags flags = memory.memoryTypes[i].propertyFlags;
    if (!(typeBits & (1u << i)) || (flags & required) != required)
      continue;
    if (flags & VK_MEMORY_PROPERTY_HOST_CACHED_BIT)
      return i;
    if (!found)
      found = i;
  }
  return found;
}

llvm::Expected<std::shared_ptr<VulkanBuffer>>
VulkanContext::createBuffer(uint64_t bytes) {
  // Drivers are not required to fail gracefully beyond this limit.
  if (bytes > limits.maxMemoryAllocationSize || bytes > UINT64_MAX - 3)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "a buffer of %llu bytes exceeds maxMemoryAllocationSize %llu of '%s'",
        static_cast<unsigned long long>(bytes),
        static_cast<unsigned long long>(limits.maxMemoryAllocationSize),
        info.deviceName.c_str());
  // Storage buffers are read in 4-byte words; a zero-size buffer is invalid.
  uint64_t rounded = bytes == 0 ? 4 : llvm::alignTo(bytes, 4);
  std::string what = " for a buffer of " + std::to_string(rounded) + " bytes";
  VkDevice device = core->device;
  std::shared_ptr<VulkanBuffer> result(new VulkanBuffer());
  result->core = core;
  result->bytes = rounded;

  VkBufferCreateInfo createInfo{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  createInfo.size = rounded;
  createInfo.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                     VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
                     VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  createInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkBuffer buffer;
  if (VkResult r = vkCreateBuffer(device, &createInfo, nullptr, &buffer))
    return makeVulkanError("vkCreateBuffer", r, what);
  result->buffer = UniqueBuffer(device, buffer);

  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, buffer, &requirements);
  std::optional<uint32_t> type =
      findHostMemoryType(core->memory, requirements.memoryTypeBits);
  if (!type)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "device '%s' has no host-visible, host-coherent memory for storage "
        "buffers",
        info.deviceName.c_str());

  VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  allocate.allocationSize = requirements.size;
  allocate.memoryTypeIndex = *type;
  VkDeviceMemory memory;
  if (VkResult r = vkAllocateMemory(device, &allocate, nullptr, &memory))
    return makeVulkanError("vkAllocateMemory", r, what);
  result->memory = UniqueMemory(device, memory);
  if (VkResult r = vkBindBufferMemory(device, buffer, memory, 0))
    return makeVulkanError("vkBindBufferMemory", r, what);
  if (VkResult r =
          vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, &result->mapped))
    return makeVulkanError("vkMapMemory", r, what);
  // Deterministic contents make kernel bugs reproducible.
  std::memset(result->mapped, 0, rounded);
  return result;
}

llvm::Expected<VkBufferView>
VulkanBuffer::getTexelView(VkFormat format, uint64_t offset, uint64_t range) {
  std::lock_guard<std::mutex> lock(viewsMutex);
  UniqueBufferView &view = views[{format, offset, range}];
  if (view)
    return view.get();
  VkBufferViewCreateInfo createInfo{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
  createInfo.buffer = buffer.get();
  createInfo.format = format;
  createInfo.offset = offset;
  createInfo.range = range;
  VkBufferView handle;
  if (VkResult r =
          vkCreateBufferView(core->device, &createInfo, nullptr, &handle))
    return makeVulkanError("vkCreateBufferView", r,
                           " for a texel view of " + llvm::Twine(range) +
                               " bytes at offset " + llvm::Twine(offset));
  view = UniqueBufferView(core->device, handle);
  return handle;
}
