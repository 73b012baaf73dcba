//===- RecurrentInference.cpp - Result types of RNN, GRU and LSTM ---------===//
#include "opencgc/Dialect/CGCOp/RecurrentOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {
namespace {
/// Checks `value` has exactly `shape` and element type `element`.
LogicalResult expectOperand(const Inferrer &inf, Value value, StringRef role,
                            ArrayRef<int64_t> shape, Type element) {
  auto type = inf.tensor(value, role);
  if (failed(type))
    return failure();
  if (type->getShape() != shape || type->getElementType() != element)
    return inf.fail("operand '", role, "' must be ", shapeStr(shape), " of ",
                    element, ", got ", shapeStr(type->getShape()), " of ",
                    type->getElementType());
  return success();
}

/// Shared rules of the recurrent ops; `gates` is 1 (RNN), 3 (GRU) or 4
/// (LSTM). Appends Y and Y_h (and Y_c for LSTM) to `results`.
template <typename OpTy>
LogicalResult inferRecurrent(MLIRContext *ctx, std::optional<Location> loc,
                             typename OpTy::Adaptor adaptor, int64_t gates,
                             unsigned operands, unsigned outputs,
                             SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), operands, operands)))
    return failure();
  auto x = inf.tensor(adaptor.getInput(), "input");
  if (failed(x) || failed(inf.requireFloat(*x, "input")))
    return failure();
  if (x->getRank() != 3)
    return inf.fail("expects input seq x batch x input_size, got ",
                    shapeStr(x->getShape()));
  StringRef direction = adaptor.getDirection();
  if (direction != "forward" && direction != "reverse" &&
      direction != "bidirectional")
    return inf.fail("attribute 'direction' must be \"forward\", \"reverse\" "
                    "or \"bidirectional\", got \"",
                    direction, "\"");
  int64_t seq = x->getShape()[0], batch = x->getShape()[1],
          inputSize = x->getShape()[2];
  int64_t hidden = static_cast<int64_t>(adaptor.getHiddenSize());
  int64_t dirs = direction == "bidirectional" ? 2 : 1;
  if (hidden < 1)
    return inf.fail("attribute 'hidden_size' must be positive");
  Type element = x->getElementType();
  if (failed(expectOperand(inf, adaptor.getWeight(), "weight",
                           {dirs, gates * hidden, inputSize}, element)) ||
      failed(expectOperand(inf, adaptor.getRecurrence(), "recurrence",
                           {dirs, gates * hidden, hidden}, element)) ||
      failed(expectOperand(inf, adaptor.getBias(), "bias",
                           {dirs, 2 * gates * hidden}, element)) ||
      failed(expectOperand(inf, adaptor.getSequenceLens(), "sequence_lens",
                           {batch}, cgc::Int32Type::get(ctx))) ||
      failed(expectOperand(inf, adaptor.getInitialH(), "initial_h",
                           {dirs, batch, hidden}, element)))
    return failure();
  (void)inf.result({seq, dirs, batch, hidden}, element, results);
  for (unsigned i = 1; i < outputs; ++i)
    (void)inf.result({dirs, batch, hidden}, element, results);
  return success();
}
} // namespace

LogicalResult RnnOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  return inferRecurrent<RnnOp>(ctx, loc, adaptor, 1, 6, 2, results);
}

LogicalResult GruOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  return inferRecurrent<GruOp>(ctx, loc, adaptor, 3, 6, 2, results);
}

LogicalResult LstmOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  if (failed(inferRecurrent<LstmOp>(ctx, loc, adaptor, 4, 8, 3, results)))
    return failure();
  Inferrer inf = makeInferrer<LstmOp>(loc, ctx);
  auto y = cast<TensorType>(results.front());
  int64_t dirs = y.getShape()[1], batch = y.getShape()[2],
          hidden = y.getShape()[3];
  Type element = y.getElementType();
  if (failed(expectOperand(inf, adaptor.getInitialC(), "initial_c",
                           {dirs, batch, hidden}, element)) ||
      failed(expectOperand(inf, adaptor.getPeepholes(), "peepholes",
                           {dirs, 3 * hidden}, element)))
    return failure();
  return success();
}

} // namespace opencgc::cgc_op
