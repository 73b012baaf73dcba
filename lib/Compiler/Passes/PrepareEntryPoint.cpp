//===- PrepareEntryPoint.cpp - cgc-prepare-entry-point --------------------===//
#include "opencgc/Compiler/Passes.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_PREPAREENTRYPOINT
#include "opencgc/Compiler/Passes.h.inc"

namespace {
struct PrepareEntryPoint final
    : impl::PrepareEntryPointBase<PrepareEntryPoint> {
  void runOnOperation() override {
    auto entry = prepareEntryPoint(getOperation());
    if (!entry) {
      getOperation()->emitError(llvm::toString(entry.takeError()));
      signalPassFailure();
    }
  }
};
} // namespace
} // namespace opencgc::compiler
