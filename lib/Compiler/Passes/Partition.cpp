//===- Partition.cpp - cgc-partition --------------------------------------===//
#include "PipelinePasses.h"
#include "StagePass.h"
#include "opencgc/Compiler/Passes.h"

#include "../Partitioning.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_PARTITION
#include "opencgc/Compiler/Passes.h.inc"

namespace {
struct Partition final : impl::PartitionBase<Partition> {
  using Base::Base;

  void runOnOperation() override {
    auto partition = [&](CompilationState &state) -> llvm::Error {
      auto mode = parsePartitioning(partitioning);
      if (!mode)
        return mode.takeError();
      state.partitioning = *mode;
      partitionGraph(state.graph, state.partitioning,
                     state.targetNames.back());
      return llvm::Error::success();
    };
    if (failed(runStage(getOperation(), getArgument(), Stage::SubgraphsFormed,
                        Stage::Partitioned, partition)))
      signalPassFailure();
  }
};
} // namespace
} // namespace opencgc::compiler
