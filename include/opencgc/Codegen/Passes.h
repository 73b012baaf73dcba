//===- Passes.h - Code generation steps as MLIR passes ----------*- C++ -*-===//
//
// The passes of Passes.td: cgc-lower-to-kernel-ir, then cgc-kernel-to-spirv
// or cgc-kernel-to-llvm, each running on a builtin.module around the IR
// (docs/kernel-ir.md, "As passes"). opencgc-opt registers them and the
// dialects their output holds, so a file any of them wrote can be read back
// and taken on by the next.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_PASSES_H
#define OPENCGC_CODEGEN_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace opencgc::codegen {

#define GEN_PASS_DECL
#include "opencgc/Codegen/Passes.h.inc"

/// Registers the dialects of Kernel IR and of what the passes make of it
/// (SPIR-V, LLVM, NVVM, cf), so that their output parses.
void registerCodegenDialects(mlir::DialectRegistry &registry);

#define GEN_PASS_REGISTRATION
#include "opencgc/Codegen/Passes.h.inc"

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_PASSES_H
