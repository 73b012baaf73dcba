//===- VulkanDevice.cpp - The device API on Vulkan 1.3 --------------------===//
#include "opencgc/Device/VulkanDevice.h"

#include "../Reference/ExchangeResponder.h"
#include "VulkanPartition.h"

#include "mlir/Parser/Parser.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Runtime/Vulkan/VulkanContext.h"
#include "opencgc/Runtime/Vulkan/VulkanError.h"

using namespace mlir;

namespace opencgc::device {
namespace {
/// What the kernel generator fuses today: elementwise chains (with every
/// escaping value as a result). Specialization rejects what it cannot
/// lower, which then runs on the fallback target.
constexpr llvm::StringLiteral kVulkanDeclaration = R"mlir(
cgc.module {
  cgc_pattern.declaration @vulkan {
    cgc_pattern.pattern @elementwise attributes {multi_output} {
      %0 = cgc_pattern.chain {class = "elementwise", min = 1}
      cgc_pattern.yield %0
    }
  }
}
)mlir";

std::optional<std::string> specializeForVulkan(cgc::SubgraphOp subgraph) {
  if (llvm::Error error = codegen::checkKernelSupport(subgraph))
    return llvm::toString(std::move(error));
  return std::nullopt;
}

class VulkanDevice final : public Device {
public:
  VulkanDevice(MLIRContext &context,
               std::shared_ptr<vulkan::VulkanContext> vulkan)
      : context(context), vulkan(std::move(vulkan)) {}

  llvm::StringRef getName() const override { return kVulkanTargetName; }
  MlirProgramsTier getMlirProgramsTier() const override {
    return MlirProgramsTier::Tier1_0;
  }
  bool supportsMlirInterface(const Guid &guid) const override {
    return isExchangeInterface(guid);
  }
  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    if (!declaration) {
      declaration = parseSourceString<cgc::ModuleOp>(kVulkanDeclaration,
                                                     &context);
      if (!declaration)
        return llvm::createStringError(
            "internal error: the Vulkan declaration does not parse");
    }
    return answerExchange(request, *declaration, specializeForVulkan);
  }
  llvm::Expected<std::unique_ptr<CompiledPartition>>
  compilePartition(llvm::ArrayRef<uint8_t> container) override {
    return compileVulkanPartition(context, vulkan, container);
  }

private:
  MLIRContext &context;
  std::shared_ptr<vulkan::VulkanContext> vulkan;
  OwningOpRef<cgc::ModuleOp> declaration;
};
} // namespace

llvm::Expected<std::unique_ptr<Device>>
createVulkanDevice(MLIRContext &context, const VulkanDeviceOptions &options) {
  vulkan::VulkanOptions vulkanOptions;
  vulkanOptions.deviceName = options.preferredDevice;
  auto created = vulkan::VulkanContext::create(vulkanOptions);
  if (!created)
    return created.takeError();
  return std::make_unique<VulkanDevice>(
      context, std::shared_ptr<vulkan::VulkanContext>(std::move(*created)));
}

} // namespace opencgc::device
