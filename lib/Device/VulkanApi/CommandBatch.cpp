//===- CommandBatch.cpp - Dispatches recorded into one buffer -------------===//

#include "opencgc/Device/VulkanApi/CommandBatch.h"

#include "DeviceCore.h"
#include "opencgc/Device/VulkanApi/ComputePipeline.h"
#include "opencgc/Device/VulkanApi/VulkanBuffer.h"
#include "opencgc/Device/VulkanApi/VulkanContext.h"
#include "opencgc/Device/VulkanApi/VulkanError.h"

#include "llvm/ADT/ScopeExit.h"

#include <algorithm>

using namespace opencgc::vulkan;

// Descriptor sets come from per-batch pools of this many sets; a new pool is
// added when one runs out, so a batch never limits its number of dispatches.
static constexpr uint32_t kSetsPerPool = 128;
static constexpr uint32_t kBuffersPerSet = 8;

static llvm::Error batchError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::unique_ptr<CommandBatch>>
VulkanContext::createCommandBatch() {
  VkDevice device = core->device;
  std::unique_ptr<CommandBatch> batch(new CommandBatch());
  batch->core = core;

  // One pool per batch: recording needs the pool externally synchronized,
  // so batches on different threads must not share one.
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.queueFamilyIndex = core->queueFamily;
  VkCommandPool pool;
  if (VkResult r = vkCreateCommandPool(device, &poolInfo, nullptr, &pool))
    return makeVulkanError("vkCreateCommandPool", r);
  batch->commandPool = UniqueCommandPool(device, pool);

  VkCommandBufferAllocateInfo allocate{
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  allocate.commandPool = pool;
  allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocate.commandBufferCount = 1;
  if (VkResult r =
          vkAllocateCommandBuffers(device, &allocate, &batch->commandBuffer))
    return makeVulkanError("vkAllocateCommandBuffers", r);

  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence;
  if (VkResult r = vkCreateFence(device, &fenceInfo, nullptr, &fence))
    return makeVulkanError("vkCreateFence", r);
  batch->fence = UniqueFence(device, fence);

  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  if (VkResult r = vkBeginCommandBuffer(batch->commandBuffer, &begin))
    return makeVulkanError("vkBeginCommandBuffer", r);
  return batch;
}

CommandBatch::~CommandBatch() {
  // Only a failed wait leaves work pending; the device is then usually lost
  // and waiting returns at once. The objects below must outlive the work.
  if (pending) {
    VkFence f = fence.get();
    vkWaitForFences(core->device, 1, &f, VK_TRUE, UINT64_MAX);
  }
}

void CommandBatch::retain(std::shared_ptr<const void> object) {
  if (retainedSet.insert(object.get()).second)
    retained.push_back(std::move(object));
}

/// The bytes `range` binds.
static uint64_t getBoundSize(const BufferRange &range) {
  return range.size == BufferRange::kWholeSize
             ? range.buffer->size() - range.offset
             : range.size;
}

/// Texel buffers have their own offset alignment and count texels, not
/// bytes, against the limit.
llvm::Error CommandBatch::checkTexelRange(const BufferRange &range,
                                          uint32_t texelSize,
                                          const llvm::Twine &where) const {
  const VkPhysicalDeviceLimits &limits = core->limits;
  if (range.offset % limits.minTexelBufferOffsetAlignment != 0)
    return batchError(where + "offset " + llvm::Twine(range.offset) +
                      " of a uniform texel buffer is not a multiple of "
                      "minTexelBufferOffsetAlignment " +
                      llvm::Twine(limits.minTexelBufferOffsetAlignment));
  uint64_t texels = getBoundSize(range) / texelSize;
  if (texels == 0)
    return batchError(where + "range of " + llvm::Twine(getBoundSize(range)) +
                      " bytes holds no texel of " + llvm::Twine(texelSize) +
                      " bytes");
  if (range.size != BufferRange::kWholeSize &&
      texels > limits.maxTexelBufferElements)
    return batchError(where + "range of " + llvm::Twine(texels) +
                      " texels exceeds maxTexelBufferElements " +
                      llvm::Twine(limits.maxTexelBufferElements));
  return llvm::Error::success();
}

uint64_t CommandBatch::getTexelViewSize(const BufferRange &range,
                                        uint32_t texelSize) const {
  uint64_t texels = std::min<uint64_t>(getBoundSize(range) / texelSize,
                                       core->limits.maxTexelBufferElements);
  return texels * texelSize;
}

llvm::Error
CommandBatch::checkBindings(const ComputePipeline &pipeline,
                            llvm::ArrayRef<BufferRange> bindings) const {
  llvm::StringRef kernel = pipeline.getEntryPoint();
  if (bindings.size() != pipeline.getNumBindings())
    return batchError("dispatch of kernel '" + kernel + "': " +
                      llvm::Twine(bindings.size()) + " bindings given, the " +
                      "pipeline has " + llvm::Twine(pipeline.getNumBindings()));
  const VkPhysicalDeviceLimits &limits = core->limits;
  for (auto [index, range] : llvm::enumerate(bindings)) {
    std::string where = ("dispatch of kernel '" + kernel + "', binding " +
                         llvm::Twine(index) + ": ")
                            .str();
    if (!range.buffer)
      return batchError(where + "no buffer");
    if (range.buffer->core != core)
      return batchError(where + "the buffer belongs to another context");
    uint64_t bytes = range.buffer->size();
    const PipelineBinding &binding = pipeline.getBindings()[index];
    if (!binding.isTexelBuffer() &&
        range.offset % limits.minStorageBufferOffsetAlignment != 0)
      return batchError(
          where + "offset " + llvm::Twine(range.offset) +
          " is not a multiple of minStorageBufferOffsetAlignment " +
          llvm::Twine(limits.minStorageBufferOffsetAlignment));
    if (range.offset >= bytes)
      return batchError(where + "offset " + llvm::Twine(range.offset) +
                        " is outside the buffer of " + llvm::Twine(bytes) +
                        " bytes");
    uint64_t size = range.size == BufferRange::kWholeSize ? bytes - range.offset
                                                          : range.size;
    if (size == 0 || size > bytes - range.offset)
      return batchError(where + "range of " + llvm::Twine(size) +
                        " bytes at offset " + llvm::Twine(range.offset) +
                        " does not fit the buffer of " + llvm::Twine(bytes) +
                        " bytes");
    if (binding.isTexelBuffer()) {
      if (llvm::Error error = checkTexelRange(range, binding.texelSize, where))
        return error;
      continue;
    }
    if (size > limits.maxStorageBufferRange)
      return batchError(where + "range of " + llvm::Twine(size) +
                        " bytes exceeds maxStorageBufferRange " +
                        llvm::Twine(limits.maxStorageBufferRange));
  }
  return llvm::Error::success();
}

llvm::Expected<VkDescriptorSet>
CommandBatch::allocateSet(const ComputePipeline &pipeline) {
  VkDevice device = core->device;
  VkDescriptorSetLayout layout = pipeline.getSetLayout();
  VkDescriptorSetAllocateInfo allocate{
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &layout;
  VkDescriptorSet set;
  if (!descriptorPools.empty()) {
    allocate.descriptorPool = descriptorPools.back().get();
    VkResult r = vkAllocateDescriptorSets(device, &allocate, &set);
    if (r == VK_SUCCESS)
      return set;
    if (r != VK_ERROR_OUT_OF_POOL_MEMORY && r != VK_ERROR_FRAGMENTED_POOL)
      return makeVulkanError("vkAllocateDescriptorSets", r);
  }
  // The current pool is full (or there is none yet): start another, big
  // enough for at least one set of this pipeline.
  uint32_t perSet = std::max(kBuffersPerSet, pipeline.getNumBindings());
  VkDescriptorPoolSize sizes[] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSetsPerPool * perSet},
      {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, kSetsPerPool * perSet}};
  VkDescriptorPoolCreateInfo poolInfo{
      VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = kSetsPerPool;
  poolInfo.poolSizeCount = 2;
  poolInfo.pPoolSizes = sizes;
  VkDescriptorPool pool;
  if (VkResult r = vkCreateDescriptorPool(device, &poolInfo, nullptr, &pool))
    return makeVulkanError("vkCreateDescriptorPool", r);
  descriptorPools.emplace_back(device, pool);
  allocate.descriptorPool = pool;
  if (VkResult r = vkAllocateDescriptorSets(device, &allocate, &set))
    return makeVulkanError("vkAllocateDescriptorSets", r);
  return set;
}

llvm::Error
CommandBatch::dispatch(const std::shared_ptr<ComputePipeline> &pipeline,
                       llvm::ArrayRef<BufferRange> bindings,
                       std::array<uint32_t, 3> groups) {
  if (state != State::Recording)
    return batchError("cannot record a dispatch: the batch was already "
                      "submitted");
  if (!pipeline)
    return batchError("cannot record a dispatch: no pipeline");
  if (pipeline->core != core)
    return batchError("dispatch of kernel '" + pipeline->getEntryPoint() +
                      "': the pipeline belongs to another context");
  if (llvm::Error err = checkBindings(*pipeline, bindings))
    return err;
  for (int i = 0; i < 3; ++i)
    if (groups[i] > core->limits.maxComputeWorkGroupCount[i])
      return batchError("dispatch of kernel '" + pipeline->getEntryPoint() +
                        "': " + llvm::Twine(groups[i]) +
                        " workgroups in dimension " + llvm::Twine(i) +
                        " exceed maxComputeWorkGroupCount " +
                        llvm::Twine(core->limits.maxComputeWorkGroupCount[i]));

  // Views first: a failure must leave no descriptor set half written.
  std::vector<VkBufferView> views(bindings.size(), VK_NULL_HANDLE);
  for (auto [i, range] : llvm::enumerate(bindings)) {
    const PipelineBinding &binding = pipeline->getBindings()[i];
    if (!binding.isTexelBuffer())
      continue;
    auto view =
        range.buffer->getTexelView(binding.texelFormat, range.offset,
                                   getTexelViewSize(range, binding.texelSize));
    if (!view)
      return batchError("dispatch of kernel '" + pipeline->getEntryPoint() +
                        "', binding " + llvm::Twine(i) + ": " +
                        llvm::toString(view.takeError()));
    views[i] = *view;
  }
  auto set = allocateSet(*pipeline);
  if (!set)
    return set.takeError();
  std::vector<VkDescriptorBufferInfo> infos(bindings.size());
  std::vector<VkWriteDescriptorSet> writes(bindings.size());
  for (auto [i, range] : llvm::enumerate(bindings)) {
    writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[i].dstSet = *set;
    writes[i].dstBinding = i;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = pipeline->getBindings()[i].type;
    if (views[i] != VK_NULL_HANDLE) {
      writes[i].pTexelBufferView = &views[i];
      continue;
    }
    infos[i] = {range.buffer->getHandle(), range.offset,
                range.size == BufferRange::kWholeSize ? VK_WHOLE_SIZE
                                                      : range.size};
    writes[i].pBufferInfo = &infos[i];
  }
  vkUpdateDescriptorSets(core->device, writes.size(), writes.data(), 0,
                         nullptr);

  retain(pipeline);
  for (const BufferRange &range : bindings)
    retain(range.buffer);
  ++numDispatches;
  if (observer)
    observed.push_back({{pipeline, bindings.vec(), groups}, *set});
  else
    recordDispatchCommands(commandBuffer, *pipeline, *set, groups);
  return llvm::Error::success();
}

void CommandBatch::recordDispatchCommands(VkCommandBuffer buffer,
                                          const ComputePipeline &pipeline,
                                          VkDescriptorSet set,
                                          std::array<uint32_t, 3> groups) {
  // The batch's own buffer skips rebinding the pipeline it has bound.
  if (buffer != commandBuffer || boundPipeline != pipeline.getHandle()) {
    vkCmdBindPipeline(buffer, VK_PIPELINE_BIND_POINT_COMPUTE,
                      pipeline.getHandle());
    if (buffer == commandBuffer)
      boundPipeline = pipeline.getHandle();
  }
  vkCmdBindDescriptorSets(buffer, VK_PIPELINE_BIND_POINT_COMPUTE,
                          pipeline.getLayout(), 0, 1, &set, 0, nullptr);
  vkCmdDispatch(buffer, groups[0], groups[1], groups[2]);
}

/// Records a global memory barrier between two pipeline stages.
static void recordBarrier(VkCommandBuffer commandBuffer,
                          VkPipelineStageFlags dstStage,
                          VkAccessFlags dstAccess) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  barrier.dstAccessMask = dstAccess;
  vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                       dstStage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

llvm::Error CommandBatch::barrier() {
  if (state != State::Recording)
    return batchError("cannot record a barrier: the batch was already "
                      "submitted");
  if (observer) // Each dispatch runs alone.
    return llvm::Error::success();
  recordBarrier(commandBuffer, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
  return llvm::Error::success();
}

llvm::Error CommandBatch::endRecording() {
  // Shader writes become visible to the host once the fence signals.
  recordBarrier(commandBuffer, VK_PIPELINE_STAGE_HOST_BIT,
                VK_ACCESS_HOST_READ_BIT);
  if (VkResult r = vkEndCommandBuffer(commandBuffer)) {
    state = State::Broken;
    return makeVulkanError("vkEndCommandBuffer", r);
  }
  state = State::Executable;
  return llvm::Error::success();
}

/// Submits `buffer` to the device's queue, signalling the batch's fence.
VkResult CommandBatch::queueSubmit(VkCommandBuffer buffer) {
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &buffer;
  std::lock_guard<std::mutex> lock(core->queueMutex);
  return vkQueueSubmit(core->queue, 1, &submit, fence.get());
}

llvm::Error CommandBatch::submit() {
  if (state == State::Broken)
    return batchError("cannot submit: an earlier submission of this batch "
                      "failed");
  // The fence tracks one submission: a resubmission waits for the last.
  if (llvm::Error err = wait())
    return err;
  if (observer)
    return submitObserved();
  if (state == State::Recording)
    if (llvm::Error err = endRecording())
      return err;

  if (VkResult r = queueSubmit(commandBuffer)) {
    state = State::Broken;
    return makeVulkanError("vkQueueSubmit", r,
                           " (" + llvm::Twine(numDispatches) + " dispatches)");
  }
  pending = true;
  return llvm::Error::success();
}

llvm::Error CommandBatch::wait() {
  if (!pending)
    return llvm::Error::success();
  VkFence f = fence.get();
  VkResult r = vkWaitForFences(core->device, 1, &f, VK_TRUE, UINT64_MAX);
  if (r != VK_SUCCESS) {
    state = State::Broken;
    return makeVulkanError("vkWaitForFences", r,
                           " (" + llvm::Twine(numDispatches) + " dispatches)");
  }
  pending = false;
  if (VkResult r = vkResetFences(core->device, 1, &f)) {
    state = State::Broken;
    return makeVulkanError("vkResetFences", r);
  }
  return llvm::Error::success();
}

llvm::Error CommandBatch::submitAndWait() {
  if (llvm::Error err = submit())
    return err;
  return wait();
}

DispatchObserver::~DispatchObserver() = default;

void CommandBatch::observeEachDispatch(
    std::shared_ptr<DispatchObserver> newObserver) {
  observer = std::move(newObserver);
}

llvm::Error CommandBatch::submitObserved() {
  state = State::Executable;
  for (const auto &[dispatch, set] : observed)
    if (llvm::Error err = runAlone(dispatch, set)) {
      state = State::Broken;
      return err;
    }
  return llvm::Error::success();
}

/// Records `dispatch` into a command buffer of its own, then submits it and
/// waits, with the observer called around it.
llvm::Error CommandBatch::runAlone(const RecordedDispatch &dispatch,
                                   VkDescriptorSet set) {
  VkDevice device = core->device;
  VkCommandBufferAllocateInfo allocate{
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  allocate.commandPool = commandPool.get();
  allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocate.commandBufferCount = 1;
  VkCommandBuffer buffer;
  if (VkResult r = vkAllocateCommandBuffers(device, &allocate, &buffer))
    return makeVulkanError("vkAllocateCommandBuffers", r);
  llvm::scope_exit release(
      [&] { vkFreeCommandBuffers(device, commandPool.get(), 1, &buffer); });
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (VkResult r = vkBeginCommandBuffer(buffer, &begin))
    return makeVulkanError("vkBeginCommandBuffer", r);
  recordDispatchCommands(buffer, *dispatch.pipeline, set, dispatch.groups);
  recordBarrier(buffer, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
  if (VkResult r = vkEndCommandBuffer(buffer))
    return makeVulkanError("vkEndCommandBuffer", r);

  return observer->observe(dispatch, [&] { return submitAlone(buffer); });
}

llvm::Error CommandBatch::submitAlone(VkCommandBuffer buffer) {
  if (VkResult r = queueSubmit(buffer))
    return makeVulkanError("vkQueueSubmit", r);
  pending = true;
  return wait();
}
