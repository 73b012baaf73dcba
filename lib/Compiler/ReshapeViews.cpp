//===- ReshapeViews.cpp - Reshapes as views of their source ---------------===//
//
// A reshape (the ONNX importer's form of Reshape, Flatten, Squeeze and
// Unsqueeze) keeps the row-major order of the elements, so its result can
// live in its source's bytes: no subgraph computes it, consumers read the
// source's memory through a view of the reshaped type, and the source
// lives until the view's last reader (MemoryAssignment, Scheduling).
//
//===----------------------------------------------------------------------===//
#include "ReshapeViews.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

using namespace mlir;

namespace opencgc::compiler {

void findReshapeViews(CompilationGraph &graph) {
  Block *body = graph.entry.getBodyBlock();
  Operation *terminator = body->getTerminator();
  for (auto reshape : body->getOps<cgc_op::ReshapeOp>()) {
    Value source = reshape.getInput();
    Operation *producer = source.getDefiningOp();
    if (!producer || isa<cgc::ConstantOp>(producer))
      continue;
    if (llvm::is_contained(terminator->getOperands(), reshape.getResult()))
      continue;
    graph.addAlias(reshape.getResult(), source, 0);
    graph.placedOps.insert(reshape);
  }
}

} // namespace opencgc::compiler
