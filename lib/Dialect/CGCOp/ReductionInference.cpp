//===- ReductionInference.cpp - Result types of the reduction family
//---------===//
//
// ONNX shape rules of the reductions, arg_max/arg_min, log_softmax, hardmax,
// cum_sum and top_k. Like every inference function these run while parsing,
// so they report malformed operands and attributes instead of asserting.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCOp/ReductionOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {
namespace {

bool isBoolElement(Type type) {
  return cgc::isElementType(type) &&
         cgc::getElementKind(type) == cgc::ElementKind::Bool;
}

LogicalResult requireNumeric(const Inferrer &inf, TensorType type,
                             StringRef role) {
  if (!isBoolElement(type.getElementType()))
    return success();
  return inf.fail("operand '", role,
                  "' must have a numeric element type, "
                  "got ",
                  type.getElementType());
}

/// The single operand `input`, checked to be a tensor.
FailureOr<TensorType> singleInput(const Inferrer &inf, ValueRange operands) {
  if (failed(inf.checkOperandCount(operands, 1, 1)))
    return failure();
  return inf.tensor(operands[0], "input");
}

/// The normalized, sorted set of reduced axes. Absent or empty `axes`
/// reduce every axis unless `noop` (ONNX noop_with_empty_axes).
FailureOr<SmallVector<bool>> reducedAxes(const Inferrer &inf, ArrayAttr axes,
                                         bool noop, int64_t rank) {
  SmallVector<bool> reduced(rank, false);
  if (!axes || axes.empty()) {
    if (!noop)
      reduced.assign(rank, true);
    return reduced;
  }
  if (failed(requireIntegers(inf, axes, "axes")))
    return failure();
  for (int64_t value : toShape(axes)) {
    auto axis = inf.axis(value, rank, "axes");
    if (failed(axis))
      return failure();
    if (reduced[*axis]) {
      (void)inf.fail("attribute 'axes' names axis ", *axis, " twice");
      return failure();
    }
    reduced[*axis] = true;
  }
  return reduced;
}

/// `shape` with the reduced axes dropped, or kept as 1 with `keepdims`.
Shape reducedShape(ArrayRef<int64_t> shape, ArrayRef<bool> reduced,
                   bool keepdims) {
  Shape out;
  for (auto [extent, isReduced] : llvm::zip_equal(shape, reduced)) {
    if (!isReduced)
      out.push_back(extent);
    else if (keepdims)
      out.push_back(1);
  }
  return out;
}

template <typename OpTy>
LogicalResult inferReduce(MLIRContext *ctx, std::optional<Location> loc,
                          typename OpTy::Adaptor adaptor, bool allowBool,
                          SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  auto input = singleInput(inf, adaptor.getOperands());
  if (failed(input) ||
      (!allowBool && failed(requireNumeric(inf, *input, "input"))))
    return failure();
  auto reduced = reducedAxes(inf, adaptor.getAxesAttr(),
                             adaptor.getNoopWithEmptyAxes(), input->getRank());
  if (failed(reduced))
    return failure();
  return inf.result(
      reducedShape(input->getShape(), *reduced, adaptor.getKeepdims()),
      input->getElementType(), results);
}

template <typename OpTy>
LogicalResult inferArgReduce(MLIRContext *ctx, std::optional<Location> loc,
                             typename OpTy::Adaptor adaptor,
                             SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  auto input = singleInput(inf, adaptor.getOperands());
  if (failed(input) || failed(requireNumeric(inf, *input, "input")))
    return failure();
  int64_t rank = input->getRank();
  if (rank == 0)
    return inf.fail("operand 'input' must have rank >= 1");
  auto axis = inf.axis(static_cast<int64_t>(adaptor.getAxis()), rank, "axis");
  if (failed(axis))
    return failure();
  SmallVector<bool> reduced(rank, false);
  reduced[*axis] = true;
  return inf.result(
      reducedShape(input->getShape(), reduced, adaptor.getKeepdims()),
      cgc::Int64Type::get(ctx), results);
}

/// Same type as the float input; `axis` must name one of its axes.
template <typename OpTy>
LogicalResult inferAlongAxis(MLIRContext *ctx, std::optional<Location> loc,
                             ValueRange operands, int64_t axis, bool floatOnly,
                             SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  auto input = singleInput(inf, operands);
  if (failed(input) ||
      (floatOnly && failed(inf.requireFloat(*input, "input"))) ||
      failed(requireNumeric(inf, *input, "input")))
    return failure();
  if (input->getRank() == 0)
    return inf.fail("operand 'input' must have rank >= 1");
  if (failed(inf.axis(axis, input->getRank(), "axis")))
    return failure();
  return inf.result(input->getShape(), input->getElementType(), results);
}

} // namespace

#define OPENCGC_REDUCE_INFERENCE(OP, ALLOW_BOOL)                               \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<Type> &results) {                                        \
    return inferReduce<OP>(ctx, loc, adaptor, ALLOW_BOOL, results);            \
  }
OPENCGC_REDUCE_INFERENCE(ReduceSumOp, false)
OPENCGC_REDUCE_INFERENCE(ReduceMeanOp, false)
// ONNX (opset 20) allows bool for max and min: they are `or` and `and`.
OPENCGC_REDUCE_INFERENCE(ReduceMaxOp, true)
OPENCGC_REDUCE_INFERENCE(ReduceMinOp, true)
OPENCGC_REDUCE_INFERENCE(ReduceProdOp, false)
OPENCGC_REDUCE_INFERENCE(ReduceL1Op, false)
OPENCGC_REDUCE_INFERENCE(ReduceL2Op, false)
OPENCGC_REDUCE_INFERENCE(ReduceLogSumOp, false)
OPENCGC_REDUCE_INFERENCE(ReduceLogSumExpOp, false)
OPENCGC_REDUCE_INFERENCE(ReduceSumSquareOp, false)
#undef OPENCGC_REDUCE_INFERENCE

LogicalResult ArgMaxOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  return inferArgReduce<ArgMaxOp>(ctx, loc, adaptor, results);
}

LogicalResult ArgMinOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  return inferArgReduce<ArgMinOp>(ctx, loc, adaptor, results);
}

LogicalResult LogSoftmaxOp::inferReturnTypes(MLIRContext *ctx,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  return inferAlongAxis<LogSoftmaxOp>(ctx, loc, adaptor.getOperands(),
                                      adaptor.getAxis(), true, results);
}

LogicalResult HardmaxOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  return inferAlongAxis<HardmaxOp>(ctx, loc, adaptor.getOperands(),
                                   adaptor.getAxis(), true, results);
}

LogicalResult CumSumOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  if (!adaptor.getAxisAttr())
    return makeInferrer<CumSumOp>(loc, ctx).fail("needs attribute 'axis'");
  return inferAlongAxis<CumSumOp>(ctx, loc, adaptor.getOperands(),
                                  adaptor.getAxis(), false, results);
}

LogicalResult CumProdOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  if (!adaptor.getAxisAttr())
    return makeInferrer<CumProdOp>(loc, ctx).fail("needs attribute 'axis'");
  return inferAlongAxis<CumProdOp>(ctx, loc, adaptor.getOperands(),
                                   adaptor.getAxis(), false, results);
}

LogicalResult DftOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<DftOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input) || failed(inf.requireFloat(*input, "input")))
    return failure();
  if (!adaptor.getAxisAttr() || !adaptor.getDftLengthAttr())
    return inf.fail("needs attributes 'axis' and 'dft_length'");
  Shape shape(input->getShape());
  int64_t rank = shape.size();
  int64_t axis = adaptor.getAxis(), length = adaptor.getDftLength();
  // Operators.md, DFT: the last dimension holds real or complex values and
  // is no valid axis.
  if (rank < 2 || (shape.back() != 1 && shape.back() != 2))
    return inf.fail("operand 'input' must end in a dimension of 1 (real) or "
                    "2 (complex), got ",
                    shapeStr(shape));
  if (axis < 0 || axis >= rank - 1)
    return inf.fail("attribute 'axis' = ", axis, " must be in [0, ", rank - 1,
                    ")");
  if (length < 1)
    return inf.fail("attribute 'dft_length' must be >= 1, got ", length);
  bool inverse = adaptor.getInverse(), onesided = adaptor.getOnesided();
  if (onesided && !inverse && shape.back() != 1)
    return inf.fail("a one-sided forward DFT takes real input");
  if (onesided && inverse && shape.back() != 2)
    return inf.fail("a one-sided inverse DFT takes complex input");
  shape[axis] = onesided && !inverse ? length / 2 + 1 : length;
  shape.back() = onesided && inverse ? 1 : 2;
  return inf.result(shape, input->getElementType(), results);
}

LogicalResult StftOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<StftOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 2)))
    return failure();
  auto signal = inf.tensor(adaptor.getSignal(), "signal");
  auto window = inf.tensor(adaptor.getWindow(), "window");
  if (failed(signal) || failed(window) ||
      failed(inf.requireFloat(*signal, "signal")) ||
      failed(inf.sameElementType(*signal, *window, "signal", "window")))
    return failure();
  ArrayRef<int64_t> s = signal->getShape(), w = window->getShape();
  if (s.size() != 3 || (s[2] != 1 && s[2] != 2) || w.size() != 1 || w[0] < 1)
    return inf.fail("expects a signal B x L x (1 or 2) and a 1-D window, got ",
                    shapeStr(s), " and ", shapeStr(w));
  int64_t step = adaptor.getFrameStepAttr() ? adaptor.getFrameStep() : 0;
  if (step < 1)
    return inf.fail("needs attribute 'frame_step' >= 1");
  if (w[0] > s[1])
    return inf.fail("frame of ", w[0], " samples is longer than the signal (",
                    s[1], ")");
  bool onesided = adaptor.getOnesided();
  // Operators.md, STFT: onesided output "is not possible" for complex
  // input.
  if (onesided && s[2] != 1)
    return inf.fail("a one-sided STFT takes a real signal");
  int64_t frames = (s[1] - w[0]) / step + 1;
  return inf.result({s[0], frames, onesided ? w[0] / 2 + 1 : w[0], 2},
                    signal->getElementType(), results);
}

LogicalResult TopKOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<TopKOp>(loc, ctx);
  auto input = singleInput(inf, adaptor.getOperands());
  if (failed(input) || failed(requireNumeric(inf, *input, "input")))
    return failure();
  if (!adaptor.getKAttr())
    return inf.fail("needs attribute 'k'");
  int64_t rank = input->getRank();
  if (rank == 0)
    return inf.fail("operand 'input' must have rank >= 1");
  auto axis = inf.axis(static_cast<int64_t>(adaptor.getAxis()), rank, "axis");
  if (failed(axis))
    return failure();
  int64_t k = static_cast<int64_t>(adaptor.getK());
  Shape shape(input->getShape());
  if (k < 0 || k > shape[*axis])
    return inf.fail("attribute 'k' = ", k, " must be in [0, ", shape[*axis],
                    "] (the extent of axis ", *axis, ")");
  shape[*axis] = k;
  if (failed(inf.result(shape, input->getElementType(), results)))
    return failure();
  return inf.result(shape, cgc::Int64Type::get(ctx), results);
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

namespace {
/// Checks input N x C x d..., target N x d... (integers), weight C and the
/// reduction; the loss is shaped like target for "none", scalar otherwise.
template <typename OpTy>
LogicalResult inferLoss(MLIRContext *ctx, std::optional<Location> loc,
                        typename OpTy::Adaptor adaptor,
                        SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 3)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto target = inf.tensor(adaptor.getTarget(), "target");
  if (failed(input) || failed(target) ||
      failed(inf.requireFloat(*input, "input")))
    return failure();
  Type targetElement = target->getElementType();
  if (cgc::isFloatElement(targetElement) || isBoolElement(targetElement))
    return inf.fail("operand 'target' must have an integer element type, "
                    "got ",
                    targetElement);
  ArrayRef<int64_t> x = input->getShape();
  Shape expected;
  if (x.size() >= 2) {
    expected.push_back(x[0]);
    llvm::append_range(expected, x.drop_front(2));
  }
  if (x.size() < 2 || target->getShape() != ArrayRef<int64_t>(expected))
    return inf.fail("expects input N x C x d... (rank >= 2) and target "
                    "N x d..., got ",
                    shapeStr(x), " and ", shapeStr(target->getShape()));
  if (Value weightValue = adaptor.getWeight()) {
    auto weight = inf.tensor(weightValue, "weight");
    if (failed(weight) ||
        failed(inf.sameElementType(*input, *weight, "input", "weight")))
      return failure();
    if (weight->getShape() != ArrayRef<int64_t>{x[1]})
      return inf.fail("weight must have shape ", x[1], " (one per class), got ",
                      shapeStr(weight->getShape()));
  }
  StringRef reduction = adaptor.getReduction();
  if (reduction != "none" && reduction != "sum" && reduction != "mean")
    return inf.fail("attribute 'reduction' must be \"none\", \"sum\" or "
                    "\"mean\", got \"",
                    reduction, "\"");
  Shape loss = reduction == "none" ? expected : Shape();
  return inf.result(loss, input->getElementType(), results);
}
} // namespace

LogicalResult NegativeLogLikelihoodLossOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  return inferLoss<NegativeLogLikelihoodLossOp>(ctx, loc, adaptor, results);
}

LogicalResult SoftmaxCrossEntropyLossOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  if (failed(inferLoss<SoftmaxCrossEntropyLossOp>(ctx, loc, adaptor, results)))
    return failure();
  // log_prob: log_softmax of the input along the class axis.
  auto input = cast<TensorType>(adaptor.getInput().getType());
  return makeInferrer<SoftmaxCrossEntropyLossOp>(loc, ctx).result(
      input.getShape(), input.getElementType(), results);
}

} // namespace opencgc::cgc_op
