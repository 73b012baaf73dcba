//===- QuantizationConverters.cpp - ONNX quantized ops --------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/LogicOps.h"
#include "opencgc/Dialect/CGCOp/QuantizationOps.h"

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

/// Input `index`, or ONNX's default zero point (a scalar 0 of `dtype`)
/// when the model leaves it out.
llvm::Expected<Value> zeroPointOrDefault(ImportContext &ctx, unsigned index,
                                         DType dtype, llvm::StringRef name) {
  if (ctx.hasInput(index))
    return ctx.input(index);
  return ctx.syntheticConstant(name, Tensor(dtype, {}));
}

/// The element type of an omitted zero point: QuantizeLinear's
/// output_dtype (opset 21) or uint8; DequantizeLinear's input type.
template <bool Quantize>
llvm::Expected<DType> defaultZeroType(ImportContext &ctx) {
  if (!Quantize)
    return ctx.inputDType(0);
  int64_t outputType = ctx.intAttr("output_dtype", 0);
  if (outputType == 0)
    return DType::UInt8;
  std::optional<DType> dtype = dtypeFromOnnx(static_cast<int32_t>(outputType));
  if (!dtype)
    return ctx.unsupported("QuantizeLinear output_dtype " +
                           llvm::Twine(outputType));
  if (ctx.hasInput(2)) {
    llvm::Expected<DType> zeroType = ctx.inputDType(2);
    if (!zeroType)
      return zeroType.takeError();
    if (*zeroType != *dtype)
      return ctx.malformed("QuantizeLinear output_dtype differs from the "
                           "zero point's type");
  }
  return *dtype;
}

/// A per-tensor zero point given as a one-element 1-D tensor beside a
/// scalar scale, or the reverse (ONNX 1.22's own int4, uint2 and float4e2m1
/// tests do this), takes the scale's shape: both are one parameter.
llvm::Expected<Value> zeroPointShapedAsScale(ImportContext &ctx, Value zero,
                                             Value scale) {
  llvm::SmallVector<int64_t> zeroShape(shapeOf(zero)), scaleShape(shapeOf(scale));
  auto single = [](llvm::ArrayRef<int64_t> shape) {
    return shape.size() <= 1 && llvm::all_of(shape, [](int64_t dim) {
             return dim == 1;
           });
  };
  if (zeroShape == scaleShape || !single(zeroShape) || !single(scaleShape))
    return zero;
  return reshapeTo(ctx, zero, scaleShape);
}

llvm::Expected<DType> dtypeAttr(ImportContext &ctx, StringRef name,
                                DType fallback);
llvm::Expected<Value> castTo(ImportContext &ctx, Value value, DType dtype);

/// DequantizeLinear-23's output_dtype: the result in the scale's type, cast
/// to output_dtype.
llvm::Error convertDequantizeTo(ImportContext &ctx, ValueRange operands) {
  llvm::Expected<DType> scaleType = ctx.inputDType(1);
  if (!scaleType)
    return scaleType.takeError();
  llvm::Expected<DType> target = dtypeAttr(ctx, "output_dtype", *scaleType);
  if (!target)
    return target.takeError();
  OpBuilder &b = ctx.getBuilder();
  llvm::Expected<Value> y = ctx.create<cgc_op::DequantizeLinearOp>(
      operands,
      {ctx.namedAttr("axis", b.getI64IntegerAttr(ctx.intAttr("axis", 1))),
       ctx.namedAttr("block_size",
                     b.getI64IntegerAttr(ctx.intAttr("block_size", 0)))});
  if (!y)
    return y.takeError();
  return setResult(ctx, castTo(ctx, *y, *target));
}

/// An ONNX data type attribute as a DType; `fallback` when it is 0.
llvm::Expected<DType> dtypeAttr(ImportContext &ctx, StringRef name,
                                DType fallback) {
  int64_t dataType = ctx.intAttr(name, 0);
  if (dataType == 0)
    return fallback;
  if (std::optional<DType> dtype = dtypeFromOnnx(int32_t(dataType)))
    return *dtype;
  return ctx.unsupported(name + " " + llvm::Twine(dataType));
}

/// `value` as `dtype`, through a cast when its type differs.
llvm::Expected<Value> castTo(ImportContext &ctx, Value value, DType dtype) {
  Type element = getElementType(ctx.getContext(), dtype);
  if (cast<cgc::TensorType>(value.getType()).getElementType() == element)
    return value;
  return ctx.create<cgc_op::CastOp>(
      {value}, {ctx.namedAttr("to", TypeAttr::get(element))});
}

/// QuantizeLinear-23's `precision`: x and the scale are cast to it (the
/// scale's type by default) so the layer divides in that type.
llvm::Error applyPrecision(ImportContext &ctx, SmallVector<Value> &operands) {
  llvm::Expected<DType> scaleType = ctx.inputDType(1);
  if (!scaleType)
    return scaleType.takeError();
  llvm::Expected<DType> precision = dtypeAttr(ctx, "precision", *scaleType);
  if (!precision)
    return precision.takeError();
  for (unsigned i = 0; i < 2; ++i) {
    llvm::Expected<Value> cast = castTo(ctx, operands[i], *precision);
    if (!cast)
      return cast.takeError();
    operands[i] = *cast;
  }
  return llvm::Error::success();
}

/// QuantizeLinear / DequantizeLinear: x, scale, optional zero point;
/// `axis` exists from opset 13, `block_size` (blocked scales) from 21.
/// `saturate` (opset 19) only applies to float8 outputs.
template <typename OpTy, bool Quantize>
llvm::Error convertLinear(ImportContext &ctx) {
  auto operands = inputValues(ctx, 2);
  if (!operands)
    return operands.takeError();
  llvm::Expected<DType> zeroType = defaultZeroType<Quantize>(ctx);
  if (!zeroType)
    return zeroType.takeError();
  auto zero = zeroPointOrDefault(ctx, 2, *zeroType, "zero_point");
  if (!zero)
    return zero.takeError();
  zero = zeroPointShapedAsScale(ctx, *zero, (*operands)[1]);
  if (!zero)
    return zero.takeError();
  if (Quantize && ctx.getOpVersion() >= 23)
    if (llvm::Error error = applyPrecision(ctx, *operands))
      return error;
  operands->push_back(*zero);
  OpBuilder &b = ctx.getBuilder();
  if (!Quantize && ctx.findAttr("output_dtype"))
    return convertDequantizeTo(ctx, *operands);
  llvm::SmallVector<NamedAttribute, 3> attrs = {
      ctx.namedAttr("axis", b.getI64IntegerAttr(ctx.intAttr("axis", 1))),
      ctx.namedAttr("block_size",
                    b.getI64IntegerAttr(ctx.intAttr("block_size", 0)))};
  if (Quantize && ctx.findAttr("saturate"))
    attrs.push_back(ctx.namedAttr(
        "saturate", b.getBoolAttr(ctx.intAttr("saturate", 1) != 0)));
  return setResult(ctx, ctx.create<OpTy>(*operands, attrs));
}

llvm::Error convertDynamicQuantizeLinear(ImportContext &ctx) {
  auto operands = inputValues(ctx, 1);
  if (!operands)
    return operands.takeError();
  llvm::Expected<Value> y =
      ctx.create<cgc_op::DynamicQuantizeLinearOp>(*operands);
  if (!y)
    return y.takeError();
  Operation *op = y->getDefiningOp();
  for (unsigned i = 0; i < 3; ++i)
    ctx.setOutput(i, op->getResult(i));
  return llvm::Error::success();
}

llvm::Error convertMatMulInteger(ImportContext &ctx) {
  auto operands = inputValues(ctx, 2);
  if (!operands)
    return operands.takeError();
  for (unsigned i = 0; i < 2; ++i) {
    llvm::Expected<DType> type = ctx.inputDType(i);
    if (!type)
      return type.takeError();
    auto zero = zeroPointOrDefault(ctx, 2 + i, *type,
                                   i ? "rhs_zero_point" : "lhs_zero_point");
    if (!zero)
      return zero.takeError();
    operands->push_back(*zero);
  }
  return setResult(ctx, ctx.create<cgc_op::MatMulIntegerOp>(*operands));
}

/// The window attributes of Conv, shared by ConvInteger and QLinearConv.
llvm::Expected<SmallVector<NamedAttribute>> convAttributes(ImportContext &ctx,
                                                           Value x, Value w) {
  llvm::ArrayRef<int64_t> xShape = shapeOf(x), wShape = shapeOf(w);
  if (xShape.size() < 3 || wShape.size() != xShape.size())
    return ctx.malformed("input and weight need equal rank >= 3");
  size_t spatial = xShape.size() - 2;
  llvm::Expected<Shape> strides = spatialInts(ctx, "strides", spatial, 1);
  if (!strides)
    return strides.takeError();
  llvm::Expected<Shape> dilations = spatialInts(ctx, "dilations", spatial, 1);
  if (!dilations)
    return dilations.takeError();
  llvm::Expected<Padding> pads = resolvePadding(
      ctx, xShape.drop_front(2), wShape.drop_front(2), *strides, *dilations);
  if (!pads)
    return pads.takeError();
  return SmallVector<NamedAttribute>{
      ctx.namedAttr("strides", ctx.i64Array(*strides)),
      ctx.namedAttr("dilations", ctx.i64Array(*dilations)),
      ctx.namedAttr("start_padding", ctx.i64Array(pads->begin)),
      ctx.namedAttr("end_padding", ctx.i64Array(pads->end)),
      ctx.namedAttr("group", ctx.getBuilder().getI64IntegerAttr(
                                 ctx.intAttr("group", 1)))};
}

llvm::Error convertConvInteger(ImportContext &ctx) {
  auto operands = inputValues(ctx, 2);
  if (!operands)
    return operands.takeError();
  for (unsigned i = 0; i < 2; ++i) {
    llvm::Expected<DType> type = ctx.inputDType(i);
    if (!type)
      return type.takeError();
    auto zero = zeroPointOrDefault(
        ctx, 2 + i, *type, i ? "weight_zero_point" : "input_zero_point");
    if (!zero)
      return zero.takeError();
    operands->push_back(*zero);
  }
  auto attrs = convAttributes(ctx, (*operands)[0], (*operands)[1]);
  if (!attrs)
    return attrs.takeError();
  return setResult(ctx, ctx.create<cgc_op::ConvIntegerOp>(*operands, *attrs));
}

llvm::Error convertQLinearMatMul(ImportContext &ctx) {
  auto operands = inputValues(ctx, 8);
  if (!operands)
    return operands.takeError();
  return setResult(ctx, ctx.create<cgc_op::QLinearMatMulOp>(*operands));
}

llvm::Error convertQLinearConv(ImportContext &ctx) {
  auto operands = inputValues(ctx, 8);
  if (!operands)
    return operands.takeError();
  if (ctx.hasInput(8)) {
    llvm::Expected<Value> bias = ctx.input(8);
    if (!bias)
      return bias.takeError();
    operands->push_back(*bias);
  }
  auto attrs = convAttributes(ctx, (*operands)[0], (*operands)[3]);
  if (!attrs)
    return attrs.takeError();
  return setResult(ctx, ctx.create<cgc_op::QLinearConvOp>(*operands, *attrs));
}
} // namespace

void registerQuantizationConverters(ConverterRegistry &registry) {
  // Opset 19 adds float16/bfloat16 inputs and scales, float8 and
  // `saturate`; 21 blocked scales (block_size), 16-bit and 4-bit types and
  // QuantizeLinear's output_dtype; 23 QuantizeLinear's precision and
  // DequantizeLinear's output_dtype; 24 and 25 types (float8e8m0, int2;
  // Changelog.md).
  registry.add("QuantizeLinear", convertLinear<cgc_op::QuantizeLinearOp, true>,
               {"axis", "block_size", "output_dtype", "precision", "saturate"},
               upTo(25));
  registry.add("DequantizeLinear",
               convertLinear<cgc_op::DequantizeLinearOp, false>,
               {"axis", "block_size", "output_dtype"}, upTo(25));
  registry.add("DynamicQuantizeLinear", convertDynamicQuantizeLinear);
  registry.add("MatMulInteger", convertMatMulInteger);
  registry.add(
      "ConvInteger", convertConvInteger,
      {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
  // QLinearMatMul-21 adds float16/bfloat16 scales and float8 operands.
  registry.add("QLinearMatMul", convertQLinearMatMul, {}, upTo(21));
  registry.add(
      "QLinearConv", convertQLinearConv,
      {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
}

} // namespace opencgc::onnx_import
