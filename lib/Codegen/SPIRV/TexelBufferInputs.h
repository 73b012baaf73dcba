//===- TexelBufferInputs.h - Read-only inputs as texel buffers --*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_SPIRV_TEXELBUFFERINPUTS_H
#define OPENCGC_LIB_CODEGEN_SPIRV_TEXELBUFFERINPUTS_H

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

#include <cstdint>

namespace opencgc::codegen {

/// Turns each storage buffer of `module` that is only loaded from, holds an
/// f32 or vector<4xf32> array of at most `maxTexelBufferElements` elements,
/// into a uniform texel buffer (an R32f or Rgba32f image of Dim Buffer at
/// the same binding) read with OpImageFetch. Runs after the ABI lowering
/// and before spirv-update-vce; 0 disables it.
void useTexelBuffersForInputs(mlir::spirv::ModuleOp module,
                              uint32_t maxTexelBufferElements);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_SPIRV_TEXELBUFFERINPUTS_H
