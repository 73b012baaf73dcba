//===- Epilogue.cpp - Fused elementwise ops at one output element ---------===//
#include "Epilogue.h"

#include "ScalarOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

using namespace mlir;

namespace opencgc::codegen {

llvm::ArrayRef<int64_t> shapeOf(Value value) {
  return cast<cgc::TensorType>(value.getType()).getShape();
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

Value EpilogueEvaluator::applyAfterFirst(Block *body) {
  for (Operation &op : llvm::drop_begin(body->without_terminator())) {
    SmallVector<Value> operands;
    for (Value operand : op.getOperands())
      operands.push_back(scalarOf(operand));
    scalars.map(op.getResult(0),
                lookupScalarOp(&op)->emit(builder, op.getLoc(), &op, operands));
  }
  return scalarOf(body->getTerminator()->getOperand(0));
}

} // namespace opencgc::codegen
