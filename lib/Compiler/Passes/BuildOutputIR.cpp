//===- BuildOutputIR.cpp - cgc-build-output-ir ----------------------------===//
//
// The last stage: the scheduled Input IR gives way to Output IR, built in a
// module of its own and moved into the pass's module (ops, attributes and
// location), so `opencgc compile` and opencgc-opt write the same bytes.
//
//===----------------------------------------------------------------------===//
#include "PipelinePasses.h"
#include "StagePass.h"
#include "opencgc/Compiler/Passes.h"

#include "../OutputIRBuilder.h"
#include "../PlanJson.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_BUILDOUTPUTIR
#include "opencgc/Compiler/Passes.h.inc"

namespace {
/// Moves `source`'s ops, attributes and location into `module`, whose own
/// are dropped.
void replaceModule(cgc::ModuleOp module, cgc::ModuleOp source) {
  mlir::Block *body = module.getBodyBlock();
  while (!body->empty())
    body->back().erase();
  body->getOperations().splice(body->end(),
                               source.getBodyBlock()->getOperations());
  module->setAttrs(source->getAttrDictionary());
  module->setLoc(source->getLoc());
}

struct BuildOutputIR final : impl::BuildOutputIRBase<BuildOutputIR> {
  explicit BuildOutputIR(CompileReport *report = nullptr) : report(report) {}

  void runOnOperation() override;

private:
  llvm::Error build(cgc::ModuleOp module);

  CompileReport *report;
};

llvm::Error BuildOutputIR::build(cgc::ModuleOp module) {
  auto state = readCompilationState(module);
  if (!state)
    return state.takeError();
  if (llvm::Error error = requireStage(*state, Stage::Scheduled, getArgument()))
    return error;
  const CompilationGraph &graph = state->graph;
  auto program = buildOutputIR(graph, state->memory, state->targetNames.back());
  if (!program)
    return program.takeError();
  if (report) {
    CompileOptions options;
    options.partitioning = state->partitioning;
    options.alignment = state->alignment;
    report->plan = buildPlan(graph, state->memory, *program, options,
                             state->targetNames.front());
    report->memory = state->memory.figures;
  }
  replaceModule(module, program->module.get());
  return llvm::Error::success();
}

void BuildOutputIR::runOnOperation() {
  if (llvm::Error error = build(getOperation())) {
    getOperation()->emitError(llvm::toString(std::move(error)));
    signalPassFailure();
  }
}
} // namespace

std::unique_ptr<mlir::Pass> createBuildOutputIRPass(CompileReport *report) {
  return std::make_unique<BuildOutputIR>(report);
}

} // namespace opencgc::compiler
