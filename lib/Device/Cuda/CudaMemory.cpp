//===- CudaMemory.cpp - Resources and GPU addresses on CUDA ---------------===//
#include "CudaMemory.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstring>

namespace opencgc::device {

llvm::Expected<std::shared_ptr<CudaAllocation>>
CudaAllocation::create(std::shared_ptr<cuda::CudaContext> context,
                       uint64_t size) {
  if (llvm::Error error = context->makeCurrent())
    return std::move(error);
  cuda::CUdeviceptr address = 0;
  if (llvm::Error error =
          context->check(context->api().cuMemAllocManaged(
                             &address, size, cuda::kMemAttachGlobal),
                         "cuMemAllocManaged"))
    return std::move(error);
  return std::shared_ptr<CudaAllocation>(
      new CudaAllocation(std::move(context), address, size));
}

CudaAllocation::~CudaAllocation() {
  context->makeCurrentForCleanup();
  context->api().cuMemFree_v2(address);
}

/// A resource; it leaves the address space when it dies, so a stale
/// address fails to resolve instead of reaching freed memory.
class CudaResource final : public Resource {
public:
  CudaResource(std::shared_ptr<CudaAllocation> allocation,
               std::weak_ptr<CudaAddressSpace> space)
      : allocation(std::move(allocation)), space(std::move(space)) {
    registerResourceRange(getGpuVirtualAddress(), getSizeInBytes());
  }
  ~CudaResource() override {
    unregisterResourceRange(getGpuVirtualAddress());
    if (auto owner = space.lock())
      owner->forget(getGpuVirtualAddress());
  }
  GpuVirtualAddress getGpuVirtualAddress() const override {
    return allocation->getAddress();
  }
  uint64_t getSizeInBytes() const override { return allocation->getSize(); }
  uint8_t *getMappedData() const override { return allocation->getHostData(); }

private:
  std::shared_ptr<CudaAllocation> allocation;
  std::weak_ptr<CudaAddressSpace> space;
};

llvm::Expected<std::shared_ptr<Resource>>
CudaAddressSpace::createBuffer(uint64_t size) {
  auto allocation =
      CudaAllocation::create(context, std::max<uint64_t>(size, 1));
  if (!allocation)
    return allocation.takeError();
  // Written from the host, so the pages start there.
  std::memset((*allocation)->getHostData(), 0, (*allocation)->getSize());
  auto resource = std::make_shared<CudaResource>(*allocation, weak_from_this());
  std::lock_guard<std::mutex> lock(mutex);
  live[resource->getGpuVirtualAddress()] = resource->getSizeInBytes();
  return resource;
}

void CudaAddressSpace::forget(cuda::CUdeviceptr address) {
  std::lock_guard<std::mutex> lock(mutex);
  live.erase(address);
}

static std::string hex(uint64_t value) {
  return llvm::formatv("{0:x}", value).str();
}

std::optional<std::pair<cuda::CUdeviceptr, uint64_t>>
CudaAddressSpace::findResource(cuda::CUdeviceptr address) {
  std::lock_guard<std::mutex> lock(mutex);
  auto next = live.upper_bound(address);
  if (next == live.begin() ||
      address - std::prev(next)->first >= std::prev(next)->second)
    return std::nullopt;
  return *std::prev(next);
}

llvm::Expected<cuda::CUdeviceptr>
CudaAddressSpace::resolve(GpuVirtualAddressRange range, uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  auto next = live.upper_bound(range.startAddress);
  bool inside = next != live.begin() &&
                range.startAddress - std::prev(next)->first + bytes <=
                    std::prev(next)->second;
  if (!inside)
    return llvm::createStringError(
        "the range of " + llvm::Twine(bytes) + " bytes at address " +
        hex(range.startAddress) +
        " is not inside a live resource of this device");
  if (range.startAddress % kBindAlignment)
    return llvm::createStringError(
        "the range at address " + hex(range.startAddress) +
        " is not aligned to " + llvm::Twine(kBindAlignment) +
        " bytes; this device's kernels load 16-byte vectors");
  return range.startAddress;
}

llvm::Expected<std::shared_ptr<CudaAllocation>>
CudaAddressSpace::stage(const void *data, uint64_t size) {
  auto allocation =
      CudaAllocation::create(context, std::max<uint64_t>(size, 1));
  if (!allocation)
    return allocation.takeError();
  if (size)
    std::memcpy((*allocation)->getHostData(), data, size);
  return allocation;
}

} // namespace opencgc::device
