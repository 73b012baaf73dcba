//===- VulkanCommandList.h - Command lists as command buffers ---*- C++ -*-===//
//
// One command list is one Vulkan command buffer: every DispatchGraph
// records its partition's kernels into it, so a whole program recorded in
// one list is submitted once (on CPU drivers a dispatch inside a command
// buffer costs ~7 us, a submission 30-100 us).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_VULKAN_VULKANCOMMANDLIST_H
#define OPENCGC_LIB_DEVICE_VULKAN_VULKANCOMMANDLIST_H

#include "../RecordingCommandList.h"
#include "VulkanMemory.h"

#include <mutex>

namespace opencgc::device {
class VulkanCommandList;

/// The lists of one device submitted and not yet waited for
/// (Device::waitForIdle); a list leaves when it is destroyed.
class SubmittedLists {
public:
  void add(VulkanCommandList *list);
  void forget(VulkanCommandList *list);
  /// Waits for every list, in submission order.
  llvm::Error waitAll();

private:
  std::mutex mutex;
  std::vector<VulkanCommandList *> lists;
};

class VulkanCommandList final : public RecordingCommandList {
public:
  VulkanCommandList(const Device &device,
                    std::shared_ptr<VulkanAddressSpace> memory,
                    std::shared_ptr<SubmittedLists> submitted,
                    std::unique_ptr<vulkan::CommandBatch> batch);
  ~VulkanCommandList() override;

  /// Submits the command buffer without waiting.
  llvm::Error submit();
  /// Waits for the last submission.
  llvm::Error wait();

private:
  llvm::Error
  recordDispatch(const std::shared_ptr<CompiledPartition> &program,
                 llvm::ArrayRef<const ProgramBinding *> bound) override;
  llvm::Error recordBarrier() override;

  std::shared_ptr<VulkanAddressSpace> memory;
  std::shared_ptr<SubmittedLists> submitted;
  std::unique_ptr<vulkan::CommandBatch> batch;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_VULKAN_VULKANCOMMANDLIST_H
