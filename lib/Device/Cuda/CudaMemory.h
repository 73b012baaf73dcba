//===- CudaMemory.h - Resources and GPU addresses on CUDA -------*- C++ -*-===//
//
// A resource is one managed allocation (cuMemAllocManaged) and its GPU
// virtual address is the CUdeviceptr the driver returned: bindings carry
// real GPU addresses, as in the specification. Managed rather than plain
// cuMemAlloc memory, because the device API maps every resource into the
// host for its whole life (Resource.h) and the reference device runs
// fallback partitions over the same memory by address; on Linux the
// CUdeviceptr of managed memory is also a valid host pointer. Pages
// migrate on demand; the command list prefetches what it binds.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_CUDA_CUDAMEMORY_H
#define OPENCGC_LIB_DEVICE_CUDA_CUDAMEMORY_H

#include "CudaContext.h"

#include "opencgc/Device/Resource.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace opencgc::device {

/// One managed allocation, freed with the last owner.
class CudaAllocation {
public:
  static llvm::Expected<std::shared_ptr<CudaAllocation>>
  create(std::shared_ptr<cuda::CudaContext> context, uint64_t size);
  ~CudaAllocation();
  CudaAllocation(const CudaAllocation &) = delete;
  CudaAllocation &operator=(const CudaAllocation &) = delete;

  cuda::CUdeviceptr getAddress() const { return address; }
  uint64_t getSize() const { return size; }
  uint8_t *getHostData() const {
    return reinterpret_cast<uint8_t *>(static_cast<uintptr_t>(address));
  }

private:
  CudaAllocation(std::shared_ptr<cuda::CudaContext> context,
                 cuda::CUdeviceptr address, uint64_t size)
      : context(std::move(context)), address(address), size(size) {}

  std::shared_ptr<cuda::CudaContext> context;
  cuda::CUdeviceptr address;
  uint64_t size;
};

/// Every live resource of one CUDA device, by address.
class CudaAddressSpace : public std::enable_shared_from_this<CudaAddressSpace> {
public:
  /// Kernels load 16-byte vectors, so bound ranges start at multiples.
  static constexpr uint64_t kBindAlignment = 16;

  explicit CudaAddressSpace(std::shared_ptr<cuda::CudaContext> context)
      : context(std::move(context)) {}

  /// A zero-filled resource of at least one byte.
  llvm::Expected<std::shared_ptr<Resource>> createBuffer(uint64_t size);

  /// The device address of `range`, which must lie inside one live
  /// resource of this device for the `bytes` the bind point needs.
  llvm::Expected<cuda::CUdeviceptr> resolve(GpuVirtualAddressRange range,
                                            uint64_t bytes);

  /// The live resource holding `address`: its start and size (a capture
  /// records whole regions of it).
  std::optional<std::pair<cuda::CUdeviceptr, uint64_t>>
  findResource(cuda::CUdeviceptr address);

  /// A managed copy of a CPU binding's data.
  llvm::Expected<std::shared_ptr<CudaAllocation>> stage(const void *data,
                                                        uint64_t size);

private:
  friend class CudaResource;
  void forget(cuda::CUdeviceptr address);

  std::shared_ptr<cuda::CudaContext> context;
  std::mutex mutex;
  /// Start address -> size, for every live resource.
  std::map<cuda::CUdeviceptr, uint64_t> live;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_CUDA_CUDAMEMORY_H
