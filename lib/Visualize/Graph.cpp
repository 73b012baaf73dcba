//===- Graph.cpp - A drawable node/edge model of CGC IR -------------------===//
#include "opencgc/Visualize/Graph.h"

#include "llvm/ADT/STLExtras.h"

namespace opencgc::visualize {

const Cluster *Graph::findCluster(llvm::StringRef id) const {
  auto it =
      llvm::find_if(clusters, [&](const Cluster &c) { return c.id == id; });
  return it == clusters.end() ? nullptr : &*it;
}

const Node *Graph::findNode(llvm::StringRef id) const {
  auto it = llvm::find_if(nodes, [&](const Node &n) { return n.id == id; });
  return it == nodes.end() ? nullptr : &*it;
}

std::vector<const Node *> Graph::nodesIn(size_t index) const {
  std::vector<const Node *> result;
  for (const Node &node : nodes)
    if (node.cluster == index)
      result.push_back(&node);
  return result;
}

} // namespace opencgc::visualize
