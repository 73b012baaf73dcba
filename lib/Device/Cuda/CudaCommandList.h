//===- CudaCommandList.h - Command lists as kernel launches -----*- C++ -*-===//
//
// A command list records each DispatchGraph as the partition's kernel
// launches with their arguments resolved to device addresses (CPU data
// staged into managed memory the list keeps). Executing it launches them
// on the device's one stream, its queue: stream order is every barrier a
// list records, and lists run in submission order.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_CUDA_CUDACOMMANDLIST_H
#define OPENCGC_LIB_DEVICE_CUDA_CUDACOMMANDLIST_H

#include "../RecordingCommandList.h"
#include "CudaMemory.h"
#include "CudaPartition.h"

#include "opencgc/Device/CaptureWriter.h"

#include <map>

namespace opencgc::device {

class CudaCommandList final : public RecordingCommandList {
public:
  /// With `capture`, each launch runs alone and is recorded into it.
  CudaCommandList(const Device &device,
                  std::shared_ptr<cuda::CudaContext> context,
                  std::shared_ptr<CudaAddressSpace> memory,
                  std::shared_ptr<CaptureWriter> capture = nullptr)
      : RecordingCommandList(device), context(std::move(context)),
        memory(std::move(memory)), capture(std::move(capture)) {}
  /// Waits for its own launches before its staged data goes.
  ~CudaCommandList() override;

  /// Prefetches what the list binds to the GPU and launches every kernel
  /// on the queue, without waiting.
  llvm::Error submit();

private:
  llvm::Error
  recordDispatch(const std::shared_ptr<CompiledPartition> &program,
                 llvm::ArrayRef<const ProgramBinding *> bound) override;
  /// One stream runs the launches in order: nothing to record.
  llvm::Error recordBarrier() override { return llvm::Error::success(); }
  llvm::Error prefetch() const;
  llvm::Error launch(const CudaLaunch &launch) const;
  llvm::Error launchCaptured(const CudaLaunch &launch);
  llvm::Expected<std::vector<CapturedBinding>>
  describeBindings(const CudaLaunch &launch) const;

  std::shared_ptr<cuda::CudaContext> context;
  std::shared_ptr<CudaAddressSpace> memory;
  /// The partitions recorded, which own the launched functions.
  std::vector<std::shared_ptr<CudaPartition>> programs;
  std::vector<std::shared_ptr<CudaAllocation>> staged;
  std::vector<CudaLaunch> launches;
  /// Start -> bytes of every range bound, for prefetching.
  std::map<cuda::CUdeviceptr, uint64_t> boundRanges;
  std::shared_ptr<CaptureWriter> capture;
  /// Staged copies by address, with their sizes (a capture's regions).
  std::map<cuda::CUdeviceptr, uint64_t> stagedSizes;
  bool submitted = false;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_CUDA_CUDACOMMANDLIST_H
