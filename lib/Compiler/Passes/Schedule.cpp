//===- Schedule.cpp - cgc-schedule ----------------------------------------===//
#include "StagePass.h"
#include "opencgc/Compiler/Passes.h"

#include "../Scheduling.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_SCHEDULE
#include "opencgc/Compiler/Passes.h.inc"

namespace {
struct Schedule final : impl::ScheduleBase<Schedule> {
  void runOnOperation() override {
    auto schedule = [&](CompilationState &state) -> llvm::Error {
      scheduleDependencies(state.graph);
      return llvm::Error::success();
    };
    if (failed(runStage(getOperation(), getArgument(), Stage::MemoryPlanned,
                        Stage::Scheduled, schedule)))
      signalPassFailure();
  }
};
} // namespace
} // namespace opencgc::compiler
