//===- FormSubgraphs.cpp - cgc-form-subgraphs -----------------------------===//
#include "PipelinePasses.h"
#include "StagePass.h"
#include "opencgc/Compiler/Passes.h"

#include "../SubgraphFormation.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_FORMSUBGRAPHS
#include "opencgc/Compiler/Passes.h.inc"

namespace {
struct FormSubgraphs final : impl::FormSubgraphsBase<FormSubgraphs> {
  using Base::Base;
  FormSubgraphs(const FormSubgraphsOptions &options,
                std::shared_ptr<CompileTargets> targets,
                llvm::raw_ostream *log)
      : Base(options), targets(std::move(targets)), log(log) {}

  void runOnOperation() override;

private:
  std::shared_ptr<CompileTargets> targets;
  llvm::raw_ostream *log = nullptr;
};

void FormSubgraphs::runOnOperation() {
  if (!targets)
    targets = std::make_shared<CompileTargets>(target, declarations);
  if (reportRejections && !log)
    log = &llvm::errs();
  auto form = [&](CompilationState &state) -> llvm::Error {
    if (llvm::Error error = targets->open(getOperation()))
      return error;
    auto declared = targets->getDeclarations(getContext());
    if (!declared)
      return declared.takeError();
    for (const TargetDeclaration &declaration : *declared)
      state.targetNames.push_back(declaration.name);
    std::vector<std::string> excluded(excludedPatterns.begin(),
                                      excludedPatterns.end());
    return formSubgraphs(state.graph, *declared, log, excluded);
  };
  if (failed(runStage(getOperation(), getArgument(), Stage::ViewsPlaced,
                      Stage::SubgraphsFormed, form)))
    signalPassFailure();
}
} // namespace

std::unique_ptr<mlir::Pass>
createFormSubgraphsPass(const FormSubgraphsOptions &options,
                        std::shared_ptr<CompileTargets> targets,
                        llvm::raw_ostream *log) {
  return std::make_unique<FormSubgraphs>(options, std::move(targets), log);
}

} // namespace opencgc::compiler
