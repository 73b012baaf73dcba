//===- DotWriter.cpp - A Graph as a Graphviz digraph ----------------------===//
#include "NodeStyle.h"
#include "opencgc/Visualize/GraphWriters.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace opencgc::visualize {
namespace {
/// Text inside a Graphviz HTML-like label.
std::string escapeHtml(StringRef text) {
  std::string result;
  raw_string_ostream os(result);
  printHTMLEscaped(text, os);
  return result;
}

/// Text inside a double-quoted Graphviz string.
std::string escapeQuoted(StringRef text) {
  std::string result;
  for (char c : text) {
    if (c == '"' || c == '\\')
      result.push_back('\\');
    result.push_back(c);
  }
  return result;
}

std::string clusterName(const Cluster &cluster) {
  return "cluster_" + cluster.id;
}

/// The same two lines as the Mermaid drawing: bold kind, then the name.
std::string label(const Node &node) {
  std::string text;
  if (!node.title.empty())
    text = "<b>" + escapeHtml(node.title) + "</b>";
  // Input IR names are quoted, as the specification labels them.
  std::string quote = isInputKind(node.kind) ? "'" : "";
  if (!node.name.empty())
    text +=
        (text.empty() ? "" : "<br/>") + quote + escapeHtml(node.name) + quote;
  return text;
}

void writeNode(const Node &node, StringRef indent, raw_ostream &os) {
  os << indent << node.id << " [label=<" << label(node) << ">, fillcolor=\""
     << getNodeClass(node.kind).fill << "\""
     << (isRounded(node.kind) ? ", style=\"rounded,filled\"" : "") << "];\n";
}

/// An edge may end at a cluster: Graphviz draws it to a node inside, clipped
/// at the cluster's border (lhead/ltail with compound=true).
std::string anchorOf(const Graph &graph, const Cluster &cluster) {
  size_t index = &cluster - graph.clusters.data();
  std::vector<const Node *> inside = graph.nodesIn(index);
  return inside.empty() ? cluster.id + "_anchor" : inside.front()->id;
}

void writeCluster(const Graph &graph, size_t index, raw_ostream &os) {
  const Cluster &cluster = graph.clusters[index];
  os << "  subgraph " << clusterName(cluster) << " {\n"
     << "    label=\"" << escapeQuoted(cluster.title) << "\";\n"
     << "    style=\"rounded\";\n";
  std::vector<const Node *> inside = graph.nodesIn(index);
  for (const Node *node : inside)
    writeNode(*node, "    ", os);
  if (inside.empty())
    os << "    " << anchorOf(graph, cluster)
       << " [shape=point, style=invis];\n";
  os << "  }\n";
}

void writeEdge(const Graph &graph, const Edge &edge, raw_ostream &os) {
  std::vector<std::string> attributes;
  std::string from = edge.from, to = edge.to;
  if (const Cluster *cluster = graph.findCluster(edge.from)) {
    from = anchorOf(graph, *cluster);
    attributes.push_back("ltail=" + clusterName(*cluster));
  }
  if (const Cluster *cluster = graph.findCluster(edge.to)) {
    to = anchorOf(graph, *cluster);
    attributes.push_back("lhead=" + clusterName(*cluster));
  }
  if (edge.kind == EdgeKind::Dependency)
    attributes.push_back("style=dashed");
  os << "  " << from << " -> " << to;
  if (!attributes.empty())
    os << " [" << join(attributes, ", ") << "]";
  os << ";\n";
}
} // namespace

void writeDot(const Graph &graph, raw_ostream &os) {
  os << "digraph \"" << escapeQuoted(graph.name) << "\" {\n";
  if (graph.leftToRight)
    os << "  rankdir=LR;\n";
  os << "  compound=true;\n"
     << "  node [shape=box, style=filled, fontname=\"Helvetica\"];\n";
  for (const Node &node : graph.nodes)
    if (!node.cluster)
      writeNode(node, "  ", os);
  for (size_t index = 0; index < graph.clusters.size(); ++index)
    writeCluster(graph, index, os);
  for (const Edge &edge : graph.edges)
    writeEdge(graph, edge, os);
  os << "}\n";
}

} // namespace opencgc::visualize
