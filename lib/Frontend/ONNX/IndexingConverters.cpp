//===- IndexingConverters.cpp - ONNX converters of the indexing family ----===//
//
// Shape-like operands (slice bounds, pads, repeats, target shapes, split
// sizes, depth, k) must be known at import time and become attributes;
// data-dependent indices stay operands. Generators whose values are fully
// static (ConstantOfShape, Range, EyeLike) become import-time constants.
//
//===----------------------------------------------------------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/IndexingOps.h"
#include "opencgc/Frontend/ONNX/TensorProto.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

/// An optional static int-list input, absent when omitted.
llvm::Expected<std::optional<std::vector<int64_t>>>
optionalInts(ImportContext &ctx, unsigned index, StringRef what) {
  if (!ctx.hasInput(index))
    return std::optional<std::vector<int64_t>>();
  llvm::Expected<Tensor> tensor = ctx.staticInput(index, what);
  if (!tensor)
    return tensor.takeError();
  return std::optional<std::vector<int64_t>>(tensor->toIntVector());
}

IntegerAttr i64(ImportContext &ctx, int64_t value) {
  return ctx.getBuilder().getI64IntegerAttr(value);
}

//===----------------------------------------------------------------------===//
// Slice and Split
//===----------------------------------------------------------------------===//

llvm::Error convertSlice(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  std::optional<std::vector<int64_t>> starts, ends, axes, steps;
  if (ctx.getOpset() < 10) {
    // Slice-1: starts/ends/axes are attributes and steps are always 1.
    starts = ctx.intsAttr("starts");
    ends = ctx.intsAttr("ends");
    axes = ctx.intsAttr("axes");
    if (!starts || !ends)
      return ctx.malformed("Slice needs attributes 'starts' and 'ends'");
  } else {
    auto s = optionalInts(ctx, 1, "Slice starts");
    auto e = optionalInts(ctx, 2, "Slice ends");
    auto a = optionalInts(ctx, 3, "Slice axes");
    auto t = optionalInts(ctx, 4, "Slice steps");
    if (!s || !e || !a || !t) {
      llvm::Error err =
          llvm::joinErrors(llvm::joinErrors(s.takeError(), e.takeError()),
                           llvm::joinErrors(a.takeError(), t.takeError()));
      return err;
    }
    if (!*s || !*e)
      return ctx.malformed("Slice needs inputs 'starts' and 'ends'");
    starts = *s, ends = *e, axes = *a, steps = *t;
  }
  SmallVector<NamedAttribute> attrs = {
      ctx.namedAttr("starts", ctx.i64Array(*starts)),
      ctx.namedAttr("ends", ctx.i64Array(*ends))};
  if (axes)
    attrs.push_back(ctx.namedAttr("axes", ctx.i64Array(*axes)));
  if (steps)
    attrs.push_back(ctx.namedAttr("steps", ctx.i64Array(*steps)));
  return setResult(ctx, ctx.create<cgc_op::SliceOp>({*x}, attrs));
}

llvm::Error convertSplit(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  ArrayRef<int64_t> shape = shapeOf(*x);
  int64_t rank = shape.size();
  int64_t axis = ctx.intAttr("axis", 0);
  if (axis < -rank || axis >= rank)
    return ctx.malformed("Split axis " + llvm::Twine(axis) +
                         " is out of range for rank " + llvm::Twine(rank));
  int64_t dim = shape[axis < 0 ? axis + rank : axis];
  std::optional<std::vector<int64_t>> sizes;
  if (ctx.getOpset() < 13) {
    sizes = ctx.intsAttr("split");
    // Split-2 before opset 2 could also take the sizes as input 1.
    if (!sizes && ctx.getNumInputs() > 1 && ctx.hasInput(1)) {
      auto given = optionalInts(ctx, 1, "Split sizes");
      if (!given)
        return given.takeError();
      sizes = *given;
    }
  } else {
    auto given = optionalInts(ctx, 1, "Split sizes");
    if (!given)
      return given.takeError();
    sizes = *given;
  }
  if (!sizes) {
    // Equal parts; from opset 18 the last part may be smaller.
    int64_t parts = ctx.intAttr("num_outputs", ctx.getNode().output_size());
    if (parts < 1)
      return ctx.malformed("Split needs at least one output");
    int64_t chunk = (dim + parts - 1) / parts;
    sizes.emplace();
    for (int64_t p = 0, left = dim; p < parts; ++p, left -= chunk)
      sizes->push_back(std::clamp<int64_t>(left, 0, chunk));
  }
  llvm::Expected<Value> first = ctx.create<cgc_op::SplitOp>(
      {*x}, {ctx.namedAttr("axis", i64(ctx, axis)),
             ctx.namedAttr("split", ctx.i64Array(*sizes))});
  if (!first)
    return first.takeError();
  Operation *op = first->getDefiningOp();
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    ctx.setOutput(i, op->getResult(i));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

template <typename OpTy>
llvm::Error convertWithAxis(ImportContext &ctx, unsigned numInputs,
                            StringRef attrName, StringRef onnxName,
                            int64_t fallback) {
  auto values = inputValues(ctx, numInputs);
  if (!values)
    return values.takeError();
  return setResult(
      ctx,
      ctx.create<OpTy>(
          *values, {ctx.namedAttr(attrName,
                                  i64(ctx, ctx.intAttr(onnxName, fallback)))}));
}

llvm::Error convertGather(ImportContext &ctx) {
  return convertWithAxis<cgc_op::GatherOp>(ctx, 2, "axis", "axis", 0);
}

llvm::Error convertGatherElements(ImportContext &ctx) {
  return convertWithAxis<cgc_op::GatherElementsOp>(ctx, 2, "axis", "axis", 0);
}

llvm::Error convertGatherND(ImportContext &ctx) {
  return convertWithAxis<cgc_op::GatherNDOp>(ctx, 2, "batch_dims", "batch_dims",
                                             0);
}

llvm::Error convertScatterElements(ImportContext &ctx) {
  auto values = inputValues(ctx, 3);
  if (!values)
    return values.takeError();
  OpBuilder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::ScatterElementsOp>(
          *values, {ctx.namedAttr("axis", i64(ctx, ctx.intAttr("axis", 0))),
                    ctx.namedAttr("reduction", b.getStringAttr(ctx.stringAttr(
                                                   "reduction", "none")))}));
}

llvm::Error convertScatterND(ImportContext &ctx) {
  auto values = inputValues(ctx, 3);
  if (!values)
    return values.takeError();
  OpBuilder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::ScatterNDOp>(
          *values, {ctx.namedAttr("reduction", b.getStringAttr(ctx.stringAttr(
                                                   "reduction", "none")))}));
}

//===----------------------------------------------------------------------===//
// Pad, Expand, Tile
//===----------------------------------------------------------------------===//

/// Pad-18 may name the padded axes; expands pads to all dimensions.
llvm::Expected<std::vector<int64_t>>
padsForAllAxes(ImportContext &ctx, std::vector<int64_t> pads, int64_t rank) {
  auto axes = optionalInts(ctx, 3, "Pad axes");
  if (!axes)
    return axes.takeError();
  if (!*axes)
    return pads;
  size_t n = (*axes)->size();
  if (pads.size() != 2 * n)
    return ctx.malformed("Pad has " + llvm::Twine(pads.size()) + " pads for " +
                         llvm::Twine(n) + " axes");
  std::vector<int64_t> all(2 * rank, 0);
  for (size_t i = 0; i < n; ++i) {
    int64_t axis = (**axes)[i];
    if (axis < -rank || axis >= rank)
      return ctx.malformed("Pad axis " + llvm::Twine(axis) +
                           " is out of range");
    axis = axis < 0 ? axis + rank : axis;
    all[axis] = pads[i];
    all[axis + rank] = pads[i + n];
  }
  return all;
}

llvm::Error convertPad(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  OpBuilder &b = ctx.getBuilder();
  SmallVector<Value> operands = {*x};
  SmallVector<NamedAttribute> attrs = {ctx.namedAttr(
      "mode", b.getStringAttr(ctx.stringAttr("mode", "constant")))};
  std::vector<int64_t> pads;
  if (ctx.getOpset() < 11) {
    // Pad-1 calls them paddings; Pad-2 pads. Both hold the value as float.
    auto given = ctx.intsAttr(ctx.getOpset() < 2 ? "paddings" : "pads");
    if (!given)
      return ctx.malformed("Pad needs attribute 'pads'");
    pads = *given;
    attrs.push_back(
        ctx.namedAttr("value", b.getF64FloatAttr(ctx.floatAttr("value", 0))));
  } else {
    llvm::Expected<Tensor> given = ctx.staticInput(1, "Pad pads");
    if (!given)
      return given.takeError();
    auto all = padsForAllAxes(ctx, given->toIntVector(), shapeOf(*x).size());
    if (!all)
      return all.takeError();
    pads = *all;
    if (ctx.getNumInputs() > 2 && ctx.hasInput(2)) {
      llvm::Expected<Value> value = ctx.input(2);
      if (!value)
        return value.takeError();
      operands.push_back(*value);
    }
  }
  attrs.push_back(ctx.namedAttr("pads", ctx.i64Array(pads)));
  return setResult(ctx, ctx.create<cgc_op::PadOp>(operands, attrs));
}

llvm::Error convertExpand(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::Expected<Tensor> shape = ctx.staticInput(1, "Expand shape");
  if (!shape)
    return shape.takeError();
  return setResult(
      ctx,
      ctx.create<cgc_op::ExpandOp>(
          {*x}, {ctx.namedAttr("shape", ctx.i64Array(shape->toIntVector()))}));
}

llvm::Error convertTile(ImportContext &ctx) {
  if (ctx.getOpset() < 6)
    return ctx.unsupported("Tile-1 (tiles and axis inputs)");
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::Expected<Tensor> repeats = ctx.staticInput(1, "Tile repeats");
  if (!repeats)
    return repeats.takeError();
  return setResult(
      ctx, ctx.create<cgc_op::TileOp>(
               {*x}, {ctx.namedAttr("repeats",
                                    ctx.i64Array(repeats->toIntVector()))}));
}

//===----------------------------------------------------------------------===//
// Generators
//===----------------------------------------------------------------------===//

llvm::Error convertConstantOfShape(ImportContext &ctx) {
  llvm::Expected<Tensor> shapeTensor =
      ctx.staticInput(0, "ConstantOfShape shape");
  if (!shapeTensor)
    return shapeTensor.takeError();
  std::vector<int64_t> shape = shapeTensor->toIntVector();
  for (int64_t dim : shape)
    if (dim < 0)
      return ctx.malformed("ConstantOfShape extent " + llvm::Twine(dim) +
                           " is negative");
  // ONNX: value is a one-element tensor, float 0 by default.
  Tensor value(DType::Float32, Shape{1});
  if (const onnx::AttributeProto *attr = ctx.findAttr("value")) {
    llvm::Expected<Tensor> given =
        tensorFromProto(attr->t(), "ConstantOfShape value");
    if (!given)
      return given.takeError();
    if (given->getNumElements() != 1)
      return ctx.malformed("ConstantOfShape value must hold one element");
    value = *given;
  }
  if (llvm::Error error =
          ctx.checkImportConstant(value.getDType(), shape, "ConstantOfShape"))
    return error;
  Tensor result(value.getDType(), shape);
  size_t size = getDTypeSize(value.getDType());
  for (int64_t i = 0; i < result.getNumElements(); ++i)
    std::memcpy(result.getBytes() + i * size, value.getBytes(), size);
  ctx.setOutputConstant(0, result);
  return llvm::Error::success();
}

/// Rounds `value` to `dtype` (a float type).
double roundTo(DType dtype, double value) {
  Tensor scalar(dtype, Shape{});
  scalar.setFromDouble(0, value);
  return scalar.getAsDouble(0);
}

/// Range-27's float16/bfloat16 values: with stash_type 1 (the default)
/// computed in float and rounded once, with 0 in the type itself
/// (Changelog.md, Range-27).
llvm::Expected<Tensor> halfRange(ImportContext &ctx, DType dtype, double start,
                                 double limit, double delta,
                                 bool stashInFloat) {
  auto round = [&](double value) {
    return stashInFloat ? double(float(value)) : roundTo(dtype, value);
  };
  // Rounded, the count can differ from the float one the caller checked.
  double count = std::ceil(round(round(limit - start) / delta));
  if (!(count < 9.0e18))
    return ctx.malformed("Range of " + llvm::formatv("{0}", count) +
                         " elements");
  int64_t n = count > 0 ? static_cast<int64_t>(count) : 0;
  if (llvm::Error error = ctx.checkImportConstant(dtype, {n}, "Range"))
    return std::move(error);
  Tensor result(dtype, Shape{n});
  for (int64_t i = 0; i < n; ++i)
    result.setFromDouble(i, round(start + round(round(double(i)) * delta)));
  return result;
}

llvm::Error convertRange(ImportContext &ctx) {
  llvm::Expected<Tensor> start = ctx.staticInput(0, "Range start");
  if (!start)
    return start.takeError();
  llvm::Expected<Tensor> limit = ctx.staticInput(1, "Range limit");
  if (!limit)
    return limit.takeError();
  llvm::Expected<Tensor> delta = ctx.staticInput(2, "Range delta");
  if (!delta)
    return delta.takeError();
  if (start->getNumElements() != 1 || limit->getNumElements() != 1 ||
      delta->getNumElements() != 1)
    return ctx.malformed("Range inputs must be scalars");
  DType dtype = start->getDType();
  bool isFloat = isFloatDType(dtype);
  // ONNX: n = max(ceil((limit - start) / delta), 0), values start + i*delta.
  double s = start->getAsDouble(0), l = limit->getAsDouble(0),
         d = delta->getAsDouble(0);
  if (d == 0)
    return ctx.malformed("Range delta must not be 0");
  // NaN and infinite bounds make no count; a huge one no constant.
  double count = std::ceil((l - s) / d);
  if (!(count < 9.0e18))
    return ctx.malformed("Range of " + llvm::formatv("{0}", count) +
                         " elements");
  int64_t n = count > 0 ? static_cast<int64_t>(count) : 0;
  if (llvm::Error error = ctx.checkImportConstant(dtype, {n}, "Range"))
    return error;
  if (dtype == DType::Float16 || dtype == DType::BFloat16) {
    llvm::Expected<Tensor> half =
        halfRange(ctx, dtype, s, l, d, ctx.intAttr("stash_type", 1) == 1);
    if (!half)
      return half.takeError();
    ctx.setOutputConstant(0, *half);
    return llvm::Error::success();
  }
  Tensor result(dtype, Shape{n});
  for (int64_t i = 0; i < n; ++i) {
    if (isFloat)
      result.setFromDouble(i, s + i * d);
    else
      result.setFromInt(i, start->getAsInt(0) + i * delta->getAsInt(0));
  }
  ctx.setOutputConstant(0, result);
  return llvm::Error::success();
}

llvm::Error convertEyeLike(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  ArrayRef<int64_t> shape = shapeOf(*x);
  if (shape.size() != 2)
    return ctx.malformed("EyeLike needs a 2-D input, got " +
                         formatShape(shape));
  llvm::Expected<DType> dtype = ctx.inputDType(0);
  if (!dtype)
    return dtype.takeError();
  if (const onnx::AttributeProto *attr = ctx.findAttr("dtype")) {
    std::optional<DType> given = dtypeFromOnnx(attr->i());
    if (!given)
      return ctx.unsupported("EyeLike dtype " + llvm::Twine(attr->i()));
    *dtype = *given;
  }
  int64_t k = ctx.intAttr("k", 0);
  if (llvm::Error error = ctx.checkImportConstant(*dtype, shape, "EyeLike"))
    return error;
  Tensor result(*dtype, shape);
  for (int64_t row = 0; row < shape[0]; ++row)
    if (row + k >= 0 && row + k < shape[1])
      result.setFromInt(row * shape[1] + row + k, 1);
  ctx.setOutputConstant(0, result);
  return llvm::Error::success();
}

llvm::Error convertOneHot(ImportContext &ctx) {
  llvm::Expected<Value> indices = ctx.input(0);
  if (!indices)
    return indices.takeError();
  llvm::Expected<Tensor> depth = ctx.staticInput(1, "OneHot depth");
  if (!depth)
    return depth.takeError();
  if (depth->getNumElements() != 1)
    return ctx.malformed("OneHot depth must hold one element");
  llvm::Expected<Value> values = ctx.input(2);
  if (!values)
    return values.takeError();
  // ONNX casts a floating-point depth to an integer.
  int64_t depthValue = static_cast<int64_t>(depth->getAsDouble(0));
  return setResult(
      ctx, ctx.create<cgc_op::OneHotOp>(
               {*indices, *values},
               {ctx.namedAttr("depth", i64(ctx, depthValue)),
                ctx.namedAttr("axis", i64(ctx, ctx.intAttr("axis", -1)))}));
}

llvm::Error convertTrilu(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  int64_t k = 0;
  if (ctx.getNumInputs() > 1 && ctx.hasInput(1)) {
    llvm::Expected<Tensor> given = ctx.staticInput(1, "Trilu k");
    if (!given)
      return given.takeError();
    if (given->getNumElements() != 1)
      return ctx.malformed("Trilu k must hold one element");
    k = given->getAsInt(0);
  }
  OpBuilder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::TriluOp>(
          {*x}, {ctx.namedAttr("upper", b.getBoolAttr(ctx.intAttr("upper", 1))),
                 ctx.namedAttr("k", i64(ctx, k))}));
}

llvm::Error convertDataDependent(ImportContext &ctx) {
  return ctx.unsupported("the output shape depends on data values");
}

llvm::Error convertReverseSequence(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::Expected<Value> lens = ctx.input(1);
  if (!lens)
    return lens.takeError();
  OpBuilder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::ReverseSequenceOp>(
          {*x, *lens},
          {ctx.namedAttr("batch_axis",
                         b.getI64IntegerAttr(ctx.intAttr("batch_axis", 1))),
           ctx.namedAttr("time_axis",
                         b.getI64IntegerAttr(ctx.intAttr("time_axis", 0)))}));
}
} // namespace

void registerIndexingConverters(ConverterRegistry &registry) {
  registry.add("ReverseSequence", convertReverseSequence,
               {"batch_axis", "time_axis"});
  registry.add("Slice", convertSlice, {"starts", "ends", "axes"});
  registry.add("Split", convertSplit, {"axis", "split", "num_outputs"},
               upTo(18));
  registry.add("Gather", convertGather, {"axis"});
  registry.add("GatherElements", convertGatherElements, {"axis"});
  registry.add("GatherND", convertGatherND, {"batch_dims"});
  // ScatterElements-18 and ScatterND-18 add reductions max and min.
  registry.add("ScatterElements", convertScatterElements, {"axis", "reduction"},
               upTo(18));
  registry.add("Scatter", convertScatterElements, {"axis"});
  registry.add("ScatterND", convertScatterND, {"reduction"}, upTo(18));
  // Pad-18 adds the axes input, Pad-19 mode wrap; 21 to 25 add element
  // types only (Changelog.md).
  registry.add("Pad", convertPad, {"mode", "pads", "paddings", "value"},
               upTo(25));
  registry.add("Expand", convertExpand);
  registry.add("Tile", convertTile);
  registry.add("ConstantOfShape", convertConstantOfShape, {"value"}, upTo(25));
  registry.add("Range", convertRange, {"stash_type"}, upTo(27));
  registry.add("EyeLike", convertEyeLike, {"dtype", "k"}, upTo(22));
  registry.add("OneHot", convertOneHot, {"axis"});
  registry.add("Trilu", convertTrilu, {"upper"});
  registry.add("NonZero", convertDataDependent);
  registry.add("Compress", convertDataDependent, {"axis"});
  registry.add("Unique", convertDataDependent, {"axis", "sorted"});
  registry.add("NonMaxSuppression", convertDataDependent, {"center_point_box"});
}

} // namespace opencgc::onnx_import
