//===- NormalizationConverters.cpp - ONNX normalization converters --------===//
//
// BatchNormalization (inference only), LayerNormalization,
// InstanceNormalization, LRN, MeanVarianceNormalization, LpNormalization,
// LpPool, GlobalLpPool and Einsum.
//
//===----------------------------------------------------------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/NormalizationOps.h"

#include <cmath>

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

/// Creates `OpTy` from `operands` and defines output 0 with its result.
template <typename OpTy>
llvm::Error emit(ImportContext &ctx, ValueRange operands,
                 ArrayRef<NamedAttribute> attrs) {
  return setResult(ctx, ctx.create<OpTy>(operands, attrs));
}

NamedAttribute f32Attr(ImportContext &ctx, StringRef name, float value) {
  return ctx.namedAttr(name, ctx.getBuilder().getF32FloatAttr(value));
}

NamedAttribute i64Attr(ImportContext &ctx, StringRef name, int64_t value) {
  return ctx.namedAttr(name, ctx.getBuilder().getI64IntegerAttr(value));
}

/// Only inference mode: training_mode=1 (opset 14+) or asking for the
/// running/saved statistics outputs (all opsets) means training.
llvm::Error convertBatchNormalization(ImportContext &ctx) {
  if (ctx.intAttr("training_mode", 0) != 0)
    return ctx.unsupported("BatchNormalization training_mode=1");
  for (unsigned i = 1; i < 5; ++i)
    if (auto error = rejectOutput(
            ctx, i, "#" + std::to_string(i) + " (training statistics)"))
      return error;
  // Before opset 7, spatial=0 normalizes per element with C x D1.. params.
  if (ctx.getOpset() < 9 && ctx.intAttr("spatial", 1) != 1)
    return ctx.unsupported("BatchNormalization spatial=0");
  auto operands = inputValues(ctx, 5);
  if (!operands)
    return operands.takeError();
  return emit<cgc_op::BatchNormalizationOp>(
      ctx, *operands,
      {f32Attr(ctx, "epsilon", ctx.floatAttr("epsilon", 1e-5f))});
}

llvm::Error convertLayerNormalization(ImportContext &ctx) {
  auto operands = inputValues(ctx, ctx.hasInput(2) ? 3 : 2);
  if (!operands)
    return operands.takeError();
  llvm::Expected<Value> result = ctx.create<cgc_op::LayerNormalizationOp>(
      *operands, {i64Attr(ctx, "axis", ctx.intAttr("axis", -1)),
                  f32Attr(ctx, "epsilon", ctx.floatAttr("epsilon", 1e-5f)),
                  i64Attr(ctx, "stash_type", ctx.intAttr("stash_type", 1))});
  if (!result)
    return result.takeError();
  // Mean and InvStdDev are optional outputs; setOutput skips absent ones.
  Operation *op = result->getDefiningOp();
  for (unsigned i = 0; i < 3; ++i)
    ctx.setOutput(i, op->getResult(i));
  return llvm::Error::success();
}

llvm::Error convertInstanceNormalization(ImportContext &ctx) {
  auto operands = inputValues(ctx, 3);
  if (!operands)
    return operands.takeError();
  return emit<cgc_op::InstanceNormalizationOp>(
      ctx, *operands,
      {f32Attr(ctx, "epsilon", ctx.floatAttr("epsilon", 1e-5f))});
}

llvm::Error convertLrn(ImportContext &ctx) {
  if (!ctx.findAttr("size"))
    return ctx.malformed("LRN needs attribute 'size'");
  auto operands = inputValues(ctx, 1);
  if (!operands)
    return operands.takeError();
  return emit<cgc_op::LrnOp>(
      ctx, *operands,
      {i64Attr(ctx, "size", ctx.intAttr("size", 1)),
       f32Attr(ctx, "alpha", ctx.floatAttr("alpha", 1e-4f)),
       f32Attr(ctx, "beta", ctx.floatAttr("beta", 0.75f)),
       f32Attr(ctx, "bias", ctx.floatAttr("bias", 1.0f))});
}

llvm::Error convertMeanVarianceNormalization(ImportContext &ctx) {
  auto operands = inputValues(ctx, 1);
  if (!operands)
    return operands.takeError();
  std::vector<int64_t> axes =
      ctx.intsAttr("axes").value_or(std::vector<int64_t>{0, 2, 3});
  return emit<cgc_op::MeanVarianceNormalizationOp>(
      ctx, *operands, {ctx.namedAttr("axes", ctx.i64Array(axes))});
}

llvm::Error convertLpNormalization(ImportContext &ctx) {
  auto operands = inputValues(ctx, 1);
  if (!operands)
    return operands.takeError();
  return emit<cgc_op::LpNormalizationOp>(
      ctx, *operands,
      {i64Attr(ctx, "axis", ctx.intAttr("axis", -1)),
       i64Attr(ctx, "p", ctx.intAttr("p", 2))});
}

/// LpPool-1 and GlobalLpPool-1 spell p as a float, later opsets as an int.
llvm::Expected<int64_t> poolingP(ImportContext &ctx) {
  const onnx::AttributeProto *attr = ctx.findAttr("p");
  if (!attr)
    return 2;
  if (attr->type() != onnx::AttributeProto::FLOAT)
    return attr->i();
  float p = attr->f();
  if (p < 1 || p != std::floor(p))
    return ctx.unsupported("non-integer LpPool p=" + std::to_string(p));
  return static_cast<int64_t>(p);
}

llvm::Error convertLpPool(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  ArrayRef<int64_t> shape = shapeOf(*x);
  if (shape.size() < 3)
    return ctx.malformed("LpPool needs an input of rank >= 3");
  size_t spatial = shape.size() - 2;
  std::optional<std::vector<int64_t>> kernel = ctx.intsAttr("kernel_shape");
  if (!kernel)
    return ctx.malformed("missing attribute 'kernel_shape'");
  llvm::Expected<Shape> strides = spatialInts(ctx, "strides", spatial, 1);
  if (!strides)
    return strides.takeError();
  llvm::Expected<Shape> dilations = spatialInts(ctx, "dilations", spatial, 1);
  if (!dilations)
    return dilations.takeError();
  llvm::Expected<Padding> pads =
      resolvePadding(ctx, shape.drop_front(2), *kernel, *strides, *dilations);
  if (!pads)
    return pads.takeError();
  llvm::Expected<int64_t> p = poolingP(ctx);
  if (!p)
    return p.takeError();
  return emit<cgc_op::LpPoolingOp>(
      ctx, {*x},
      {ctx.namedAttr("window_size", ctx.i64Array(*kernel)),
       ctx.namedAttr("strides", ctx.i64Array(*strides)),
       ctx.namedAttr("dilations", ctx.i64Array(*dilations)),
       ctx.namedAttr("start_padding", ctx.i64Array(pads->begin)),
       ctx.namedAttr("end_padding", ctx.i64Array(pads->end)),
       ctx.namedAttr("ceil_mode",
                     ctx.getBuilder().getBoolAttr(ctx.intAttr("ceil_mode", 0))),
       i64Attr(ctx, "p", *p)});
}

/// GlobalLpPool pools with the whole spatial extent as the window.
llvm::Error convertGlobalLpPool(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  ArrayRef<int64_t> shape = shapeOf(*x);
  if (shape.size() < 3)
    return ctx.malformed("GlobalLpPool needs an input of rank >= 3");
  llvm::Expected<int64_t> p = poolingP(ctx);
  if (!p)
    return p.takeError();
  return emit<cgc_op::LpPoolingOp>(
      ctx, {*x},
      {ctx.namedAttr("window_size", ctx.i64Array(shape.drop_front(2))),
       i64Attr(ctx, "p", *p)});
}

llvm::Error convertEinsum(ImportContext &ctx) {
  if (!ctx.findAttr("equation"))
    return ctx.malformed("Einsum needs attribute 'equation'");
  auto operands = inputValues(ctx, ctx.getNumInputs());
  if (!operands)
    return operands.takeError();
  std::string equation = ctx.stringAttr("equation", "");
  return emit<cgc_op::EinsumOp>(
      ctx, *operands,
      {ctx.namedAttr("equation", ctx.getBuilder().getStringAttr(equation))});
}
} // namespace

void registerNormalizationConverters(ConverterRegistry &registry) {
  // momentum only matters in training; is_test/consumed_inputs are legacy.
  registry.add("BatchNormalization", convertBatchNormalization,
               {"consumed_inputs", "epsilon", "is_test", "momentum", "spatial",
                "training_mode"});
  registry.add("LayerNormalization", convertLayerNormalization,
               {"axis", "epsilon", "stash_type"});
  registry.add("InstanceNormalization", convertInstanceNormalization,
               {"consumed_inputs", "epsilon"});
  registry.add("LRN", convertLrn, {"alpha", "beta", "bias", "size"});
  registry.add("MeanVarianceNormalization", convertMeanVarianceNormalization,
               {"axes"});
  registry.add("LpNormalization", convertLpNormalization, {"axis", "p"});
  registry.add("LpPool", convertLpPool,
               {"auto_pad", "ceil_mode", "dilations", "kernel_shape", "p",
                "pads", "strides"});
  registry.add("GlobalLpPool", convertGlobalLpPool, {"p"});
  registry.add("Einsum", convertEinsum, {"equation"});
}

} // namespace opencgc::onnx_import
