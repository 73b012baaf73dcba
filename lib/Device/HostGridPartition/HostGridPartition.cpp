//===- HostGridPartition.cpp - A partition as host-grid kernels -----------===//
//
// The host grid runs a launch to completion, so running the invokes one
// after another honours every cgc.depends and the barriers between the
// kernels of one subgraph.
//
//===----------------------------------------------------------------------===//
#include "HostGridPartition.h"

#include "../GpuKernels/PartitionInvokes.h"

#include "opencgc/Device/CaptureWriter.h"

#include "opencgc/Device/BindingChecks.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include "llvm/ADT/StringMap.h"

#include <cstring>
#include <mutex>

using namespace mlir;

namespace opencgc::device {
namespace {

class HostGridPartition final : public HostPartition {
public:
  HostGridPartition(OwningOpRef<cgc::ModuleOp> module,
                    cgc::PartitionOp partition, llvm::StringRef compileNote)
      : module(std::move(module)), name(partition.getSymName().str()),
        bindPoints(describeBindPoints(partition)),
        compileNote(compileNote.str()) {}

  llvm::Error compile(cgc::PartitionOp partition,
                      const GridKernelSource &source,
                      const GridKernelBuilder &build);
  llvm::StringRef getName() const override { return name; }
  llvm::ArrayRef<BindPoint> getBindPoints() const override {
    return bindPoints;
  }
  std::string getCompileNote() const override { return compileNote; }
  llvm::Error run(llvm::ArrayRef<MemorySpan> bound) const override;

private:
  llvm::Error fail(const llvm::Twine &message) const {
    return llvm::createStringError("partition @" + name + ": " + message);
  }
  llvm::Error generate(cgc::SubgraphOp subgraph,
                       const codegen::KernelOptions &options,
                       const GridKernelBuilder &build);

  OwningOpRef<cgc::ModuleOp> module;
  std::string name;
  std::vector<BindPoint> bindPoints;
  std::vector<InvokeStep> steps;
  llvm::StringMap<std::vector<GridLaunch>> kernels;
  /// Guards `kernels` while subgraphs are generated concurrently.
  std::mutex kernelsMutex;
  std::string compileNote;
};

llvm::Error HostGridPartition::generate(cgc::SubgraphOp subgraph,
                                        const codegen::KernelOptions &options,
                                        const GridKernelBuilder &build) {
  auto lowered = codegen::lowerToKernelIR(subgraph, options);
  if (!lowered)
    return fail(llvm::toString(lowered.takeError()));
  auto launches = build(*lowered);
  if (!launches)
    return fail(llvm::toString(launches.takeError()));
  std::lock_guard<std::mutex> lock(kernelsMutex);
  kernels[subgraph.getSymName()] = std::move(*launches);
  return llvm::Error::success();
}

llvm::Error HostGridPartition::compile(cgc::PartitionOp partition,
                                       const GridKernelSource &source,
                                       const GridKernelBuilder &build) {
  auto invokes = collectPartitionInvokes(partition, source.deviceName);
  if (!invokes)
    return fail(llvm::toString(invokes.takeError()));
  codegen::KernelOptions options;
  options.target = &source.kernelTarget;
  options.precision = source.precision;
  auto generateOne = [&](PartitionInvoke &invoke) {
    return generate(invoke.subgraph, options, build);
  };
  auto generated = source.concurrent
                       ? generateInvokeStepsConcurrently(*invokes, generateOne)
                       : generateInvokeSteps(*invokes, generateOne);
  if (!generated)
    return generated.takeError();
  steps = std::move(*generated);
  return llvm::Error::success();
}

llvm::Error HostGridPartition::run(llvm::ArrayRef<MemorySpan> bound) const {
  for (auto [index, step] : llvm::enumerate(steps)) {
    std::vector<MemorySpan> operands;
    for (unsigned bindPoint : step.operands)
      operands.push_back(bound[bindPoint]);
    for (const GridLaunch &launch : kernels.at(step.subgraph))
      if (llvm::Error error = launch(operands))
        return fail("invoke #" + llvm::Twine(index) + " of @" + step.subgraph +
                    ": " + llvm::toString(std::move(error)));
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::shared_ptr<HostPartition>> compileHostGridPartition(
    MLIRContext &context, llvm::ArrayRef<uint8_t> partitionContainer,
    const GridKernelSource &source, const GridKernelBuilder &build) {
  auto read = readPartitionContainer(partitionContainer, context);
  if (!read)
    return read.takeError();
  cgc::PartitionOp partition = read->partition;
  auto compiled = std::make_shared<HostGridPartition>(
      std::move(read->module), partition,
      source.compileNote.str() + ", " +
          codegen::describeKernelConfiguration(source.kernelTarget,
                                               source.precision));
  if (llvm::Error error = compiled->compile(partition, source, build))
    return std::move(error);
  return compiled;
}

llvm::Error captureHostDispatch(CaptureWriter &capture,
                                llvm::StringRef kernelId,
                                std::array<uint32_t, 3> groups,
                                llvm::ArrayRef<MemorySpan> operands,
                                llvm::function_ref<llvm::Error()> run) {
  std::vector<CapturedBinding> bindings;
  for (const MemorySpan &operand : operands)
    bindings.push_back({operand.data, operand.size, 0, operand.size});
  auto read = [](const void *buffer, uint64_t offset,
                 llvm::MutableArrayRef<uint8_t> out) {
    std::memcpy(out.data(), static_cast<const uint8_t *>(buffer) + offset,
                out.size());
    return llvm::Error::success();
  };
  return capture.captureDispatch(kernelId, groups, bindings, read, run);
}

} // namespace opencgc::device
