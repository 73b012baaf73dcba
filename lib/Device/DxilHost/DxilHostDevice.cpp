//===- DxilHostDevice.cpp - DXIL shaders on the host grid -----------------===//
#include "opencgc/Device/DxilHostDevice.h"

#include "../CacheDirectory.h"
#include "../GpuKernels/GpuKernelResponder.h"
#include "../HostGridPartition/HostGridPartition.h"
#include "../Reference/ExchangeResponder.h"
#include "../Reference/HostResource.h"
#include "DxilContainerCache.h"

#include "opencgc/Codegen/DxilBackend.h"
#include "opencgc/Codegen/DxilValidator.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Device/CaptureWriter.h"

#include <cstring>

using namespace mlir;

namespace opencgc::device {
namespace {

/// A shader and the container it came from (what a capture records).
struct DxilShader {
  std::shared_ptr<hostgrid::DxilHostKernel> kernel;
  std::shared_ptr<const std::vector<uint8_t>> container;
};

/// Register k is the invoke's operand k. A raw buffer view covers whole
/// 32-bit words (R32_TYPELESS), as a D3D12 runtime would size it; the host
/// resources under it are padded.
std::vector<hostgrid::RawBufferBinding>
rawBuffers(llvm::ArrayRef<MemorySpan> operands) {
  std::vector<hostgrid::RawBufferBinding> buffers;
  for (const MemorySpan &operand : operands)
    buffers.push_back({operand.data, HostResource::paddedSize(operand.size)});
  return buffers;
}

llvm::Error launchShader(hostgrid::DxilHostKernel &kernel,
                         std::array<uint32_t, 3> groups,
                         llvm::ArrayRef<MemorySpan> operands) {
  std::vector<hostgrid::RawBufferBinding> buffers = rawBuffers(operands);
  std::vector<hostgrid::RawBufferBinding *> bindings;
  for (hostgrid::RawBufferBinding &buffer : buffers)
    bindings.push_back(&buffer);
  return kernel.launch(groups, bindings);
}

/// Runs the shader with the bytes it binds recorded before and after
/// (docs/capture.md); each operand is a buffer of its own.
llvm::Error launchCaptured(CaptureWriter &capture, const DxilShader &shader,
                           std::array<uint32_t, 3> groups,
                           llvm::ArrayRef<MemorySpan> operands) {
  CapturedKernel kernel;
  kernel.language = "dxil";
  kernel.entryPoint = "main";
  kernel.code = *shader.container;
  kernel.numBindings = operands.size();
  auto id = capture.addKernel(shader.container, kernel);
  if (!id)
    return id.takeError();
  auto run = [&] { return launchShader(*shader.kernel, groups, operands); };
  return captureHostDispatch(capture, *id, groups, operands, run);
}

GridLaunch makeLaunch(DxilShader shader, std::array<uint32_t, 3> groups,
                      std::shared_ptr<CaptureWriter> capture) {
  return [shader, groups, capture](llvm::ArrayRef<MemorySpan> operands) {
    if (capture)
      return launchCaptured(*capture, shader, groups, operands);
    return launchShader(*shader.kernel, groups, operands);
  };
}

class DxilHostDevice final : public ReferenceKernelTarget {
public:
  DxilHostDevice(MLIRContext &context, std::unique_ptr<hostgrid::HostGrid> grid,
                 const DxilHostDeviceOptions &options,
                 std::shared_ptr<CaptureWriter> capture)
      : ReferenceKernelTarget(context), grid(std::move(grid)),
        capture(std::move(capture)),
        cache(chooseCacheDirectory(options.useCache, options.cacheDirectory),
              options.shaderModelMinor) {
    dxilOptions.shaderModelMinor = options.shaderModelMinor;
    // The DXIL backend's dialects load here, before any thread compiles a
    // partition.
    codegen::loadDxilCodegenDialects(context);
  }

  llvm::StringRef getName() const override { return kDxilHostTargetName; }

  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    return responder.answer(request);
  }

protected:
  llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t> container) override {
    auto partition = compileHostGridPartition(
        context, container,
        // One subgraph at a time: the DXIL validator and the container
        // cache have not been checked for concurrent use.
        {kDxilHostTargetName, llvm::cantFail(codegen::getKernelTarget("d3d12")),
         "DXIL shaders validated and JIT-compiled", /*concurrent=*/false},
        [&](codegen::KernelModule &kernels) { return buildShaders(kernels); });
    if (!partition)
      return partition.takeError();
    return std::shared_ptr<CompiledPartition>(std::move(*partition));
  }

private:
  /// Each kernel's DXIL container, from the cache or generated and then
  /// validated again as the device loads it (docs/dxil-validator.md).
  llvm::Expected<std::vector<std::vector<uint8_t>>>
  loadContainers(codegen::KernelModule &kernels) {
    if (auto cached = cache.load(kernels)) // Validated as it was read.
      return std::move(*cached);
    auto dxil = codegen::compileToDxil(kernels, dxilOptions);
    if (!dxil)
      return dxil.takeError();
    std::vector<std::vector<uint8_t>> containers;
    for (codegen::DxilKernel &kernel : *dxil) {
      if (llvm::Error error = codegen::dxilFindingsToError(
              codegen::validateDxilContainer(kernel.container,
                                             /*trustedBitcode=*/true),
              "kernel '" + kernel.launch.name + "'"))
        return std::move(error);
      containers.push_back(std::move(kernel.container));
    }
    cache.store(kernels, containers);
    return containers;
  }

  /// Each kernel's container JIT-compiled from its DXIL part.
  llvm::Expected<std::vector<GridLaunch>>
  buildShaders(codegen::KernelModule &kernels) {
    auto containers = loadContainers(kernels);
    if (!containers)
      return containers.takeError();
    std::vector<GridLaunch> launches;
    for (auto [launch, container] : llvm::zip(kernels.launches, *containers)) {
      auto bitcode = codegen::getDxilPartBitcode(container);
      if (!bitcode)
        return bitcode.takeError();
      auto shader = grid->compileDxil(
          {reinterpret_cast<const char *>(bitcode->data()), bitcode->size()});
      if (!shader)
        return shader.takeError();
      DxilShader compiled{
          std::make_shared<hostgrid::DxilHostKernel>(std::move(*shader)),
          std::make_shared<const std::vector<uint8_t>>(std::move(container))};
      launches.push_back(
          makeLaunch(std::move(compiled), launch.workgroupCount, capture));
    }
    return launches;
  }

  std::unique_ptr<hostgrid::HostGrid> grid;
  std::shared_ptr<CaptureWriter> capture;
  codegen::DxilOptions dxilOptions;
  DxilContainerCache cache;
  GpuKernelResponder responder{context, kDxilHostTargetName};
};

} // namespace

llvm::Expected<std::unique_ptr<Device>>
createDxilHostDevice(MLIRContext &context,
                     const DxilHostDeviceOptions &options) {
  auto grid = hostgrid::HostGrid::create();
  if (!grid)
    return grid.takeError();
  std::shared_ptr<CaptureWriter> capture;
  if (!options.captureDirectory.empty()) {
    auto writer =
        CaptureWriter::create(options.captureDirectory, "d3d12", "dxil-host");
    if (!writer)
      return writer.takeError();
    capture = std::move(*writer);
  }
  return std::make_unique<DxilHostDevice>(context, std::move(*grid), options,
                                          std::move(capture));
}

} // namespace opencgc::device
