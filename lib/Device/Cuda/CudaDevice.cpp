//===- CudaDevice.cpp - The device API on NVIDIA GPUs ---------------------===//
#include "opencgc/Device/CudaDevice.h"

#include "../CacheDirectory.h"
#include "../GpuKernels/GpuKernelResponder.h"
#include "../Reference/ExchangeResponder.h"
#include "CudaCommandList.h"
#include "CudaContext.h"
#include "CudaMemory.h"
#include "CudaPartition.h"
#include "PtxCompiler.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/NvvmBackend.h"

using namespace mlir;

namespace opencgc::device {
namespace {

/// What the cuda device and the compile-only cuda target both are: the
/// target named cuda, answering the MLIR exchange the same way.
class CudaTarget : public Device {
public:
  explicit CudaTarget(MLIRContext &context) : context(context) {}

  llvm::StringRef getName() const override { return kCudaTargetName; }
  MlirProgramsTier getMlirProgramsTier() const override {
    return MlirProgramsTier::Tier2_0;
  }
  bool supportsMlirInterface(const Guid &guid) const override {
    return isExchangeInterface(guid);
  }
  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    return responder.answer(request);
  }

protected:
  MLIRContext &context;

private:
  GpuKernelResponder responder{context, kCudaTargetName};
};

class CudaDevice final : public CudaTarget {
public:
  CudaDevice(MLIRContext &context, std::shared_ptr<cuda::CudaContext> cuda,
             std::unique_ptr<PtxCompiler> ptx,
             std::shared_ptr<CaptureWriter> capture,
             const codegen::KernelTarget &kernelTarget,
             codegen::Precision precision)
      : CudaTarget(context), cuda(cuda),
        memory(std::make_shared<CudaAddressSpace>(cuda)), ptx(std::move(ptx)),
        capture(std::move(capture)), kernelTarget(kernelTarget),
        precision(precision) {
    // Before any thread compiles a partition (dialects load only here).
    codegen::loadNvvmCodegenDialects(context);
  }

  llvm::Expected<std::shared_ptr<Resource>>
  createBuffer(uint64_t sizeInBytes) override {
    return memory->createBuffer(sizeInBytes);
  }
  llvm::Expected<std::unique_ptr<CommandList>> createCommandList() override {
    return std::make_unique<CudaCommandList>(*this, cuda, memory, capture);
  }
  /// Launches without waiting; waitForIdle() waits for the queue.
  llvm::Error executeCommandList(CommandList &list) override {
    auto own = getExecutableList<CudaCommandList>(*this, list);
    if (!own)
      return own.takeError();
    return (*own)->submit();
  }
  llvm::Error waitForIdle() override {
    if (llvm::Error error = cuda->makeCurrent())
      return error;
    return cuda->check(cuda->api().cuStreamSynchronize(cuda->getQueue()),
                       "cuStreamSynchronize");
  }

protected:
  llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t> container) override {
    auto partition = compileCudaPartition(context, cuda, *ptx, kernelTarget,
                                          precision, container);
    if (!partition)
      return partition.takeError();
    return std::shared_ptr<CompiledPartition>(std::move(*partition));
  }

private:
  std::shared_ptr<cuda::CudaContext> cuda;
  std::shared_ptr<CudaAddressSpace> memory;
  std::unique_ptr<PtxCompiler> ptx;
  std::shared_ptr<CaptureWriter> capture;
  const codegen::KernelTarget &kernelTarget;
  codegen::Precision precision;
};

/// Declares and accepts what the cuda device does; refuses to run.
class CudaCompileTarget final : public CudaTarget {
public:
  explicit CudaCompileTarget(MLIRContext &context) : CudaTarget(context) {}

  llvm::Expected<std::shared_ptr<Resource>> createBuffer(uint64_t) override {
    return refuse();
  }
  llvm::Expected<std::unique_ptr<CommandList>> createCommandList() override {
    return refuse();
  }
  llvm::Error executeCommandList(CommandList &) override { return refuse(); }
  llvm::Error waitForIdle() override { return llvm::Error::success(); }

protected:
  llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t>) override {
    return refuse();
  }

private:
  static llvm::Error refuse() {
    return llvm::createStringError("the cuda compile target runs nothing; run "
                                   "the compiled model with --device cuda");
  }
};

} // namespace

std::unique_ptr<Device> createCudaCompileTarget(MLIRContext &context) {
  return std::make_unique<CudaCompileTarget>(context);
}

llvm::Expected<std::unique_ptr<Device>>
createCudaDevice(MLIRContext &context, const CudaDeviceOptions &options) {
  auto driver = cuda::CudaDriver::get();
  if (!driver)
    return driver.takeError();
  auto gpu = cuda::CudaContext::open(*driver);
  if (!gpu)
    return gpu.takeError();
  auto ptx = PtxCompiler::create(
      (*gpu)->getComputeCapability(),
      chooseCacheDirectory(options.useCache, options.cacheDirectory));
  if (!ptx)
    return llvm::createStringError((*gpu)->getDescription() + ": " +
                                   llvm::toString(ptx.takeError()));
  std::shared_ptr<CaptureWriter> capture;
  if (!options.captureDirectory.empty()) {
    auto writer = CaptureWriter::create(options.captureDirectory, "cuda",
                                        (*gpu)->getDescription());
    if (!writer)
      return writer.takeError();
    capture = std::move(*writer);
  }
  const codegen::KernelTarget &kernelTarget =
      options.kernelTarget
          ? *options.kernelTarget
          : codegen::getNvidiaKernelTarget((*gpu)->getComputeCapability());
  return std::make_unique<CudaDevice>(context, std::move(*gpu), std::move(*ptx),
                                      std::move(capture), kernelTarget,
                                      options.precision);
}

} // namespace opencgc::device
