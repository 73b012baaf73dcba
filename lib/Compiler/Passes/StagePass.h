//===- StagePass.h - What every stage pass does around its stage -*- C++ -*-===//
//
// Read the state the earlier passes left in the module, check that the
// stage before this one ran, run the stage, write the state back.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_COMPILER_PASSES_STAGEPASS_H
#define OPENCGC_LIB_COMPILER_PASSES_STAGEPASS_H

#include "../CompilationState.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace opencgc::compiler {

/// Runs `stage` on `module`'s state, which must have reached `needed`, and
/// records it as `reached`. Errors are reported on the module, naming
/// `pass`.
mlir::LogicalResult
runStage(cgc::ModuleOp module, llvm::StringRef pass, Stage needed,
         Stage reached,
         llvm::function_ref<llvm::Error(CompilationState &)> stage);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_PASSES_STAGEPASS_H
