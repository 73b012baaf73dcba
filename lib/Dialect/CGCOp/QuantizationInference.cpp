//===- QuantizationInference.cpp - Result types of quantized layers -------===//
#include "opencgc/Dialect/CGCOp/QuantizationOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {
namespace {
bool isQuantizedType(Type type) {
  return isa<cgc::Int8Type, cgc::UInt8Type>(type);
}

LogicalResult requireQuantized(const Inferrer &inf, TensorType type,
                               StringRef role) {
  if (isQuantizedType(type.getElementType()))
    return success();
  return inf.fail("operand '", role, "' must be int8 or uint8, got ",
                  type.getElementType());
}

/// The types quantize_linear produces and dequantize_linear takes: 8-bit,
/// float8 (ONNX opset 19), 16-bit and 4-bit integers (21), float4e2m1 (23)
/// and 2-bit integers (25).
bool isLinearQuantizedType(Type type) {
  return isa<cgc::Int8Type, cgc::UInt8Type, cgc::Int16Type, cgc::UInt16Type,
             cgc::Int4Type, cgc::UInt4Type, cgc::Int2Type, cgc::UInt2Type,
             cgc::Float8E4M3FNType, cgc::Float8E4M3FNUZType,
             cgc::Float8E5M2Type, cgc::Float8E5M2FNUZType, cgc::Float4E2M1Type>(
      type);
}

/// A blocked scale (ONNX opset 21): the input's shape, except
/// ceil(D / blockSize) along `axis`.
LogicalResult checkBlockedScale(const Inferrer &inf, TensorType input,
                                TensorType scale, int64_t axis,
                                int64_t blockSize, StringRef role) {
  auto normalized = inf.axis(axis, input.getRank(), "axis");
  if (failed(normalized))
    return failure();
  Shape expected(input.getShape());
  expected[*normalized] = (expected[*normalized] + blockSize - 1) / blockSize;
  if (scale.getShape() != ArrayRef<int64_t>(expected))
    return inf.fail("operand '", role, "_scale' of block size ", blockSize,
                    " must have shape ", shapeStr(expected), ", got ",
                    shapeStr(scale.getShape()));
  return success();
}

/// A scale and its zero point: a float scale, a zero point of
/// `quantized`'s element type, both scalars (or one-element 1-D) or, when
/// `channels` is given, 1-D with one entry per channel; with a block size,
/// blocked along `axis`.
LogicalResult checkScaleAndZeroPoint(const Inferrer &inf, Value scaleValue,
                                     Value zeroPointValue, Type quantized,
                                     std::optional<int64_t> channels,
                                     StringRef role, TensorType input = {},
                                     int64_t axis = 0, int64_t blockSize = 0) {
  std::string scaleRole = (role + "_scale").str();
  std::string zeroRole = (role + "_zero_point").str();
  auto scale = inf.tensor(scaleValue, scaleRole);
  auto zeroPoint = inf.tensor(zeroPointValue, zeroRole);
  if (failed(scale) || failed(zeroPoint) ||
      failed(inf.requireFloat(*scale, scaleRole)))
    return failure();
  if (zeroPoint->getElementType() != quantized)
    return inf.fail("operand '", zeroRole, "' must have element type ",
                    quantized, ", got ", zeroPoint->getElementType());
  ArrayRef<int64_t> shape = scale->getShape();
  bool perTensor = shape.empty() || (shape.size() == 1 && shape[0] == 1);
  bool perChannel = channels && shape.size() == 1 && shape[0] == *channels;
  if (blockSize > 0) {
    if (failed(checkBlockedScale(inf, input, *scale, axis, blockSize, role)))
      return failure();
  } else if (!perTensor && !perChannel)
    return inf.fail("operand '", scaleRole, "' must be a scalar",
                    channels ? " or have one entry per channel (" +
                                   std::to_string(*channels) + ")"
                             : std::string(),
                    ", got ", shapeStr(shape));
  if (zeroPoint->getShape() != shape)
    return inf.fail("operands '", scaleRole, "' and '", zeroRole,
                    "' must have the same shape, got ", shapeStr(shape),
                    " and ", shapeStr(zeroPoint->getShape()));
  return success();
}

/// The number of channels along `axis` when `scale` is per axis (a 1-D
/// tensor of more than one element); `axis` matters only then.
FailureOr<std::optional<int64_t>> perAxisChannels(const Inferrer &inf,
                                                  TensorType input,
                                                  Value scaleValue,
                                                  int64_t axis) {
  auto scale =
      dyn_cast_or_null<TensorType>(scaleValue ? scaleValue.getType() : Type());
  if (!scale || scale.getNumElements() <= 1)
    return std::optional<int64_t>();
  auto normalized = inf.axis(axis, input.getRank(), "axis");
  if (failed(normalized))
    return failure();
  return std::optional<int64_t>(input.getShape()[*normalized]);
}
} // namespace

LogicalResult
QuantizeLinearOp::inferReturnTypes(MLIRContext *ctx,
                                   std::optional<Location> loc, Adaptor adaptor,
                                   SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<QuantizeLinearOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 3, 3)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto zeroPoint = inf.tensor(adaptor.getZeroPoint(), "zero_point");
  if (failed(input) || failed(zeroPoint))
    return failure();
  Type quantized = zeroPoint->getElementType();
  if (!isLinearQuantizedType(quantized))
    return inf.fail("operand 'zero_point' must be int8, uint8, int16, "
                    "uint16, int4, uint4, int2, uint2, float8 or float4e2m1, "
                    "got ",
                    quantized);
  auto axis = static_cast<int64_t>(adaptor.getAxis());
  auto blockSize = static_cast<int64_t>(adaptor.getBlockSize());
  auto channels = perAxisChannels(inf, *input, adaptor.getScale(), axis);
  if (failed(channels))
    return failure();
  if (failed(checkScaleAndZeroPoint(inf, adaptor.getScale(),
                                    adaptor.getZeroPoint(), quantized,
                                    *channels, "y", *input, axis, blockSize)))
    return failure();
  return inf.result(input->getShape(), quantized, results);
}

LogicalResult DequantizeLinearOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<DequantizeLinearOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 3, 3)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto scale = inf.tensor(adaptor.getScale(), "scale");
  if (failed(input) || failed(scale))
    return failure();
  Type element = input->getElementType();
  if (!isLinearQuantizedType(element) && !isa<cgc::Int32Type>(element))
    return inf.fail("operand 'input' must be int8, uint8, int16, uint16, "
                    "int32, int4, uint4, int2, uint2, float8 or float4e2m1, "
                    "got ",
                    element);
  auto axis = static_cast<int64_t>(adaptor.getAxis());
  auto blockSize = static_cast<int64_t>(adaptor.getBlockSize());
  auto channels = perAxisChannels(inf, *input, adaptor.getScale(), axis);
  if (failed(channels))
    return failure();
  if (failed(checkScaleAndZeroPoint(inf, adaptor.getScale(),
                                    adaptor.getZeroPoint(), element, *channels,
                                    "x", *input, axis, blockSize)))
    return failure();
  return inf.result(input->getShape(), scale->getElementType(), results);
}

LogicalResult DynamicQuantizeLinearOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<DynamicQuantizeLinearOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input))
    return failure();
  if (!isa<cgc::Float32Type>(input->getElementType()))
    return inf.fail("operand 'input' must be float32, got ",
                    input->getElementType());
  auto u8 = cgc::UInt8Type::get(ctx);
  (void)inf.result(input->getShape(), u8, results);
  (void)inf.result({}, input->getElementType(), results);
  return inf.result({}, u8, results);
}

LogicalResult
MatMulIntegerOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<MatMulIntegerOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 4, 4)))
    return failure();
  auto lhs = inf.tensor(adaptor.getLhs(), "lhs");
  auto rhs = inf.tensor(adaptor.getRhs(), "rhs");
  auto lhsZero = inf.tensor(adaptor.getLhsZeroPoint(), "lhs_zero_point");
  auto rhsZero = inf.tensor(adaptor.getRhsZeroPoint(), "rhs_zero_point");
  if (failed(lhs) || failed(rhs) || failed(lhsZero) || failed(rhsZero) ||
      failed(requireQuantized(inf, *lhs, "lhs")) ||
      failed(requireQuantized(inf, *rhs, "rhs")) ||
      failed(inf.sameElementType(*lhs, *lhsZero, "lhs", "lhs_zero_point")) ||
      failed(inf.sameElementType(*rhs, *rhsZero, "rhs", "rhs_zero_point")))
    return failure();
  auto shape = matmulShape(inf, lhs->getShape(), rhs->getShape());
  if (failed(shape))
    return failure();
  return inf.result(*shape, cgc::Int32Type::get(ctx), results);
}

LogicalResult ConvIntegerOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ConvIntegerOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 4, 4)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto weight = inf.tensor(adaptor.getWeight(), "weight");
  auto inputZero = inf.tensor(adaptor.getInputZeroPoint(), "input_zero_point");
  auto weightZero =
      inf.tensor(adaptor.getWeightZeroPoint(), "weight_zero_point");
  if (failed(input) || failed(weight) || failed(inputZero) ||
      failed(weightZero) || failed(requireQuantized(inf, *input, "input")) ||
      failed(requireQuantized(inf, *weight, "weight")) ||
      failed(inf.sameElementType(*input, *inputZero, "input",
                                 "input_zero_point")) ||
      failed(inf.sameElementType(*weight, *weightZero, "weight",
                                 "weight_zero_point")))
    return failure();
  auto shape =
      convolutionShape(inf, input->getShape(), weight->getShape(), adaptor);
  if (failed(shape))
    return failure();
  return inf.result(*shape, cgc::Int32Type::get(ctx), results);
}

LogicalResult
QLinearMatMulOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<QLinearMatMulOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 8, 8)))
    return failure();
  auto lhs = inf.tensor(adaptor.getLhs(), "lhs");
  auto rhs = inf.tensor(adaptor.getRhs(), "rhs");
  auto outZero = inf.tensor(adaptor.getOutputZeroPoint(), "output_zero_point");
  if (failed(lhs) || failed(rhs) || failed(outZero) ||
      failed(requireQuantized(inf, *lhs, "lhs")) ||
      failed(requireQuantized(inf, *rhs, "rhs")) ||
      failed(requireQuantized(inf, *outZero, "output_zero_point")))
    return failure();
  int64_t columns = rhs->getShape().back();
  if (failed(checkScaleAndZeroPoint(
          inf, adaptor.getLhsScale(), adaptor.getLhsZeroPoint(),
          lhs->getElementType(), std::nullopt, "lhs")) ||
      failed(checkScaleAndZeroPoint(inf, adaptor.getRhsScale(),
                                    adaptor.getRhsZeroPoint(),
                                    rhs->getElementType(), columns, "rhs")) ||
      failed(checkScaleAndZeroPoint(
          inf, adaptor.getOutputScale(), adaptor.getOutputZeroPoint(),
          outZero->getElementType(), std::nullopt, "output")))
    return failure();
  auto shape = matmulShape(inf, lhs->getShape(), rhs->getShape());
  if (failed(shape))
    return failure();
  return inf.result(*shape, outZero->getElementType(), results);
}

LogicalResult QLinearConvOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<QLinearConvOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 8, 9)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto weight = inf.tensor(adaptor.getWeight(), "weight");
  auto outZero = inf.tensor(adaptor.getOutputZeroPoint(), "output_zero_point");
  if (failed(input) || failed(weight) || failed(outZero) ||
      failed(requireQuantized(inf, *input, "input")) ||
      failed(requireQuantized(inf, *weight, "weight")) ||
      failed(requireQuantized(inf, *outZero, "output_zero_point")))
    return failure();
  std::optional<int64_t> outChannels;
  if (weight->getRank() > 0)
    outChannels = weight->getShape()[0];
  if (failed(checkScaleAndZeroPoint(
          inf, adaptor.getInputScale(), adaptor.getInputZeroPoint(),
          input->getElementType(), std::nullopt, "input")) ||
      failed(checkScaleAndZeroPoint(
          inf, adaptor.getWeightScale(), adaptor.getWeightZeroPoint(),
          weight->getElementType(), outChannels, "weight")) ||
      failed(checkScaleAndZeroPoint(
          inf, adaptor.getOutputScale(), adaptor.getOutputZeroPoint(),
          outZero->getElementType(), std::nullopt, "output")))
    return failure();
  if (Value biasValue = adaptor.getBias()) {
    auto bias = inf.tensor(biasValue, "bias");
    if (failed(bias))
      return failure();
    if (!isa<cgc::Int32Type>(bias->getElementType()) || !outChannels ||
        bias->getShape() != ArrayRef<int64_t>{*outChannels})
      return inf.fail("bias must be int32 with one entry per output "
                      "channel, got ",
                      bias->getElementType(), " ", shapeStr(bias->getShape()));
  }
  auto shape =
      convolutionShape(inf, input->getShape(), weight->getShape(), adaptor);
  if (failed(shape))
    return failure();
  return inf.result(*shape, outZero->getElementType(), results);
}

} // namespace opencgc::cgc_op
