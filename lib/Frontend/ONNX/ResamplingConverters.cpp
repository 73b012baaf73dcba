//===- ResamplingConverters.cpp - ONNX converters of the resampling family
//-===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/IndexingOps.h"
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

#include <cmath>

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

/// A static float input as doubles; empty when the input is omitted or an
/// empty tensor (ONNX's way to leave out roi/scales before opset 13).
llvm::Expected<std::vector<double>>
optionalFloats(ImportContext &ctx, unsigned index, StringRef what) {
  std::vector<double> values;
  if (!ctx.hasInput(index))
    return values;
  llvm::Expected<Tensor> given = ctx.staticInput(index, what);
  if (!given)
    return given.takeError();
  for (int64_t i = 0; i < given->getNumElements(); ++i)
    values.push_back(given->getAsDouble(i));
  return values;
}

/// Resize-18's `axes`: the axes that roi, scales and sizes refer to, all
/// of them by default (Operators.md, Resize).
llvm::Expected<std::vector<int64_t>> resizeAxes(ImportContext &ctx,
                                                int64_t rank) {
  std::vector<int64_t> axes;
  if (auto given = ctx.intsAttr("axes")) {
    for (int64_t axis : *given) {
      if (axis < -rank || axis >= rank)
        return ctx.malformed("Resize axis " + llvm::Twine(axis) +
                             " is out of range for rank " + llvm::Twine(rank));
      axes.push_back(axis < 0 ? axis + rank : axis);
    }
    return axes;
  }
  for (int64_t axis = 0; axis < rank; ++axis)
    axes.push_back(axis);
  return axes;
}

/// Output sizes and scales from sizes given for `axes`. keep_aspect_ratio_
/// policy (Resize-18) "not_larger"/"not_smaller" use one scale, the min/max
/// of sizes / input, for all of them and round its sizes half up.
llvm::Error scalesFromSizes(ImportContext &ctx, ArrayRef<int64_t> shape,
                            ArrayRef<int64_t> axes, ArrayRef<int64_t> given,
                            Shape &sizes, std::vector<double> &scales) {
  std::string policy = ctx.stringAttr("keep_aspect_ratio_policy", "stretch");
  if (policy != "stretch" && policy != "not_larger" && policy != "not_smaller")
    return ctx.malformed("Resize keep_aspect_ratio_policy '" + policy +
                         "' is not stretch, not_larger or not_smaller");
  std::vector<double> ratios;
  for (auto [axis, size] : llvm::zip(axes, given))
    ratios.push_back(double(size) / double(shape[axis]));
  for (auto [axis, size, ratio] : llvm::zip(axes, given, ratios)) {
    if (policy == "stretch") {
      sizes[axis] = size, scales[axis] = ratio;
      continue;
    }
    double scale = policy == "not_larger" ? *llvm::min_element(ratios)
                                          : *llvm::max_element(ratios);
    sizes[axis] =
        static_cast<int64_t>(std::floor(scale * double(shape[axis]) + 0.5));
    scales[axis] = scale;
  }
  return llvm::Error::success();
}

/// Output sizes and scales from ONNX's scales or sizes input: sizes win
/// and imply scales = sizes / input; scales imply floor(input * scale).
/// Axes left out of `axes` keep their size.
llvm::Error resolveResizeShape(ImportContext &ctx, ArrayRef<int64_t> shape,
                               ArrayRef<int64_t> axes, Shape &sizes,
                               std::vector<double> &scales) {
  sizes.assign(shape.begin(), shape.end());
  scales.assign(shape.size(), 1.0);
  unsigned scalesIndex = ctx.getOpset() >= 11 ? 2 : 1;
  llvm::Expected<std::vector<double>> given =
      optionalFloats(ctx, scalesIndex, "scales");
  if (!given)
    return given.takeError();
  if (ctx.getOpset() >= 11 && ctx.hasInput(3)) {
    llvm::Expected<Tensor> sizesTensor = ctx.staticInput(3, "sizes");
    if (!sizesTensor)
      return sizesTensor.takeError();
    std::vector<int64_t> values = sizesTensor->toIntVector();
    if (!values.empty()) {
      if (!given->empty())
        return ctx.malformed("Resize takes scales or sizes, not both");
      if (values.size() != axes.size())
        return ctx.malformed("Resize sizes need one value per axis");
      return scalesFromSizes(ctx, shape, axes, values, sizes, scales);
    }
  }
  if (given->size() != axes.size())
    return ctx.malformed("Resize needs scales (one per axis) or sizes");
  for (auto [axis, scale] : llvm::zip(axes, *given)) {
    if (scale <= 0)
      return ctx.malformed("Resize scales must be positive");
    scales[axis] = scale;
    sizes[axis] = static_cast<int64_t>(std::floor(scale * double(shape[axis])));
  }
  return llvm::Error::success();
}

/// tf_crop_and_resize's roi for every dimension: the given starts and ends
/// for `axes`, the whole extent [0, 1] for the others.
llvm::Expected<std::vector<double>>
resizeRoi(ImportContext &ctx, ArrayRef<int64_t> axes, size_t rank) {
  llvm::Expected<std::vector<double>> roi = optionalFloats(ctx, 1, "roi");
  if (!roi)
    return roi.takeError();
  if (roi->size() != 2 * axes.size())
    return ctx.malformed("Resize tf_crop_and_resize needs roi with 2 "
                         "values per axis");
  std::vector<double> all(rank, 0.0);
  all.resize(2 * rank, 1.0);
  for (auto [i, axis] : llvm::enumerate(axes)) {
    all[axis] = (*roi)[i];
    all[axis + rank] = (*roi)[i + axes.size()];
  }
  return all;
}

llvm::Error convertResize(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  ArrayRef<int64_t> shape = shapeOf(*x);
  llvm::Expected<std::vector<int64_t>> axes = resizeAxes(ctx, shape.size());
  if (!axes)
    return axes.takeError();
  Shape sizes;
  std::vector<double> scales;
  if (auto error = resolveResizeShape(ctx, shape, *axes, sizes, scales))
    return error;
  OpBuilder &b = ctx.getBuilder();
  std::string mode = ctx.stringAttr("mode", "nearest");
  SmallVector<NamedAttribute> attrs = {
      ctx.namedAttr("sizes", ctx.i64Array(sizes)),
      ctx.namedAttr("scales", b.getF64ArrayAttr(scales)),
      ctx.namedAttr("mode", b.getStringAttr(mode))};
  if (ctx.getOpset() < 11) {
    // Resize-10 maps output pixels back by x / scale and takes the nearest
    // pixel as Upsample does, by flooring.
    attrs.push_back(ctx.namedAttr("coordinate_transformation_mode",
                                  b.getStringAttr("asymmetric")));
    attrs.push_back(ctx.namedAttr("nearest_mode", b.getStringAttr("floor")));
    return setResult(ctx, ctx.create<cgc_op::ResizeOp>({*x}, attrs));
  }
  std::string transform =
      ctx.stringAttr("coordinate_transformation_mode", "half_pixel");
  if (transform == "tf_crop_and_resize") {
    llvm::Expected<std::vector<double>> roi =
        resizeRoi(ctx, *axes, shape.size());
    if (!roi)
      return roi.takeError();
    attrs.push_back(ctx.namedAttr("roi", b.getF64ArrayAttr(*roi)));
  }
  attrs.append(
      {ctx.namedAttr("coordinate_transformation_mode",
                     b.getStringAttr(transform)),
       ctx.namedAttr("nearest_mode",
                     b.getStringAttr(
                         ctx.stringAttr("nearest_mode", "round_prefer_floor"))),
       ctx.namedAttr("cubic_coeff_a",
                     b.getF64FloatAttr(ctx.floatAttr("cubic_coeff_a", -0.75))),
       ctx.namedAttr("exclude_outside",
                     b.getBoolAttr(ctx.intAttr("exclude_outside", 0))),
       ctx.namedAttr("extrapolation_value", b.getF64FloatAttr(ctx.floatAttr(
                                                "extrapolation_value", 0))),
       ctx.namedAttr("antialias", b.getBoolAttr(ctx.intAttr("antialias", 0)))});
  return setResult(ctx, ctx.create<cgc_op::ResizeOp>({*x}, attrs));
}

//===----------------------------------------------------------------------===//
// DepthToSpace, SpaceToDepth
//===----------------------------------------------------------------------===//

template <typename OpTy> llvm::Error convertBlockMove(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  if (!ctx.findAttr("blocksize"))
    return ctx.malformed("missing attribute 'blocksize'");
  OpBuilder &b = ctx.getBuilder();
  SmallVector<NamedAttribute> attrs = {ctx.namedAttr(
      "blocksize", b.getI64IntegerAttr(ctx.intAttr("blocksize", 1)))};
  // DepthToSpace gained `mode` at opset 11; DCR is the older behavior.
  if constexpr (std::is_same_v<OpTy, cgc_op::DepthToSpaceOp>)
    attrs.push_back(
        ctx.namedAttr("mode", b.getStringAttr(ctx.stringAttr("mode", "DCR"))));
  return setResult(ctx, ctx.create<OpTy>({*x}, attrs));
}

//===----------------------------------------------------------------------===//
// ConvTranspose
//===----------------------------------------------------------------------===//

/// Python-style floor division (ONNX's formulas are written for it; a
/// negative total padding must extend the end).
int64_t floorDiv2(int64_t value) {
  return value >= 0 ? value / 2 : -((1 - value) / 2);
}

/// Explicit paddings of a ConvTranspose per the ONNX formulas: from
/// output_shape or SAME_* auto_pad (output = input * stride), else `pads`.
llvm::Expected<Padding>
transposePadding(ImportContext &ctx, ArrayRef<int64_t> in,
                 ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                 ArrayRef<int64_t> dilations, ArrayRef<int64_t> outputPadding) {
  size_t count = in.size();
  std::string autoPad = ctx.stringAttr("auto_pad", "NOTSET");
  std::optional<std::vector<int64_t>> outputShape =
      ctx.intsAttr("output_shape");
  if (outputShape && outputShape->size() == count + 2)
    outputShape->erase(outputShape->begin(), outputShape->begin() + 2);
  if (outputShape && outputShape->size() != count)
    return ctx.malformed("attribute 'output_shape' has " +
                         llvm::Twine(outputShape->size()) +
                         " values, expected " + llvm::Twine(count));
  bool same = autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER";
  if (!outputShape && !same) {
    if (autoPad == "VALID")
      return Padding{Shape(count, 0), Shape(count, 0)};
    if (autoPad != "NOTSET")
      return ctx.unsupported("auto_pad '" + autoPad + "'");
    llvm::Expected<Shape> pads = spatialInts(ctx, "pads", 2 * count, 0);
    if (!pads)
      return pads.takeError();
    return Padding{Shape(pads->begin(), pads->begin() + count),
                   Shape(pads->begin() + count, pads->end())};
  }
  Padding padding;
  for (size_t d = 0; d < count; ++d) {
    int64_t target = outputShape ? (*outputShape)[d] : in[d] * strides[d];
    int64_t total = strides[d] * (in[d] - 1) + outputPadding[d] +
                    (kernel[d] - 1) * dilations[d] + 1 - target;
    int64_t half = floorDiv2(total);
    bool upper = autoPad == "SAME_UPPER";
    padding.begin.push_back(upper ? half : total - half);
    padding.end.push_back(upper ? total - half : half);
  }
  return padding;
}

llvm::Error convertConvTranspose(ImportContext &ctx) {
  SmallVector<Value> operands;
  for (unsigned i = 0; i < 3; ++i) {
    if (!ctx.hasInput(i))
      continue;
    llvm::Expected<Value> value = ctx.input(i);
    if (!value)
      return value.takeError();
    operands.push_back(*value);
  }
  if (operands.size() < 2 || !ctx.hasInput(1))
    return ctx.malformed("ConvTranspose needs an input and a weight");
  ArrayRef<int64_t> xShape = shapeOf(operands[0]),
                    wShape = shapeOf(operands[1]);
  if (xShape.size() < 3 || wShape.size() != xShape.size())
    return ctx.malformed("ConvTranspose needs input and weight of equal "
                         "rank >= 3");
  size_t spatial = xShape.size() - 2;
  ArrayRef<int64_t> kernel = wShape.drop_front(2);
  if (auto given = ctx.intsAttr("kernel_shape");
      given && ArrayRef<int64_t>(*given) != kernel)
    return ctx.unsupported("kernel_shape different from the weight shape");
  llvm::Expected<Shape> strides = spatialInts(ctx, "strides", spatial, 1);
  if (!strides)
    return strides.takeError();
  llvm::Expected<Shape> dilations = spatialInts(ctx, "dilations", spatial, 1);
  if (!dilations)
    return dilations.takeError();
  llvm::Expected<Shape> outputPadding =
      spatialInts(ctx, "output_padding", spatial, 0);
  if (!outputPadding)
    return outputPadding.takeError();
  llvm::Expected<Padding> pads = transposePadding(
      ctx, xShape.drop_front(2), kernel, *strides, *dilations, *outputPadding);
  if (!pads)
    return pads.takeError();
  return setResult(
      ctx, ctx.create<cgc_op::ConvTransposeOp>(
               operands,
               {ctx.namedAttr("strides", ctx.i64Array(*strides)),
                ctx.namedAttr("dilations", ctx.i64Array(*dilations)),
                ctx.namedAttr("start_padding", ctx.i64Array(pads->begin)),
                ctx.namedAttr("end_padding", ctx.i64Array(pads->end)),
                ctx.namedAttr("output_padding", ctx.i64Array(*outputPadding)),
                ctx.namedAttr("group", ctx.getBuilder().getI64IntegerAttr(
                                           ctx.intAttr("group", 1)))}));
}

/// The op's mode: GridSample-20 renamed bilinear and bicubic to linear and
/// cubic (N-linear, N-cubic) and made linear the default (Changelog.md).
std::string gridSampleMode(ImportContext &ctx) {
  if (ctx.getOpVersion() < 20)
    return ctx.stringAttr("mode", "bilinear");
  std::string mode = ctx.stringAttr("mode", "linear");
  if (mode == "linear")
    return "bilinear";
  return mode == "cubic" ? "bicubic" : mode;
}

llvm::Error convertGridSample(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::Expected<Value> grid = ctx.input(1);
  if (!grid)
    return grid.takeError();
  OpBuilder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::GridSampleOp>(
          {*x, *grid},
          {ctx.namedAttr("mode", b.getStringAttr(gridSampleMode(ctx))),
           ctx.namedAttr("padding_mode", b.getStringAttr(ctx.stringAttr(
                                             "padding_mode", "zeros"))),
           ctx.namedAttr("align_corners",
                         b.getBoolAttr(ctx.intAttr("align_corners", 0)))}));
}
//===----------------------------------------------------------------------===//
// Col2Im, AffineGrid, DeformConv, CenterCropPad (opsets 18-20)
//===----------------------------------------------------------------------===//

/// A static int64 input as a list of values.
llvm::Expected<std::vector<int64_t>>
staticInts(ImportContext &ctx, unsigned index, StringRef what) {
  llvm::Expected<Tensor> given = ctx.staticInput(index, what);
  if (!given)
    return given.takeError();
  return given->toIntVector();
}

/// The window attributes (strides, dilations, ONNX's begin-then-end pads)
/// of Col2Im and DeformConv, for `spatial` dimensions.
llvm::Expected<SmallVector<NamedAttribute>> windowAttrs(ImportContext &ctx,
                                                        size_t spatial) {
  llvm::Expected<Shape> strides = spatialInts(ctx, "strides", spatial, 1);
  if (!strides)
    return strides.takeError();
  llvm::Expected<Shape> dilations = spatialInts(ctx, "dilations", spatial, 1);
  if (!dilations)
    return dilations.takeError();
  std::vector<int64_t> pads =
      ctx.intsAttr("pads").value_or(std::vector<int64_t>(2 * spatial, 0));
  if (pads.size() != 2 * spatial)
    return ctx.malformed("'pads' has " + llvm::Twine(pads.size()) +
                         " values for " + llvm::Twine(spatial) +
                         " spatial dimensions");
  ArrayRef<int64_t> all(pads);
  return SmallVector<NamedAttribute>{
      ctx.namedAttr("strides", ctx.i64Array(*strides)),
      ctx.namedAttr("dilations", ctx.i64Array(*dilations)),
      ctx.namedAttr("start_padding", ctx.i64Array(all.take_front(spatial))),
      ctx.namedAttr("end_padding", ctx.i64Array(all.drop_front(spatial)))};
}

llvm::Error convertCol2Im(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  auto image = staticInts(ctx, 1, "Col2Im image_shape");
  if (!image)
    return image.takeError();
  auto block = staticInts(ctx, 2, "Col2Im block_shape");
  if (!block)
    return block.takeError();
  auto attrs = windowAttrs(ctx, image->size());
  if (!attrs)
    return attrs.takeError();
  attrs->push_back(ctx.namedAttr("image_shape", ctx.i64Array(*image)));
  attrs->push_back(ctx.namedAttr("block_shape", ctx.i64Array(*block)));
  return setResult(ctx, ctx.create<cgc_op::Col2ImOp>({*input}, *attrs));
}

llvm::Error convertAffineGrid(ImportContext &ctx) {
  llvm::Expected<Value> theta = ctx.input(0);
  if (!theta)
    return theta.takeError();
  auto size = staticInts(ctx, 1, "AffineGrid size");
  if (!size)
    return size.takeError();
  return setResult(
      ctx, ctx.create<cgc_op::AffineGridOp>(
               {*theta},
               {ctx.namedAttr("size", ctx.i64Array(*size)),
                ctx.namedAttr("align_corners",
                              ctx.getBuilder().getBoolAttr(
                                  ctx.intAttr("align_corners", 0) != 0))}));
}

llvm::Error convertDeformConv(ImportContext &ctx) {
  auto operands = inputValues(ctx, 3);
  if (!operands)
    return operands.takeError();
  ArrayRef<int64_t> x = shapeOf((*operands)[0]), w = shapeOf((*operands)[1]),
                    offset = shapeOf((*operands)[2]);
  if (x.size() != 4 || w.size() != 4 || offset.size() != 4)
    return ctx.unsupported("DeformConv on other than 2-D data");
  if (auto kernel = ctx.intsAttr("kernel_shape");
      kernel && ArrayRef<int64_t>(*kernel) != w.drop_front(2))
    return ctx.malformed("DeformConv kernel_shape differs from W's shape");
  int64_t groups = ctx.intAttr("offset_group", 1);
  Shape mask = {offset[0], groups * w[2] * w[3], offset[2], offset[3]};
  llvm::Expected<Value> bias = inputOrFilled(ctx, 3, "bias", {w[0]}, 0.0);
  if (!bias)
    return bias.takeError();
  llvm::Expected<Value> scale = inputOrFilled(ctx, 4, "mask", mask, 1.0);
  if (!scale)
    return scale.takeError();
  operands->append({*bias, *scale});
  auto attrs = windowAttrs(ctx, 2);
  if (!attrs)
    return attrs.takeError();
  Builder &builder = ctx.getBuilder();
  attrs->push_back(ctx.namedAttr(
      "group", builder.getI64IntegerAttr(ctx.intAttr("group", 1))));
  attrs->push_back(
      ctx.namedAttr("offset_group", builder.getI64IntegerAttr(groups)));
  return setResult(ctx, ctx.create<cgc_op::DeformConvOp>(*operands, *attrs));
}

/// CenterCropPad (opset 18) is one pad op: negative pads crop. Operators.md:
/// a crop starts at floor((dim - size) / 2); padding puts the odd pixel on
/// the right; the pad value is zero.
llvm::Error convertCenterCropPad(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  auto sizes = staticInts(ctx, 1, "CenterCropPad shape");
  if (!sizes)
    return sizes.takeError();
  ArrayRef<int64_t> shape = shapeOf(*input);
  int64_t rank = shape.size();
  std::vector<int64_t> axes =
      ctx.intsAttr("axes").value_or(std::vector<int64_t>());
  if (axes.empty())
    for (int64_t axis = 0; axis < rank; ++axis)
      axes.push_back(axis);
  if (axes.size() != sizes->size())
    return ctx.malformed("CenterCropPad has " + llvm::Twine(sizes->size()) +
                         " sizes for " + llvm::Twine(axes.size()) + " axes");
  Shape pads(2 * rank, 0);
  for (auto [axis, size] : llvm::zip(axes, *sizes)) {
    if (axis < -rank || axis >= rank || size < 0)
      return ctx.malformed("CenterCropPad axis " + llvm::Twine(axis) +
                           " or size " + llvm::Twine(size) + " out of range");
    int64_t a = axis < 0 ? axis + rank : axis;
    int64_t diff = size - shape[a];
    // Padding: the extra pixel goes to the end; cropping: the window
    // starts at floor((dim - size) / 2), so the extra pixel leaves the end.
    int64_t begin = diff >= 0 ? diff / 2 : -((-diff) / 2);
    pads[a] = begin;
    pads[a + rank] = diff - begin;
  }
  return setResult(ctx,
                   ctx.create<cgc_op::PadOp>(
                       {*input}, {ctx.namedAttr("pads", ctx.i64Array(pads))}));
}

} // namespace

void registerResamplingConverters(ConverterRegistry &registry) {
  registry.add("Col2Im", convertCol2Im, {"dilations", "pads", "strides"});
  registry.add("AffineGrid", convertAffineGrid, {"align_corners"});
  // DeformConv-22 only adds bfloat16.
  registry.add(
      "DeformConv", convertDeformConv,
      {"dilations", "group", "kernel_shape", "offset_group", "pads", "strides"},
      upTo(22));
  registry.add("CenterCropPad", convertCenterCropPad, {"axes"});
  // GridSample-20 takes any number of spatial dimensions and renames its
  // modes; GridSample-22 adds bfloat16.
  registry.add("GridSample", convertGridSample,
               {"align_corners", "mode", "padding_mode"}, upTo(22));
  // Resize-18 adds antialias, axes and keep_aspect_ratio_policy; Resize-19
  // coordinate_transformation_mode half_pixel_symmetric (Changelog.md).
  registry.add("Resize", convertResize,
               {"antialias", "axes", "coordinate_transformation_mode",
                "cubic_coeff_a", "exclude_outside", "extrapolation_value",
                "keep_aspect_ratio_policy", "mode", "nearest_mode"},
               upTo(19));
  registry.add("DepthToSpace", convertBlockMove<cgc_op::DepthToSpaceOp>,
               {"blocksize", "mode"});
  registry.add("SpaceToDepth", convertBlockMove<cgc_op::SpaceToDepthOp>,
               {"blocksize"});
  // ConvTranspose-22 adds bfloat16.
  registry.add("ConvTranspose", convertConvTranspose,
               {"auto_pad", "dilations", "group", "kernel_shape",
                "output_padding", "output_shape", "pads", "strides"},
               upTo(22));
}

} // namespace opencgc::onnx_import
