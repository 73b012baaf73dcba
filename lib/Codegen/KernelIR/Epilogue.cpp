//===- Epilogue.cpp - Fused elementwise ops at one output element ---------===//
#include "Epilogue.h"

#include "KernelBuilding.h"
#include "NormalizationKernel.h"
#include "ScalarOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include <limits>

using namespace mlir;

namespace opencgc::codegen {

llvm::ArrayRef<int64_t> shapeOf(Value value) {
  return cast<cgc::TensorType>(value.getType()).getShape();
}

bool epilogueBroadcastsTo(Block *body, llvm::ArrayRef<int64_t> outShape) {
  SmallVector<llvm::ArrayRef<int64_t>> shapes = {outShape};
  for (Operation &op : llvm::drop_begin(body->without_terminator())) {
    for (OpOperand &use : op.getOpOperands())
      if (!isChannelParameter(use)) // read at the channel, not broadcast
        shapes.push_back(shapeOf(use.get()));
    shapes.push_back(shapeOf(op.getResult(0)));
  }
  std::optional<Shape> iteration = broadcastShapes(shapes);
  return iteration && llvm::ArrayRef<int64_t>(*iteration) == outShape;
}

llvm::Error checkBufferIndexing(cgc::SubgraphOp subgraph,
                                llvm::ArrayRef<int64_t> outShape) {
  for (Value input :
       subgraph.getFunctionalDefinition().getBodyBlock()->getArguments())
    if (product(shapeOf(input)) > std::numeric_limits<int32_t>::max())
      return refuse(subgraph, "an input exceeds 32-bit indexing");
  if (product(outShape) > std::numeric_limits<int32_t>::max())
    return refuse(subgraph, "the output exceeds 32-bit indexing");
  return llvm::Error::success();
}

Value EpilogueEvaluator::scalarOf(Value value) {
  if (Value scalar = scalars.lookupOrNull(value))
    return scalar;
  auto input = cast<BlockArgument>(value);
  Value scalar =
      memref::LoadOp::create(builder, loc, buffer(input.getArgNumber()),
                             space.offsetOf(shapeOf(value)));
  scalars.map(value, scalar);
  return scalar;
}

/// batch_normalization's [C] parameters are read at the element's channel,
/// and not cached: the same input may also be read numpy-style.
Value EpilogueEvaluator::scalarOf(OpOperand &use) {
  if (!isChannelParameter(use))
    return scalarOf(use.get());
  return memref::LoadOp::create(
      builder, loc, buffer(cast<BlockArgument>(use.get()).getArgNumber()),
      space.offsetOf(channelParameterShape(use)));
}

Value EpilogueEvaluator::applyAfterFirst(Block *body) {
  for (Operation &op : llvm::drop_begin(body->without_terminator())) {
    SmallVector<Value> operands;
    for (OpOperand &use : op.getOpOperands())
      operands.push_back(scalarOf(use));
    scalars.map(op.getResult(0),
                lookupScalarOp(&op)->emit(builder, op.getLoc(), &op, operands));
  }
  return scalarOf(body->getTerminator()->getOperand(0));
}

} // namespace opencgc::codegen
