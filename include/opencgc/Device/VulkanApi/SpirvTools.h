//===- SpirvTools.h - SPIR-V assembly and validation ------------*- C++ -*-===//
//
// Thin wrappers over SPIRV-Tools for the Vulkan 1.3 environment (SPIR-V up
// to 1.6): tests write kernels as assembly text, and pipelines validate
// modules before a driver sees them.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_VULKAN_SPIRVTOOLS_H
#define OPENCGC_RUNTIME_VULKAN_SPIRVTOOLS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opencgc::vulkan {

/// Assembles SPIR-V assembly text into a binary.
llvm::Expected<std::vector<uint32_t>> assembleSpirv(llvm::StringRef text);

/// Disassembles a binary into text (for diagnostics).
llvm::Expected<std::string> disassembleSpirv(llvm::ArrayRef<uint32_t> words);

struct SpirvValidationOptions {
  /// Accept VK_EXT_scalar_block_layout rules (when the device enables them).
  bool scalarBlockLayout = false;
};

/// Runs the SPIR-V validator for Vulkan 1.3; the error carries its first
/// message.
llvm::Error validateSpirv(llvm::ArrayRef<uint32_t> words,
                          const SpirvValidationOptions &options = {});

} // namespace opencgc::vulkan

#endif // OPENCGC_RUNTIME_VULKAN_SPIRVTOOLS_H
