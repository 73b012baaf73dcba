//===- DxilHostDevice.cpp - DXIL shaders on the host grid -----------------===//
#include "opencgc/Device/DxilHostDevice.h"

#include "../CacheDirectory.h"
#include "../HostGrid/HostGridPartition.h"
#include "../Reference/ExchangeResponder.h"
#include "../Reference/HostResource.h"
#include "DxilContainerCache.h"

#include "opencgc/Codegen/DxilBackend.h"
#include "opencgc/Codegen/DxilValidator.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/NvvmBackend.h"

using namespace mlir;

namespace opencgc::device {
namespace {

/// Accepts what the kernel generator lowers: float16 kernels become cs_6_2
/// shaders with native 16-bit types, bool bytes are reached inside their
/// 32-bit words.
std::optional<std::string> acceptForDxil(cgc::SubgraphOp subgraph) {
  if (llvm::Error error = codegen::checkKernelSupport(subgraph))
    return llvm::toString(std::move(error));
  return std::nullopt;
}

/// Runs one validated shader: register k is the invoke's operand k.
GridLaunch makeLaunch(std::shared_ptr<hostgrid::DxilHostKernel> shader,
                      std::array<uint32_t, 3> groups) {
  return [shader, groups](llvm::ArrayRef<MemorySpan> operands) {
    std::vector<hostgrid::RawBufferBinding> buffers;
    // A raw buffer view covers whole 32-bit words (R32_TYPELESS), as a
    // D3D12 runtime would size it; the host resources under it are padded.
    for (const MemorySpan &operand : operands)
      buffers.push_back({operand.data, HostResource::paddedSize(operand.size)});
    std::vector<hostgrid::RawBufferBinding *> bindings;
    for (hostgrid::RawBufferBinding &buffer : buffers)
      bindings.push_back(&buffer);
    return shader->launch(groups, bindings);
  };
}

class DxilHostDevice final : public ReferenceKernelTarget {
public:
  DxilHostDevice(MLIRContext &context, std::unique_ptr<hostgrid::HostGrid> grid,
                 const DxilHostDeviceOptions &options)
      : ReferenceKernelTarget(context), grid(std::move(grid)),
        cache(options.useCache ? getCacheDirectory() : "",
              options.shaderModelMinor) {
    dxilOptions.shaderModelMinor = options.shaderModelMinor;
    // The DXIL backend lowers through the NVVM path's LLVM module; its
    // dialects load here, before any thread compiles a partition.
    codegen::loadNvvmCodegenDialects(context);
  }

  llvm::StringRef getName() const override { return kDxilHostTargetName; }

  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    return responder.answer(request, acceptForDxil);
  }

protected:
  llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t> container) override {
    auto partition = compileHostGridPartition(
        context, container, kDxilHostTargetName,
        "DXIL shaders validated and JIT-compiled",
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
              codegen::validateDxilContainer(kernel.container),
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
      launches.push_back(makeLaunch(
          std::make_shared<hostgrid::DxilHostKernel>(std::move(*shader)),
          launch.workgroupCount));
    }
    return launches;
  }

  std::unique_ptr<hostgrid::HostGrid> grid;
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
  return std::make_unique<DxilHostDevice>(context, std::move(*grid), options);
}

} // namespace opencgc::device
