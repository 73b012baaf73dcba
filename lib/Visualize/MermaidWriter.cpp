//===- MermaidWriter.cpp - A Graph as a Mermaid flowchart -----------------===//
#include "NodeStyle.h"
#include "opencgc/Visualize/GraphWriters.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace opencgc::visualize {
namespace {
/// Text inside a quoted Mermaid label: quotes and angle brackets as
/// entities, so names cannot end the label or inject markup.
std::string escape(StringRef text) {
  std::string result;
  for (char c : text) {
    switch (c) {
    case '"':
      result += "#quot;";
      break;
    case '<':
      result += "#lt;";
      break;
    case '>':
      result += "#gt;";
      break;
    default:
      result.push_back(c);
    }
  }
  return result;
}

/// Input IR nodes read "<b>cgc_op.relu</b><br/>'relu1'"; Output IR nodes
/// show their one line ("%in", "cgc.subgraph (conv+relu+add)").
std::string label(const Node &node) {
  if (!isInputKind(node.kind))
    return escape(node.kind == NodeKind::Invoke ? node.title : node.name);
  std::string text = "<b>" + escape(node.title) + "</b>";
  if (!node.name.empty())
    text += "<br/>'" + escape(node.name) + "'";
  return text;
}

void writeNode(const Node &node, raw_ostream &os) {
  bool rounded = isRounded(node.kind);
  os << node.id << (rounded ? "([\"" : "[\"") << label(node)
     << (rounded ? "\"])" : "\"]") << ":::" << getNodeClass(node.kind).name
     << ";\n";
}

void writeCluster(const Graph &graph, size_t index, raw_ostream &os) {
  const Cluster &cluster = graph.clusters[index];
  os << "subgraph " << cluster.id;
  if (cluster.title != cluster.id)
    os << " [\"" << escape(cluster.title) << "\"]";
  os << "\n";
  for (const Node *node : graph.nodesIn(index))
    writeNode(*node, os);
  os << "end\n";
}
} // namespace

void writeMermaid(const Graph &graph, raw_ostream &os) {
  os << (graph.leftToRight ? "graph LR\n" : "graph\n");
  for (const Node &node : graph.nodes)
    if (!node.cluster)
      writeNode(node, os);
  for (size_t index = 0; index < graph.clusters.size(); ++index)
    writeCluster(graph, index, os);
  for (const Edge &edge : graph.edges)
    os << edge.from << (edge.kind == EdgeKind::Dependency ? " -.-> " : " --> ")
       << edge.to << ";\n";
  bool input = llvm::any_of(
      graph.nodes, [](const Node &node) { return isInputKind(node.kind); });
  for (const NodeClass &nodeClass : getDiagramClasses(input))
    os << "classDef " << nodeClass.name << " fill:" << nodeClass.fill
       << ",color:black;\n";
}

} // namespace opencgc::visualize
