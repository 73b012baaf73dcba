//===- PipelinePasses.h - Stage passes built by the pipeline ----*- C++ -*-===//
//
// The pipeline builds the passes that ask targets with one CompileTargets
// between them, and the last pass with the report to fill; opencgc-opt
// builds them from their options alone.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_COMPILER_PASSES_PIPELINEPASSES_H
#define OPENCGC_LIB_COMPILER_PASSES_PIPELINEPASSES_H

#include "CompileTargets.h"
#include "opencgc/Compiler/Passes.h"

namespace opencgc::compiler {

/// What `--partition` (the option `partition`) names; an error for
/// anything but fine and coarse.
llvm::Expected<Partitioning> parsePartitioning(llvm::StringRef name);

/// An error unless `alignment` is 0 (the targets') or a power of two.
llvm::Error checkAlignment(uint64_t alignment);

std::unique_ptr<mlir::Pass>
createPlaceViewsPass(const PlaceViewsOptions &options,
                     std::shared_ptr<CompileTargets> targets);

/// `log`, when given, receives the rejections whatever the options say.
std::unique_ptr<mlir::Pass>
createFormSubgraphsPass(const FormSubgraphsOptions &options,
                        std::shared_ptr<CompileTargets> targets,
                        llvm::raw_ostream *log);

std::unique_ptr<mlir::Pass> createBuildOutputIRPass(CompileReport *report);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_PASSES_PIPELINEPASSES_H
