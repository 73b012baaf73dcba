//===- PoolingConverters.cpp - ONNX pooling and Upsample ------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include <cmath>

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

template <typename OpTy> llvm::Error convertPool(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::ArrayRef<int64_t> shape = shapeOf(*x);
  if (shape.size() < 3)
    return ctx.malformed("pooling needs an input of rank >= 3");
  size_t spatial = shape.size() - 2;
  std::optional<std::vector<int64_t>> kernel = ctx.intsAttr("kernel_shape");
  if (!kernel)
    return ctx.malformed("missing attribute 'kernel_shape'");
  llvm::Expected<Shape> strides = spatialInts(ctx, "strides", spatial, 1);
  llvm::Expected<Shape> dilations = spatialInts(ctx, "dilations", spatial, 1);
  if (!strides)
    return strides.takeError();
  if (!dilations)
    return dilations.takeError();
  llvm::Expected<Padding> pads =
      resolvePadding(ctx, shape.drop_front(2), *kernel, *strides, *dilations);
  if (!pads)
    return pads.takeError();
  OpBuilder &b = ctx.getBuilder();
  SmallVector<NamedAttribute> attrs = {
      ctx.namedAttr("window_size", ctx.i64Array(*kernel)),
      ctx.namedAttr("strides", ctx.i64Array(*strides)),
      ctx.namedAttr("dilations", ctx.i64Array(*dilations)),
      ctx.namedAttr("start_padding", ctx.i64Array(pads->begin)),
      ctx.namedAttr("end_padding", ctx.i64Array(pads->end)),
      ctx.namedAttr("ceil_mode", b.getBoolAttr(ctx.intAttr("ceil_mode", 0)))};
  if constexpr (std::is_same_v<OpTy, cgc_op::AveragePoolingOp>)
    attrs.push_back(
        ctx.namedAttr("count_include_pad",
                      b.getBoolAttr(ctx.intAttr("count_include_pad", 0))));
  // MaxPool's optional Indices output needs the two-result op.
  bool wantsIndices =
      ctx.getNode().output_size() > 1 && !ctx.getNode().output(1).empty();
  if constexpr (std::is_same_v<OpTy, cgc_op::MaxPoolingOp>) {
    if (wantsIndices) {
      // storage_order only changes how Indices are numbered.
      attrs.push_back(
          ctx.namedAttr("storage_order",
                        b.getI64IntegerAttr(ctx.intAttr("storage_order", 0))));
      llvm::Expected<Value> result =
          ctx.create<cgc_op::MaxPoolingWithIndicesOp>({*x}, attrs);
      if (!result)
        return result.takeError();
      ctx.setOutput(0, *result);
      ctx.setOutput(1, result->getDefiningOp()->getResult(1));
      return llvm::Error::success();
    }
  }
  if (wantsIndices)
    return ctx.unsupported("a second output");
  return setResult(ctx, ctx.create<OpTy>({*x}, attrs));
}

/// Global pooling is pooling with the whole spatial extent as the window.
template <typename OpTy> llvm::Error convertGlobalPool(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::ArrayRef<int64_t> shape = shapeOf(*x);
  if (shape.size() < 3)
    return ctx.malformed("pooling needs an input of rank >= 3");
  return setResult(
      ctx, ctx.create<OpTy>(
               {*x}, {ctx.namedAttr("window_size",
                                    ctx.i64Array(shape.drop_front(2)))}));
}

/// Upsample with integer spatial scales and unit batch/channel scales.
llvm::Error convertUpsample(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  std::vector<double> scales;
  if (ctx.getOpset() >= 9) {
    llvm::Expected<Tensor> given = ctx.staticInput(1, "scales");
    if (!given)
      return given.takeError();
    for (int64_t i = 0; i < given->getNumElements(); ++i)
      scales.push_back(given->getAsDouble(i));
  } else if (const onnx::AttributeProto *attr = ctx.findAttr("scales")) {
    scales.assign(attr->floats().begin(), attr->floats().end());
  }
  llvm::ArrayRef<int64_t> shape = shapeOf(*x);
  if (scales.size() != shape.size() || shape.size() < 3 || scales[0] != 1 ||
      scales[1] != 1)
    return ctx.unsupported("Upsample scales other than [1, 1, s...] with one "
                           "scale per dimension");
  Shape spatial;
  for (double scale : llvm::ArrayRef(scales).drop_front(2)) {
    if (scale < 1 || scale != std::floor(scale))
      return ctx.unsupported("non-integer Upsample scale " +
                             std::to_string(scale));
    spatial.push_back(static_cast<int64_t>(scale));
  }
  std::string mode = ctx.stringAttr("mode", "nearest");
  if (mode != "nearest" && mode != "linear")
    return ctx.unsupported("Upsample mode '" + mode + "'");
  return setResult(
      ctx,
      ctx.create<cgc_op::UpsampleOp>(
          {*x}, {ctx.namedAttr("scale_size", ctx.i64Array(spatial)),
                 ctx.namedAttr("mode", ctx.getBuilder().getStringAttr(mode))}));
}
} // namespace

void registerPoolingConverters(ConverterRegistry &registry) {
  // Pooling-22 adds bfloat16 and states that a ceil_mode window starting in
  // the end padding is dropped, as windowExtent always did. AveragePool-19
  // adds dilations.
  registry.add("MaxPool", convertPool<cgc_op::MaxPoolingOp>,
               {"auto_pad", "ceil_mode", "dilations", "kernel_shape", "pads",
                "storage_order", "strides"},
               upTo(22));
  registry.add("AveragePool", convertPool<cgc_op::AveragePoolingOp>,
               {"auto_pad", "ceil_mode", "count_include_pad", "dilations",
                "kernel_shape", "pads", "strides"},
               upTo(22));
  registry.add("GlobalMaxPool", convertGlobalPool<cgc_op::MaxPoolingOp>, {},
               upTo(22));
  registry.add("GlobalAveragePool", convertGlobalPool<cgc_op::AveragePoolingOp>,
               {}, upTo(22));
  registry.add("Upsample", convertUpsample, {"mode", "scales"});
}

} // namespace opencgc::onnx_import
