//===- PlanJson.cpp - plan.json: what the runtime needs to know -----------===//
#include "PlanJson.h"
#include "opencgc/Dialect/TypeString.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using llvm::json::Array;
using llvm::json::Object;

namespace opencgc::compiler {
namespace {
/// What a bind point is bound to, e.g. "input:x", "constant:w1",
/// "scratch@256" or "output:y@0" (an intermediate in an output buffer).
std::string describeSource(const CompilationGraph &graph, Value value) {
  ValueHome home = graph.homes.lookup(value);
  auto outputName = [&](unsigned index) {
    return graph.names.lookup(
        graph.entry.getBodyBlock()->getTerminator()->getOperand(index));
  };
  switch (home.kind) {
  case ValueHome::Input:
    return "input:" + graph.names.lookup(value);
  case ValueHome::Output:
    return "output:" + graph.names.lookup(value);
  case ValueHome::Constant:
    return "constant:" +
           cast<cgc::ConstantOp>(value.getDefiningOp()).getName().str();
  case ValueHome::Scratch:
    return "scratch@" + std::to_string(home.offset);
  case ValueHome::BorrowedOutput:
    return "output:" + outputName(home.index) + "@" +
           std::to_string(home.offset);
  }
  llvm_unreachable("unknown home");
}

/// Marks where a barrier must precede an invocation: it depends on work
/// issued since the last barrier.
Array scheduleEntries(llvm::ArrayRef<llvm::SmallVector<int64_t, 4>> depends,
                      llvm::ArrayRef<std::string> names, llvm::StringRef key) {
  Array entries;
  int64_t sinceBarrier = 0;
  for (auto [index, deps] : llvm::enumerate(depends)) {
    bool barrier =
        llvm::any_of(deps, [&](int64_t d) { return d >= sinceBarrier; });
    if (barrier)
      sinceBarrier = index;
    entries.push_back(
        Object{{key, names[index]},
               {"depends", llvm::json::Value(Array(llvm::to_vector(deps)))},
               {"barrier_before", barrier}});
  }
  return entries;
}

Object partitionEntry(const CompilationGraph &graph,
                      const OutputProgram &program, unsigned index) {
  const PartitionGroup &group = graph.partitions[index];
  Array bindPoints;
  for (auto [position, value] : llvm::enumerate(program.bindPoints[index]))
    bindPoints.push_back(
        Object{{"index", int64_t(position)},
               {"name", graph.names.lookup(value)},
               {"type", typeString(toMemRefType(value.getType()))},
               {"bytes", int64_t(getByteSize(value))},
               {"source", describeSource(graph, value)}});
  std::vector<llvm::SmallVector<int64_t, 4>> depends;
  std::vector<std::string> subgraphs;
  for (unsigned node : group.nodes) {
    llvm::SmallVector<int64_t, 4> local;
    for (unsigned dep : graph.nodes[node].depends)
      if (graph.nodes[dep].partition == index)
        local.push_back(dep - group.nodes.front());
    depends.push_back(local);
    subgraphs.push_back(program.subgraphNames[node]);
  }
  Array partitionDeps;
  for (unsigned dep : group.depends)
    partitionDeps.push_back(graph.partitions[dep].name);
  return Object{{"name", group.name},
                {"target", group.target},
                {"container", "partitions/" + group.name + ".cgc"},
                {"depends", std::move(partitionDeps)},
                {"bind_points", std::move(bindPoints)},
                {"invokes", scheduleEntries(depends, subgraphs, "subgraph")}};
}

Object memoryEntry(const CompilationGraph &graph,
                   const MemoryAssignment &memory, uint64_t alignment) {
  Array buffers;
  for (const PlannedBuffer &buffer : memory.buffers) {
    std::string name;
    for (Value value : buffer.values)
      name += (name.empty() ? "" : "+") + graph.names.lookup(value);
    std::string source = describeSource(graph, buffer.values.front());
    std::string location = llvm::StringRef(source).split('@').first.str();
    buffers.push_back(Object{
        {"name", name},
        {"bytes", int64_t(buffer.bytes)},
        {"first_step", int64_t(buffer.firstStep)},
        {"last_step", int64_t(buffer.lastStep)},
        {"location", location},
        {"offset", int64_t(graph.homes.lookup(buffer.values.front()).offset)}});
  }
  return Object{{"scratch_bytes", int64_t(memory.figures.scratchBytes)},
                {"naive_bytes", int64_t(memory.figures.naiveBytes)},
                {"lower_bound_bytes", int64_t(memory.figures.lowerBoundBytes)},
                {"peak_live_bytes", int64_t(memory.peakLiveBytes)},
                {"alignment", int64_t(alignment)},
                {"buffers", std::move(buffers)}};
}
} // namespace

llvm::json::Value buildPlan(const CompilationGraph &graph,
                            const MemoryAssignment &memory,
                            const OutputProgram &program,
                            const CompileOptions &options,
                            llvm::StringRef targetName) {
  Array steps, partitions;
  for (auto [step, node] : llvm::enumerate(graph.nodes))
    steps.push_back(Object{{"step", int64_t(step)},
                           {"partition", graph.partitions[node.partition].name},
                           {"subgraph", program.subgraphNames[step]},
                           {"pattern", node.patternName},
                           {"target", node.target}});
  std::vector<llvm::SmallVector<int64_t, 4>> depends;
  std::vector<std::string> names;
  for (unsigned index = 0; index < graph.partitions.size(); ++index) {
    partitions.push_back(partitionEntry(graph, program, index));
    depends.emplace_back(graph.partitions[index].depends.begin(),
                         graph.partitions[index].depends.end());
    names.push_back(graph.partitions[index].name);
  }
  return Object{{"format", "opencgc-plan"},
                {"version", 1},
                {"program", graph.entry.getSymName().str()},
                {"target", targetName.str()},
                {"partitioning", options.partitioning == Partitioning::Fine
                                     ? "fine"
                                     : "coarse"},
                {"output_ir", "output.cgc"},
                {"steps", std::move(steps)},
                {"partitions", std::move(partitions)},
                {"schedule", scheduleEntries(depends, names, "partition")},
                {"memory", memoryEntry(graph, memory, options.alignment)}};
}

} // namespace opencgc::compiler
