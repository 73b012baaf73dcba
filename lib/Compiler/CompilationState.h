//===- CompilationState.h - The compiler's state kept in the IR -*- C++ -*-===//
//
// Each compiler stage is a pass (include/opencgc/Compiler/Passes.td), so
// what one stage decided must reach the next through the IR: the entry
// point carries it in one `cgc.compilation` dictionary (views, subgraph
// nodes, partitions, value homes, the memory plan, the schedule), and the
// subgraphs the targets specialized sit beside the entry point, each marked
// with its node (docs/compiler.md, "The pipeline"). A pass reads the state,
// runs its stage on the in-memory graph, and writes the state back.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_COMPILER_COMPILATIONSTATE_H
#define OPENCGC_LIB_COMPILER_COMPILATIONSTATE_H

#include "CompilationGraph.h"
#include "MemoryAssignment.h"
#include "opencgc/Compiler/Compiler.h"

#include <string>
#include <vector>

namespace opencgc::compiler {

/// How far compilation has gone; each stage needs the one before it.
enum class Stage {
  /// Input IR that no stage has seen (no cgc.compilation attribute).
  Input,
  Prepared,
  ViewsPlaced,
  SubgraphsFormed,
  Partitioned,
  MemoryPlanned,
  Scheduled,
};

/// The entry point's attribute that holds the state.
inline constexpr llvm::StringLiteral kCompilationAttrName = "cgc.compilation";

struct CompilationState {
  Stage stage = Stage::Prepared;
  CompilationGraph graph;
  MemoryAssignment memory;
  /// Byte alignment of scratch views, resolved (never 0 once views are
  /// placed).
  uint64_t alignment = 0;
  Partitioning partitioning = Partitioning::Coarse;
  /// The targets asked, in order; the last is the fallback.
  std::vector<std::string> targetNames;
};

/// The single cgc.entry_point of an Input IR module.
llvm::Expected<cgc::EntryPointOp> getSingleEntryPoint(cgc::ModuleOp module);

/// Reads what the earlier stages recorded in `module`. The formed subgraphs
/// move out of the module into the nodes; write the state back after the
/// stage has run.
llvm::Expected<CompilationState> readCompilationState(cgc::ModuleOp module);

/// Records `state` in `module`: the entry point's cgc.compilation attribute
/// and a copy of every node's subgraph beside it.
void writeCompilationState(cgc::ModuleOp module, const CompilationState &state);

/// The name of a stage, for messages ("subgraphs formed").
llvm::StringRef describeStage(Stage stage);

/// An error unless `state` has reached `needed`, naming `pass` and the
/// pass that comes first.
llvm::Error requireStage(const CompilationState &state, Stage needed,
                         llvm::StringRef pass);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_COMPILATIONSTATE_H
