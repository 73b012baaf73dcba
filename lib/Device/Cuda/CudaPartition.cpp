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
                      PtxCompiler &ptx);
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
  llvm::Error generate(cgc::SubgraphOp subgraph, unsigned numOperands,
                       const std::shared_ptr<cuda::CudaContext> &cuda,
                       PtxCompiler &ptx);

  OwningOpRef<cgc::ModuleOp> module;
  std::string name;
  std::vector<BindPoint> bindPoints;
  std::vector<InvokeStep> steps;
  llvm::StringMap<std::vector<LoadedKernel>> kernels;
  std::string note;
};

llvm::Error
GeneratedPartition::generate(cgc::SubgraphOp subgraph, unsigned numOperands,
                             const std::shared_ptr<cuda::CudaContext> &cuda,
                             PtxCompiler &ptx) {
  auto lowered = codegen::lowerToKernelIR(subgraph);
  if (!lowered)
    return fail(llvm::toString(lowered.takeError()));
  auto nvvm = codegen::compileToNvvm(*lowered);
  if (!nvvm)
    return fail(llvm::toString(nvvm.takeError()));
  std::vector<LoadedKernel> loaded;
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
    auto compiled = CudaKernel::load(cuda, *text, kernel.entryPoint);
    if (!compiled)
      return fail(llvm::toString(compiled.takeError()));
    loaded.push_back({std::move(*compiled),
                      std::make_shared<const std::string>(std::move(*text)),
                      kernel.launch, kernel.entryPoint});
  }
  kernels[subgraph.getSymName()] = std::move(loaded);
  return llvm::Error::success();
}

llvm::Error
GeneratedPartition::compile(cgc::PartitionOp partition,
                            const std::shared_ptr<cuda::CudaContext> &cuda,
                            PtxCompiler &ptx) {
  auto invokes = collectPartitionInvokes(partition, "CUDA");
  if (!invokes)
    return fail(llvm::toString(invokes.takeError()));
  auto generated = generateInvokeSteps(*invokes, [&](PartitionInvoke &invoke) {
    return generate(invoke.subgraph, invoke.operands.size(), cuda, ptx);
  });
  if (!generated)
    return generated.takeError();
  steps = std::move(*generated);
  note = ptx.describe() + " through libNVVM";
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

llvm::Expected<std::shared_ptr<CudaPartition>>
compileCudaPartition(MLIRContext &context,
                     std::shared_ptr<cuda::CudaContext> cuda, PtxCompiler &ptx,
                     llvm::ArrayRef<uint8_t> partitionContainer) {
  auto read = readPartitionContainer(partitionContainer, context);
  if (!read)
    return read.takeError();
  cgc::PartitionOp partition = read->partition;
  auto compiled =
      std::make_shared<GeneratedPartition>(std::move(read->module), partition);
  if (llvm::Error error = compiled->compile(partition, cuda, ptx))
    return std::move(error);
  return compiled;
}

} // namespace opencgc::device
