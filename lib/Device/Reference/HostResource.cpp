//===- HostResource.cpp - Host memory as a device resource ----------------===//
#include "HostResource.h"

#include "llvm/ADT/Twine.h"

#include <unistd.h>

namespace opencgc::device {

namespace {
/// The machine's physical memory in bytes (0 when unknown).
uint64_t getPhysicalMemory() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long pageSize = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
}
} // namespace

llvm::Expected<std::shared_ptr<HostResource>>
HostResource::create(uint64_t size) {
  size = std::max<uint64_t>(size, 1);
  // A model may declare tensors no machine holds (issue 14): say so before
  // asking, rather than be killed for asking.
  uint64_t physical = getPhysicalMemory();
  if (physical && size > physical)
    return llvm::createStringError(
        "cannot allocate " + llvm::Twine(size) +
        " bytes of host memory: this machine has " + llvm::Twine(physical));
  auto *data = static_cast<uint8_t *>(
      ::operator new(paddedSize(size), kAlignment, std::nothrow));
  if (!data)
    return llvm::createStringError("cannot allocate " + llvm::Twine(size) +
                                   " bytes of host memory: out of memory");
  std::memset(data, 0, paddedSize(size));
  return std::make_shared<HostResource>(size, data);
}

} // namespace opencgc::device
