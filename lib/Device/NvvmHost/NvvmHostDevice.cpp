//===- NvvmHostDevice.cpp - NVVM kernels on the host grid -----------------===//
#include "opencgc/Device/NvvmHostDevice.h"

#include "../HostGrid/HostGridPartition.h"
#include "../Reference/ExchangeResponder.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/NvvmBackend.h"

using namespace mlir;

namespace opencgc::device {
namespace {

/// A CPU device (host memory, lists run when executed) whose partitions
/// are NVVM kernels instead of the reference interpreter.
class NvvmHostDevice final : public ReferenceKernelTarget {
public:
  NvvmHostDevice(MLIRContext &context, std::unique_ptr<hostgrid::HostGrid> grid)
      : ReferenceKernelTarget(context), grid(std::move(grid)) {
    // Before any thread compiles a partition (dialects load only here).
    codegen::loadNvvmCodegenDialects(context);
  }

  llvm::StringRef getName() const override { return kNvvmHostTargetName; }

  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    return responder.answer(
        request, [](cgc::SubgraphOp subgraph) -> std::optional<std::string> {
          if (llvm::Error error = codegen::checkKernelSupport(subgraph))
            return llvm::toString(std::move(error));
          return std::nullopt;
        });
  }

protected:
  llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t> container) override {
    auto partition = compileHostGridPartition(
        context, container, kNvvmHostTargetName, "NVVM kernels JIT-compiled",
        [&](codegen::KernelModule &kernels) {
          return buildNvvmKernels(kernels);
        });
    if (!partition)
      return partition.takeError();
    return std::shared_ptr<CompiledPartition>(std::move(*partition));
  }

private:
  /// NVVM bitcode for each kernel, JIT-compiled by the grid.
  llvm::Expected<std::vector<GridLaunch>>
  buildNvvmKernels(codegen::KernelModule &kernels) {
    auto nvvm = codegen::compileToNvvm(kernels);
    if (!nvvm)
      return nvvm.takeError();
    std::vector<GridLaunch> launches;
    for (const codegen::NvvmKernel &kernel : *nvvm) {
      auto compiled = grid->compile(kernel.bitcode, kernel.entryPoint);
      if (!compiled)
        return compiled.takeError();
      std::shared_ptr<hostgrid::HostKernel> host = std::move(*compiled);
      codegen::KernelLaunch launch = kernel.launch;
      // The kernel takes one bare pointer per operand.
      launches.push_back([host, launch](llvm::ArrayRef<MemorySpan> operands) {
        std::vector<void *> parameters;
        for (const MemorySpan &operand : operands)
          parameters.push_back(operand.data);
        return host->launch(launch.workgroupCount, launch.workgroupSize,
                            parameters);
      });
    }
    return launches;
  }

  std::unique_ptr<hostgrid::HostGrid> grid;
  GpuKernelResponder responder{context, kNvvmHostTargetName};
};

} // namespace

llvm::Expected<std::unique_ptr<Device>>
createNvvmHostDevice(MLIRContext &context) {
  auto grid = hostgrid::HostGrid::create();
  if (!grid)
    return grid.takeError();
  return std::make_unique<NvvmHostDevice>(context, std::move(*grid));
}

} // namespace opencgc::device
