//===- QuantizationConverters.cpp - ONNX quantized ops --------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

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

/// QuantizeLinear / DequantizeLinear: x, scale, optional zero point (uint8
/// by default); `axis` exists from opset 13.
template <typename OpTy, bool Quantize>
llvm::Error convertLinear(ImportContext &ctx) {
  auto operands = inputValues(ctx, 2);
  if (!operands)
    return operands.takeError();
  DType zeroType = DType::UInt8;
  if (!Quantize) {
    llvm::Expected<DType> inputType = ctx.inputDType(0);
    if (!inputType)
      return inputType.takeError();
    zeroType = *inputType;
  }
  auto zero = zeroPointOrDefault(ctx, 2, zeroType, "zero_point");
  if (!zero)
    return zero.takeError();
  operands->push_back(*zero);
  return setResult(
      ctx,
      ctx.create<OpTy>(
          *operands, {ctx.namedAttr("axis", ctx.getBuilder().getI64IntegerAttr(
                                                ctx.intAttr("axis", 1)))}));
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
  registry.add("QuantizeLinear", convertLinear<cgc_op::QuantizeLinearOp, true>,
               {"axis"});
  registry.add("DequantizeLinear",
               convertLinear<cgc_op::DequantizeLinearOp, false>, {"axis"});
  registry.add("DynamicQuantizeLinear", convertDynamicQuantizeLinear);
  registry.add("MatMulInteger", convertMatMulInteger);
  registry.add(
      "ConvInteger", convertConvInteger,
      {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
  registry.add("QLinearMatMul", convertQLinearMatMul);
  registry.add(
      "QLinearConv", convertQLinearConv,
      {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
}

} // namespace opencgc::onnx_import
