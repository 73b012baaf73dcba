//===- PrepareEntryPoint.cpp - cgc-prepare-entry-point --------------------===//
#include "StagePass.h"
#include "opencgc/Compiler/Passes.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_PREPAREENTRYPOINT
#include "opencgc/Compiler/Passes.h.inc"

namespace {
struct PrepareEntryPoint final
    : impl::PrepareEntryPointBase<PrepareEntryPoint> {
  void runOnOperation() override {
    cgc::ModuleOp module = getOperation();
    auto prepare = [&](CompilationState &) -> llvm::Error {
      return prepareEntryPoint(module).takeError();
    };
    if (failed(runStage(module, getArgument(), Stage::Input, Stage::Prepared,
                        prepare)))
      signalPassFailure();
  }
};
} // namespace
} // namespace opencgc::compiler
