//===- StagePass.cpp - What every stage pass does around its stage --------===//
#include "StagePass.h"

namespace opencgc::compiler {

mlir::LogicalResult
runStage(cgc::ModuleOp module, llvm::StringRef pass, Stage needed,
         Stage reached,
         llvm::function_ref<llvm::Error(CompilationState &)> stage) {
  auto fail = [&](llvm::Error error) {
    module->emitError(llvm::toString(std::move(error)));
    return mlir::failure();
  };
  auto state = readCompilationState(module);
  if (!state)
    return fail(state.takeError());
  if (llvm::Error error = requireStage(*state, needed, pass))
    return fail(std::move(error));
  if (llvm::Error error = stage(*state))
    return fail(std::move(error));
  state->stage = reached;
  writeCompilationState(module, *state);
  return mlir::success();
}

} // namespace opencgc::compiler
