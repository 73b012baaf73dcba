//===- LogicInference.cpp - Result types of the logic family ---------===//
//
// Every op of the family broadcasts its tensor operands (numpy rules); the
// ops differ in which element types they accept and whether the result is
// bool. Those rules live in one table-like set of ElementwiseRule values.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCOp/LogicOps.h"

#include "InferenceUtils.h"

#include "mlir/IR/BuiltinAttributes.h"

namespace opencgc::cgc_op {
namespace {

/// Sets of element kinds an operand may have.
enum KindMask : unsigned {
  kFloat = 1,
  kSigned = 2,
  kUnsigned = 4,
  kBool = 8,
  kInteger = kSigned | kUnsigned,
  kNumeric = kFloat | kInteger,
  kAnyKind = kNumeric | kBool,
};

unsigned maskOf(Type elementType) {
  switch (cgc::getElementKind(elementType)) {
  case cgc::ElementKind::Float:
    return kFloat;
  case cgc::ElementKind::SignedInt:
    return kSigned;
  case cgc::ElementKind::UnsignedInt:
    return kUnsigned;
  case cgc::ElementKind::Bool:
    return kBool;
  }
  return 0;
}

/// What an elementwise op of the family accepts and produces.
struct ElementwiseRule {
  size_t minOperands, maxOperands;
  unsigned kinds;      // Element kinds every operand may have.
  StringRef kindsText; // The same, for errors: "a numeric".
  bool sameType;       // All operands share one element type.
  bool boolResult;     // Comparison and logic; else the first operand's type.
};

constexpr ElementwiseRule kPow = {2, 2, kNumeric, "a numeric", false, false};
constexpr ElementwiseRule kMod = {2, 2, kNumeric, "a numeric", true, false};
constexpr ElementwiseRule kShift = {
    2, 2, kUnsigned, "an unsigned integer", true, false};
constexpr ElementwiseRule kLogic = {2, 2, kBool, "a bool", true, true};
// ONNX BitwiseAnd/Or/Xor/Not (opset 18): integers of one type.
constexpr ElementwiseRule kBitwise = {2,    2,    kInteger, "an integer",
                                      true, false};
constexpr ElementwiseRule kBitwiseNot = {1,    1,    kInteger, "an integer",
                                         true, false};
// ONNX Equal also takes bool; the orderings take numbers only.
constexpr ElementwiseRule kEqual = {2,    2,   kAnyKind, "a numeric or bool",
                                    true, true};
constexpr ElementwiseRule kOrder = {2, 2, kNumeric, "a numeric", true, true};
constexpr ElementwiseRule kMinMax = {1,           SIZE_MAX, kNumeric,
                                     "a numeric", true,     false};
// ONNX Sum and Mean are defined for floating-point types only.
constexpr ElementwiseRule kSumMean = {
    1, SIZE_MAX, kFloat, "a floating-point", true, false};

/// Attribute `name`, or null (also when there is no dictionary at all).
Attribute findAttr(DictionaryAttr attrs, StringRef name) {
  return attrs ? attrs.get(name) : Attribute();
}

/// "lhs"/"rhs" for binary ops, "inputs[i]" for variadic ones.
std::string operandRole(const ElementwiseRule &rule, size_t index) {
  if (rule.maxOperands == 1)
    return "input";
  if (rule.maxOperands == 2)
    return index == 0 ? "lhs" : "rhs";
  return "inputs[" + std::to_string(index) + "]";
}

/// Checks `operands` against `rule` and broadcasts their shapes.
LogicalResult inferElementwise(const Inferrer &inf, ValueRange operands,
                               const ElementwiseRule &rule, MLIRContext *ctx,
                               SmallVectorImpl<Type> &results) {
  if (rule.maxOperands == SIZE_MAX && operands.size() < rule.minOperands)
    return inf.fail("expects at least ", rule.minOperands, " operand(s), got ",
                    operands.size());
  if (failed(
          inf.checkOperandCount(operands, rule.minOperands, rule.maxOperands)))
    return failure();
  Shape shape;
  TensorType first;
  for (auto [index, operand] : llvm::enumerate(operands)) {
    std::string role = operandRole(rule, index);
    auto type = inf.tensor(operand, role);
    if (failed(type))
      return failure();
    if (!(maskOf(type->getElementType()) & rule.kinds))
      return inf.fail("operand '", role, "' must have ", rule.kindsText,
                      " element type, got ", type->getElementType());
    if (index == 0) {
      first = *type;
      shape.assign(type->getShape().begin(), type->getShape().end());
      continue;
    }
    if (rule.sameType &&
        failed(inf.sameElementType(first, *type, operandRole(rule, 0), role)))
      return failure();
    auto broadcast = opencgc::cgc_op::broadcast(inf, shape, type->getShape());
    if (failed(broadcast))
      return failure();
    shape = *broadcast;
  }
  Type element =
      rule.boolResult ? cgc::BoolType::get(ctx) : first.getElementType();
  return inf.result(shape, element, results);
}

} // namespace

#define OPENCGC_ELEMENTWISE_INFERENCE(OP, RULE)                                \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<Type> &results) {                                        \
    return inferElementwise(makeInferrer<OP>(loc, ctx), adaptor.getOperands(), \
                            RULE, ctx, results);                               \
  }
OPENCGC_ELEMENTWISE_INFERENCE(PowOp, kPow)
OPENCGC_ELEMENTWISE_INFERENCE(AndOp, kLogic)
OPENCGC_ELEMENTWISE_INFERENCE(OrOp, kLogic)
OPENCGC_ELEMENTWISE_INFERENCE(XorOp, kLogic)
OPENCGC_ELEMENTWISE_INFERENCE(BitwiseAndOp, kBitwise)
OPENCGC_ELEMENTWISE_INFERENCE(BitwiseOrOp, kBitwise)
OPENCGC_ELEMENTWISE_INFERENCE(BitwiseXorOp, kBitwise)
OPENCGC_ELEMENTWISE_INFERENCE(BitwiseNotOp, kBitwiseNot)
OPENCGC_ELEMENTWISE_INFERENCE(EqualOp, kEqual)
OPENCGC_ELEMENTWISE_INFERENCE(GreaterOp, kOrder)
OPENCGC_ELEMENTWISE_INFERENCE(GreaterOrEqualOp, kOrder)
OPENCGC_ELEMENTWISE_INFERENCE(LessOp, kOrder)
OPENCGC_ELEMENTWISE_INFERENCE(LessOrEqualOp, kOrder)
OPENCGC_ELEMENTWISE_INFERENCE(MaxOp, kMinMax)
OPENCGC_ELEMENTWISE_INFERENCE(MinOp, kMinMax)
OPENCGC_ELEMENTWISE_INFERENCE(SumOp, kSumMean)
OPENCGC_ELEMENTWISE_INFERENCE(MeanOp, kSumMean)
#undef OPENCGC_ELEMENTWISE_INFERENCE

LogicalResult ModOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ModOp>(loc, ctx);
  if (failed(inferElementwise(inf, adaptor.getOperands(), kMod, ctx, results)))
    return failure();
  int64_t fmod = adaptor.getFmod();
  if (fmod != 0 && fmod != 1)
    return inf.fail("attribute 'fmod' must be 0 or 1, got ", fmod);
  // ONNX Mod: "If the input type is floating point, then fmod attribute
  // must be set to 1."
  if (fmod == 0 &&
      cgc::isFloatElement(cast<TensorType>(results.back()).getElementType()))
    return inf.fail("needs fmod = 1 for floating-point operands");
  return success();
}

LogicalResult BitShiftOp::inferReturnTypes(MLIRContext *ctx,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<BitShiftOp>(loc, ctx);
  auto direction = dyn_cast_or_null<StringAttr>(
      findAttr(adaptor.getAttributes(), "direction"));
  if (!direction)
    return inf.fail("needs string attribute 'direction'");
  if (direction.getValue() != "LEFT" && direction.getValue() != "RIGHT")
    return inf.fail("attribute 'direction' must be \"LEFT\" or \"RIGHT\", "
                    "got \"",
                    direction.getValue(), "\"");
  return inferElementwise(inf, adaptor.getOperands(), kShift, ctx, results);
}

LogicalResult WhereOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<WhereOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 3, 3)))
    return failure();
  auto condition = inf.tensor(adaptor.getCondition(), "condition");
  auto x = inf.tensor(adaptor.getX(), "x");
  auto y = inf.tensor(adaptor.getY(), "y");
  if (failed(condition) || failed(x) || failed(y) ||
      failed(inf.sameElementType(*x, *y, "x", "y")))
    return failure();
  if (!isa<cgc::BoolType>(condition->getElementType()))
    return inf.fail("operand 'condition' must have element type bool, got ",
                    condition->getElementType());
  auto shape = broadcast(inf, condition->getShape(), x->getShape());
  if (failed(shape))
    return failure();
  shape = broadcast(inf, *shape, y->getShape());
  if (failed(shape))
    return failure();
  return inf.result(*shape, x->getElementType(), results);
}

LogicalResult ClipOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ClipOp>(loc, ctx);
  ValueRange operands = adaptor.getOperands();
  if (failed(inf.checkOperandCount(operands, 1, 3)))
    return failure();
  auto input = inf.tensor(operands[0], "input");
  if (failed(input))
    return failure();
  if (!(maskOf(input->getElementType()) & kNumeric))
    return inf.fail("operand 'input' must have a numeric element type, got ",
                    input->getElementType());
  DictionaryAttr attrs = adaptor.getAttributes();
  size_t staticBounds = 0;
  for (StringRef name : {"min_value", "max_value"}) {
    Attribute attr = findAttr(attrs, name);
    if (!attr)
      continue;
    if (!isa<FloatAttr>(attr))
      return inf.fail("attribute '", name, "' must be a float, got ", attr);
    ++staticBounds;
  }
  size_t dynamicBounds = operands.size() - 1;
  // The bounds operands stand for exactly the sides without attributes.
  if (dynamicBounds != 0 && dynamicBounds + staticBounds != 2)
    return inf.fail("has ", dynamicBounds, " bound operands and ", staticBounds,
                    " bound attributes; with bound operands "
                    "each of min and max must be given exactly once");
  for (size_t i = 1; i < operands.size(); ++i) {
    auto bound = inf.tensor(operands[i], "bounds");
    if (failed(bound) ||
        failed(inf.sameElementType(*input, *bound, "input", "bounds")))
      return failure();
    if (bound->getNumElements() != 1)
      return inf.fail("bound operands must hold one element, got shape ",
                      shapeStr(bound->getShape()));
  }
  return inf.result(input->getShape(), input->getElementType(), results);
}

LogicalResult CastOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<CastOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 1, 1)))
    return failure();
  auto input = inf.tensor(adaptor.getOperands()[0], "input");
  if (failed(input))
    return failure();
  auto to = dyn_cast_or_null<TypeAttr>(findAttr(adaptor.getAttributes(), "to"));
  if (!to)
    return inf.fail("needs type attribute 'to'");
  if (!cgc::isElementType(to.getValue()))
    return inf.fail("attribute 'to' must be a cgc element type, got ",
                    to.getValue());
  return inf.result(input->getShape(), to.getValue(), results);
}

LogicalResult BitCastOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<BitCastOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input))
    return failure();
  auto to = dyn_cast_or_null<TypeAttr>(findAttr(adaptor.getAttributes(), "to"));
  if (!to || !cgc::isElementType(to.getValue()))
    return inf.fail("needs a cgc element type as attribute 'to'");
  // ONNX BitCast: "The target data type must have the same bit-width as
  // the input data type."
  Type from = input->getElementType();
  if (cgc::getElementBitWidth(from) != cgc::getElementBitWidth(to.getValue()))
    return inf.fail("cannot reinterpret ", from, " as ", to.getValue(),
                    ": the bit widths differ");
  return inf.result(input->getShape(), to.getValue(), results);
}

} // namespace opencgc::cgc_op
