//===- Passes.h - The compiler's stages as MLIR passes ----------*- C++ -*-===//
//
// The passes of Passes.td and the pipeline `opencgc compile` runs:
//   cgc.module(cgc-prepare-entry-point, cgc-compile-to-output-ir{...})
// opencgc-opt registers them, so any prefix runs on its own.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_COMPILER_PASSES_H
#define OPENCGC_COMPILER_PASSES_H

#include "mlir/Pass/Pass.h"
#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCOp/CGCOpDialect.h"

#include <memory>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace opencgc::compiler {

#define GEN_PASS_DECL
#include "opencgc/Compiler/Passes.h.inc"

/// What compiling leaves besides the Output IR: plan.json and the memory
/// figures (`opencgc compile` writes and prints them).
struct CompileReport {
  llvm::json::Value plan = nullptr;
  MemoryFigures memory;
};

/// cgc-compile-to-output-ir with `options`, filling `report` (if given)
/// when it succeeds.
std::unique_ptr<mlir::Pass>
createCompileToOutputIRPass(const CompileToOutputIROptions &options,
                            CompileReport *report);

/// The whole compiler, as `opencgc compile` runs it.
void buildCompilePipeline(mlir::OpPassManager &pm,
                          const CompileToOutputIROptions &options,
                          CompileReport *report = nullptr);

/// The compile options a pass's options stand for; an error names a bad
/// option value.
llvm::Expected<CompileOptions>
getCompileOptions(const CompileToOutputIROptions &options);

#define GEN_PASS_REGISTRATION
#include "opencgc/Compiler/Passes.h.inc"

} // namespace opencgc::compiler

#endif // OPENCGC_COMPILER_PASSES_H
