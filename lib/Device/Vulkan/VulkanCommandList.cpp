//===- VulkanCommandList.cpp - Command lists as command buffers -----------===//
#include "VulkanCommandList.h"

#include "VulkanPartition.h"

namespace opencgc::device {

void SubmittedLists::add(VulkanCommandList *list) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!llvm::is_contained(lists, list))
    lists.push_back(list);
}

void SubmittedLists::forget(VulkanCommandList *list) {
  std::lock_guard<std::mutex> lock(mutex);
  llvm::erase(lists, list);
}

llvm::Error SubmittedLists::waitAll() {
  std::lock_guard<std::mutex> lock(mutex);
  llvm::Error error = llvm::Error::success();
  for (VulkanCommandList *list : lists)
    error = llvm::joinErrors(std::move(error), list->wait());
  lists.clear();
  return error;
}

VulkanCommandList::VulkanCommandList(
    const Device &device, std::shared_ptr<VulkanAddressSpace> memory,
    std::shared_ptr<SubmittedLists> submitted,
    std::unique_ptr<vulkan::CommandBatch> batch)
    : RecordingCommandList(device), memory(std::move(memory)),
      submitted(std::move(submitted)), batch(std::move(batch)) {}

// The batch waits for its own work when destroyed.
VulkanCommandList::~VulkanCommandList() { submitted->forget(this); }

llvm::Error VulkanCommandList::recordDispatch(
    const std::shared_ptr<CompiledPartition> &program,
    llvm::ArrayRef<const ProgramBinding *> bound) {
  auto partition = std::dynamic_pointer_cast<VulkanPartition>(program);
  if (!partition)
    return fail("not compiled for Vulkan");
  llvm::ArrayRef<BindPoint> points = program->getBindPoints();
  std::vector<vulkan::BufferRange> ranges;
  for (auto [index, binding] : llvm::enumerate(bound)) {
    uint64_t bytes = points[index].sizeInBytes;
    auto range = binding->type == BindingType::Cpu
                     ? memory->upload(binding->cpuBinding.data, bytes)
                     : memory->resolve(binding->gpuBinding, bytes);
    if (!range)
      return fail("bind point " + llvm::Twine(index) + ": " +
                  llvm::toString(range.takeError()));
    ranges.push_back(std::move(*range));
  }
  return partition->record(*batch, ranges);
}

llvm::Error VulkanCommandList::recordBarrier() { return batch->barrier(); }

llvm::Error VulkanCommandList::submit() {
  if (auto error = batch->submit())
    return error;
  submitted->add(this);
  return llvm::Error::success();
}

llvm::Error VulkanCommandList::wait() { return batch->wait(); }

} // namespace opencgc::device
