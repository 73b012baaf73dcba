//===- Scheduling.h - Dependencies between invocations ----------*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_SCHEDULING_H
#define OPENCGC_LIB_COMPILER_SCHEDULING_H

#include "CompilationGraph.h"

namespace opencgc::compiler {

/// Fills SubgraphNode::depends and PartitionGroup::depends: true data
/// dependencies plus the write-after-read and write-after-write
/// dependencies that memory reuse creates, transitively reduced. Needs
/// graph.homes from memory assignment.
void scheduleDependencies(CompilationGraph &graph);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_SCHEDULING_H
