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

llvm::Error convertGelu(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  return setResult(
      ctx, ctx.create<cgc_op::GeluOp>(
               {*input},
               {ctx.namedAttr("approximate",
                              ctx.getBuilder().getStringAttr(
                                  ctx.stringAttr("approximate", "none")))}));
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
  registry.add("Softmax", convertSoftmaxLike<cgc_op::SoftmaxOp>, {"axis"});
  // Identity-19 to 25 add element types only.
  registry.add("Identity", convertIdentity, {}, upTo(25));
}

} // namespace opencgc::onnx_import
