//===- ShaderFlags.h - Shader flags and the SFI0 feature bits ---*- C++ -*-===//
//
// Bits 0-20 of the entry's shader flags are DXIL.rst "Shader Flags"; the
// later bits and the SFI0 feature bits derived from them are DXC's
// (reference 3.5 and 3.7).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_SHADERFLAGS_H
#define OPENCGC_LIB_CODEGEN_DXIL_SHADERFLAGS_H

#include <cstdint>

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::codegen {

struct DxilModuleFacts;

/// The flags a module's features call for, on the bits this validator
/// models (`checked`); other bits are taken as declared.
struct ShaderFlagUsage {
  uint64_t expected = 0;
  uint64_t checked = 0;
};

ShaderFlagUsage collectShaderFlags(const llvm::Module &module,
                                   const DxilModuleFacts &facts);

/// The SFI0 part's value for a set of shader flags (reference 3.7).
uint64_t getFeatureInfo(uint64_t shaderFlags);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_SHADERFLAGS_H
