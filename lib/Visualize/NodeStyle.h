//===- NodeStyle.h - How each kind of node is drawn -------------*- C++ -*-===//
#ifndef OPENCGC_LIB_VISUALIZE_NODESTYLE_H
#define OPENCGC_LIB_VISUALIZE_NODESTYLE_H

#include "opencgc/Visualize/Graph.h"
#include "llvm/ADT/ArrayRef.h"

namespace opencgc::visualize {

/// A Mermaid classDef of the specification's diagrams.
struct NodeClass {
  llvm::StringLiteral name;
  llvm::StringLiteral fill;
};

/// The class a kind of node belongs to ("layer", "buffer", ...).
const NodeClass &getNodeClass(NodeKind kind);

/// The classes the specification declares for a drawing of Input IR
/// (layer, const, io) or of Output IR (op, buffer, intermediate, constant,
/// memview), in its order.
llvm::ArrayRef<NodeClass> getDiagramClasses(bool input);

/// Program arguments and constants are drawn as stadiums, as the
/// specification draws them; everything else as boxes.
bool isRounded(NodeKind kind);

} // namespace opencgc::visualize

#endif // OPENCGC_LIB_VISUALIZE_NODESTYLE_H
