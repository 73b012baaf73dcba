//===- VulkanDevice.cpp - The device API on Vulkan 1.3 --------------------===//
#include "opencgc/Device/VulkanDevice.h"

#include "../CacheDirectory.h"
#include "../GpuKernels/GpuKernelResponder.h"
#include "../Reference/ExchangeResponder.h"
#include "KernelCache.h"
#include "VulkanCapture.h"
#include "VulkanCommandList.h"
#include "VulkanMemory.h"
#include "VulkanPartition.h"
#include "opencgc/Device/CaptureWriter.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/SpirvBackend.h"
#include "opencgc/Device/VulkanApi/VulkanContext.h"
#include "opencgc/Device/VulkanApi/VulkanError.h"
#include "opencgc/Tensor/DType.h"

using namespace mlir;

namespace opencgc::device {
namespace {

/// Why a tensor the kernel binds cannot be bound, if it cannot: outputs
/// need one storage buffer range (maxStorageBufferRange: lavapipe's 128 MiB
/// is less than GPT-2's 154 MB embedding, which failed at its first
/// dispatch instead of running on the fallback device), float32 inputs
/// that range or the texel buffer they become (the SPIR-V backend reads
/// read-only float32 buffers within the texel limit as texel buffers: 2^27
/// texels on lavapipe).
std::optional<std::string> checkBinding(Type type, bool isInput,
                                        const vulkan::VulkanContext &vulkan) {
  auto tensor = cast<cgc::TensorType>(type);
  std::optional<DType> dtype = dtypeFromElementType(tensor.getElementType());
  if (!dtype)
    return std::nullopt;
  uint64_t range = vulkan.getLimits().maxStorageBufferRange;
  uint64_t texels = vulkan.getTexelBufferLimit();
  uint64_t elements = uint64_t(tensor.getNumElements());
  uint64_t bytes = getStorageSize(*dtype, elements);
  bool texel = isInput && *dtype == DType::Float32 && elements <= texels;
  if (bytes <= range || texel)
    return std::nullopt;
  return "a" + std::string(isInput ? "n input" : "n output") + " of " +
         std::to_string(bytes) + " bytes exceeds device '" +
         vulkan.getDeviceName().str() + "''s maxStorageBufferRange (" +
         std::to_string(range) + " bytes)" +
         (isInput ? " and is no float32 texel buffer within " +
                        std::to_string(texels) + " texels"
                  : "");
}

/// What the device lacks to run a subgraph's kernels: 16-bit floats,
/// 8-bit storage (bool) and int64 arithmetic need optional features that
/// some drivers (SwiftShader) lack, and every input and output must fit a
/// binding (checkBinding). Values inside a subgraph are never bound.
std::optional<std::string>
checkVulkanFeatures(cgc::SubgraphOp subgraph,
                    const vulkan::VulkanContext &vulkan) {
  bool uses16 = false, uses8 = false;
  auto note = [&](Type type) {
    Type element = cast<cgc::TensorType>(type).getElementType();
    uses16 |= isa<cgc::Float16Type>(element);
    uses8 |= isa<cgc::BoolType>(element);
  };
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  for (Type type : definition.getArgumentTypes())
    note(type);
  definition.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      note(type);
  });
  const vulkan::VulkanFeatures &features = vulkan.getFeatures();
  std::string device = vulkan.getDeviceName().str();
  if (uses16 && !(features.shaderFloat16 && features.storageBuffer16BitAccess))
    return "device '" + device + "' lacks 16-bit float support";
  if (uses8 && !(features.shaderInt8 && features.storageBuffer8BitAccess))
    return "device '" + device + "' lacks 8-bit storage support";
  if (!features.shaderInt64 && codegen::needsInt64Arithmetic(subgraph))
    return "device '" + device + "' lacks 64-bit integer support";
  for (Type type : definition.getArgumentTypes())
    if (std::optional<std::string> why = checkBinding(type, true, vulkan))
      return why;
  for (Type type : definition.getResultTypes())
    if (std::optional<std::string> why = checkBinding(type, false, vulkan))
      return why;
  return std::nullopt;
}

class VulkanDevice final : public Device {
public:
  VulkanDevice(MLIRContext &context,
               std::shared_ptr<vulkan::VulkanContext> vulkan,
               std::string cacheDirectory,
               std::shared_ptr<vulkan::DispatchObserver> capture)
      : context(context), vulkan(vulkan),
        memory(std::make_shared<VulkanAddressSpace>(vulkan)),
        cache(std::move(cacheDirectory)), capture(std::move(capture)) {
    // Before any thread compiles a partition (dialects load only here).
    codegen::loadCodegenDialects(context);
  }

  llvm::StringRef getName() const override { return kVulkanTargetName; }
  MlirProgramsTier getMlirProgramsTier() const override {
    return MlirProgramsTier::Tier2_0;
  }
  bool supportsMlirInterface(const Guid &guid) const override {
    return isExchangeInterface(guid);
  }
  uint64_t getBindingAlignment() const override {
    return memory->getBindingAlignment();
  }
  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    return responder.answer(request);
  }
  llvm::Expected<std::shared_ptr<Resource>>
  createBuffer(uint64_t sizeInBytes) override {
    return memory->createBuffer(sizeInBytes);
  }
  llvm::Expected<std::unique_ptr<CommandList>> createCommandList() override {
    auto batch = vulkan->createCommandBatch();
    if (!batch)
      return batch.takeError();
    if (capture)
      (*batch)->observeEachDispatch(capture);
    return std::make_unique<VulkanCommandList>(*this, memory, submitted,
                                               std::move(*batch));
  }
  /// Submits without waiting; waitForIdle() waits for every list
  /// submitted since the last wait.
  llvm::Error executeCommandList(CommandList &list) override {
    auto own = getExecutableList<VulkanCommandList>(*this, list);
    if (!own)
      return own.takeError();
    return (*own)->submit();
  }
  llvm::Error waitForIdle() override { return submitted->waitAll(); }

protected:
  llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t> container) override {
    return compileVulkanPartition(context, vulkan, container, cache);
  }

private:
  MLIRContext &context;
  std::shared_ptr<vulkan::VulkanContext> vulkan;
  std::shared_ptr<VulkanAddressSpace> memory;
  std::shared_ptr<SubmittedLists> submitted =
      std::make_shared<SubmittedLists>();
  KernelCache cache;
  std::shared_ptr<vulkan::DispatchObserver> capture;
  GpuKernelResponder responder{context, kVulkanTargetName,
                               [vulkan = vulkan](cgc::SubgraphOp subgraph) {
                                 return checkVulkanFeatures(subgraph, *vulkan);
                               }};
};
} // namespace

llvm::Expected<std::unique_ptr<Device>>
createVulkanDevice(MLIRContext &context, const VulkanDeviceOptions &options) {
  vulkan::VulkanOptions vulkanOptions;
  vulkanOptions.deviceName = options.preferredDevice;
  auto created = vulkan::VulkanContext::create(vulkanOptions);
  if (!created)
    return created.takeError();
  std::shared_ptr<vulkan::DispatchObserver> capture;
  if (!options.captureDirectory.empty()) {
    auto writer = CaptureWriter::create(options.captureDirectory, "vulkan",
                                        (*created)->getDeviceName());
    if (!writer)
      return writer.takeError();
    capture = createVulkanCaptureObserver(std::move(*writer));
  }
  return std::make_unique<VulkanDevice>(
      context, std::shared_ptr<vulkan::VulkanContext>(std::move(*created)),
      chooseCacheDirectory(options.useCache, options.cacheDirectory),
      std::move(capture));
}

} // namespace opencgc::device
