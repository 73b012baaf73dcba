//===- ConcatPlacement.h - Concat inputs written in place -------*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_CONCATPLACEMENT_H
#define OPENCGC_LIB_COMPILER_CONCATPLACEMENT_H

#include "CompilationGraph.h"

namespace opencgc::compiler {

/// Records in graph.aliases, for every cgc_op.concat that can cost nothing,
/// each input at its slice of the concat's result, and the concat in
/// graph.placedOps: the inputs' producers then write their slices in place
/// and no node copies them. A concat qualifies when every dimension before
/// its axis has extent 1 (so each input's slice is contiguous), each slice
/// starts at a multiple of `alignment` bytes (devices bind views at such
/// offsets), its elements are whole bytes, and each input is computed by
/// an op of the entry point, appears once, is not returned and lives in no
/// other value yet.
void placeConcatInputs(CompilationGraph &graph, uint64_t alignment);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_CONCATPLACEMENT_H
