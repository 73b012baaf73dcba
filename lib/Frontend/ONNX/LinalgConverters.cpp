//===- LinalgConverters.cpp - ONNX Conv, MatMul, Gemm ---------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

llvm::Error convertConv(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::Expected<Value> w = ctx.input(1);
  if (!w)
    return w.takeError();
  SmallVector<Value> operands = {*x, *w};
  if (ctx.hasInput(2)) {
    llvm::Expected<Value> b = ctx.input(2);
    if (!b)
      return b.takeError();
    operands.push_back(*b);
  }
  llvm::ArrayRef<int64_t> xShape = shapeOf(*x), wShape = shapeOf(*w);
  if (xShape.size() < 3 || wShape.size() != xShape.size())
    return ctx.malformed("Conv needs input and weight of equal rank >= 3");
  size_t spatial = xShape.size() - 2;
  llvm::Expected<Shape> strides = spatialInts(ctx, "strides", spatial, 1);
  llvm::Expected<Shape> dilations = spatialInts(ctx, "dilations", spatial, 1);
  if (!strides)
    return strides.takeError();
  if (!dilations)
    return dilations.takeError();
  llvm::Expected<Padding> pads = resolvePadding(
      ctx, xShape.drop_front(2), wShape.drop_front(2), *strides, *dilations);
  if (!pads)
    return pads.takeError();
  return setResult(
      ctx,
      ctx.create<cgc_op::ConvolutionOp>(
          operands, {ctx.namedAttr("strides", ctx.i64Array(*strides)),
                     ctx.namedAttr("dilations", ctx.i64Array(*dilations)),
                     ctx.namedAttr("start_padding", ctx.i64Array(pads->begin)),
                     ctx.namedAttr("end_padding", ctx.i64Array(pads->end)),
                     ctx.namedAttr("group", ctx.getBuilder().getI64IntegerAttr(
                                                ctx.intAttr("group", 1)))}));
}

llvm::Error convertGemm(ImportContext &ctx) {
  SmallVector<Value> operands;
  for (unsigned i = 0; i < 3; ++i) {
    if (!ctx.hasInput(i))
      continue;
    llvm::Expected<Value> value = ctx.input(i);
    if (!value)
      return value.takeError();
    operands.push_back(*value);
  }
  OpBuilder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::GemmOp>(
          operands,
          {ctx.namedAttr("alpha", b.getF32FloatAttr(ctx.floatAttr("alpha", 1))),
           ctx.namedAttr("beta", b.getF32FloatAttr(ctx.floatAttr("beta", 1))),
           ctx.namedAttr("trans_a", b.getBoolAttr(ctx.intAttr("transA", 0))),
           ctx.namedAttr("trans_b", b.getBoolAttr(ctx.intAttr("transB", 0)))}));
}
} // namespace

void registerLinalgConverters(ConverterRegistry &registry) {
  registry.add(
      "Conv", convertConv,
      {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"},
      upTo(22)); // Conv-22 adds bfloat16.
  registry.add("MatMul", convertBinary<cgc_op::MatMulOp>);
  registry.add("Det", convertUnary<cgc_op::DetOp>, {}, upTo(22));
  registry.add("Gemm", convertGemm,
               {"alpha", "beta", "transA", "transB", "broadcast"});
}

} // namespace opencgc::onnx_import
