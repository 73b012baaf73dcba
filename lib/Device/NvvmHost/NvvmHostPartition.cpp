//===- NvvmHostPartition.cpp - A partition as host-grid kernels -----------===//
//
// The host grid runs a launch to completion, so running the invokes one
// after another honours every cgc.depends and the barriers between the
// kernels of one subgraph.
//
//===----------------------------------------------------------------------===//
#include "NvvmHostPartition.h"
#include "../PartitionInvokes.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/NvvmBackend.h"
#include "opencgc/Device/BindingChecks.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;

namespace opencgc::device {
namespace {

struct GridLaunch {
  std::unique_ptr<hostgrid::HostKernel> kernel;
  codegen::KernelLaunch launch;
};

/// One cgc.invoke: its subgraph and the bind point behind each operand.
struct InvokeStep {
  std::string subgraph;
  llvm::SmallVector<unsigned, 8> operands;
};

class NvvmHostPartition final : public ReferencePartition {
public:
  NvvmHostPartition(OwningOpRef<cgc::ModuleOp> module,
                    cgc::PartitionOp partition)
      : module(std::move(module)), name(partition.getSymName().str()),
        bindPoints(describeBindPoints(partition)) {}

  llvm::Error compile(cgc::PartitionOp partition, hostgrid::HostGrid &grid);
  llvm::StringRef getName() const override { return name; }
  llvm::ArrayRef<BindPoint> getBindPoints() const override {
    return bindPoints;
  }
  std::string getCompileNote() const override {
    return "NVVM kernels JIT-compiled";
  }
  llvm::Error run(llvm::ArrayRef<MemorySpan> bound) const override;

private:
  llvm::Error fail(const llvm::Twine &message) const {
    return llvm::createStringError("partition @" + name + ": " + message);
  }
  llvm::Error generate(cgc::SubgraphOp subgraph, hostgrid::HostGrid &grid);

  OwningOpRef<cgc::ModuleOp> module;
  std::string name;
  std::vector<BindPoint> bindPoints;
  std::vector<InvokeStep> steps;
  llvm::StringMap<std::vector<GridLaunch>> kernels;
};

llvm::Error NvvmHostPartition::generate(cgc::SubgraphOp subgraph,
                                        hostgrid::HostGrid &grid) {
  auto lowered = codegen::lowerToKernelIR(subgraph);
  if (!lowered)
    return fail(llvm::toString(lowered.takeError()));
  auto nvvm = codegen::compileToNvvm(*lowered);
  if (!nvvm)
    return fail(llvm::toString(nvvm.takeError()));
  std::vector<GridLaunch> launches;
  for (const codegen::NvvmKernel &kernel : *nvvm) {
    auto compiled = grid.compile(kernel.bitcode, kernel.entryPoint);
    if (!compiled)
      return fail(llvm::toString(compiled.takeError()));
    launches.push_back({std::move(*compiled), kernel.launch});
  }
  kernels[subgraph.getSymName()] = std::move(launches);
  return llvm::Error::success();
}

llvm::Error NvvmHostPartition::compile(cgc::PartitionOp partition,
                                       hostgrid::HostGrid &grid) {
  auto invokes = collectPartitionInvokes(partition, "nvvm-host");
  if (!invokes)
    return fail(llvm::toString(invokes.takeError()));
  for (PartitionInvoke &invoke : *invokes) {
    cgc::SubgraphOp subgraph = invoke.subgraph;
    steps.push_back({subgraph.getSymName().str(), std::move(invoke.operands)});
    if (!kernels.count(subgraph.getSymName()))
      if (llvm::Error error = generate(subgraph, grid))
        return error;
  }
  return llvm::Error::success();
}

llvm::Error NvvmHostPartition::run(llvm::ArrayRef<MemorySpan> bound) const {
  for (auto [index, step] : llvm::enumerate(steps)) {
    std::vector<void *> parameters;
    for (unsigned bindPoint : step.operands)
      parameters.push_back(bound[bindPoint].data);
    for (const GridLaunch &launch : kernels.at(step.subgraph))
      if (llvm::Error error =
              launch.kernel->launch(launch.launch.workgroupCount,
                                    launch.launch.workgroupSize, parameters))
        return fail("invoke #" + llvm::Twine(index) + " of @" + step.subgraph +
                    ": " + llvm::toString(std::move(error)));
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::shared_ptr<ReferencePartition>>
compileNvvmHostPartition(MLIRContext &context, hostgrid::HostGrid &grid,
                         llvm::ArrayRef<uint8_t> partitionContainer) {
  auto read = readPartitionContainer(partitionContainer, context);
  if (!read)
    return read.takeError();
  cgc::PartitionOp partition = read->partition;
  auto compiled =
      std::make_shared<NvvmHostPartition>(std::move(read->module), partition);
  if (llvm::Error error = compiled->compile(partition, grid))
    return std::move(error);
  return compiled;
}

} // namespace opencgc::device
