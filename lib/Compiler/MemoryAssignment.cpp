//===- MemoryAssignment.cpp - Where every value lives ---------------------===//
//
// The specification's appendix "Memory Planning": intermediates share one
// scratch buffer by lifetime; an elementwise subgraph may write over an
// input that dies with it; and an intermediate may live in a program output
// buffer until the output's producer runs ("non-intermediate" memory used
// as scratch, as the specification's Output IR does to keep 64 bytes).
//
//===----------------------------------------------------------------------===//
#include "MemoryAssignment.h"

#include "opencgc/Compiler/MemoryPlanner.h"
#include "opencgc/Compiler/OpClasses.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace mlir;

namespace opencgc::compiler {

cgc::MemRefType toMemRefType(Type type) {
  auto tensor = cast<cgc::TensorType>(type);
  return cgc::MemRefType::get(type.getContext(), tensor.getShape(),
                              tensor.getElementType(), tensor.getIsConstant());
}

uint64_t getByteSize(Value value) {
  if (auto tensor = dyn_cast<cgc::TensorType>(value.getType()))
    return tensor.getByteSize();
  return cast<cgc::MemRefType>(value.getType()).getByteSize();
}

namespace {
struct Lifetime {
  unsigned first = 0, last = 0;
};

/// Entry arguments, named constants and returned values are bound by the
/// application; everything else a node writes is an intermediate.
void bindBoundaryValues(CompilationGraph &graph) {
  for (BlockArgument argument : graph.entry.getArguments())
    graph.homes[argument] = {ValueHome::Input, argument.getArgNumber(), 0};
  for (auto constant : graph.entry.getBodyBlock()->getOps<cgc::ConstantOp>())
    graph.homes[constant.getResult()] = {ValueHome::Constant, 0, 0};
  for (auto [index, value] : llvm::enumerate(
           graph.entry.getBodyBlock()->getTerminator()->getOperands()))
    graph.homes[value] = {ValueHome::Output, unsigned(index), 0};
}

/// The lifetime of each root's memory (a node output, or a value other
/// values live in): from its first writer to its last reader, aliases'
/// writers and readers included.
llvm::DenseMap<Value, Lifetime>
computeLifetimes(const CompilationGraph &graph) {
  llvm::DenseMap<Value, Lifetime> lifetimes;
  for (auto [step, node] : llvm::enumerate(graph.nodes))
    for (Value output : node.outputs) // Steps ascend: the first stays.
      lifetimes
          .try_emplace(graph.rootOf(output).base,
                       Lifetime{unsigned(step), unsigned(step)})
          .first->second.last = unsigned(step);
  for (auto [step, node] : llvm::enumerate(graph.nodes))
    for (Value input : node.inputs) {
      auto found = lifetimes.find(graph.rootOf(input).base);
      if (found != lifetimes.end())
        found->second.last = std::max(found->second.last, unsigned(step));
    }
  return lifetimes;
}

bool isElementwiseNode(const SubgraphNode &node) {
  return llvm::all_of(node.ops,
                      [](Operation *op) { return isElementwise(op); });
}

/// Whether `output` spans the node's whole iteration space: a GPU kernel
/// runs one invocation per element of the largest output and writes a
/// smaller (broadcast) output from many invocations, while they still read
/// the input it would overwrite.
bool spansIterationSpace(const SubgraphNode &node, Value output) {
  auto elements = [](Value value) {
    return cast<cgc::TensorType>(value.getType()).getNumElements();
  };
  return llvm::all_of(node.outputs, [&](Value other) {
    return elements(other) <= elements(output);
  });
}

/// Lets each intermediate output of an elementwise node share the buffer of
/// a same-typed intermediate input whose buffer dies at this node, when
/// every invocation of the node's kernel reads that input only where it
/// writes the output (the output spans the iteration space).
void mergeInPlace(const CompilationGraph &graph,
                  llvm::DenseMap<Value, Lifetime> &lifetimes,
                  llvm::EquivalenceClasses<Value> &groups,
                  llvm::DenseMap<Value, Lifetime> &groupLifetimes) {
  for (auto [step, node] : llvm::enumerate(graph.nodes)) {
    // Values that share memory with others (views, placed concat inputs)
    // are never written over, nor written in place of another.
    auto aliased = [&](Value value) { return graph.isAliased(value); };
    if (!isElementwiseNode(node) || llvm::any_of(node.inputs, aliased) ||
        llvm::any_of(node.outputs, aliased))
      continue;
    llvm::SmallPtrSet<void *, 4> used;
    for (Value output : node.outputs) {
      if (graph.homes.lookup(output).kind != ValueHome::Scratch ||
          !spansIterationSpace(node, output))
        continue;
      for (Value input : node.inputs) {
        auto home = graph.homes.find(input);
        if (home == graph.homes.end() ||
            home->second.kind != ValueHome::Scratch ||
            input.getType() != output.getType() ||
            used.contains(input.getAsOpaquePointer()))
          continue;
        Value leader = groups.getLeaderValue(input);
        if (groupLifetimes[leader].last != step)
          continue;
        used.insert(input.getAsOpaquePointer());
        groups.unionSets(leader, output);
        Value merged = groups.getLeaderValue(leader);
        Lifetime lifetime = {
            groupLifetimes[leader].first,
            std::max(groupLifetimes[leader].last, lifetimes[output].last)};
        groupLifetimes[merged] = lifetime;
        break;
      }
    }
  }
}
} // namespace

MemoryAssignment assignMemory(CompilationGraph &graph,
                              const CompileOptions &options) {
  bindBoundaryValues(graph);
  llvm::DenseMap<Value, Lifetime> lifetimes = computeLifetimes(graph);
  std::vector<Value> intermediates;
  llvm::EquivalenceClasses<Value> groups;
  llvm::DenseMap<Value, Lifetime> groupLifetimes;
  // One buffer per root: a value placed in another lives in that one's.
  for (const SubgraphNode &node : graph.nodes)
    for (Value output : node.outputs) {
      Value root = graph.rootOf(output).base;
      if (!graph.homes.count(root)) {
        graph.homes[root] = {ValueHome::Scratch, 0, 0};
        intermediates.push_back(root);
        groups.insert(root);
        groupLifetimes[root] = lifetimes[root];
      }
    }
  if (options.inPlace)
    mergeInPlace(graph, lifetimes, groups, groupLifetimes);

  MemoryAssignment assignment;
  std::vector<BufferRequest> requests;
  for (Value value : intermediates) {
    if (groups.getLeaderValue(value) != value)
      continue;
    PlannedBuffer buffer;
    for (Value member : groups.members(value)) {
      buffer.values.push_back(member);
      buffer.bytes = std::max(buffer.bytes, getByteSize(member));
    }
    buffer.firstStep = groupLifetimes[value].first;
    buffer.lastStep = groupLifetimes[value].last;
    requests.push_back({buffer.bytes, buffer.firstStep, buffer.lastStep});
    assignment.buffers.push_back(std::move(buffer));
  }

  std::vector<BorrowedArena> arenas;
  if (options.borrowOutputs)
    for (Value result :
         graph.entry.getBodyBlock()->getTerminator()->getOperands())
      arenas.push_back(
          {getByteSize(result), int64_t(graph.producers.lookup(result)) - 1});
  MemoryPlan plan = planMemory(requests, arenas, options.alignment);
  for (auto [buffer, placement] :
       llvm::zip_equal(assignment.buffers, plan.placements))
    for (Value value : buffer.values)
      graph.homes[value] =
          placement.arena < 0
              ? ValueHome{ValueHome::Scratch, 0, placement.offset}
              : ValueHome{ValueHome::BorrowedOutput, unsigned(placement.arena),
                          placement.offset};
  // A value placed in another lives at its offset in that one's home.
  for (const auto &entry : graph.aliases) {
    CompilationGraph::Alias root = graph.rootOf(entry.first);
    ValueHome home = graph.homes.lookup(root.base);
    home.offset += root.offset;
    graph.homes[entry.first] = home;
  }
  // The naive plan gives every intermediate its own allocation, in-place
  // partners included.
  uint64_t naiveBytes = 0;
  for (Value value : intermediates)
    naiveBytes += getByteSize(value);
  assignment.figures = {plan.scratchBytes, naiveBytes, plan.lowerBoundBytes};
  assignment.peakLiveBytes = plan.peakLiveBytes;
  return assignment;
}

} // namespace opencgc::compiler
