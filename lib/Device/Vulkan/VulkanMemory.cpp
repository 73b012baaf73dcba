//===- VulkanMemory.cpp - Resources and GPU addresses on Vulkan -----------===//
#include "VulkanMemory.h"

#include "opencgc/Device/VulkanApi/VulkanBuffer.h"
#include "opencgc/Device/VulkanApi/VulkanContext.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>

namespace opencgc::device {

/// A resource; it leaves the address space when it dies, so a stale
/// address fails to resolve instead of reaching freed memory.
class VulkanResource final : public Resource {
public:
  VulkanResource(std::shared_ptr<vulkan::VulkanBuffer> buffer,
                 std::weak_ptr<VulkanAddressSpace> space)
      : buffer(std::move(buffer)), space(std::move(space)) {
    registerResourceRange(getGpuVirtualAddress(), getSizeInBytes());
  }
  ~VulkanResource() override {
    unregisterResourceRange(getGpuVirtualAddress());
    if (auto owner = space.lock())
      owner->forget(getGpuVirtualAddress());
  }
  GpuVirtualAddress getGpuVirtualAddress() const override {
    return reinterpret_cast<GpuVirtualAddress>(buffer->data());
  }
  uint64_t getSizeInBytes() const override { return buffer->size(); }
  uint8_t *getMappedData() const override {
    return static_cast<uint8_t *>(buffer->data());
  }

private:
  std::shared_ptr<vulkan::VulkanBuffer> buffer;
  std::weak_ptr<VulkanAddressSpace> space;
};

llvm::Expected<std::shared_ptr<Resource>>
VulkanAddressSpace::createBuffer(uint64_t size) {
  auto buffer = vulkan->createBuffer(std::max<uint64_t>(size, 1));
  if (!buffer)
    return buffer.takeError();
  auto resource = std::make_shared<VulkanResource>(*buffer, weak_from_this());
  std::lock_guard<std::mutex> lock(mutex);
  buffers[resource->getGpuVirtualAddress()] = *buffer;
  return resource;
}

void VulkanAddressSpace::forget(GpuVirtualAddress address) {
  std::lock_guard<std::mutex> lock(mutex);
  buffers.erase(address);
}

static std::string hex(uint64_t value) {
  return llvm::formatv("{0:x}", value).str();
}

llvm::Expected<vulkan::BufferRange>
VulkanAddressSpace::resolve(GpuVirtualAddressRange range, uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  if (bytes == 0) {
    if (!placeholder) {
      auto buffer = vulkan->createBuffer(4);
      if (!buffer)
        return buffer.takeError();
      placeholder = std::move(*buffer);
    }
    return vulkan::BufferRange{placeholder, 0, 4};
  }
  auto next = buffers.upper_bound(range.startAddress);
  std::shared_ptr<vulkan::VulkanBuffer> buffer;
  if (next != buffers.begin())
    buffer = std::prev(next)->second.lock();
  uint64_t offset = buffer ? range.startAddress - std::prev(next)->first : 0;
  if (!buffer || offset + bytes > buffer->size())
    return llvm::createStringError("the range of " + llvm::Twine(bytes) +
                                   " bytes at address " +
                                   hex(range.startAddress) +
                                   " is not inside a live resource of this "
                                   "device");
  uint64_t alignment = getBindingAlignment();
  if (offset % alignment)
    return llvm::createStringError(
        "the range at address " + hex(range.startAddress) + " starts " +
        llvm::Twine(offset) +
        " bytes into its resource; this device binds "
        "ranges at multiples of " +
        llvm::Twine(alignment) +
        " bytes (minStorageBufferOffsetAlignment, "
        "minTexelBufferOffsetAlignment)");
  return vulkan::BufferRange{buffer, offset, bytes};
}

uint64_t VulkanAddressSpace::getBindingAlignment() const {
  // A bind point may become a storage buffer or a uniform texel buffer.
  const vulkan::VulkanLimits &limits = vulkan->getLimits();
  return std::max(limits.minStorageBufferOffsetAlignment,
                  limits.minTexelBufferOffsetAlignment);
}

llvm::Expected<vulkan::BufferRange> VulkanAddressSpace::upload(const void *data,
                                                               uint64_t size) {
  auto buffer = vulkan->createBuffer(std::max<uint64_t>(size, 1));
  if (!buffer)
    return buffer.takeError();
  if (size)
    std::memcpy((*buffer)->data(), data, size);
  return vulkan::BufferRange{*buffer, 0, std::max<uint64_t>(size, 4)};
}

} // namespace opencgc::device
