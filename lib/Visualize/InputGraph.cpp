//===- InputGraph.cpp - The dataflow graph of an entry point --------------===//
//
// Drawn as the specification's "CGC Input IR" dataflow graph: arguments and
// return values in yellow, named constants in green, layers in blue, one
// arrow per producer/consumer pair.
//
//===----------------------------------------------------------------------===//
#include "Identifiers.h"
#include "opencgc/Visualize/Graph.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace opencgc::visualize {
namespace {
class InputGraphBuilder {
public:
  InputGraphBuilder(cgc::EntryPointOp entry, const ValueNames &names)
      : entry(entry), names(names) {}

  Graph build() {
    graph.name = entry.getSymName().str();
    graph.leftToRight = true;
    addArguments();
    for (Operation &op : entry.getBodyBlock()->getOperations())
      addOperation(op);
    for (auto [from, to] : edges)
      graph.edges.push_back({from, to, EdgeKind::Data});
    return std::move(graph);
  }

private:
  void addArguments() {
    for (BlockArgument arg : entry.getArguments()) {
      std::string name = names.get(arg);
      if (name.empty())
        name = "input" + std::to_string(arg.getArgNumber());
      std::string id = ids.make(name);
      valueIds[arg] = id;
      graph.nodes.push_back({id, NodeKind::Argument, "argument", name, {}});
    }
  }

  void addOperation(Operation &op) {
    if (auto constant = dyn_cast<cgc::ConstantOp>(op))
      return addNode(op, NodeKind::Constant, "cgc.constant",
                     constant.getName().str());
    if (auto ret = dyn_cast<cgc::ReturnOp>(op))
      return addResults(ret);
    std::string name = op.getNumResults() ? names.get(op.getResult(0)) : "";
    if (op.getNumResults() > 1)
      name = llvm::StringRef(name).split('#').first.str();
    addNode(op, NodeKind::Layer, op.getName().getStringRef().str(), name);
    addEdgesInto(op, graph.nodes.back().id);
  }

  void addNode(Operation &op, NodeKind kind, std::string title,
               std::string name) {
    std::string id =
        ids.make(name.empty() ? op.getName().stripDialect() : name);
    for (Value result : op.getResults())
      valueIds[result] = id;
    graph.nodes.push_back({id, kind, std::move(title), std::move(name), {}});
  }

  void addResults(cgc::ReturnOp ret) {
    for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
      auto attr = entry.getResultAttrOfType<StringAttr>(index, "cgc.name");
      std::string name = attr ? attr.str()
                         : ret.getNumOperands() > 1
                             ? "output" + std::to_string(index)
                             : "";
      std::string id = ids.make(name.empty() ? "out" : name);
      graph.nodes.push_back({id, NodeKind::Result, "Return Value", name, {}});
      if (std::string from = producerOf(value); !from.empty())
        edges.insert({from, id});
    }
  }

  /// Operands of the op and of anything nested in it (uses inside regions
  /// are data flowing into the op too).
  void addEdgesInto(Operation &op, const std::string &id) {
    op.walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (std::string from = producerOf(operand); !from.empty() && from != id)
          edges.insert({from, id});
    });
  }

  std::string producerOf(Value value) {
    if (auto it = valueIds.find(value); it != valueIds.end())
      return it->second;
    return "";
  }

  cgc::EntryPointOp entry;
  const ValueNames &names;
  Graph graph;
  Identifiers ids;
  llvm::DenseMap<Value, std::string> valueIds;
  EdgeSet edges;
};
} // namespace

Graph buildInputGraph(cgc::EntryPointOp entry, const ValueNames &names) {
  return InputGraphBuilder(entry, names).build();
}

} // namespace opencgc::visualize
