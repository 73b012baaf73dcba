//===- ShapeInference.cpp - Result types of cgc_op layers -----------------===//
//
// Shape and type inference with ONNX semantics. These functions run both
// while parsing (when result types are left out) and while verifying, so
// they must cope with malformed input: wrong operand counts, non-tensor
// operands and missing attributes are reported, never assumed away.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include "InferenceUtils.h"

using namespace mlir;

namespace opencgc::cgc_op {
using cgc::TensorType;

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

template <typename OpTy>
static LogicalResult inferBinary(MLIRContext *ctx, std::optional<Location> loc,
                                 typename OpTy::Adaptor adaptor,
                                 SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 2)))
    return failure();
  auto lhs = inf.tensor(adaptor.getLhs(), "lhs");
  auto rhs = inf.tensor(adaptor.getRhs(), "rhs");
  if (failed(lhs) || failed(rhs) ||
      failed(inf.sameElementType(*lhs, *rhs, "lhs", "rhs")))
    return failure();
  auto shape = broadcast(inf, lhs->getShape(), rhs->getShape());
  if (failed(shape))
    return failure();
  return inf.result(*shape, lhs->getElementType(), results);
}

#define OPENCGC_BINARY_INFERENCE(OP)                                           \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<Type> &results) {                                        \
    return inferBinary<OP>(ctx, loc, adaptor, results);                        \
  }
OPENCGC_BINARY_INFERENCE(AddOp)
OPENCGC_BINARY_INFERENCE(SubOp)
OPENCGC_BINARY_INFERENCE(MulOp)
OPENCGC_BINARY_INFERENCE(DivOp)
#undef OPENCGC_BINARY_INFERENCE

/// Same shape and element type as the single input; floats only if asked.
template <typename OpTy>
static LogicalResult inferUnary(MLIRContext *ctx, std::optional<Location> loc,
                                ValueRange operands, bool floatOnly,
                                SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  if (failed(inf.checkOperandCount(operands, 1, 1)))
    return failure();
  auto input = inf.tensor(operands[0], "input");
  if (failed(input) || (floatOnly && failed(inf.requireFloat(*input, "input"))))
    return failure();
  return inf.result(input->getShape(), input->getElementType(), results);
}

LogicalResult ReluOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  return inferUnary<ReluOp>(ctx, loc, adaptor.getOperands(), false, results);
}

LogicalResult SigmoidOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  return inferUnary<SigmoidOp>(ctx, loc, adaptor.getOperands(), true, results);
}

LogicalResult TanhOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  return inferUnary<TanhOp>(ctx, loc, adaptor.getOperands(), true, results);
}

LogicalResult GeluOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  StringRef approximate = adaptor.getApproximate();
  if (approximate != "none" && approximate != "tanh")
    return makeInferrer<GeluOp>(loc, ctx).fail(
        "attribute 'approximate' must be \"none\" or \"tanh\", got \"",
        approximate, "\"");
  return inferUnary<GeluOp>(ctx, loc, adaptor.getOperands(), true, results);
}

LogicalResult SoftmaxOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  if (failed(inferUnary<SoftmaxOp>(ctx, loc, adaptor.getOperands(), true,
                                   results)))
    return failure();
  auto rank = cast<TensorType>(results.back()).getRank();
  Inferrer inf = makeInferrer<SoftmaxOp>(loc, ctx);
  return success(succeeded(
      inf.axis(static_cast<int64_t>(adaptor.getAxis()), rank, "axis")));
}

//===----------------------------------------------------------------------===//
// Convolution and matrix products
//===----------------------------------------------------------------------===//

LogicalResult ConvolutionOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ConvolutionOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 3)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto weight = inf.tensor(adaptor.getWeight(), "weight");
  if (failed(input) || failed(weight) ||
      failed(inf.sameElementType(*input, *weight, "input", "weight")))
    return failure();
  ArrayRef<int64_t> x = input->getShape(), w = weight->getShape();
  if (Value biasValue = adaptor.getBias()) {
    auto bias = inf.tensor(biasValue, "bias");
    if (failed(bias) ||
        failed(inf.sameElementType(*input, *bias, "input", "bias")))
      return failure();
    if (w.size() >= 1 && bias->getShape() != ArrayRef<int64_t>{w[0]})
      return inf.fail("bias must have shape ", w[0],
                      " (one per output "
                      "channel), got ",
                      shapeStr(bias->getShape()));
  }
  auto shape = convolutionShape(inf, x, w, adaptor);
  if (failed(shape))
    return failure();
  return inf.result(*shape, input->getElementType(), results);
}

LogicalResult MatMulOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<MatMulOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 2)))
    return failure();
  auto lhs = inf.tensor(adaptor.getLhs(), "lhs");
  auto rhs = inf.tensor(adaptor.getRhs(), "rhs");
  if (failed(lhs) || failed(rhs) ||
      failed(inf.sameElementType(*lhs, *rhs, "lhs", "rhs")))
    return failure();
  auto shape = matmulShape(inf, lhs->getShape(), rhs->getShape());
  if (failed(shape))
    return failure();
  return inf.result(*shape, lhs->getElementType(), results);
}

LogicalResult DetOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<DetOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input) || failed(inf.requireFloat(*input, "input")))
    return failure();
  ArrayRef<int64_t> shape = input->getShape();
  if (shape.size() < 2 || shape[shape.size() - 1] != shape[shape.size() - 2])
    return inf.fail("expects square matrices in the last two dimensions, "
                    "got ",
                    shapeStr(shape));
  return inf.result(shape.drop_back(2), input->getElementType(), results);
}

LogicalResult GemmOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<GemmOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 3)))
    return failure();
  auto a = inf.tensor(adaptor.getA(), "a");
  auto b = inf.tensor(adaptor.getB(), "b");
  if (failed(a) || failed(b) || failed(inf.sameElementType(*a, *b, "a", "b")))
    return failure();
  if (a->getRank() != 2 || b->getRank() != 2)
    return inf.fail("expects 2-D operands, got ", shapeStr(a->getShape()),
                    " and ", shapeStr(b->getShape()));
  bool transA = adaptor.getTransA(), transB = adaptor.getTransB();
  int64_t m = a->getShape()[transA ? 1 : 0], k = a->getShape()[transA ? 0 : 1];
  int64_t kb = b->getShape()[transB ? 1 : 0], n = b->getShape()[transB ? 0 : 1];
  if (k != kb)
    return inf.fail("contraction dimensions differ: op(a) is ", m, "x", k,
                    ", op(b) is ", kb, "x", n);
  if (Value cValue = adaptor.getC()) {
    auto c = inf.tensor(cValue, "c");
    if (failed(c) || failed(inf.sameElementType(*a, *c, "a", "c")))
      return failure();
    auto shape = broadcast(inf, c->getShape(), {m, n});
    if (failed(shape))
      return failure();
    if (*shape != ArrayRef<int64_t>{m, n})
      return inf.fail("operand 'c' of shape ", shapeStr(c->getShape()),
                      " does not broadcast to ", m, "x", n);
  }
  return inf.result({m, n}, a->getElementType(), results);
}

//===----------------------------------------------------------------------===//
// Pooling and resampling
//===----------------------------------------------------------------------===//

template <typename OpTy>
static LogicalResult inferPooling(MLIRContext *ctx, std::optional<Location> loc,
                                  typename OpTy::Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input))
    return failure();
  ArrayRef<int64_t> x = input->getShape();
  if (x.size() < 3)
    return inf.fail("expects an input of rank >= 3 (N x C x spatial...), "
                    "got ",
                    shapeStr(x));
  size_t spatial = x.size() - 2;
  if (!adaptor.getWindowSizeAttr())
    return inf.fail("needs attribute 'window_size'");
  auto window = inf.spatialArray(adaptor.getWindowSizeAttr(), "window_size",
                                 spatial, 1, 1);
  auto params = windowParams(inf, adaptor, spatial);
  if (failed(window) || failed(params))
    return failure();
  auto shape =
      windowedShape(inf, x, x[1], *window, *params, adaptor.getCeilMode());
  if (failed(shape))
    return failure();
  return inf.result(*shape, input->getElementType(), results);
}

LogicalResult MaxPoolingOp::inferReturnTypes(MLIRContext *ctx,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  return inferPooling<MaxPoolingOp>(ctx, loc, adaptor, results);
}

LogicalResult MaxPoolingWithIndicesOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  if (failed(inferPooling<MaxPoolingWithIndicesOp>(ctx, loc, adaptor, results)))
    return failure();
  auto values = cast<TensorType>(results.back());
  return makeInferrer<MaxPoolingWithIndicesOp>(loc, ctx).result(
      values.getShape(), cgc::Int64Type::get(ctx), results);
}

LogicalResult
AveragePoolingOp::inferReturnTypes(MLIRContext *ctx,
                                   std::optional<Location> loc, Adaptor adaptor,
                                   SmallVectorImpl<Type> &results) {
  return inferPooling<AveragePoolingOp>(ctx, loc, adaptor, results);
}

template <typename OpTy>
static LogicalResult inferUpsample(MLIRContext *ctx,
                                   std::optional<Location> loc,
                                   typename OpTy::Adaptor adaptor,
                                   std::optional<int64_t> requiredRank,
                                   SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input))
    return failure();
  ArrayRef<int64_t> x = input->getShape();
  if (requiredRank ? static_cast<int64_t>(x.size()) != *requiredRank
                   : x.size() < 3)
    return inf.fail("expects an input of rank ",
                    requiredRank ? std::to_string(*requiredRank) : ">= 3",
                    " (N x C x spatial...), got ", shapeStr(x));
  StringRef mode = adaptor.getMode();
  if (mode != "nearest" && mode != "linear")
    return inf.fail("attribute 'mode' must be \"nearest\" or \"linear\", "
                    "got \"",
                    mode, "\"");
  ArrayAttr scaleAttr = adaptor.getScaleSizeAttr();
  if (!scaleAttr || scaleAttr.empty())
    return inf.fail("needs attribute 'scale_size' with one factor per "
                    "spatial dimension");
  auto scales = inf.spatialArray(scaleAttr, "scale_size", x.size() - 2, 1, 1);
  if (failed(scales))
    return failure();
  Shape out(x);
  for (size_t i = 0; i < scales->size(); ++i)
    out[i + 2] *= (*scales)[i];
  return inf.result(out, input->getElementType(), results);
}

LogicalResult UpsampleOp::inferReturnTypes(MLIRContext *ctx,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  return inferUpsample<UpsampleOp>(ctx, loc, adaptor, std::nullopt, results);
}

LogicalResult Upsample2dOp::inferReturnTypes(MLIRContext *ctx,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  return inferUpsample<Upsample2dOp>(ctx, loc, adaptor, 4, results);
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ReshapeOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input) ||
      failed(requireIntegers(inf, adaptor.getShapeAttr(), "shape")))
    return failure();
  ArrayRef<int64_t> x = input->getShape();
  Shape out = toShape(adaptor.getShapeAttr());
  bool allowZero = adaptor.getAllowZero();
  int64_t inferIndex = -1, known = 1;
  for (auto [i, dim] : llvm::enumerate(out)) {
    if (dim == 0 && !allowZero) {
      if (i >= x.size())
        return inf.fail("shape entry ", i,
                        " is 0 (copy the input "
                        "dimension) but the input has rank ",
                        x.size());
      dim = x[i];
    }
    if (dim == -1) {
      if (inferIndex >= 0)
        return inf.fail("shape may contain at most one -1");
      inferIndex = i;
      continue;
    }
    if (dim < 0)
      return inf.fail("shape entry ", i, " is ", dim,
                      "; entries must be >= -1");
    known *= dim;
  }
  int64_t total = input->getNumElements();
  if (inferIndex >= 0) {
    if (known == 0 || total % known != 0)
      return inf.fail("cannot reshape ", shapeStr(x), " (", total,
                      " elements) to ",
                      shapeStr(toShape(adaptor.getShapeAttr())));
    out[inferIndex] = total / known;
  } else if (known != total) {
    return inf.fail("cannot reshape ", shapeStr(x), " (", total,
                    " elements) to ", shapeStr(out), " (", known, " elements)");
  }
  return inf.result(out, input->getElementType(), results);
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<TransposeOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input))
    return failure();
  ArrayRef<int64_t> x = input->getShape();
  Shape perm;
  if (ArrayAttr permAttr = adaptor.getPermAttr()) {
    if (failed(requireIntegers(inf, permAttr, "perm")))
      return failure();
    perm = toShape(permAttr);
  } else {
    for (int64_t i = x.size() - 1; i >= 0; --i)
      perm.push_back(i);
  }
  Shape sorted(perm);
  llvm::sort(sorted);
  if (sorted.size() != x.size())
    return inf.fail("attribute 'perm' has ", sorted.size(),
                    " entries for an input of rank ", x.size());
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != static_cast<int64_t>(i))
      return inf.fail(
          "attribute 'perm' must be a permutation of 0..",
          static_cast<int64_t>(x.size()) - 1, ", got [",
          llvm::join(llvm::map_range(
                         perm, [](int64_t v) { return std::to_string(v); }),
                     ", "),
          "]");
  Shape out;
  for (int64_t p : perm)
    out.push_back(x[p]);
  return inf.result(out, input->getElementType(), results);
}

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ConcatOp>(loc, ctx);
  ValueRange inputs = adaptor.getOperands();
  if (inputs.empty())
    return inf.fail("expects at least one input");
  if (!adaptor.getAxisAttr())
    return inf.fail("needs attribute 'axis'");
  auto first = inf.tensor(inputs[0], "inputs[0]");
  if (failed(first))
    return failure();
  auto axis =
      inf.axis(adaptor.getAxisAttr().getInt(), first->getRank(), "axis");
  if (failed(axis))
    return failure();
  Shape out(first->getShape());
  for (auto [i, value] : llvm::enumerate(inputs.drop_front())) {
    std::string role = "inputs[" + std::to_string(i + 1) + "]";
    auto next = inf.tensor(value, role);
    if (failed(next) ||
        failed(inf.sameElementType(*first, *next, "inputs[0]", role)))
      return failure();
    ArrayRef<int64_t> shape = next->getShape();
    bool compatible = shape.size() == out.size();
    for (size_t d = 0; compatible && d < shape.size(); ++d)
      compatible = d == static_cast<size_t>(*axis) || shape[d] == out[d];
    if (!compatible)
      return inf.fail(role, " has shape ", shapeStr(shape),
                      ", which differs from ", shapeStr(first->getShape()),
                      " outside the concatenation axis ", *axis);
    out[*axis] += shape[*axis];
  }
  return inf.result(out, first->getElementType(), results);
}

} // namespace opencgc::cgc_op
