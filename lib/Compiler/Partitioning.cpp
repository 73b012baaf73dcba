//===- Partitioning.cpp - Subgraph nodes into ordered partitions ----------===//
//
// The specification's "Partitions": a partition is what one target compiles
// and what the application dispatches with one set of bindings. Fine
// partitioning gives every subgraph its own partition (compile in parallel);
// coarse partitioning grows each partition as far as the partition graph
// stays acyclic (fewer dispatches). Both of the specification's
// partitionings of its example come out of these two modes.
//
//===----------------------------------------------------------------------===//
#include "Partitioning.h"
#include "MemoryAssignment.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <numeric>

#include <queue>

using namespace mlir;

namespace opencgc::compiler {
namespace {
/// Kahn's algorithm; among ready vertices the smallest `priority` first.
std::vector<unsigned>
topologicalOrder(llvm::ArrayRef<llvm::SmallVector<unsigned, 4>> predecessors,
                 llvm::ArrayRef<unsigned> priority) {
  unsigned count = predecessors.size();
  std::vector<unsigned> pending(count);
  std::vector<llvm::SmallVector<unsigned, 4>> successors(count);
  for (unsigned vertex = 0; vertex < count; ++vertex)
    for (unsigned predecessor : predecessors[vertex]) {
      successors[predecessor].push_back(vertex);
      ++pending[vertex];
    }
  auto later = [&](unsigned a, unsigned b) {
    return priority[a] > priority[b];
  };
  std::priority_queue<unsigned, std::vector<unsigned>, decltype(later)> ready(
      later);
  for (unsigned vertex = 0; vertex < count; ++vertex)
    if (pending[vertex] == 0)
      ready.push(vertex);
  std::vector<unsigned> order;
  while (!ready.empty()) {
    unsigned vertex = ready.top();
    ready.pop();
    order.push_back(vertex);
    for (unsigned successor : successors[vertex])
      if (--pending[successor] == 0)
        ready.push(successor);
  }
  return order;
}

/// Applies `order` (new position -> old index) to the nodes.
void permuteNodes(CompilationGraph &graph, llvm::ArrayRef<unsigned> order) {
  std::vector<SubgraphNode> nodes;
  nodes.reserve(order.size());
  for (unsigned old : order)
    nodes.push_back(std::move(graph.nodes[old]));
  graph.nodes = std::move(nodes);
  graph.indexProducers();
}

/// Whether partition `from` transitively depends on partition `on`.
bool dependsOn(llvm::ArrayRef<llvm::SmallVector<unsigned, 4>> partitionDeps,
               unsigned from, unsigned on) {
  llvm::BitVector visited(partitionDeps.size());
  SmallVector<unsigned> worklist{from};
  while (!worklist.empty()) {
    unsigned partition = worklist.pop_back_val();
    if (partition == on)
      return true;
    if (visited.test(partition))
      continue;
    visited.set(partition);
    llvm::append_range(worklist, partitionDeps[partition]);
  }
  return false;
}

/// Greedy coarse grouping over nodes in dependency order: a node joins the
/// most recent partition of its target unless one of its inputs comes from
/// another partition that depends on that one (the partition graph would
/// get a cycle).
std::vector<unsigned>
groupCoarsely(const CompilationGraph &graph,
              llvm::ArrayRef<llvm::SmallVector<unsigned, 4>> dependencies) {
  std::vector<unsigned> partitionOf(graph.nodes.size());
  std::vector<std::string> targets;
  std::vector<llvm::SmallVector<unsigned, 4>> partitionDeps;
  for (auto [index, node] : llvm::enumerate(graph.nodes)) {
    auto legal = [&](unsigned candidate) {
      return llvm::none_of(dependencies[index], [&](unsigned dep) {
        return partitionOf[dep] != candidate &&
               dependsOn(partitionDeps, partitionOf[dep], candidate);
      });
    };
    std::optional<unsigned> chosen;
    for (unsigned candidate = targets.size(); candidate-- > 0;)
      if (targets[candidate] == node.target && legal(candidate)) {
        chosen = candidate;
        break;
      }
    if (!chosen) {
      chosen = targets.size();
      targets.push_back(node.target);
      partitionDeps.emplace_back();
    }
    partitionOf[index] = *chosen;
    for (unsigned dep : dependencies[index])
      if (partitionOf[dep] != *chosen &&
          !llvm::is_contained(partitionDeps[*chosen], partitionOf[dep]))
        partitionDeps[*chosen].push_back(partitionOf[dep]);
  }
  return partitionOf;
}

void namePartitions(CompilationGraph &graph, llvm::StringRef fallbackTarget) {
  llvm::StringMap<unsigned> perTarget, seen;
  for (const PartitionGroup &partition : graph.partitions)
    ++perTarget[partition.target];
  for (PartitionGroup &partition : graph.partitions) {
    std::string stem =
        partition.target == fallbackTarget ? "fallback" : partition.target;
    partition.name = stem + "Partition";
    if (perTarget[partition.target] > 1)
      partition.name += std::to_string(++seen[partition.target]);
  }
}
} // namespace

namespace {
/// Bytes [begin, end) of a value inside the memory of its root; an empty
/// span meets every span of its root.
struct Span {
  uint64_t begin = 0, end = 0;
  bool meets(const Span &other) const {
    bool empty = begin == end || other.begin == other.end;
    return empty || (begin < other.end && other.begin < end);
  }
};

Span spanOf(const CompilationGraph &graph, Value value) {
  uint64_t offset = graph.rootOf(value).offset;
  return {offset, offset + getByteSize(value)};
}
} // namespace

void forEachRead(const CompilationGraph &graph,
                 llvm::function_ref<void(unsigned, unsigned, Value)> visit) {
  // The node outputs written in each root's memory: its producer's, or
  // the values placed in it.
  struct Written {
    unsigned node;
    Value value;
    Span span;
  };
  llvm::DenseMap<Value, llvm::SmallVector<Written, 2>> writes;
  for (auto [index, node] : llvm::enumerate(graph.nodes))
    for (Value output : node.outputs)
      writes[graph.rootOf(output).base].push_back(
          {unsigned(index), output, spanOf(graph, output)});
  for (auto [index, node] : llvm::enumerate(graph.nodes))
    for (Value input : node.inputs) {
      Span read = spanOf(graph, input);
      for (const Written &written : writes.lookup(graph.rootOf(input).base))
        if (written.span.meets(read))
          visit(unsigned(index), written.node, written.value);
    }
}

std::vector<llvm::SmallVector<unsigned, 4>>
computeDataDependencies(const CompilationGraph &graph) {
  std::vector<llvm::SmallVector<unsigned, 4>> dependencies(graph.nodes.size());
  forEachRead(graph, [&](unsigned reader, unsigned writer, Value) {
    if (writer != reader && !llvm::is_contained(dependencies[reader], writer))
      dependencies[reader].push_back(writer);
  });
  return dependencies;
}

void partitionGraph(CompilationGraph &graph, Partitioning mode,
                    llvm::StringRef fallbackTarget) {
  // Nodes in dependency order, ties in Input IR order.
  graph.indexProducers();
  llvm::DenseMap<Operation *, unsigned> position;
  for (auto [index, op] :
       llvm::enumerate(graph.entry.getBodyBlock()->getOperations()))
    position[&op] = index;
  std::vector<unsigned> firstOp;
  for (const SubgraphNode &node : graph.nodes)
    firstOp.push_back(position.lookup(node.ops.front()));
  permuteNodes(graph,
               topologicalOrder(computeDataDependencies(graph), firstOp));

  auto dependencies = computeDataDependencies(graph);
  std::vector<unsigned> partitionOf(graph.nodes.size());
  if (mode == Partitioning::Coarse)
    partitionOf = groupCoarsely(graph, dependencies);
  else
    for (unsigned index = 0; index < graph.nodes.size(); ++index)
      partitionOf[index] = index;

  // Partitions in dependency order, ties by creation.
  unsigned numPartitions = 0;
  for (unsigned partition : partitionOf)
    numPartitions = std::max(numPartitions, partition + 1);
  std::vector<llvm::SmallVector<unsigned, 4>> partitionDeps(numPartitions);
  for (auto [index, deps] : llvm::enumerate(dependencies))
    for (unsigned dep : deps) {
      unsigned from = partitionOf[dep], to = partitionOf[index];
      if (from != to && !llvm::is_contained(partitionDeps[to], from))
        partitionDeps[to].push_back(from);
    }
  std::vector<unsigned> creation(numPartitions);
  std::iota(creation.begin(), creation.end(), 0);
  std::vector<unsigned> partitionOrder =
      topologicalOrder(partitionDeps, creation);
  std::vector<unsigned> rank(numPartitions);
  for (auto [newIndex, old] : llvm::enumerate(partitionOrder))
    rank[old] = newIndex;

  // Nodes partition by partition; within one, in dependency order.
  std::vector<unsigned> nodeOrder(graph.nodes.size());
  std::iota(nodeOrder.begin(), nodeOrder.end(), 0);
  llvm::stable_sort(nodeOrder, [&](unsigned a, unsigned b) {
    return rank[partitionOf[a]] < rank[partitionOf[b]];
  });
  graph.partitions.assign(numPartitions, PartitionGroup());
  for (unsigned old : nodeOrder) {
    graph.nodes[old].partition = rank[partitionOf[old]];
    graph.partitions[rank[partitionOf[old]]].target = graph.nodes[old].target;
  }
  permuteNodes(graph, nodeOrder);
  for (auto [index, node] : llvm::enumerate(graph.nodes))
    graph.partitions[node.partition].nodes.push_back(index);
  namePartitions(graph, fallbackTarget);
}

} // namespace opencgc::compiler
