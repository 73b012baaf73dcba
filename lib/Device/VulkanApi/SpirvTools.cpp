//===- SpirvTools.cpp - SPIR-V assembly and validation --------------------===//

#include "opencgc/Device/VulkanApi/SpirvTools.h"

#include <spirv-tools/libspirv.hpp>

using namespace opencgc::vulkan;

namespace {
/// SpirvTools for Vulkan 1.3 that keeps the first diagnostic.
struct Tools {
  spvtools::SpirvTools tools{SPV_ENV_VULKAN_1_3};
  std::string firstMessage;

  Tools() {
    tools.SetMessageConsumer([this](spv_message_level_t, const char *,
                                    const spv_position_t &position,
                                    const char *message) {
      if (firstMessage.empty())
        firstMessage = "line " + std::to_string(position.line) + ", word " +
                       std::to_string(position.index) + ": " + message;
    });
  }

  llvm::Error fail(llvm::StringRef what) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   what + ": " +
                                       (firstMessage.empty()
                                            ? std::string("no diagnostic")
                                            : firstMessage));
  }
};
} // namespace

llvm::Expected<std::vector<uint32_t>>
opencgc::vulkan::assembleSpirv(llvm::StringRef text) {
  Tools tools;
  std::vector<uint32_t> words;
  if (!tools.tools.Assemble(text.data(), text.size(), &words))
    return tools.fail("SPIR-V assembly failed");
  return words;
}

llvm::Expected<std::string>
opencgc::vulkan::disassembleSpirv(llvm::ArrayRef<uint32_t> words) {
  Tools tools;
  std::string text;
  if (!tools.tools.Disassemble(words.data(), words.size(), &text,
                               SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES))
    return tools.fail("SPIR-V disassembly failed");
  return text;
}

llvm::Error
opencgc::vulkan::validateSpirv(llvm::ArrayRef<uint32_t> words,
                               const SpirvValidationOptions &options) {
  Tools tools;
  spvtools::ValidatorOptions validatorOptions;
  validatorOptions.SetScalarBlockLayout(options.scalarBlockLayout);
  if (!tools.tools.Validate(words.data(), words.size(), validatorOptions))
    return tools.fail("invalid SPIR-V");
  return llvm::Error::success();
}
