//===- Resource.h - Device memory bound through GPU addresses ---*- C++ -*-===//
//
// A buffer resource (ID3D12Resource created with unordered access): memory
// with a GPU virtual address that DispatchGraph bindings refer to. Every
// device here maps its resources into the host for their whole life, as a
// D3D12 custom heap on a UMA adapter would be, so the client fills inputs
// and reads outputs without staging copies.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_RESOURCE_H
#define OPENCGC_DEVICE_RESOURCE_H

#include "opencgc/Device/ProgramBinding.h"

namespace opencgc::device {

class Resource {
public:
  virtual ~Resource();
  /// ID3D12Resource::GetGPUVirtualAddress.
  virtual GpuVirtualAddress getGpuVirtualAddress() const = 0;
  virtual uint64_t getSizeInBytes() const = 0;
  /// The host mapping of the resource's memory (ID3D12Resource::Map).
  virtual uint8_t *getMappedData() const = 0;

  /// The range of `size` bytes at `offset` into the resource.
  GpuVirtualAddressRange getRange(uint64_t offset, uint64_t size) const {
    return {getGpuVirtualAddress() + offset, size};
  }
};

/// The ranges of every live resource of every device in this process. The
/// reference device runs fallback partitions over other devices' memory by
/// address, so a GPU binding is checked to lie inside some live resource
/// rather than trusted (a wrong address would be read as host memory).
/// Each device's resources register themselves for their lifetime.
void registerResourceRange(GpuVirtualAddress start, uint64_t size);
void unregisterResourceRange(GpuVirtualAddress start);
bool isInsideLiveResource(GpuVirtualAddress start, uint64_t size);

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_RESOURCE_H
