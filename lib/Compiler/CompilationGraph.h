//===- CompilationGraph.h - What the compiler's steps share -----*- C++ -*-===//
//
// Subgraph formation turns the ops of the Input IR entry point into nodes
// (future cgc.invoke ops of subgraphs); partitioning groups the nodes and
// orders them; memory planning and scheduling annotate them; the Output IR
// builder emits them.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_COMPILER_COMPILATIONGRAPH_H
#define OPENCGC_LIB_COMPILER_COMPILATIONGRAPH_H

#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Value.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace opencgc::compiler {

/// One invocation of a subgraph.
struct SubgraphNode {
  /// The target that implements it (the subgraph's origin).
  std::string target;
  std::string patternName;
  /// Claimed Input IR ops, in block order.
  llvm::SmallVector<mlir::Operation *, 8> ops;
  /// Input IR values read from outside, in order of first use.
  llvm::SmallVector<mlir::Value, 4> inputs;
  /// Values defined here and used outside or returned, in op order.
  llvm::SmallVector<mlir::Value, 2> outputs;
  /// The target's accepted specialization: a cgc.module holding one
  /// cgc.subgraph whose functional definition maps inputs to outputs.
  mlir::OwningOpRef<cgc::ModuleOp> subgraph;
  unsigned partition = 0;
  /// Earlier nodes this one must wait for (data and reuse dependencies,
  /// transitively reduced), as indices into CompilationGraph::nodes.
  llvm::SmallVector<unsigned, 4> depends;
};

struct PartitionGroup {
  std::string target;
  std::string name;
  /// Node indices, in execution order.
  llvm::SmallVector<unsigned, 8> nodes;
  /// Earlier partitions this one must wait for (transitively reduced).
  llvm::SmallVector<unsigned, 4> depends;
};

/// Where a value lives at run time.
struct ValueHome {
  enum Kind { Input, Output, Constant, Scratch, BorrowedOutput } kind = Scratch;
  /// Entry argument or result number for Input, Output and BorrowedOutput.
  unsigned index = 0;
  uint64_t offset = 0;
};

struct CompilationGraph {
  /// An op handle: steps that only read the graph may still query it.
  mutable cgc::EntryPointOp entry;
  /// After partitioning: in execution order (a node's index is its step).
  std::vector<SubgraphNode> nodes;
  /// In program order.
  std::vector<PartitionGroup> partitions;
  /// Every value a node reads or writes.
  llvm::DenseMap<mlir::Value, ValueHome> homes;
  /// A readable, unique name for every value (plan.json, diagnostics).
  llvm::DenseMap<mlir::Value, std::string> names;
  /// The node that defines each node output.
  llvm::DenseMap<mlir::Value, unsigned> producers;
  /// Values that live inside another value's bytes, moved by no one: a
  /// reshape's result in its source (ReshapeViews.h), a concat's inputs in
  /// its result (ConcatPlacement.h). Each maps to that value and the byte
  /// offset there.
  struct Alias {
    mlir::Value base;
    uint64_t offset = 0;
  };
  llvm::DenseMap<mlir::Value, Alias> aliases;
  /// The bases of `aliases`, kept by addAlias.
  llvm::DenseSet<mlir::Value> aliasBases;
  /// The ops those leave without a node: the reshapes and concats.
  llvm::DenseSet<mlir::Operation *> placedOps;

  /// The value whose memory holds `value` (itself if it is no alias),
  /// through every alias, and the byte offset there.
  Alias rootOf(mlir::Value value) const {
    Alias root{value, 0};
    for (auto found = aliases.find(root.base); found != aliases.end();
         found = aliases.find(root.base))
      root = {found->second.base, root.offset + found->second.offset};
    return root;
  }
  /// Whether `value` shares its memory with another value.
  bool isAliased(mlir::Value value) const {
    return aliases.count(value) || aliasBases.contains(value);
  }
  /// Records that `value` lives in `base` at byte `offset`.
  void addAlias(mlir::Value value, mlir::Value base, uint64_t offset) {
    aliases[value] = {base, offset};
    aliasBases.insert(base);
  }

  /// Recomputes `producers` from the nodes' outputs.
  void indexProducers() {
    producers.clear();
    for (auto [index, node] : llvm::enumerate(nodes))
      for (mlir::Value output : node.outputs)
        producers[output] = index;
  }
};

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_COMPILATIONGRAPH_H
