//===- NvvmHostDevice.cpp - NVVM kernels on the host grid -----------------===//
#include "opencgc/Device/NvvmHostDevice.h"

#include "../Cuda/PtxCompiler.h"
#include "../GpuKernels/GpuKernelResponder.h"
#include "../HostGridPartition/HostGridPartition.h"
#include "../Reference/ExchangeResponder.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/NvvmBackend.h"
#include "opencgc/Device/CaptureWriter.h"

using namespace mlir;

namespace opencgc::device {
namespace {

/// What a capture records of one kernel: its PTX and launch shape.
struct CapturedPtx {
  std::shared_ptr<const std::string> ptx;
  std::string entryPoint;
  codegen::KernelLaunch launch;
};

/// Runs `run` with the bytes each operand binds recorded before and after
/// (docs/capture.md); each operand is a buffer of its own.
llvm::Error launchCaptured(CaptureWriter &capture, const CapturedPtx &kernel,
                           llvm::ArrayRef<MemorySpan> operands,
                           llvm::function_ref<llvm::Error()> run) {
  CapturedKernel captured;
  captured.language = "ptx";
  captured.entryPoint = kernel.entryPoint;
  captured.code = {reinterpret_cast<const uint8_t *>(kernel.ptx->data()),
                   kernel.ptx->size()};
  captured.numBindings = operands.size();
  captured.block = kernel.launch.workgroupSize;
  auto id = capture.addKernel(kernel.ptx, captured);
  if (!id)
    return id.takeError();
  return captureHostDispatch(capture, *id, kernel.launch.workgroupCount,
                             operands, run);
}

/// A CPU device (host memory, lists run when executed) whose partitions
/// are NVVM kernels instead of the reference interpreter.
class NvvmHostDevice final : public ReferenceKernelTarget {
public:
  NvvmHostDevice(MLIRContext &context, std::unique_ptr<hostgrid::HostGrid> grid,
                 std::shared_ptr<CaptureWriter> capture,
                 std::unique_ptr<PtxCompiler> ptx,
                 const codegen::KernelTarget &kernelTarget,
                 codegen::Precision precision)
      : ReferenceKernelTarget(context), grid(std::move(grid)),
        capture(std::move(capture)), ptx(std::move(ptx)),
        kernelTarget(kernelTarget), precision(precision) {
    // Before any thread compiles a partition (dialects load only here).
    codegen::loadNvvmCodegenDialects(context);
  }

  llvm::StringRef getName() const override { return kNvvmHostTargetName; }

  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    return responder.answer(request);
  }

protected:
  llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t> container) override {
    auto partition = compileHostGridPartition(
        context, container,
        {kNvvmHostTargetName, kernelTarget, "NVVM kernels JIT-compiled",
         /*concurrent=*/true, precision},
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
      auto captured = capturePtx(kernel);
      if (!captured)
        return captured.takeError();
      launches.push_back(makeLaunch(host, kernel.launch, *captured));
    }
    return launches;
  }

  /// The kernel's PTX when capturing, else nothing.
  llvm::Expected<std::optional<CapturedPtx>>
  capturePtx(const codegen::NvvmKernel &kernel) {
    if (!capture)
      return std::nullopt;
    auto text = ptx->compile(kernel.bitcode, kernel.entryPoint);
    if (!text)
      return text.takeError();
    return CapturedPtx{std::make_shared<const std::string>(std::move(*text)),
                       kernel.entryPoint, kernel.launch};
  }

  /// The kernel takes one bare pointer per operand.
  GridLaunch makeLaunch(std::shared_ptr<hostgrid::HostKernel> host,
                        codegen::KernelLaunch launch,
                        std::optional<CapturedPtx> captured) {
    std::shared_ptr<CaptureWriter> writer = capture;
    return
        [host, launch, captured, writer](llvm::ArrayRef<MemorySpan> operands) {
          auto run = [&] {
            std::vector<void *> parameters;
            for (const MemorySpan &operand : operands)
              parameters.push_back(operand.data);
            return host->launch(launch.workgroupCount, launch.workgroupSize,
                                parameters);
          };
          if (captured)
            return launchCaptured(*writer, *captured, operands, run);
          return run();
        };
  }

  std::unique_ptr<hostgrid::HostGrid> grid;
  std::shared_ptr<CaptureWriter> capture;
  std::unique_ptr<PtxCompiler> ptx;
  /// The kernels of the GPU the captured PTX is for, so that this device
  /// tests what the CUDA device would run there.
  const codegen::KernelTarget &kernelTarget;
  codegen::Precision precision;
  GpuKernelResponder responder{context, kNvvmHostTargetName};
};

} // namespace

llvm::Expected<std::unique_ptr<Device>>
createNvvmHostDevice(MLIRContext &context,
                     const NvvmHostDeviceOptions &options) {
  auto grid = hostgrid::HostGrid::create();
  if (!grid)
    return grid.takeError();
  std::shared_ptr<CaptureWriter> capture;
  std::unique_ptr<PtxCompiler> ptx;
  if (!options.captureDirectory.empty()) {
    auto compiler = PtxCompiler::create(options.capturePtxCapability);
    if (!compiler)
      return llvm::createStringError(
          "--capture on nvvm-host compiles PTX with libNVVM: " +
          llvm::toString(compiler.takeError()));
    ptx = std::move(*compiler);
    auto writer =
        CaptureWriter::create(options.captureDirectory, "cuda", "nvvm-host");
    if (!writer)
      return writer.takeError();
    capture = std::move(*writer);
  }
  return std::make_unique<NvvmHostDevice>(
      context, std::move(*grid), std::move(capture), std::move(ptx),
      options.kernelTarget
          ? *options.kernelTarget
          : codegen::getNvidiaKernelTarget(options.capturePtxCapability),
      options.precision);
}

} // namespace opencgc::device
