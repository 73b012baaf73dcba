//===- Scheduling.cpp - Dependencies between invocations ------------------===//
//
// The specification's appendix "Execution Scheduling": barriers belong only
// where an invocation reads what another wrote, or reuses memory another
// still reads ("a subtle consequence of reusing memory locations ... is the
// introduction of implicit dependencies"). Invocations in between may run
// concurrently.
//
//===----------------------------------------------------------------------===//
#include "Scheduling.h"

#include "MemoryAssignment.h"
#include "Partitioning.h"

#include "llvm/ADT/BitVector.h"

using namespace mlir;

namespace opencgc::compiler {
namespace {
/// A byte range of one memory space: scratch, or one output buffer.
struct Region {
  unsigned space = 0;
  uint64_t begin = 0, end = 0;
  bool overlaps(const Region &other) const {
    return space == other.space && begin < other.end && other.begin < end;
  }
};

std::optional<Region> getRegion(const CompilationGraph &graph, Value value) {
  ValueHome home = graph.homes.lookup(value);
  uint64_t bytes = getByteSize(value);
  switch (home.kind) {
  case ValueHome::Scratch:
    return Region{0, home.offset, home.offset + bytes};
  case ValueHome::Output:
  case ValueHome::BorrowedOutput:
    return Region{1 + home.index, home.offset, home.offset + bytes};
  default:
    return std::nullopt;
  }
}

/// Write-after-read and write-after-write: a node that writes memory must
/// wait for everyone that used the memory's earlier occupants.
void addReuseDependencies(
    const CompilationGraph &graph,
    std::vector<llvm::SmallVector<unsigned, 4>> &dependencies) {
  struct Occupant {
    Region region;
    unsigned producer;
    llvm::SmallVector<unsigned, 4> readers;
  };
  std::vector<Occupant> occupants;
  llvm::DenseMap<Value, unsigned> occupantOf;
  for (auto [step, node] : llvm::enumerate(graph.nodes))
    for (Value output : node.outputs)
      if (std::optional<Region> region = getRegion(graph, output)) {
        occupantOf[output] = occupants.size();
        occupants.push_back({*region, unsigned(step), {}});
      }
  // Readers of a value read the occupants of its bytes: itself, or the
  // values placed where it lives.
  forEachRead(graph, [&](unsigned reader, unsigned, Value written) {
    auto found = occupantOf.find(written);
    if (found != occupantOf.end())
      occupants[found->second].readers.push_back(reader);
  });
  auto addDependency = [&](unsigned step, unsigned on) {
    if (on < step && !llvm::is_contained(dependencies[step], on))
      dependencies[step].push_back(on);
  };
  for (const Occupant &writer : occupants)
    for (const Occupant &earlier : occupants) {
      if (&writer == &earlier || earlier.producer >= writer.producer ||
          !writer.region.overlaps(earlier.region))
        continue;
      addDependency(writer.producer, earlier.producer);
      for (unsigned reader : earlier.readers)
        addDependency(writer.producer, reader);
    }
}

/// Drops every dependency implied by another one.
void reduceTransitively(std::vector<llvm::SmallVector<unsigned, 4>> &deps) {
  std::vector<llvm::BitVector> reach(deps.size(), llvm::BitVector(deps.size()));
  for (unsigned vertex = 0; vertex < deps.size(); ++vertex) {
    llvm::BitVector implied(deps.size());
    for (unsigned dep : deps[vertex])
      implied |= reach[dep];
    for (unsigned dep : deps[vertex]) {
      reach[vertex] |= reach[dep];
      reach[vertex].set(dep);
    }
    llvm::erase_if(deps[vertex],
                   [&](unsigned dep) { return implied.test(dep); });
    llvm::sort(deps[vertex]);
  }
}
} // namespace

void scheduleDependencies(CompilationGraph &graph) {
  std::vector<llvm::SmallVector<unsigned, 4>> dependencies =
      computeDataDependencies(graph);
  addReuseDependencies(graph, dependencies);
  reduceTransitively(dependencies);
  for (auto [node, deps] : llvm::zip_equal(graph.nodes, dependencies))
    node.depends = deps;

  std::vector<llvm::SmallVector<unsigned, 4>> partitionDeps(
      graph.partitions.size());
  for (const SubgraphNode &node : graph.nodes)
    for (unsigned dep : node.depends) {
      unsigned from = graph.nodes[dep].partition;
      if (from != node.partition &&
          !llvm::is_contained(partitionDeps[node.partition], from))
        partitionDeps[node.partition].push_back(from);
    }
  reduceTransitively(partitionDeps);
  for (auto [partition, deps] :
       llvm::zip_equal(graph.partitions, partitionDeps))
    partition.depends = deps;
}

} // namespace opencgc::compiler
