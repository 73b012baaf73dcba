//===- GraphWriters.h - Mermaid and Graphviz text of a Graph ----*- C++ -*-===//
#ifndef OPENCGC_VISUALIZE_GRAPHWRITERS_H
#define OPENCGC_VISUALIZE_GRAPHWRITERS_H

#include "opencgc/Visualize/Graph.h"
#include "llvm/Support/raw_ostream.h"

namespace opencgc::visualize {

/// A Mermaid `graph` in the specification's notation: its node shapes,
/// classDef colours, `subgraph` boxes and `-.->` for dependencies.
void writeMermaid(const Graph &graph, llvm::raw_ostream &os);

/// A Graphviz digraph of the same drawing: clusters for boxes, dashed edges
/// for dependencies, edges to a box clipped at its border.
void writeDot(const Graph &graph, llvm::raw_ostream &os);

/// True for nodes of the Input IR dataflow graph (as opposed to the Output
/// IR partition diagram); the two use the specification's two palettes.
bool isInputKind(NodeKind kind);

} // namespace opencgc::visualize

#endif // OPENCGC_VISUALIZE_GRAPHWRITERS_H
