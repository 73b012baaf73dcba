//===- ReshapeViews.h - Reshapes as views of their source -------*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_RESHAPEVIEWS_H
#define OPENCGC_LIB_COMPILER_RESHAPEVIEWS_H

#include "CompilationGraph.h"

namespace opencgc::compiler {

/// Records in graph.aliases every cgc_op.reshape that can be a view of
/// its source: the source is computed by an op of the entry point (not an
/// entry argument or a named constant, whose memory the application binds)
/// and the reshape's result is not returned (an output lives in the
/// application's buffer). Row-major order is the same before and after a
/// reshape, so the bytes need not move.
void findReshapeViews(CompilationGraph &graph);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_RESHAPEVIEWS_H
