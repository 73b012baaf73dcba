//===- Graph.h - A drawable node/edge model of CGC IR -----------*- C++ -*-===//
//
// `opencgc show` draws Input IR as the specification's dataflow graph and
// Output IR as its partition diagram ("CGC Input IR", "CGC Output IR"). Both
// are first turned into this small model, so the Mermaid and DOT writers
// know nothing about MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_VISUALIZE_GRAPH_H
#define OPENCGC_VISUALIZE_GRAPH_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Visualize/ValueNames.h"

#include <optional>
#include <string>
#include <vector>

namespace opencgc::visualize {

/// What a node stands for; the writers pick shape and colour from it the
/// way the specification's diagrams do.
enum class NodeKind {
  Argument,        // Input IR entry-point argument
  Constant,        // Input IR named constant
  Layer,           // Input IR cgc_op operation
  Result,          // Input IR return value
  ProgramArgument, // Output IR program bind point
  ProgramConstant, // Output IR named constant
  Invoke,          // Output IR subgraph invocation inside a partition
};

struct Node {
  /// Unique, writer-safe identifier ([A-Za-z0-9_], never a keyword).
  std::string id;
  NodeKind kind;
  /// Bold first line ("cgc_op.relu", "argument"); may be empty.
  std::string title;
  /// Second line, the value's name ("relu1"); may be empty.
  std::string name;
  /// Index into Graph::clusters, if the node is drawn inside one.
  std::optional<size_t> cluster;
};

/// A box around nodes: a partition, or a group such as the program's
/// arguments. Edges may end at a cluster.
struct Cluster {
  std::string id;
  std::string title;
  /// Partitions are edge endpoints; groups are only boxes.
  bool isPartition = false;
};

enum class EdgeKind {
  Data,       // a value or binding flows (solid arrow)
  Dependency, // an ordering constraint between invocations (dotted arrow)
};

struct Edge {
  /// Node or cluster identifiers.
  std::string from;
  std::string to;
  EdgeKind kind = EdgeKind::Data;
};

struct Graph {
  std::string name;
  /// True for left-to-right layout (Input IR), false for the default.
  bool leftToRight = false;
  std::vector<Cluster> clusters;
  std::vector<Node> nodes;
  std::vector<Edge> edges;

  const Cluster *findCluster(llvm::StringRef id) const;
  const Node *findNode(llvm::StringRef id) const;
  /// Nodes of cluster `index`, in order.
  std::vector<const Node *> nodesIn(size_t index) const;
};

/// The dataflow graph of `entry`: its arguments, named constants, layers and
/// return values, with one edge per producer/consumer pair.
Graph buildInputGraph(cgc::EntryPointOp entry, const ValueNames &names);

/// The partition diagram of `program`: arguments and constants, one cluster
/// per invoked partition holding its subgraph invocations, bindings from
/// program values to partitions, and dependencies between partitions (from
/// `cgc.depends`, else from consecutive invokes sharing writable memory).
Graph buildOutputGraph(cgc::ProgramOp program, const ValueNames &names);

/// The attribute on a program-level cgc.invoke listing the indices of
/// earlier invokes in its block that it depends on.
inline constexpr llvm::StringLiteral kDependsAttr = "cgc.depends";

} // namespace opencgc::visualize

#endif // OPENCGC_VISUALIZE_GRAPH_H
