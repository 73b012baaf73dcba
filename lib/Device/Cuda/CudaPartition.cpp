//===- CudaPartition.cpp - A partition as CUDA kernels --------------------===//
//
// Every launch of a partition goes to one stream, so running the invokes
// in order honours every cgc.depends and the barriers between the kernels
// of one subgraph.
//
//===----------------------------------------------------------------------===//
#include "CudaPartition.h"
#include "../GpuKernels/PartitionInvokes.h"
#include "CudaKernel.h"
#include "PtxCompiler.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/NvvmBackend.h"
#include "opencgc/Device/BindingChecks.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include "llvm/ADT/StringMap.h"

#include <map>
#include <mutex>

using namespace mlir;

namespace opencgc::device {
namespace {

struct LoadedKernel {
  std::unique_ptr<CudaKernel> kernel;
  std::shared_ptr<const std::string> ptx;
  codegen::KernelLaunch launch;
  std::string entryPoint;
};

class GeneratedPartition final : public CudaPartition {
public:
  GeneratedPartition(OwningOpRef<cgc::ModuleOp> module,
                     cgc::PartitionOp partition)
      : module(std::move(module)), name(partition.getSymName().str()),
        bindPoints(describeBindPoints(partition)) {}

  llvm::Error compile(cgc::PartitionOp partition,
                      const std::shared_ptr<cuda::CudaContext> &cuda,
                      PtxCompiler &ptx, const codegen::KernelTarget &target,
                      codegen::Precision precision);
  llvm::StringRef getName() const override { return name; }
  llvm::ArrayRef<BindPoint> getBindPoints() const override {
    return bindPoints;
  }
  std::string getCompileNote() const override { return note; }
  void record(llvm::ArrayRef<cuda::CUdeviceptr> bound,
              std::vector<CudaLaunch> &launches) const override;

private:
  llvm::Error fail(const llvm::Twine &message) const {
    return llvm::createStringError("partition @" + name + ": " + message);
  }
  /// A kernel as libNVVM compiled it, not yet loaded.
  struct PtxKernel {
    std::string ptx;
    codegen::KernelLaunch launch;
    std::string entryPoint;
  };
  llvm::Error generate(cgc::SubgraphOp subgraph, unsigned numOperands,
                       const codegen::KernelOptions &options, PtxCompiler &ptx);
  llvm::Error load(const std::shared_ptr<cuda::CudaContext> &cuda);
  /// What generate wrote, from several threads, for load.
  std::mutex generatedMutex;
  std::map<std::string, std::vector<PtxKernel>> generated;

  OwningOpRef<cgc::ModuleOp> module;
  std::string name;
  std::vector<BindPoint> bindPoints;
  std::vector<InvokeStep> steps;
  llvm::StringMap<std::vector<LoadedKernel>> kernels;
  std::string note;
};

/// Kernel IR -> NVVM IR -> PTX for one subgraph; safe on several threads
/// (libNVVM is: its API reference, "Thread Safety").
llvm::Error GeneratedPartition::generate(cgc::SubgraphOp subgraph,
                                         unsigned numOperands,
                                         const codegen::KernelOptions &options,
                                         PtxCompiler &ptx) {
  auto lowered = codegen::lowerToKernelIR(subgraph, options);
  if (!lowered)
    return fail(llvm::toString(lowered.takeError()));
  auto nvvm = codegen::compileToNvvm(*lowered);
  if (!nvvm)
    return fail(llvm::toString(nvvm.takeError()));
  std::vector<PtxKernel> kernels;
  for (const codegen::NvvmKernel &kernel : *nvvm) {
    // The launch passes one pointer per invoke operand.
    if (kernel.numBindings != numOperands)
      return fail("kernel @" + kernel.entryPoint + " takes " +
                  llvm::Twine(kernel.numBindings) + " pointers, the invoke " +
                  "of @" + subgraph.getSymName() + " binds " +
                  llvm::Twine(numOperands));
    auto text = ptx.compile(kernel.bitcode, kernel.entryPoint);
    if (!text)
      return fail(llvm::toString(text.takeError()));
    kernels.push_back({std::move(*text), kernel.launch, kernel.entryPoint});
  }
  std::lock_guard<std::mutex> lock(generatedMutex);
  generated[subgraph.getSymName().str()] = std::move(kernels);
  return llvm::Error::success();
}

/// The driver loads the PTX on the thread whose context is current.
llvm::Error
GeneratedPartition::load(const std::shared_ptr<cuda::CudaContext> &cuda) {
  for (auto &[subgraph, list] : generated) {
    std::vector<LoadedKernel> loaded;
    for (PtxKernel &kernel : list) {
      auto compiled = CudaKernel::load(cuda, kernel.ptx, kernel.entryPoint);
      if (!compiled)
        return fail(llvm::toString(compiled.takeError()));
      loaded.push_back(
          {std::move(*compiled),
           std::make_shared<const std::string>(std::move(kernel.ptx)),
           kernel.launch, kernel.entryPoint});
    }
    kernels[subgraph] = std::move(loaded);
  }
  generated.clear();
  return llvm::Error::success();
}

llvm::Error GeneratedPartition::compile(
    cgc::PartitionOp partition, const std::shared_ptr<cuda::CudaContext> &cuda,
    PtxCompiler &ptx, const codegen::KernelTarget &target,
    codegen::Precision precision) {
  auto invokes = collectPartitionInvokes(partition, "CUDA");
  if (!invokes)
    return fail(llvm::toString(invokes.takeError()));
  codegen::KernelOptions options;
  options.target = &target;
  options.precision = precision;
  auto steps =
      generateInvokeStepsConcurrently(*invokes, [&](PartitionInvoke &invoke) {
        return generate(invoke.subgraph, invoke.operands.size(), options, ptx);
      });
  if (!steps)
    return steps.takeError();
  if (llvm::Error error = load(cuda))
    return error;
  this->steps = std::move(*steps);
  note = ptx.describe() + " through libNVVM, " +
         codegen::describeKernelConfiguration(target, precision);
  return llvm::Error::success();
}

void GeneratedPartition::record(llvm::ArrayRef<cuda::CUdeviceptr> bound,
                                std::vector<CudaLaunch> &launches) const {
  for (auto [index, step] : llvm::enumerate(steps)) {
    std::vector<cuda::CUdeviceptr> arguments;
    for (unsigned bindPoint : step.operands)
      arguments.push_back(bound[bindPoint]);
    for (const LoadedKernel &kernel : kernels.at(step.subgraph))
      launches.push_back(
          {kernel.kernel->getFunction(), kernel.launch.workgroupCount,
           kernel.launch.workgroupSize, arguments,
           "partition @" + name + ", invoke #" + std::to_string(index) +
               " of @" + step.subgraph + ", kernel @" + kernel.entryPoint,
           kernel.ptx, kernel.entryPoint});
  }
}

} // namespace

llvm::Expected<std::shared_ptr<CudaPartition>> compileCudaPartition(
    MLIRContext &context, std::shared_ptr<cuda::CudaContext> cuda,
    PtxCompiler &ptx, const codegen::KernelTarget &kernelTarget,
    codegen::Precision precision, llvm::ArrayRef<uint8_t> partitionContainer) {
  auto read = readPartitionContainer(partitionContainer, context);
  if (!read)
    return read.takeError();
  cgc::PartitionOp partition = read->partition;
  auto compiled =
      std::make_shared<GeneratedPartition>(std::move(read->module), partition);
  if (llvm::Error error =
          compiled->compile(partition, cuda, ptx, kernelTarget, precision))
    return std::move(error);
  return compiled;
}

} // namespace opencgc::device
