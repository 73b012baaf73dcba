//===- SpirvValidation.cpp - SPIRV-Tools validation for Vulkan 1.3 --------===//
#include "opencgc/Codegen/SpirvBackend.h"

#include <spirv-tools/libspirv.hpp>

namespace opencgc::codegen {

llvm::Error validateSpirv(llvm::ArrayRef<uint32_t> binary,
                          llvm::StringRef kernelName) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char *,
                               const spv_position_t &position,
                               const char *message) {
    if (!messages.empty())
      messages += "; ";
    messages += "word " + std::to_string(position.index) + ": " + message;
  });
  if (tools.Validate(binary.data(), binary.size()))
    return llvm::Error::success();
  return llvm::createStringError(
      "kernel @" + kernelName.str() + ": SPIR-V fails Vulkan 1.3 validation: " +
      (messages.empty() ? std::string("no message") : messages));
}

} // namespace opencgc::codegen
