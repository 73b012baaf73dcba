//===- HostResource.h - A CPU device's buffer resources ---------*- C++ -*-===//
//
// A CPU device's memory is the process's: a resource's GPU virtual address
// is its host address, and the device runs partitions over any host memory
// it is bound to — also over another device's resources, as long as they
// are mapped (which is how a fallback partition shares memory with a Vulkan
// one without copies).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_REFERENCE_HOSTRESOURCE_H
#define OPENCGC_LIB_DEVICE_REFERENCE_HOSTRESOURCE_H

#include "opencgc/Device/Resource.h"

#include "llvm/Support/Error.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>

namespace opencgc::device {

class HostResource final : public Resource {
public:
  /// The alignment of every allocation: the compiler's default view
  /// alignment, so that any planned view is aligned for every element type.
  static constexpr std::align_val_t kAlignment{256};

  /// Allocations end on a whole 32-bit word: a raw buffer view covers
  /// whole words (D3D12's R32_TYPELESS views), so a DXIL shader may read
  /// the word that holds a resource's last byte.
  static constexpr uint64_t kPaddingUnit = 4;

  /// A zeroed host allocation of `size` bytes, or an error when the
  /// machine cannot hold it: a size no larger than its physical memory is
  /// asked of the allocator, which may still refuse.
  static llvm::Expected<std::shared_ptr<HostResource>> create(uint64_t size);

  HostResource(uint64_t size, uint8_t *data) : size(size), data(data) {
    registerResourceRange(getGpuVirtualAddress(), size);
  }
  ~HostResource() override {
    unregisterResourceRange(getGpuVirtualAddress());
    ::operator delete(data, kAlignment);
  }
  HostResource(const HostResource &) = delete;
  HostResource &operator=(const HostResource &) = delete;

  GpuVirtualAddress getGpuVirtualAddress() const override {
    return reinterpret_cast<GpuVirtualAddress>(data);
  }
  uint64_t getSizeInBytes() const override { return size; }
  uint8_t *getMappedData() const override { return data; }

  static uint64_t paddedSize(uint64_t size) {
    return (size + kPaddingUnit - 1) / kPaddingUnit * kPaddingUnit;
  }

private:
  uint64_t size;
  uint8_t *data;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_REFERENCE_HOSTRESOURCE_H
