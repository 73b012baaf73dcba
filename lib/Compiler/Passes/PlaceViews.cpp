//===- PlaceViews.cpp - cgc-place-views -----------------------------------===//
#include "PipelinePasses.h"
#include "StagePass.h"
#include "opencgc/Compiler/Passes.h"

#include "../ConcatPlacement.h"
#include "../ReshapeViews.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_PLACEVIEWS
#include "opencgc/Compiler/Passes.h.inc"

namespace {
struct PlaceViews final : impl::PlaceViewsBase<PlaceViews> {
  using Base::Base;
  PlaceViews(const PlaceViewsOptions &options,
             std::shared_ptr<CompileTargets> targets)
      : Base(options), targets(std::move(targets)) {}

  void runOnOperation() override;

private:
  std::shared_ptr<CompileTargets> targets;
};

void PlaceViews::runOnOperation() {
  if (!targets)
    targets = std::make_shared<CompileTargets>(target, declarations);
  auto place = [&](CompilationState &state) -> llvm::Error {
    if (llvm::Error error = checkAlignment(alignment))
      return error;
    state.alignment = alignment;
    if (alignment == 0) {
      if (llvm::Error error = targets->open(getOperation()))
        return error;
      state.alignment = targets->getBindingAlignment();
    }
    if (reshapeViews)
      findReshapeViews(state.graph);
    if (placeConcatInputs)
      compiler::placeConcatInputs(state.graph, state.alignment);
    return llvm::Error::success();
  };
  if (failed(runStage(getOperation(), getArgument(), Stage::Prepared,
                      Stage::ViewsPlaced, place)))
    signalPassFailure();
}
} // namespace

std::unique_ptr<mlir::Pass>
createPlaceViewsPass(const PlaceViewsOptions &options,
                     std::shared_ptr<CompileTargets> targets) {
  return std::make_unique<PlaceViews>(options, std::move(targets));
}

} // namespace opencgc::compiler
