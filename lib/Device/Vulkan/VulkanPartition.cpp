//===- VulkanPartition.cpp - A partition as Vulkan compute work -----------===//
//
// Each dispatch (DispatchGraph) records every cgc.invoke of the partition
// into the command list's command buffer, over the buffer ranges its bind
// points resolved to: a barrier only before an invoke that depends
// (cgc.depends) on work recorded since the last barrier of the partition,
// and between the kernels of one subgraph.
//
//===----------------------------------------------------------------------===//
#include "VulkanPartition.h"

#include "../GpuKernels/ConcurrentJobs.h"
#include "../GpuKernels/PartitionInvokes.h"
#include "ConstantLayouts.h"
#include "KernelCache.h"

#include "mlir/IR/SymbolTable.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/SpirvBackend.h"
#include "opencgc/Device/BindingChecks.h"
#include "opencgc/Device/VulkanApi/CommandBatch.h"
#include "opencgc/Device/VulkanApi/ComputePipeline.h"
#include "opencgc/Device/VulkanApi/VulkanBuffer.h"
#include "opencgc/Device/VulkanApi/VulkanContext.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/ADT/StringMap.h"

#include <cstring>
#include <mutex>
#include <optional>

using namespace mlir;

namespace opencgc::device {
namespace {
struct CompiledKernel {
  std::shared_ptr<vulkan::ComputePipeline> pipeline;
  std::array<uint32_t, 3> groups;
};

class GeneratedPartition final : public VulkanPartition {
public:
  GeneratedPartition(std::shared_ptr<vulkan::VulkanContext> vulkan,
                     OwningOpRef<cgc::ModuleOp> module,
                     cgc::PartitionOp partition)
      : vulkan(std::move(vulkan)), module(std::move(module)),
        partition(partition), name(partition.getSymName().str()),
        bindPoints(describeBindPoints(partition)) {}

  llvm::Error compile(llvm::ArrayRef<uint8_t> container,
                      const KernelCache &cache);
  std::string getCompileNote() const override {
    return fromCache ? "kernels from the cache" : "kernels generated";
  }

  llvm::StringRef getName() const override { return name; }
  llvm::ArrayRef<BindPoint> getBindPoints() const override {
    return bindPoints;
  }
  llvm::Error record(vulkan::CommandBatch &batch,
                     llvm::ArrayRef<vulkan::BufferRange> bound) const override;

private:
  llvm::Error fail(const llvm::Twine &message) const {
    return llvm::createStringError("partition @" + name + ": " + message);
  }
  llvm::Error generateKernels(cgc::SubgraphOp subgraph,
                              const codegen::KernelOptions &options,
                              PartitionKernels &generated);
  static bool allValid(const PartitionKernels &cached);
  llvm::Error createPipelines(const PartitionKernels &source);
  /// Guards what subgraphs generated on several threads write.
  std::mutex generatedMutex;

  std::shared_ptr<vulkan::VulkanContext> vulkan;
  OwningOpRef<cgc::ModuleOp> module;
  mutable cgc::PartitionOp partition;
  std::string name;
  llvm::StringMap<std::vector<CompiledKernel>> kernels;
  std::vector<InvokeStep> steps;
  std::vector<BindPoint> bindPoints;
  bool fromCache = false;
};

/// Kernel IR -> validated SPIR-V for one subgraph.
llvm::Error
GeneratedPartition::generateKernels(cgc::SubgraphOp subgraph,
                                    const codegen::KernelOptions &options,
                                    PartitionKernels &generated) {
  auto lowered = codegen::lowerToKernelIR(subgraph, options);
  if (!lowered)
    return fail(llvm::toString(lowered.takeError()));
  // Read-only inputs up to the device's texel limit become uniform texel
  // buffers, lavapipe's fast loads (docs/kernel-ir.md).
  auto spirv =
      codegen::compileToSpirv(*lowered, {vulkan->getTexelBufferLimit()});
  if (!spirv)
    return fail(llvm::toString(spirv.takeError()));
  std::lock_guard<std::mutex> lock(generatedMutex);
  generated[subgraph.getSymName().str()] = std::move(*spirv);
  return llvm::Error::success();
}

/// Every kernel of the partition, subgraph by subgraph in name order.
std::vector<const codegen::SpirvKernel *>
listKernels(const PartitionKernels &kernels) {
  std::vector<const codegen::SpirvKernel *> all;
  for (const auto &entry : kernels)
    for (const codegen::SpirvKernel &kernel : entry.second)
      all.push_back(&kernel);
  return all;
}

/// Cached kernels are validated again: a cache file is outside our control.
/// On every core: spirv-val took 0.67 s of DenseNet-121's 3.3 s from the
/// cache on one (134 kernels, 2.3 MB).
bool GeneratedPartition::allValid(const PartitionKernels &cached) {
  std::vector<const codegen::SpirvKernel *> all = listKernels(cached);
  llvm::Error error = runConcurrently(all.size(), [&](size_t index) {
    return codegen::validateSpirv(all[index]->binary, all[index]->launch.name);
  });
  if (!error)
    return true;
  llvm::consumeError(std::move(error));
  return false;
}

/// Pipelines are created on every core: the driver compiles each kernel
/// then (lavapipe: SPIR-V -> NIR -> LLVM -> machine code), and Vulkan lets
/// pipelines be created from several threads (vkCreateComputePipelines
/// without a pipeline cache). The first failing kernel, in order, is
/// reported.
llvm::Error
GeneratedPartition::createPipelines(const PartitionKernels &source) {
  std::vector<const codegen::SpirvKernel *> all = listKernels(source);
  std::vector<std::shared_ptr<vulkan::ComputePipeline>> pipelines(all.size());
  auto create = [&](size_t index) -> llvm::Error {
    const codegen::SpirvKernel &kernel = *all[index];
    auto pipeline = vulkan->createComputePipeline(
        kernel.binary, kernel.entryPoint, kernel.numBindings);
    if (!pipeline)
      return fail("kernel '" + kernel.launch.name +
                  "': " + llvm::toString(pipeline.takeError()));
    pipelines[index] = std::move(*pipeline);
    return llvm::Error::success();
  };
  if (llvm::Error error = runConcurrently(all.size(), create))
    return error;
  size_t index = 0;
  for (const auto &[subgraph, list] : source) {
    std::vector<CompiledKernel> compiled;
    for (const codegen::SpirvKernel &kernel : list)
      compiled.push_back(
          {std::move(pipelines[index++]), kernel.launch.workgroupCount});
    kernels[subgraph] = std::move(compiled);
  }
  return llvm::Error::success();
}

llvm::Error GeneratedPartition::compile(llvm::ArrayRef<uint8_t> container,
                                        const KernelCache &cache) {
  // lavapipe's configuration on every Vulkan driver: the only one measured
  // (codegen::KernelTarget).
  const codegen::KernelTarget &kernelTarget = codegen::getDefaultKernelTarget();
  std::string key = KernelCache::computeKey(container, vulkan->getDeviceName(),
                                            kernelTarget.getFingerprint());
  std::optional<PartitionKernels> cached = cache.load(key);
  if (cached && !allValid(*cached))
    cached.reset();
  fromCache = cached.has_value();
  PartitionKernels generated;
  auto invokes = collectPartitionInvokes(partition, "Vulkan");
  if (!invokes)
    return fail(llvm::toString(invokes.takeError()));
  // Constants only this partition's kernels read may be bound re-laid out;
  // the layouts are a function of the subgraphs, so cached kernels agree.
  auto options = chooseRelayoutableInputs(partition, *invokes);
  for (auto &entry : options)
    entry.second.target = &kernelTarget;
  recordInputLayouts(bindPoints, partition, *invokes, options);
  auto generatedSteps = generateInvokeStepsConcurrently(
      *invokes, [&](PartitionInvoke &invoke) -> llvm::Error {
        if (cached)
          return llvm::Error::success();
        return generateKernels(invoke.subgraph,
                               options.lookup(invoke.subgraph.getSymName()),
                               generated);
      });
  if (!generatedSteps)
    return generatedSteps.takeError();
  steps = std::move(*generatedSteps);
  if (!cached)
    cache.store(key, generated);
  return createPipelines(cached ? *cached : generated);
}

llvm::Error
GeneratedPartition::record(vulkan::CommandBatch &batch,
                           llvm::ArrayRef<vulkan::BufferRange> bound) const {
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
      ranges.push_back(bound[bindPoint]);
    for (auto [k, kernel] : llvm::enumerate(kernels.at(step.subgraph))) {
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

} // namespace

llvm::Expected<std::shared_ptr<VulkanPartition>> compileVulkanPartition(
    MLIRContext &context, std::shared_ptr<vulkan::VulkanContext> vulkan,
    llvm::ArrayRef<uint8_t> partitionContainer, const KernelCache &cache) {
  auto read = readPartitionContainer(partitionContainer, context);
  if (!read)
    return read.takeError();
  auto compiled = std::make_shared<GeneratedPartition>(
      std::move(vulkan), std::move(read->module), read->partition);
  if (auto error = compiled->compile(partitionContainer, cache))
    return std::move(error);
  return compiled;
}

} // namespace opencgc::device
