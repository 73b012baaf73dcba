//===- VulkanPartition.cpp - A partition as Vulkan compute work -----------===//
//
// Each dispatch (DispatchGraph) copies the bound memory into device
// buffers, records every cgc.invoke of the partition into one command
// buffer — a barrier only before an invoke that depends (cgc.depends) on
// work recorded since the last barrier, and between the kernels of one
// subgraph — submits once, and copies the written bind points back in the
// order they were written, so that memory the plan reuses ends up holding
// the latest value.
//
//===----------------------------------------------------------------------===//
#include "VulkanPartition.h"

#include "KernelCache.h"

#include "mlir/IR/SymbolTable.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/SpirvBackend.h"
#include "opencgc/Device/BindingChecks.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "opencgc/Runtime/Vulkan/CommandBatch.h"
#include "opencgc/Runtime/Vulkan/ComputePipeline.h"
#include "opencgc/Runtime/Vulkan/VulkanBuffer.h"
#include "opencgc/Runtime/Vulkan/VulkanContext.h"
#include "llvm/ADT/StringMap.h"

#include <cstring>

using namespace mlir;

namespace opencgc::device {
namespace {
struct CompiledKernel {
  std::shared_ptr<vulkan::ComputePipeline> pipeline;
  std::array<uint32_t, 3> groups;
};

/// One cgc.invoke: the kernels of its subgraph and the bind point behind
/// each operand.
struct InvokeStep {
  std::string subgraph;
  llvm::SmallVector<unsigned, 8> operands;
  unsigned numInputs = 0;
  llvm::SmallVector<int64_t, 4> depends;
};

class VulkanPartition final : public CompiledPartition {
public:
  VulkanPartition(std::shared_ptr<vulkan::VulkanContext> vulkan,
                  OwningOpRef<cgc::ModuleOp> module, cgc::PartitionOp partition)
      : vulkan(std::move(vulkan)), module(std::move(module)),
        partition(partition), name(partition.getSymName().str()) {}

  llvm::Error compile(llvm::ArrayRef<uint8_t> container,
                      const KernelCache &cache);
  std::string getCompileNote() const override {
    return fromCache ? "kernels from the cache" : "kernels generated";
  }

  llvm::StringRef getName() const override { return name; }
  unsigned getNumBindPoints() const override {
    return partition.getNumArguments();
  }
  llvm::Error dispatch(llvm::ArrayRef<Binding> bindings) override;

private:
  llvm::Error fail(const llvm::Twine &message) const {
    return llvm::createStringError("partition @" + name + ": " + message);
  }
  llvm::Error generateKernels(cgc::SubgraphOp subgraph,
                              PartitionKernels &generated);
  static bool allValid(const PartitionKernels &cached);
  llvm::Error createPipelines(const PartitionKernels &source);
  llvm::Error prepareBuffers(llvm::ArrayRef<const Binding *> bound);
  llvm::Error record(vulkan::CommandBatch &batch);
  void copyBack(llvm::ArrayRef<const Binding *> bound) const;

  std::shared_ptr<vulkan::VulkanContext> vulkan;
  OwningOpRef<cgc::ModuleOp> module;
  mutable cgc::PartitionOp partition;
  std::string name;
  llvm::StringMap<std::vector<CompiledKernel>> kernels;
  std::vector<InvokeStep> steps;
  /// One device buffer per bind point, kept between dispatches.
  std::vector<std::shared_ptr<vulkan::VulkanBuffer>> buffers;
  bool fromCache = false;
};

/// Kernel IR -> validated SPIR-V for one subgraph.
llvm::Error VulkanPartition::generateKernels(cgc::SubgraphOp subgraph,
                                             PartitionKernels &generated) {
  auto lowered = codegen::lowerToKernelIR(subgraph);
  if (!lowered)
    return fail(llvm::toString(lowered.takeError()));
  auto spirv = codegen::compileToSpirv(*lowered);
  if (!spirv)
    return fail(llvm::toString(spirv.takeError()));
  generated[subgraph.getSymName().str()] = std::move(*spirv);
  return llvm::Error::success();
}

/// Cached kernels are validated again: a cache file is outside our control.
bool VulkanPartition::allValid(const PartitionKernels &cached) {
  for (const auto &entry : cached)
    for (const codegen::SpirvKernel &kernel : entry.second)
      if (llvm::Error error =
              codegen::validateSpirv(kernel.binary, kernel.launch.name)) {
        llvm::consumeError(std::move(error));
        return false;
      }
  return true;
}

llvm::Error VulkanPartition::createPipelines(const PartitionKernels &source) {
  for (const auto &[subgraph, list] : source) {
    std::vector<CompiledKernel> compiled;
    for (const codegen::SpirvKernel &kernel : list) {
      auto pipeline = vulkan->createComputePipeline(
          kernel.binary, kernel.entryPoint, kernel.numBindings);
      if (!pipeline)
        return fail("kernel '" + kernel.launch.name +
                    "': " + llvm::toString(pipeline.takeError()));
      compiled.push_back({std::move(*pipeline), kernel.launch.workgroupCount});
    }
    kernels[subgraph] = std::move(compiled);
  }
  return llvm::Error::success();
}

llvm::Error VulkanPartition::compile(llvm::ArrayRef<uint8_t> container,
                                     const KernelCache &cache) {
  std::string key = KernelCache::computeKey(container, vulkan->getDeviceName());
  std::optional<PartitionKernels> cached = cache.load(key);
  if (cached && !allValid(*cached))
    cached.reset();
  fromCache = cached.has_value();
  PartitionKernels generated;
  for (auto invoke : partition.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    auto subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
        invoke, invoke.getCalleeAttr());
    if (!subgraph)
      return fail("invokes @" + invoke.getCallee() + ", not a subgraph");
    InvokeStep step;
    step.subgraph = subgraph.getSymName().str();
    step.numInputs = subgraph.getFunctionalDefinition().getNumArguments();
    for (Value operand : invoke.getOperands()) {
      auto argument = dyn_cast<BlockArgument>(operand);
      if (!argument)
        return fail("invoke operands must be bind points (views inside a "
                    "partition are not supported on Vulkan yet)");
      step.operands.push_back(argument.getArgNumber());
    }
    if (auto depends = invoke->getAttrOfType<DenseI64ArrayAttr>("cgc.depends"))
      step.depends.assign(depends.asArrayRef().begin(),
                          depends.asArrayRef().end());
    else if (!steps.empty()) // Without a schedule, wait for everything.
      step.depends.push_back(steps.size() - 1);
    steps.push_back(std::move(step));
    if (!cached && !generated.count(subgraph.getSymName().str()))
      if (auto error = generateKernels(subgraph, generated))
        return error;
  }
  if (!cached)
    cache.store(key, generated);
  buffers.resize(partition.getNumArguments());
  return createPipelines(cached ? *cached : generated);
}

llvm::Error
VulkanPartition::prepareBuffers(llvm::ArrayRef<const Binding *> bound) {
  for (auto [index, type] : llvm::enumerate(partition.getArgumentTypes())) {
    uint64_t bytes = cast<cgc::MemRefType>(type).getByteSize();
    if (!buffers[index] || buffers[index]->size() < bytes) {
      auto buffer = vulkan->createBuffer(bytes);
      if (!buffer)
        return fail("bind point " + llvm::Twine(index) + ": " +
                    llvm::toString(buffer.takeError()));
      buffers[index] = std::move(*buffer);
    }
    if (bytes)
      std::memcpy(buffers[index]->data(), bound[index]->data, bytes);
  }
  return llvm::Error::success();
}

llvm::Error VulkanPartition::record(vulkan::CommandBatch &batch) {
  int64_t sinceBarrier = 0;
  for (auto [index, step] : llvm::enumerate(steps)) {
    if (llvm::any_of(step.depends,
                     [&](int64_t dep) { return dep >= sinceBarrier; })) {
      if (auto error = batch.barrier())
        return error;
      sinceBarrier = index;
    }
    std::vector<vulkan::BufferRange> ranges;
    for (unsigned bindPoint : step.operands)
      ranges.push_back(
          {buffers[bindPoint], 0, vulkan::BufferRange::kWholeSize});
    for (auto [k, kernel] : llvm::enumerate(kernels[step.subgraph])) {
      if (k > 0)
        if (auto error = batch.barrier())
          return error;
      if (auto error = batch.dispatch(kernel.pipeline, ranges, kernel.groups))
        return fail("invoke #" + llvm::Twine(index) + " of @" + step.subgraph +
                    ": " + llvm::toString(std::move(error)));
    }
  }
  return llvm::Error::success();
}

/// Written bind points, in the order of their last write, back to the
/// bound memory.
void VulkanPartition::copyBack(llvm::ArrayRef<const Binding *> bound) const {
  std::vector<int> lastWrite(buffers.size(), -1);
  for (auto [index, step] : llvm::enumerate(steps))
    for (unsigned k = step.numInputs; k < step.operands.size(); ++k)
      lastWrite[step.operands[k]] = index;
  std::vector<unsigned> order;
  for (unsigned bindPoint = 0; bindPoint < buffers.size(); ++bindPoint)
    if (lastWrite[bindPoint] >= 0)
      order.push_back(bindPoint);
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return lastWrite[a] < lastWrite[b];
  });
  for (unsigned bindPoint : order) {
    uint64_t bytes =
        cast<cgc::MemRefType>(partition.getArgumentTypes()[bindPoint])
            .getByteSize();
    if (bytes)
      std::memcpy(bound[bindPoint]->data, buffers[bindPoint]->data(), bytes);
  }
}

llvm::Error VulkanPartition::dispatch(llvm::ArrayRef<Binding> bindings) {
  auto bound = checkBindings(partition, bindings);
  if (!bound)
    return bound.takeError();
  if (auto error = prepareBuffers(*bound))
    return error;
  auto batch = vulkan->createCommandBatch();
  if (!batch)
    return fail(llvm::toString(batch.takeError()));
  if (auto error = record(**batch))
    return error;
  if (auto error = (*batch)->submitAndWait())
    return fail(llvm::toString(std::move(error)));
  copyBack(*bound);
  return llvm::Error::success();
}
} // namespace

llvm::Expected<std::unique_ptr<CompiledPartition>> compileVulkanPartition(
    MLIRContext &context, std::shared_ptr<vulkan::VulkanContext> vulkan,
    llvm::ArrayRef<uint8_t> partitionContainer, const KernelCache &cache) {
  auto module = readModuleContainer(partitionContainer, context,
                                    MlirInterface::CgcSubgraphPartition,
                                    "partition container");
  if (!module)
    return module.takeError();
  auto partitions = (*module)->getBodyBlock()->getOps<cgc::PartitionOp>();
  if (!llvm::hasSingleElement(partitions))
    return llvm::createStringError(
        "partition container: expected exactly one cgc.partition");
  cgc::PartitionOp partition = *partitions.begin();
  auto compiled = std::make_unique<VulkanPartition>(
      std::move(vulkan), std::move(*module), partition);
  if (auto error = compiled->compile(partitionContainer, cache))
    return std::move(error);
  return compiled;
}

} // namespace opencgc::device
