//===- ResamplingInference.cpp - Result types of the resampling family
//-----===//
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

/// Attribute kinds are checked before the typed adaptor getters run, which
/// would otherwise cast a wrongly-kinded attribute (inference runs before
/// ODS verification).
template <typename AttrT>
static LogicalResult checkKind(const Inferrer &inf, DictionaryAttr attrs,
                               StringRef name, StringRef kind) {
  Attribute attr = attrs ? attrs.get(name) : Attribute();
  if (!attr || isa<AttrT>(attr))
    return success();
  return inf.fail("attribute '", name, "' must be ", kind, ", got ", attr);
}

static LogicalResult checkChoice(const Inferrer &inf, StringRef name,
                                 StringRef value, ArrayRef<StringRef> allowed) {
  if (llvm::is_contained(allowed, value))
    return success();
  return inf.fail("attribute '", name, "' must be one of ",
                  llvm::join(allowed, ", "), ", got \"", value, "\"");
}

LogicalResult ResizeOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ResizeOp>(loc, ctx);
  DictionaryAttr attrs = adaptor.getAttributes();
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 1, 1)))
    return failure();
  for (StringRef name : {"sizes", "scales", "roi"})
    if (failed(checkKind<ArrayAttr>(inf, attrs, name, "an array")))
      return failure();
  for (StringRef name :
       {"mode", "coordinate_transformation_mode", "nearest_mode"})
    if (failed(checkKind<StringAttr>(inf, attrs, name, "a string")))
      return failure();
  if (failed(checkKind<FloatAttr>(inf, attrs, "cubic_coeff_a", "a float")) ||
      failed(
          checkKind<FloatAttr>(inf, attrs, "extrapolation_value", "a float")) ||
      failed(checkKind<BoolAttr>(inf, attrs, "exclude_outside", "a bool")))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  if (failed(input) ||
      failed(requireIntegers(inf, adaptor.getSizesAttr(), "sizes")))
    return failure();
  ArrayRef<int64_t> x = input->getShape();
  Shape sizes = toShape(adaptor.getSizesAttr());
  if (sizes.size() != x.size())
    return inf.fail("attribute 'sizes' has ", sizes.size(),
                    " values, expected ", x.size(), " (the input rank)");
  for (int64_t size : sizes)
    if (size < 1)
      return inf.fail("attribute 'sizes' must hold integers >= 1, got ",
                      adaptor.getSizesAttr());
  ArrayAttr scales = adaptor.getScalesAttr();
  if (!scales || scales.size() != x.size() ||
      !llvm::all_of(scales, [](Attribute a) {
        auto scale = dyn_cast<FloatAttr>(a);
        return scale && scale.getValueAsDouble() > 0;
      }))
    return inf.fail("needs attribute 'scales' with ", x.size(),
                    " positive floats (one per dimension)");
  StringRef transform = adaptor.getCoordinateTransformationMode();
  if (failed(checkChoice(inf, "mode", adaptor.getMode(),
                         {"nearest", "linear", "cubic"})) ||
      failed(checkChoice(inf, "coordinate_transformation_mode", transform,
                         {"half_pixel", "half_pixel_symmetric",
                          "pytorch_half_pixel", "align_corners", "asymmetric",
                          "tf_half_pixel_for_nn", "tf_crop_and_resize"})) ||
      failed(checkChoice(
          inf, "nearest_mode", adaptor.getNearestMode(),
          {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"})))
    return failure();
  ArrayAttr roi = adaptor.getRoiAttr();
  if (transform == "tf_crop_and_resize" &&
      (!roi || roi.size() != 2 * x.size() ||
       !llvm::all_of(roi, [](Attribute a) { return isa<FloatAttr>(a); })))
    return inf.fail("coordinate_transformation_mode \"tf_crop_and_resize\" "
                    "needs attribute 'roi' with ",
                    2 * x.size(), " floats (starts, then ends)");
  return inf.result(sizes, input->getElementType(), results);
}

//===----------------------------------------------------------------------===//
// DepthToSpace, SpaceToDepth
//===----------------------------------------------------------------------===//

/// The input type of a depth/space rearrangement: rank 4 with a positive
/// blocksize.
static FailureOr<TensorType> blockInput(const Inferrer &inf, ValueRange ops,
                                        Value input, int64_t blocksize) {
  if (failed(inf.checkOperandCount(ops, 1, 1)))
    return failure();
  auto type = inf.tensor(input, "input");
  if (failed(type))
    return failure();
  if (type->getShape().size() != 4) {
    (void)inf.fail("expects an input of rank 4 (N x C x H x W), got ",
                   shapeStr(type->getShape()));
    return failure();
  }
  if (blocksize < 1) {
    (void)inf.fail("attribute 'blocksize' must be >= 1, got ", blocksize);
    return failure();
  }
  return type;
}

LogicalResult DepthToSpaceOp::inferReturnTypes(MLIRContext *ctx,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<DepthToSpaceOp>(loc, ctx);
  DictionaryAttr attrs = adaptor.getAttributes();
  if (failed(checkKind<IntegerAttr>(inf, attrs, "blocksize", "an integer")) ||
      failed(checkKind<StringAttr>(inf, attrs, "mode", "a string")))
    return failure();
  if (!adaptor.getAttributes().get("blocksize"))
    return inf.fail("needs attribute 'blocksize'");
  int64_t b = adaptor.getBlocksize();
  auto input = blockInput(inf, adaptor.getOperands(), adaptor.getInput(), b);
  if (failed(input) ||
      failed(checkChoice(inf, "mode", adaptor.getMode(), {"DCR", "CRD"})))
    return failure();
  ArrayRef<int64_t> x = input->getShape();
  if (x[1] % (b * b) != 0)
    return inf.fail("input channels ", x[1],
                    " are not divisible by "
                    "blocksize * blocksize = ",
                    b * b);
  return inf.result({x[0], x[1] / (b * b), x[2] * b, x[3] * b},
                    input->getElementType(), results);
}

LogicalResult SpaceToDepthOp::inferReturnTypes(MLIRContext *ctx,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<SpaceToDepthOp>(loc, ctx);
  if (failed(checkKind<IntegerAttr>(inf, adaptor.getAttributes(), "blocksize",
                                    "an integer")))
    return failure();
  if (!adaptor.getAttributes().get("blocksize"))
    return inf.fail("needs attribute 'blocksize'");
  int64_t b = adaptor.getBlocksize();
  auto input = blockInput(inf, adaptor.getOperands(), adaptor.getInput(), b);
  if (failed(input))
    return failure();
  ArrayRef<int64_t> x = input->getShape();
  if (x[2] % b != 0 || x[3] % b != 0)
    return inf.fail("spatial dimensions ", x[2], "x", x[3],
                    " are not divisible by blocksize ", b);
  return inf.result({x[0], x[1] * b * b, x[2] / b, x[3] / b},
                    input->getElementType(), results);
}

//===----------------------------------------------------------------------===//
// ConvTranspose
//===----------------------------------------------------------------------===//

LogicalResult
ConvTransposeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ConvTransposeOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 3)) ||
      failed(checkKind<IntegerAttr>(inf, adaptor.getAttributes(), "group",
                                    "an integer")))
    return failure();
  for (StringRef name : {"strides", "dilations", "start_padding", "end_padding",
                         "output_padding"})
    if (failed(checkKind<ArrayAttr>(inf, adaptor.getAttributes(), name,
                                    "an array")))
      return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto weight = inf.tensor(adaptor.getWeight(), "weight");
  if (failed(input) || failed(weight) ||
      failed(inf.sameElementType(*input, *weight, "input", "weight")) ||
      failed(inf.requireFloat(*input, "input")))
    return failure();
  ArrayRef<int64_t> x = input->getShape(), w = weight->getShape();
  if (x.size() < 3 || w.size() != x.size())
    return inf.fail("expects input (N x C x spatial...) and weight "
                    "(C x M/group x kernel...) of equal rank >= 3, got ",
                    shapeStr(x), " and ", shapeStr(w));
  int64_t group = static_cast<int64_t>(adaptor.getGroup());
  if (group < 1 || w[0] != x[1] || x[1] % group != 0)
    return inf.fail("input has ", x[1], " channels and weight ", shapeStr(w),
                    " with group ", group,
                    "; expected weight dim 0 = input "
                    "channels, divisible by group");
  int64_t channels = w[1] * group;
  if (Value biasValue = adaptor.getBias()) {
    auto bias = inf.tensor(biasValue, "bias");
    if (failed(bias) ||
        failed(inf.sameElementType(*input, *bias, "input", "bias")))
      return failure();
    if (bias->getShape() != ArrayRef<int64_t>{channels})
      return inf.fail("bias must have shape ", channels,
                      " (one per output "
                      "channel), got ",
                      shapeStr(bias->getShape()));
  }
  size_t spatial = x.size() - 2;
  auto strides =
      inf.spatialArray(adaptor.getStridesAttr(), "strides", spatial, 1, 1);
  auto dilations =
      inf.spatialArray(adaptor.getDilationsAttr(), "dilations", spatial, 1, 1);
  // Transposed convolutions may crop less than nothing: negative paddings
  // (from ONNX output_shape) grow the output.
  auto begin = inf.spatialArray(adaptor.getStartPaddingAttr(), "start_padding",
                                spatial, 0, INT64_MIN);
  auto end = inf.spatialArray(adaptor.getEndPaddingAttr(), "end_padding",
                              spatial, 0, INT64_MIN);
  auto outPad = inf.spatialArray(adaptor.getOutputPaddingAttr(),
                                 "output_padding", spatial, 0, 0);
  if (failed(strides) || failed(dilations) || failed(begin) || failed(end) ||
      failed(outPad))
    return failure();
  Shape out = {x[0], channels};
  for (size_t i = 0; i < spatial; ++i) {
    int64_t extent = (*strides)[i] * (x[i + 2] - 1) + (*outPad)[i] +
                     (*dilations)[i] * (w[i + 2] - 1) + 1 - (*begin)[i] -
                     (*end)[i];
    if (extent < 1)
      return inf.fail("spatial dimension ", i,
                      " of the output would have "
                      "extent ",
                      extent, " (check paddings)");
    out.push_back(extent);
  }
  return inf.result(out, input->getElementType(), results);
}

LogicalResult GridSampleOp::inferReturnTypes(MLIRContext *ctx,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<GridSampleOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 2)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto grid = inf.tensor(adaptor.getGrid(), "grid");
  if (failed(input) || failed(grid) ||
      failed(inf.requireFloat(*input, "input")) ||
      failed(inf.sameElementType(*input, *grid, "input", "grid")))
    return failure();
  // r spatial dimensions (GridSample-20; 2 before).
  ArrayRef<int64_t> x = input->getShape(), g = grid->getShape();
  int64_t rank = int64_t(x.size()) - 2;
  if (rank < 1 || g.size() != x.size() || g[0] != x[0] || g.back() != rank)
    return inf.fail("expects input N x C x D1..Dr and grid N x O1..Or x r, "
                    "got ",
                    shapeStr(x), " and ", shapeStr(g));
  StringRef mode = adaptor.getMode(), padding = adaptor.getPaddingMode();
  if (mode != "bilinear" && mode != "nearest" && mode != "bicubic")
    return inf.fail("attribute 'mode' must be \"bilinear\", \"nearest\" or "
                    "\"bicubic\", got \"",
                    mode, "\"");
  if (padding != "zeros" && padding != "border" && padding != "reflection")
    return inf.fail("attribute 'padding_mode' must be \"zeros\", \"border\" "
                    "or \"reflection\", got \"",
                    padding, "\"");
  Shape out = {x[0], x[1]};
  out.append(g.begin() + 1, g.end() - 1);
  return inf.result(out, input->getElementType(), results);
}

LogicalResult AffineGridOp::inferReturnTypes(MLIRContext *ctx,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<AffineGridOp>(loc, ctx);
  auto theta = inf.singleTensor(adaptor.getOperands(), "theta");
  if (failed(theta) || failed(inf.requireFloat(*theta, "theta")) ||
      failed(requireIntegers(inf, adaptor.getSizeAttr(), "size")))
    return failure();
  Shape size = toShape(adaptor.getSizeAttr());
  // ONNX: size is (N, C, H, W) for 2D or (N, C, D, H, W) for 3D; theta is
  // (N, 2, 3) or (N, 3, 4).
  if (size.size() != 4 && size.size() != 5)
    return inf.fail("attribute 'size' must hold 4 or 5 values, got ",
                    size.size());
  int64_t dims = size.size() - 2;
  Shape expected = {size[0], dims, dims + 1};
  if (theta->getShape() != ArrayRef<int64_t>(expected))
    return inf.fail("operand 'theta' must have shape ", shapeStr(expected),
                    ", got ", shapeStr(theta->getShape()));
  for (int64_t dim : ArrayRef<int64_t>(size).drop_front(2))
    if (dim < 1)
      return inf.fail("attribute 'size' has a spatial extent < 1");
  Shape out = {size[0]};
  out.append(size.begin() + 2, size.end());
  out.push_back(dims);
  return inf.result(out, theta->getElementType(), results);
}

static int64_t product(ArrayRef<int64_t> dims) {
  int64_t result = 1;
  for (int64_t dim : dims)
    result *= dim;
  return result;
}

/// Blocks the window takes along each spatial dimension of Col2Im.
template <typename AdaptorT>
static FailureOr<Shape> col2ImBlocks(const Inferrer &inf, AdaptorT adaptor,
                                     ArrayRef<int64_t> image,
                                     ArrayRef<int64_t> block) {
  auto params = windowParams(inf, adaptor, image.size());
  if (failed(params))
    return failure();
  Shape counts;
  for (size_t i = 0; i < image.size(); ++i) {
    int64_t count =
        windowExtent(image[i], params->begin[i], params->end[i], block[i],
                     params->strides[i], params->dilations[i], false);
    if (block[i] < 1 || count < 1) {
      (void)inf.fail("block of size ", block[i],
                     " does not fit image dimension ", i, " of extent ",
                     image[i]);
      return failure();
    }
    counts.push_back(count);
  }
  return counts;
}

LogicalResult Col2ImOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<Col2ImOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input) ||
      failed(
          requireIntegers(inf, adaptor.getImageShapeAttr(), "image_shape")) ||
      failed(requireIntegers(inf, adaptor.getBlockShapeAttr(), "block_shape")))
    return failure();
  Shape image = toShape(adaptor.getImageShapeAttr());
  Shape block = toShape(adaptor.getBlockShapeAttr());
  if (image.size() != block.size() || image.empty())
    return inf.fail("attributes 'image_shape' and 'block_shape' must have "
                    "the same number (>= 1) of values");
  ArrayRef<int64_t> shape = input->getShape();
  if (shape.size() != 3)
    return inf.fail("operand 'input' must be N x (C * block) x L, got ",
                    shapeStr(shape));
  auto counts = col2ImBlocks(inf, adaptor, image, block);
  if (failed(counts))
    return failure();
  int64_t blockSize = product(block);
  if (shape[1] % blockSize != 0 || shape[2] != product(*counts))
    return inf.fail("operand 'input' of shape ", shapeStr(shape),
                    " does not hold C x ", blockSize, " rows and ",
                    product(*counts), " blocks");
  Shape out = {shape[0], shape[1] / blockSize};
  out.append(image.begin(), image.end());
  return inf.result(out, input->getElementType(), results);
}

/// Checks a DeformConv operand against its expected shape.
static LogicalResult checkDeformOperand(const Inferrer &inf, TensorType input,
                                        Value operand, StringRef role,
                                        ArrayRef<int64_t> expected) {
  auto type = inf.tensor(operand, role);
  if (failed(type) || failed(inf.sameElementType(input, *type, "input", role)))
    return failure();
  if (type->getShape() != expected)
    return inf.fail("operand '", role, "' must have shape ", shapeStr(expected),
                    ", got ", shapeStr(type->getShape()));
  return success();
}

LogicalResult DeformConvOp::inferReturnTypes(MLIRContext *ctx,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<DeformConvOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 5, 5)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto weight = inf.tensor(adaptor.getWeight(), "weight");
  if (failed(input) || failed(weight) ||
      failed(inf.requireFloat(*input, "input")) ||
      failed(inf.sameElementType(*input, *weight, "input", "weight")))
    return failure();
  // The ONNX reference implements 2-D data only; so do we.
  if (input->getRank() != 4)
    return inf.fail("supports 2-D data (N x C x H x W) only, got ",
                    shapeStr(input->getShape()));
  auto out =
      convolutionShape(inf, input->getShape(), weight->getShape(), adaptor);
  if (failed(out))
    return failure();
  int64_t groups = adaptor.getOffsetGroup();
  if (groups < 1 || input->getShape()[1] % groups != 0)
    return inf.fail("offset_group ", groups, " does not divide the ",
                    input->getShape()[1], " input channels");
  ArrayRef<int64_t> w = weight->getShape();
  int64_t taps = groups * w[2] * w[3];
  Shape offset = {(*out)[0], taps * 2, (*out)[2], (*out)[3]};
  Shape mask = {(*out)[0], taps, (*out)[2], (*out)[3]};
  if (failed(checkDeformOperand(inf, *input, adaptor.getOffset(), "offset",
                                offset)) ||
      failed(
          checkDeformOperand(inf, *input, adaptor.getBias(), "bias", {w[0]})) ||
      failed(checkDeformOperand(inf, *input, adaptor.getMask(), "mask", mask)))
    return failure();
  return inf.result(*out, input->getElementType(), results);
}

} // namespace opencgc::cgc_op
