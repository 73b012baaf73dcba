//===- ElementwiseConverters.cpp - ONNX elementwise ops -------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

llvm::Error convertIdentity(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  ctx.setOutput(0, *input);
  return llvm::Error::success();
}

/// Softmax before opset 13 flattens the input to 2-D at `axis` (default 1)
/// and normalizes each row; from 13 on it normalizes along `axis` (-1).
llvm::Error convertSoftmax(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  llvm::ArrayRef<int64_t> shape = shapeOf(*input);
  int64_t rank = shape.size();
  if (ctx.getOpset() >= 13) {
    llvm::Expected<Value> result = ctx.create<cgc_op::SoftmaxOp>(
        {*input}, {ctx.namedAttr("axis", ctx.getBuilder().getI64IntegerAttr(
                                             ctx.intAttr("axis", -1)))});
    if (!result)
      return result.takeError();
    ctx.setOutput(0, *result);
    return llvm::Error::success();
  }
  int64_t axis = ctx.intAttr("axis", 1);
  if (axis < -rank || axis > rank)
    return ctx.malformed("axis " + llvm::Twine(axis) +
                         " is out of range for rank " + llvm::Twine(rank));
  axis = axis < 0 ? axis + rank : axis;
  Shape flat = {getNumElements(shape.take_front(axis)),
                getNumElements(shape.drop_front(axis))};
  llvm::Expected<Value> rows = reshapeTo(ctx, *input, flat);
  if (!rows)
    return rows.takeError();
  llvm::Expected<Value> normalized = ctx.create<cgc_op::SoftmaxOp>(
      {*rows}, {ctx.namedAttr("axis", ctx.getBuilder().getI64IntegerAttr(1))});
  if (!normalized)
    return normalized.takeError();
  llvm::Expected<Value> result = reshapeTo(ctx, *normalized, shape);
  if (!result)
    return result.takeError();
  ctx.setOutput(0, *result);
  return llvm::Error::success();
}

llvm::Error convertGelu(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  llvm::Expected<Value> result = ctx.create<cgc_op::GeluOp>(
      {*input}, {ctx.namedAttr("approximate",
                               ctx.getBuilder().getStringAttr(ctx.stringAttr(
                                   "approximate", "none")))});
  if (!result)
    return result.takeError();
  ctx.setOutput(0, *result);
  return llvm::Error::success();
}
} // namespace

void registerElementwiseConverters(ConverterRegistry &registry) {
  registry.add("Add", convertBinary<cgc_op::AddOp>, {"broadcast", "axis"});
  registry.add("Sub", convertBinary<cgc_op::SubOp>, {"broadcast", "axis"});
  registry.add("Mul", convertBinary<cgc_op::MulOp>, {"broadcast", "axis"});
  registry.add("Div", convertBinary<cgc_op::DivOp>, {"broadcast", "axis"});
  registry.add("Relu", convertUnary<cgc_op::ReluOp>);
  registry.add("Sigmoid", convertUnary<cgc_op::SigmoidOp>);
  registry.add("Tanh", convertUnary<cgc_op::TanhOp>);
  registry.add("Gelu", convertGelu, {"approximate"});
  registry.add("Softmax", convertSoftmax, {"axis"});
  registry.add("Identity", convertIdentity);
}

} // namespace opencgc::onnx_import
