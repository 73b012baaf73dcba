//===- Partitioning.h - Subgraph nodes into ordered partitions --*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_PARTITIONING_H
#define OPENCGC_LIB_COMPILER_PARTITIONING_H

#include "CompilationGraph.h"
#include "opencgc/Compiler/Compiler.h"

namespace opencgc::compiler {

/// Calls `visit(reader, writer, written)` for every node input and every
/// node output whose bytes it reads: the input itself, or a value living
/// in the same root's memory at an overlapping offset (a concat's placed
/// inputs, a view's source). Node indices are steps.
void forEachRead(
    const CompilationGraph &graph,
    llvm::function_ref<void(unsigned reader, unsigned writer, mlir::Value)>
        visit);

/// The nodes that produce each node's inputs (data dependencies).
std::vector<llvm::SmallVector<unsigned, 4>>
computeDataDependencies(const CompilationGraph &graph);

/// Orders the nodes topologically, groups them into partitions of one
/// target each (one node per partition when fine, the largest acyclic
/// groups when coarse), orders the partitions topologically and renumbers
/// the nodes in execution order: partition by partition.
void partitionGraph(CompilationGraph &graph, Partitioning mode,
                    llvm::StringRef fallbackTarget);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_PARTITIONING_H
