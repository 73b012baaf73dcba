//===- PlanMemory.cpp - cgc-plan-memory -----------------------------------===//
#include "StagePass.h"
#include "opencgc/Compiler/Passes.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_PLANMEMORY
#include "opencgc/Compiler/Passes.h.inc"

namespace {
struct PlanMemory final : impl::PlanMemoryBase<PlanMemory> {
  using Base::Base;

  void runOnOperation() override {
    auto plan = [&](CompilationState &state) -> llvm::Error {
      CompileOptions options;
      options.partitioning = state.partitioning;
      options.alignment = state.alignment;
      options.inPlace = inPlace;
      options.borrowOutputs = borrowOutputs;
      state.memory = assignMemory(state.graph, options);
      return llvm::Error::success();
    };
    if (failed(runStage(getOperation(), getArgument(), Stage::Partitioned,
                        Stage::MemoryPlanned, plan)))
      signalPassFailure();
  }
};
} // namespace
} // namespace opencgc::compiler
