//===- Passes.h - The compiler's stages as MLIR passes ----------*- C++ -*-===//
//
// The passes of Passes.td and the pipeline `opencgc compile` runs:
//   cgc.module(cgc-prepare-entry-point, cgc-place-views, cgc-form-subgraphs,
//              cgc-partition, cgc-plan-memory, cgc-schedule,
//              cgc-build-output-ir)
// registered as the pipeline `cgc-compile`. opencgc-opt registers them, so
// any prefix runs on its own.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_COMPILER_PASSES_H
#define OPENCGC_COMPILER_PASSES_H

#include "mlir/Pass/Pass.h"
#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCOp/CGCOpDialect.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir {
class PassManager;
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

/// The options of the whole pipeline: the flags of `opencgc compile`.
struct CompilePipelineOptions {
  /// A device of the registry; empty: the default device, or the reference
  /// device alone where it cannot be opened.
  std::string target;
  std::string declarations;
  std::string partitioning = "coarse";
  uint64_t alignment = 0;
  bool inPlace = true;
  bool borrowOutputs = true;
  bool reshapeViews = true;
  bool placeConcatInputs = true;
  bool reportRejections = false;
  std::vector<std::string> excludedPatterns;
};

/// The whole compiler, as `opencgc compile` runs it; the targets are opened
/// once, by name, through the device registry.
void buildCompilePipeline(mlir::OpPassManager &pm,
                          const CompilePipelineOptions &options,
                          CompileReport *report = nullptr);

/// Runs `pm` on `module`. A failure is an error carrying the first error
/// diagnostic's text ("the compiler failed" without one); each warning goes
/// to `warn` when given, else nowhere.
llvm::Error runReportingFirstError(
    mlir::PassManager &pm, cgc::ModuleOp module,
    llvm::function_ref<void(llvm::StringRef)> warn = nullptr);

/// An error naming the first bad option value (the passes check the same
/// when they run; `opencgc compile` checks before it loads the model).
llvm::Error checkPipelineOptions(const CompilePipelineOptions &options);

/// Compiles the single cgc.entry_point of `input` (Input IR; left
/// unchanged) by running the pipeline on a copy. `targets` are asked in
/// order; the reference device is always the fallback and need not be
/// listed.
llvm::Expected<CompileResult>
compileModule(cgc::ModuleOp input, llvm::ArrayRef<device::Device *> targets,
              const CompileOptions &options);

#define GEN_PASS_REGISTRATION
#include "opencgc/Compiler/Passes.h.inc"

/// Registers the passes and the pipeline `cgc-compile`.
void registerCompilerPipeline();

} // namespace opencgc::compiler

#endif // OPENCGC_COMPILER_PASSES_H
