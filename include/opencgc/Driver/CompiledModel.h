//===- CompiledModel.h - A compiled model on disk ---------------*- C++ -*-===//
//
// What `opencgc compile` writes into its output directory and what the
// commands that take a compiled model share: the Output IR container
// (output.cgc), one CGC_SUBGRAPH_PARTITION container per partition
// (partitions/NAME.cgc), plan.json and the weights (weights.cgcw).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DRIVER_COMPILEDMODEL_H
#define OPENCGC_DRIVER_COMPILEDMODEL_H

#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Tensor/WeightsFile.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::device {
class Device;
} // namespace opencgc::device

namespace opencgc::driver {

inline constexpr llvm::StringLiteral kOutputIRFile = "output.cgc";
inline constexpr llvm::StringLiteral kPlanFile = "plan.json";
inline constexpr llvm::StringLiteral kCompiledWeightsFile = "weights.cgcw";

/// Runs the whole compile pipeline on `module` in place (Input IR becomes
/// Output IR), as `opencgc compile` does: each warning goes to `warn`
/// (when given), and a failure is an error carrying the first error's text.
llvm::Error
runCompilePipeline(cgc::ModuleOp module,
                   const compiler::CompilePipelineOptions &options,
                   compiler::CompileReport &report,
                   llvm::function_ref<void(llvm::StringRef)> warn = nullptr);

/// Writes the compiled model into `directory` (created if missing).
llvm::Error writeCompiledModel(compiler::CompileResult &result,
                               const NamedTensors &weights,
                               llvm::StringRef directory);

} // namespace opencgc::driver

#endif // OPENCGC_DRIVER_COMPILEDMODEL_H
