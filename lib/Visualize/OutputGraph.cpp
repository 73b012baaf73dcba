//===- OutputGraph.cpp - The partition diagram of a program ---------------===//
//
// Drawn as the specification's "CGC Output IR" diagram: the program's
// arguments and constants, one box per partition holding its subgraph
// invocations, solid arrows for bindings and dotted arrows for the order
// the program's invocations must keep.
//
//===----------------------------------------------------------------------===//
#include "Identifiers.h"
#include "opencgc/Visualize/Graph.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace opencgc::visualize {
namespace {
/// "conv+relu+add": the layers of a subgraph's functional definition, in
/// order, as the specification abbreviates them.
std::string summarizeSubgraph(cgc::SubgraphOp subgraph) {
  constexpr size_t kMaxShown = 6;
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  if (!definition)
    return subgraph.getSymName().str();
  std::vector<std::string> layers;
  for (Operation &op : definition.getBodyBlock()->without_terminator()) {
    llvm::StringRef name = op.getName().stripDialect();
    layers.push_back(name == "convolution" ? "conv" : name.str());
  }
  std::string summary;
  for (auto [index, layer] : llvm::enumerate(layers)) {
    if (index == kMaxShown) {
      summary += "+" + std::to_string(layers.size() - kMaxShown) + " more";
      break;
    }
    summary += (index ? "+" : "") + layer;
  }
  return summary;
}

/// The program value a memref operand views: through view_memref chains to
/// a program argument or named constant.
Value rootOf(Value value) {
  while (auto view = value.getDefiningOp<cgc::ViewMemRefOp>())
    value = view.getSource();
  return value;
}

bool isWritable(Value root) {
  auto type = dyn_cast<cgc::MemRefType>(root.getType());
  return type && !type.getIsConstant() &&
         !root.getDefiningOp<cgc::ConstantOp>();
}

class OutputGraphBuilder {
public:
  OutputGraphBuilder(cgc::ProgramOp program, const ValueNames &names)
      : program(program), names(names) {}

  Graph build() {
    graph.name = program.getSymName().str();
    addProgramValues();
    for (auto invoke : program.getBodyBlock()->getOps<cgc::InvokeOp>())
      addPartitionInvoke(invoke);
    addDependencies();
    for (auto [from, to] : bindings)
      graph.edges.push_back({from, to, EdgeKind::Data});
    for (auto [from, to] : dependencies)
      graph.edges.push_back({from, to, EdgeKind::Dependency});
    return std::move(graph);
  }

private:
  size_t addGroup(llvm::StringRef preferredId, llvm::StringRef title,
                  bool isPartition) {
    graph.clusters.push_back({ids.make(preferredId), title.str(), isPartition});
    return graph.clusters.size() - 1;
  }

  void addValueNode(Value value, std::string name, NodeKind kind,
                    size_t cluster) {
    std::string id = ids.make(name);
    valueIds[value] = id;
    graph.nodes.push_back({id, kind, "", "%" + name, cluster});
  }

  void addProgramValues() {
    size_t arguments = addGroup("programArguments", "Program Arguments", false);
    for (BlockArgument arg : program.getArguments()) {
      std::string name = names.get(arg);
      addValueNode(
          arg, name.empty() ? "arg" + std::to_string(arg.getArgNumber()) : name,
          NodeKind::ProgramArgument, arguments);
    }
    auto constants = program.getBodyBlock()->getOps<cgc::ConstantOp>();
    if (constants.empty())
      return;
    size_t group = addGroup("programConstants", "Program Constants", false);
    for (cgc::ConstantOp constant : constants) {
      std::string name = names.get(constant.getResult());
      addValueNode(constant.getResult(),
                   name.empty() ? constant.getName().str() : name,
                   NodeKind::ProgramConstant, group);
    }
  }

  void addPartitionInvoke(cgc::InvokeOp invoke) {
    auto partition = SymbolTable::lookupNearestSymbolFrom<cgc::PartitionOp>(
        invoke, invoke.getCalleeAttr());
    if (!partition)
      return;
    auto [it, isNew] = partitionClusters.try_emplace(partition, 0);
    if (isNew) {
      it->second =
          addGroup(partition.getSymName(), partition.getSymName(), true);
      addSubgraphInvokes(partition, it->second);
    }
    const std::string &clusterId = graph.clusters[it->second].id;
    invokes.push_back({invoke, clusterId});
    for (Value operand : invoke.getOperands())
      if (auto found = valueIds.find(rootOf(operand)); found != valueIds.end())
        bindings.insert({found->second, clusterId});
  }

  void addSubgraphInvokes(cgc::PartitionOp partition, size_t cluster) {
    partition.walk([&](cgc::InvokeOp inner) {
      auto subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
          inner, inner.getCalleeAttr());
      if (!subgraph)
        return;
      graph.nodes.push_back(
          {ids.make(subgraph.getSymName()), NodeKind::Invoke,
           "cgc.subgraph (" + summarizeSubgraph(subgraph) + ")",
           "@" + subgraph.getSymName().str(), cluster});
    });
  }

  /// Compiler output says what each invoke waits for; hand-written IR
  /// (the specification's example) does not, and then an invoke waits for
  /// the previous one when they share writable memory.
  void addDependencies() {
    bool declared = llvm::any_of(invokes, [](const auto &entry) {
      return entry.first->hasAttr(kDependsAttr);
    });
    for (auto [index, entry] : llvm::enumerate(invokes)) {
      std::vector<size_t> earlier =
          declared ? declaredDependencies(entry.first, index)
                   : sharedMemoryDependencies(index);
      for (size_t dep : earlier)
        if (invokes[dep].second != entry.second)
          dependencies.insert({invokes[dep].second, entry.second});
    }
  }

  static std::vector<size_t> declaredDependencies(cgc::InvokeOp invoke,
                                                  size_t index) {
    std::vector<size_t> result;
    if (auto attr = invoke->getAttrOfType<DenseI64ArrayAttr>(kDependsAttr))
      for (int64_t dep : attr.asArrayRef())
        if (dep >= 0 && static_cast<size_t>(dep) < index)
          result.push_back(dep);
    return result;
  }

  std::vector<size_t> sharedMemoryDependencies(size_t index) {
    if (index == 0)
      return {};
    llvm::SmallPtrSet<void *, 8> previous;
    for (Value operand : invokes[index - 1].first.getOperands())
      if (Value root = rootOf(operand); isWritable(root))
        previous.insert(root.getAsOpaquePointer());
    for (Value operand : invokes[index].first.getOperands())
      if (previous.contains(rootOf(operand).getAsOpaquePointer()))
        return {index - 1};
    return {};
  }

  cgc::ProgramOp program;
  const ValueNames &names;
  Graph graph;
  Identifiers ids;
  llvm::DenseMap<Value, std::string> valueIds;
  llvm::DenseMap<Operation *, size_t> partitionClusters;
  /// Program-level invokes in order, with their partition's cluster id.
  std::vector<std::pair<cgc::InvokeOp, std::string>> invokes;
  EdgeSet bindings;
  EdgeSet dependencies;
};
} // namespace

Graph buildOutputGraph(cgc::ProgramOp program, const ValueNames &names) {
  return OutputGraphBuilder(program, names).build();
}

} // namespace opencgc::visualize
