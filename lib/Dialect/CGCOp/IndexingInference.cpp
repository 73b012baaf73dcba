//===- IndexingInference.cpp - Result types of the indexing family --------===//
//
// ONNX shape rules for slicing, gather/scatter, padding, broadcasting and
// generator ops. Like every inference function these run while parsing,
// so operand counts, operand types and attributes are checked here.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCOp/IndexingOps.h"

#include "InferenceUtils.h"

#include <set>

using namespace mlir;

namespace opencgc::cgc_op {
namespace {

/// Indices of gather/scatter ops must be int32 or int64 (ONNX Tind).
LogicalResult requireIndexType(const Inferrer &inf, TensorType type,
                               StringRef role) {
  Type element = type.getElementType();
  if (cgc::isElementType(element) &&
      cgc::getElementKind(element) == cgc::ElementKind::SignedInt &&
      (cgc::getElementBitWidth(element) == 32 ||
       cgc::getElementBitWidth(element) == 64))
    return success();
  return inf.fail("operand '", role,
                  "' must have element type int32 or "
                  "int64, got ",
                  element);
}

LogicalResult checkReduction(const Inferrer &inf, StringRef reduction) {
  if (llvm::is_contained({"none", "add", "mul", "max", "min"}, reduction))
    return success();
  return inf.fail("attribute 'reduction' must be \"none\", \"add\", "
                  "\"mul\", \"max\" or \"min\", got \"",
                  reduction, "\"");
}

/// The data and indices operands shared by gather/scatter ops.
struct DataIndices {
  TensorType data, indices;
};

FailureOr<DataIndices> dataAndIndices(const Inferrer &inf, ValueRange operands,
                                      size_t count) {
  if (failed(inf.checkOperandCount(operands, count, count)))
    return failure();
  auto data = inf.tensor(operands[0], "data");
  auto indices = inf.tensor(operands[1], "indices");
  if (failed(data) || failed(indices) ||
      failed(requireIndexType(inf, *indices, "indices")))
    return failure();
  return DataIndices{*data, *indices};
}

/// `updates` of a scatter op: same element type as data, expected shape.
LogicalResult checkUpdates(const Inferrer &inf, Value value, TensorType data,
                           ArrayRef<int64_t> expected) {
  auto updates = inf.tensor(value, "updates");
  if (failed(updates) ||
      failed(inf.sameElementType(data, *updates, "data", "updates")))
    return failure();
  if (updates->getShape() != expected)
    return inf.fail("operand 'updates' must have shape ", shapeStr(expected),
                    ", got ", shapeStr(updates->getShape()));
  return success();
}

} // namespace

/// One axis of a slice after ONNX clamping.
static SliceAxis resolveSliceAxis(int64_t start, int64_t end, int64_t step,
                                  int64_t dim) {
  if (dim == 0)
    return {0, step, 0};
  if (start < 0)
    start += dim;
  if (end < 0)
    end += dim;
  int64_t count;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
    count = end > start ? (end - start + step - 1) / step : 0;
  } else {
    // ONNX: negative steps clamp start to [0, dim-1] and end to [-1, dim-1].
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
    count = start > end ? (start - end - step - 1) / -step : 0;
  }
  return {start, step, count};
}

llvm::SmallVector<SliceAxis> resolveSliceAxes(SliceOp slice) {
  ArrayRef<int64_t> shape =
      cast<cgc::TensorType>(slice.getInput().getType()).getShape();
  int64_t rank = shape.size();
  llvm::SmallVector<SliceAxis> resolved;
  for (int64_t extent : shape)
    resolved.push_back({0, 1, extent});
  Shape starts = toShape(slice.getStartsAttr());
  Shape ends = toShape(slice.getEndsAttr());
  for (size_t i = 0; i < starts.size(); ++i) {
    int64_t axis = slice.getAxesAttr()
                       ? toShape(slice.getAxesAttr())[i]
                       : int64_t(i);
    if (axis < 0)
      axis += rank;
    int64_t step = slice.getStepsAttr() ? toShape(slice.getStepsAttr())[i] : 1;
    resolved[axis] = resolveSliceAxis(starts[i], ends[i], step, shape[axis]);
  }
  return resolved;
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<SliceOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input) ||
      failed(requireIntegers(inf, adaptor.getStartsAttr(), "starts")) ||
      failed(requireIntegers(inf, adaptor.getEndsAttr(), "ends")))
    return failure();
  Shape out(input->getShape());
  int64_t rank = out.size();
  Shape starts = toShape(adaptor.getStartsAttr());
  Shape ends = toShape(adaptor.getEndsAttr());
  size_t n = starts.size();
  Shape axes, steps(n, 1);
  for (size_t i = 0; i < n; ++i)
    axes.push_back(i);
  if (ArrayAttr attr = adaptor.getAxesAttr()) {
    if (failed(requireIntegers(inf, attr, "axes")))
      return failure();
    axes = toShape(attr);
  }
  if (ArrayAttr attr = adaptor.getStepsAttr()) {
    if (failed(requireIntegers(inf, attr, "steps")))
      return failure();
    steps = toShape(attr);
  }
  if (ends.size() != n || axes.size() != n || steps.size() != n)
    return inf.fail("attributes 'starts', 'ends', 'axes' and 'steps' must "
                    "have the same length, got ",
                    n, ", ", ends.size(), ", ", axes.size(), " and ",
                    steps.size());
  std::set<int64_t> seen;
  for (size_t i = 0; i < n; ++i) {
    auto axis = inf.axis(axes[i], rank, "axes");
    if (failed(axis))
      return failure();
    if (!seen.insert(*axis).second)
      return inf.fail("attribute 'axes' repeats axis ", *axis);
    if (steps[i] == 0)
      return inf.fail("attribute 'steps' must not contain 0");
    out[*axis] =
        resolveSliceAxis(starts[i], ends[i], steps[i], out[*axis]).count;
  }
  return inf.result(out, input->getElementType(), results);
}

LogicalResult SplitOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<SplitOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input) ||
      failed(requireIntegers(inf, adaptor.getSplitAttr(), "split")))
    return failure();
  Shape shape(input->getShape());
  auto axis = inf.axis(adaptor.getAxis(), shape.size(), "axis");
  if (failed(axis))
    return failure();
  Shape sizes = toShape(adaptor.getSplitAttr());
  int64_t total = 0;
  for (int64_t size : sizes) {
    if (size < 0)
      return inf.fail("attribute 'split' must hold sizes >= 0, got ", size);
    total += size;
  }
  if (sizes.empty() || total != shape[*axis])
    return inf.fail("split sizes sum to ", total, " but axis ", *axis, " of ",
                    shapeStr(input->getShape()), " has extent ", shape[*axis]);
  for (int64_t size : sizes) {
    shape[*axis] = size;
    (void)inf.result(shape, input->getElementType(), results);
  }
  return success();
}

LogicalResult GatherOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<GatherOp>(loc, ctx);
  auto operands = dataAndIndices(inf, adaptor.getOperands(), 2);
  if (failed(operands))
    return failure();
  ArrayRef<int64_t> data = operands->data.getShape();
  auto axis = inf.axis(adaptor.getAxis(), data.size(), "axis");
  if (failed(axis))
    return failure();
  // ONNX: data[:axis] + indices.shape + data[axis+1:].
  Shape out(data.take_front(*axis));
  llvm::append_range(out, operands->indices.getShape());
  llvm::append_range(out, data.drop_front(*axis + 1));
  return inf.result(out, operands->data.getElementType(), results);
}

LogicalResult
GatherElementsOp::inferReturnTypes(MLIRContext *ctx,
                                   std::optional<Location> loc, Adaptor adaptor,
                                   SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<GatherElementsOp>(loc, ctx);
  auto operands = dataAndIndices(inf, adaptor.getOperands(), 2);
  if (failed(operands))
    return failure();
  ArrayRef<int64_t> data = operands->data.getShape();
  ArrayRef<int64_t> indices = operands->indices.getShape();
  if (data.empty() || indices.size() != data.size())
    return inf.fail("operands 'data' and 'indices' must have the same rank "
                    ">= 1, got ",
                    shapeStr(data), " and ", shapeStr(indices));
  if (failed(inf.axis(adaptor.getAxis(), data.size(), "axis")))
    return failure();
  return inf.result(indices, operands->data.getElementType(), results);
}

/// The leading index-tuple length of GatherND/ScatterND, checked against
/// data rank and batch dimensions.
static FailureOr<int64_t> tupleLength(const Inferrer &inf,
                                      ArrayRef<int64_t> data,
                                      ArrayRef<int64_t> indices,
                                      int64_t batchDims) {
  int64_t r = data.size(), q = indices.size();
  if (r < 1 || q < 1)
    return inf.fail("operands 'data' and 'indices' must have rank >= 1, "
                    "got ",
                    shapeStr(data), " and ", shapeStr(indices));
  if (batchDims < 0 || batchDims >= std::min(r, q))
    return inf.fail("batch_dims = ", batchDims, " must be in [0, ",
                    std::min(r, q), ")");
  if (data.take_front(batchDims) != indices.take_front(batchDims))
    return inf.fail("the first ", batchDims, " dimensions of data ",
                    shapeStr(data), " and indices ", shapeStr(indices),
                    " must agree");
  int64_t last = indices.back();
  if (last < 1 || last > r - batchDims)
    return inf.fail("index tuples of length ", last, " do not fit data ",
                    shapeStr(data), " with batch_dims ", batchDims);
  return last;
}

LogicalResult GatherNDOp::inferReturnTypes(MLIRContext *ctx,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<GatherNDOp>(loc, ctx);
  auto operands = dataAndIndices(inf, adaptor.getOperands(), 2);
  if (failed(operands))
    return failure();
  ArrayRef<int64_t> data = operands->data.getShape();
  ArrayRef<int64_t> indices = operands->indices.getShape();
  int64_t batchDims = adaptor.getBatchDims();
  auto last = tupleLength(inf, data, indices, batchDims);
  if (failed(last))
    return failure();
  Shape out(indices.drop_back());
  llvm::append_range(out, data.drop_front(batchDims + *last));
  return inf.result(out, operands->data.getElementType(), results);
}

LogicalResult ScatterElementsOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ScatterElementsOp>(loc, ctx);
  auto operands = dataAndIndices(inf, adaptor.getOperands(), 3);
  if (failed(operands) || failed(checkReduction(inf, adaptor.getReduction())))
    return failure();
  ArrayRef<int64_t> data = operands->data.getShape();
  ArrayRef<int64_t> indices = operands->indices.getShape();
  if (data.empty() || indices.size() != data.size())
    return inf.fail("operands 'data' and 'indices' must have the same rank "
                    ">= 1, got ",
                    shapeStr(data), " and ", shapeStr(indices));
  if (failed(inf.axis(adaptor.getAxis(), data.size(), "axis")) ||
      failed(checkUpdates(inf, adaptor.getUpdates(), operands->data, indices)))
    return failure();
  return inf.result(data, operands->data.getElementType(), results);
}

LogicalResult ScatterNDOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ScatterNDOp>(loc, ctx);
  auto operands = dataAndIndices(inf, adaptor.getOperands(), 3);
  if (failed(operands) || failed(checkReduction(inf, adaptor.getReduction())))
    return failure();
  ArrayRef<int64_t> data = operands->data.getShape();
  ArrayRef<int64_t> indices = operands->indices.getShape();
  auto last = tupleLength(inf, data, indices, 0);
  if (failed(last))
    return failure();
  // ONNX: updates.shape = indices.shape[:-1] + data.shape[last:].
  Shape expected(indices.drop_back());
  llvm::append_range(expected, data.drop_front(*last));
  if (failed(checkUpdates(inf, adaptor.getUpdates(), operands->data, expected)))
    return failure();
  return inf.result(data, operands->data.getElementType(), results);
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<PadOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 1, 2)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  if (failed(input) ||
      failed(requireIntegers(inf, adaptor.getPadsAttr(), "pads")))
    return failure();
  StringRef mode = adaptor.getMode();
  if (!llvm::is_contained({"constant", "reflect", "edge", "wrap"}, mode))
    return inf.fail("attribute 'mode' must be \"constant\", \"reflect\", "
                    "\"edge\" or \"wrap\", got \"",
                    mode, "\"");
  if (Value value = adaptor.getConstantValue()) {
    auto constant = inf.tensor(value, "constant_value");
    if (failed(constant) || failed(inf.sameElementType(
                                *input, *constant, "input", "constant_value")))
      return failure();
    if (constant->getNumElements() != 1)
      return inf.fail("operand 'constant_value' must hold one element, got ",
                      shapeStr(constant->getShape()));
  }
  Shape out(input->getShape());
  size_t rank = out.size();
  Shape pads = toShape(adaptor.getPadsAttr());
  if (pads.size() != 2 * rank)
    return inf.fail("attribute 'pads' has ", pads.size(), " values, expected ",
                    2 * rank,
                    " (begin and end per "
                    "dimension)");
  for (size_t d = 0; d < rank; ++d) {
    int64_t begin = pads[d], end = pads[d + rank], dim = out[d];
    out[d] = dim + begin + end;
    if (out[d] < 0)
      return inf.fail("pads ", begin, "+", end, " crop dimension ", d,
                      " of extent ", dim, " below zero");
    // Reflection mirrors without repeating the border element.
    if (mode == "reflect" && std::max(begin, end) > 0 &&
        std::max(begin, end) >= dim)
      return inf.fail("reflect pads ", begin, "+", end,
                      " must be smaller than dimension ", d, " of extent ",
                      dim);
    if ((mode == "edge" || mode == "wrap") && std::max(begin, end) > 0 &&
        dim == 0)
      return inf.fail(mode, " mode cannot pad the empty dimension ", d);
  }
  return inf.result(out, input->getElementType(), results);
}

LogicalResult ExpandOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ExpandOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input) ||
      failed(requireIntegers(inf, adaptor.getShapeAttr(), "shape")))
    return failure();
  Shape shape = toShape(adaptor.getShapeAttr());
  for (int64_t dim : shape)
    if (dim < 0)
      return inf.fail("attribute 'shape' must hold extents >= 0, got ", dim);
  auto out = broadcast(inf, input->getShape(), shape);
  if (failed(out))
    return failure();
  return inf.result(*out, input->getElementType(), results);
}

LogicalResult TileOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<TileOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input) ||
      failed(requireIntegers(inf, adaptor.getRepeatsAttr(), "repeats")))
    return failure();
  Shape out(input->getShape());
  auto repeats =
      inf.spatialArray(adaptor.getRepeatsAttr(), "repeats", out.size(), 1, 0);
  if (failed(repeats))
    return failure();
  for (size_t d = 0; d < out.size(); ++d)
    out[d] *= (*repeats)[d];
  return inf.result(out, input->getElementType(), results);
}

LogicalResult OneHotOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<OneHotOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 2)))
    return failure();
  auto indices = inf.tensor(adaptor.getIndices(), "indices");
  auto values = inf.tensor(adaptor.getValues(), "values");
  if (failed(indices) || failed(values))
    return failure();
  if (values->getShape() != ArrayRef<int64_t>{2})
    return inf.fail("operand 'values' must have shape 2 ([off, on]), got ",
                    shapeStr(values->getShape()));
  if (!adaptor.getDepthAttr())
    return inf.fail("needs attribute 'depth'");
  int64_t depth = adaptor.getDepth();
  if (depth < 1)
    return inf.fail("attribute 'depth' must be >= 1, got ", depth);
  Shape out(indices->getShape());
  auto axis = inf.axis(adaptor.getAxis(), out.size() + 1, "axis");
  if (failed(axis))
    return failure();
  out.insert(out.begin() + *axis, depth);
  return inf.result(out, values->getElementType(), results);
}

LogicalResult TriluOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<TriluOp>(loc, ctx);
  auto input = inf.singleTensor(adaptor.getOperands(), "input");
  if (failed(input))
    return failure();
  if (input->getRank() < 2)
    return inf.fail("expects an input of rank >= 2, got ",
                    shapeStr(input->getShape()));
  return inf.result(input->getShape(), input->getElementType(), results);
}

LogicalResult ReverseSequenceOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<ReverseSequenceOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 2)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto lens = inf.tensor(adaptor.getSequenceLens(), "sequence_lens");
  if (failed(input) || failed(lens))
    return failure();
  int64_t batch = static_cast<int64_t>(adaptor.getBatchAxis());
  int64_t time = static_cast<int64_t>(adaptor.getTimeAxis());
  if (input->getRank() < 2 ||
      !((batch == 0 && time == 1) || (batch == 1 && time == 0)))
    return inf.fail("expects rank >= 2 and batch_axis/time_axis 0/1 or "
                    "1/0, got rank ",
                    input->getRank(), " and axes ", batch, "/", time);
  if (!isa<cgc::Int64Type>(lens->getElementType()) ||
      lens->getShape() != ArrayRef<int64_t>{input->getShape()[batch]})
    return inf.fail("sequence_lens must be int64 with one entry per batch "
                    "entry (",
                    input->getShape()[batch], "), got ", lens->getElementType(),
                    " ", shapeStr(lens->getShape()));
  return inf.result(input->getShape(), input->getElementType(), results);
}

} // namespace opencgc::cgc_op
