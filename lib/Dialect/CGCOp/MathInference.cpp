//===- MathInference.cpp - Result types of the math family ---------===//
//
// Every math op maps elements one to one: the result has the input's shape,
// and its element type unless the op is a predicate (is_nan, is_inf give
// bool). What differs is the set of element types ONNX allows, so each op is
// one line of the table below naming its domain.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCOp/MathOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {
namespace {

/// Element types an op accepts.
enum class Domain {
  Float,         // float16, bfloat16, float32, float64
  SignedOrFloat, // floats and signed integers (Neg)
  Numeric,       // every type but bool (Abs, Sign, Erf, Shrink, PRelu)
  Bool,          // bool only (Not)
};

LogicalResult checkDomain(const Inferrer &inf, TensorType type, StringRef role,
                          Domain domain) {
  Type element = type.getElementType();
  if (!cgc::isElementType(element))
    return inf.fail("operand '", role, "' has unknown element type ", element);
  cgc::ElementKind kind = cgc::getElementKind(element);
  switch (domain) {
  case Domain::Float:
    return inf.requireFloat(type, role);
  case Domain::SignedOrFloat:
    if (kind == cgc::ElementKind::Float || kind == cgc::ElementKind::SignedInt)
      return success();
    return inf.fail("operand '", role,
                    "' must have a floating-point or "
                    "signed integer element type, got ",
                    element);
  case Domain::Numeric:
    if (kind != cgc::ElementKind::Bool)
      return success();
    return inf.fail("operand '", role,
                    "' must have a numeric element "
                    "type, got ",
                    element);
  case Domain::Bool:
    if (kind == cgc::ElementKind::Bool)
      return success();
    return inf.fail("operand '", role,
                    "' must have element type "
                    "!cgc.bool, got ",
                    element);
  }
  return failure();
}

/// One input of `domain`; the result keeps its shape and, unless
/// `boolResult`, its element type.
template <typename OpTy>
LogicalResult inferMath(MLIRContext *ctx, std::optional<Location> loc,
                        ValueRange operands, Domain domain, bool boolResult,
                        SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OpTy>(loc, ctx);
  if (failed(inf.checkOperandCount(operands, 1, 1)))
    return failure();
  auto input = inf.tensor(operands[0], "input");
  if (failed(input) || failed(checkDomain(inf, *input, "input", domain)))
    return failure();
  Type element = boolResult ? cgc::BoolType::get(ctx) : input->getElementType();
  return inf.result(input->getShape(), element, results);
}

} // namespace

#define OPENCGC_MATH_INFERENCE(OP, DOMAIN, BOOL_RESULT)                        \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<Type> &results) {                                        \
    return inferMath<OP>(ctx, loc, adaptor.getOperands(), Domain::DOMAIN,      \
                         BOOL_RESULT, results);                                \
  }
OPENCGC_MATH_INFERENCE(AbsOp, Numeric, false)
OPENCGC_MATH_INFERENCE(NegOp, SignedOrFloat, false)
OPENCGC_MATH_INFERENCE(SignOp, Numeric, false)
OPENCGC_MATH_INFERENCE(CeilOp, Float, false)
OPENCGC_MATH_INFERENCE(FloorOp, Float, false)
OPENCGC_MATH_INFERENCE(RoundOp, Float, false)
OPENCGC_MATH_INFERENCE(ReciprocalOp, Float, false)
OPENCGC_MATH_INFERENCE(SqrtOp, Float, false)
OPENCGC_MATH_INFERENCE(ExpOp, Float, false)
OPENCGC_MATH_INFERENCE(LogOp, Float, false)
OPENCGC_MATH_INFERENCE(ErfOp, Numeric, false)
OPENCGC_MATH_INFERENCE(SinOp, Float, false)
OPENCGC_MATH_INFERENCE(CosOp, Float, false)
OPENCGC_MATH_INFERENCE(TanOp, Float, false)
OPENCGC_MATH_INFERENCE(AsinOp, Float, false)
OPENCGC_MATH_INFERENCE(AcosOp, Float, false)
OPENCGC_MATH_INFERENCE(AtanOp, Float, false)
OPENCGC_MATH_INFERENCE(SinhOp, Float, false)
OPENCGC_MATH_INFERENCE(CoshOp, Float, false)
OPENCGC_MATH_INFERENCE(AsinhOp, Float, false)
OPENCGC_MATH_INFERENCE(AcoshOp, Float, false)
OPENCGC_MATH_INFERENCE(AtanhOp, Float, false)
OPENCGC_MATH_INFERENCE(NotOp, Bool, false)
OPENCGC_MATH_INFERENCE(IsNanOp, Float, true)
OPENCGC_MATH_INFERENCE(IsInfOp, Float, true)
OPENCGC_MATH_INFERENCE(SoftplusOp, Float, false)
OPENCGC_MATH_INFERENCE(SoftsignOp, Float, false)
OPENCGC_MATH_INFERENCE(HardSwishOp, Float, false)
OPENCGC_MATH_INFERENCE(EluOp, Float, false)
OPENCGC_MATH_INFERENCE(SeluOp, Float, false)
OPENCGC_MATH_INFERENCE(LeakyReluOp, Float, false)
OPENCGC_MATH_INFERENCE(HardSigmoidOp, Float, false)
OPENCGC_MATH_INFERENCE(ThresholdedReluOp, Float, false)
OPENCGC_MATH_INFERENCE(ShrinkOp, Numeric, false)
#undef OPENCGC_MATH_INFERENCE

LogicalResult CeluOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  // Celu divides by alpha: x / alpha inside the exponential.
  if (adaptor.getAlpha().isZero())
    return makeInferrer<CeluOp>(loc, ctx).fail(
        "attribute 'alpha' must not be 0");
  return inferMath<CeluOp>(ctx, loc, adaptor.getOperands(), Domain::Float,
                           false, results);
}

/// ONNX PRelu: slope broadcasts unidirectionally to the input, so the
/// result has exactly the input's shape.
LogicalResult PReluOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<PReluOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 2)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto slope = inf.tensor(adaptor.getSlope(), "slope");
  if (failed(input) || failed(slope) ||
      failed(checkDomain(inf, *input, "input", Domain::Numeric)) ||
      failed(inf.sameElementType(*input, *slope, "input", "slope")))
    return failure();
  auto shape = broadcast(inf, input->getShape(), slope->getShape());
  if (failed(shape))
    return failure();
  if (ArrayRef<int64_t>(*shape) != input->getShape())
    return inf.fail("slope of shape ", shapeStr(slope->getShape()),
                    " does not broadcast unidirectionally to input of "
                    "shape ",
                    shapeStr(input->getShape()));
  return inf.result(input->getShape(), input->getElementType(), results);
}

} // namespace opencgc::cgc_op
