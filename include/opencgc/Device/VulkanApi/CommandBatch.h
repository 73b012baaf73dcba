//===- CommandBatch.h - Dispatches recorded into one buffer -----*- C++ -*-===//
//
// Records a whole program's dispatches into ONE command buffer and submits
// it once: on CPU drivers a dispatch inside a command buffer costs ~7 us, a
// submit and wait 30-100 us. A recorded batch can be submitted again (the
// same dispatches over the same buffers, e.g. with new input data).
//
// The batch keeps the pipelines and buffers it uses alive. It is not
// thread-safe; different batches may be used from different threads.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_VULKANAPI_COMMANDBATCH_H
#define OPENCGC_DEVICE_VULKANAPI_COMMANDBATCH_H

#include "opencgc/Device/VulkanApi/VulkanHandle.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace opencgc::vulkan {

class ComputePipeline;
class VulkanBuffer;
struct DeviceCore;

/// The part of a buffer bound to one binding: a storage buffer, or a
/// uniform texel buffer (through a buffer view of the pipeline's format).
struct BufferRange {
  static constexpr uint64_t kWholeSize = ~uint64_t(0);
  std::shared_ptr<VulkanBuffer> buffer;
  /// Must be a multiple of minStorageBufferOffsetAlignment, or for a texel
  /// buffer of minTexelBufferOffsetAlignment.
  uint64_t offset = 0;
  /// Bytes from `offset`; kWholeSize means up to the end of the buffer. A
  /// texel buffer views the whole texels in it: at most
  /// maxTexelBufferElements when the size is given; kWholeSize views only
  /// the first maxTexelBufferElements, all a kernel compiled for the
  /// device's limit reads.
  uint64_t size = kWholeSize;
};

/// A dispatch as the batch recorded it.
struct RecordedDispatch {
  std::shared_ptr<ComputePipeline> pipeline;
  std::vector<BufferRange> bindings;
  std::array<uint32_t, 3> groups{};
};

/// Wraps each dispatch of an observed batch: `run` submits the dispatch
/// alone and waits for it, so before and after it the bound bytes belong to
/// that dispatch only (a capture copies them).
class DispatchObserver {
public:
  virtual ~DispatchObserver();
  virtual llvm::Error observe(const RecordedDispatch &dispatch,
                              llvm::function_ref<llvm::Error()> run) = 0;
};

class CommandBatch {
public:
  ~CommandBatch();
  CommandBatch(const CommandBatch &) = delete;
  CommandBatch &operator=(const CommandBatch &) = delete;

  /// Records `pipeline` over `groups` workgroups with bindings[i] at binding
  /// i. Checks the bindings (count, alignment, bounds) and the group counts
  /// against the device limits; nothing is recorded when a check fails.
  llvm::Error dispatch(const std::shared_ptr<ComputePipeline> &pipeline,
                       llvm::ArrayRef<BufferRange> bindings,
                       std::array<uint32_t, 3> groups);

  /// Makes the shader writes of earlier dispatches visible to the reads and
  /// writes of later ones.
  llvm::Error barrier();

  /// Ends recording (on the first call) and submits, without waiting. A
  /// batch still executing is waited for first.
  llvm::Error submit();

  /// Waits for the last submission (nothing to do when none is pending).
  /// After it returns, results are visible through VulkanBuffer::data().
  llvm::Error wait();

  /// submit() then wait().
  llvm::Error submitAndWait();

  unsigned getNumDispatches() const { return numDispatches; }

  /// From now on each dispatch is submitted alone and waited for, with
  /// `observer` called around it; barriers are then implicit and submit()
  /// returns when every dispatch has run. Call before the first dispatch.
  void observeEachDispatch(std::shared_ptr<DispatchObserver> observer);

private:
  friend class VulkanContext;
  CommandBatch() = default;

  llvm::Error checkBindings(const ComputePipeline &pipeline,
                            llvm::ArrayRef<BufferRange> bindings) const;
  llvm::Error checkTexelRange(const BufferRange &range, uint32_t texelSize,
                              const llvm::Twine &where) const;
  uint64_t getTexelViewSize(const BufferRange &range, uint32_t texelSize) const;
  llvm::Expected<VkDescriptorSet> allocateSet(const ComputePipeline &pipeline);
  void retain(std::shared_ptr<const void> object);
  llvm::Error endRecording();
  llvm::Error submitObserved();
  llvm::Error runAlone(const RecordedDispatch &dispatch, VkDescriptorSet set);
  llvm::Error submitAlone(VkCommandBuffer buffer);
  VkResult queueSubmit(VkCommandBuffer buffer);
  void recordDispatchCommands(VkCommandBuffer buffer,
                              const ComputePipeline &pipeline,
                              VkDescriptorSet set,
                              std::array<uint32_t, 3> groups);

  enum class State { Recording, Executable, Broken };

  std::shared_ptr<DeviceCore> core;
  UniqueCommandPool commandPool;
  VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
  UniqueFence fence;
  std::vector<UniqueDescriptorPool> descriptorPools;
  std::vector<std::shared_ptr<const void>> retained;
  llvm::SmallPtrSet<const void *, 16> retainedSet;
  VkPipeline boundPipeline = VK_NULL_HANDLE;
  State state = State::Recording;
  /// Submitted and not yet waited for.
  bool pending = false;
  unsigned numDispatches = 0;
  /// Observed batches keep their dispatches instead of recording them.
  std::shared_ptr<DispatchObserver> observer;
  std::vector<std::pair<RecordedDispatch, VkDescriptorSet>> observed;
};

} // namespace opencgc::vulkan

#endif // OPENCGC_DEVICE_VULKANAPI_COMMANDBATCH_H
