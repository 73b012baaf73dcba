//===- PlanJson.h - plan.json: what the runtime needs to know ---*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_PLANJSON_H
#define OPENCGC_LIB_COMPILER_PLANJSON_H

#include "OutputIRBuilder.h"
#include "opencgc/Compiler/Compiler.h"
#include "llvm/Support/JSON.h"

namespace opencgc::compiler {

/// Partitions with their bind points and dependencies, the schedule with
/// its barriers, and the memory plan (docs/compiler.md lists the keys).
llvm::json::Value buildPlan(const CompilationGraph &graph,
                            const MemoryAssignment &memory,
                            const OutputProgram &program,
                            const CompileOptions &options,
                            llvm::StringRef targetName);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_PLANJSON_H
