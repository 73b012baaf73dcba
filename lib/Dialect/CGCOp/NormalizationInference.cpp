//===- NormalizationInference.cpp - Normalization family result types -----===//
//
// ONNX shape rules of the normalization ops, Lp pooling and einsum. Like all
// inference this runs while parsing, so operand counts, operand kinds and
// attribute values are checked here, never assumed.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCOp/NormalizationOps.h"

#include "InferenceUtils.h"

#include <set>

namespace opencgc::cgc_op {

/// Checks that `operand` is a float tensor with the element type of `input`
/// and exactly `shape`.
static LogicalResult checkParameter(const Inferrer &inf, TensorType input,
                                    Value operand, StringRef role,
                                    ArrayRef<int64_t> shape) {
  auto param = inf.tensor(operand, role);
  if (failed(param) ||
      failed(inf.sameElementType(input, *param, "input", role)))
    return failure();
  if (param->getShape() != shape)
    return inf.fail("operand '", role, "' must have shape ", shapeStr(shape),
                    ", got ", shapeStr(param->getShape()));
  return success();
}

/// The float input of a normalization op, with at least `minRank` dims.
static FailureOr<TensorType> normalizedInput(const Inferrer &inf, Value value,
                                             int64_t minRank,
                                             StringRef layout) {
  auto input = inf.tensor(value, "input");
  if (failed(input) || failed(inf.requireFloat(*input, "input")))
    return failure();
  if (input->getRank() < minRank) {
    (void)inf.fail("expects an input of rank >= ", minRank, " (", layout,
                   "), got ", shapeStr(input->getShape()));
    return failure();
  }
  return input;
}

LogicalResult BatchNormalizationOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<BatchNormalizationOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 5, 5)))
    return failure();
  auto input = normalizedInput(inf, adaptor.getInput(), 2, "N x C x ...");
  if (failed(input))
    return failure();
  int64_t channels = input->getShape()[1];
  if (failed(checkParameter(inf, *input, adaptor.getScale(), "scale",
                            {channels})) ||
      failed(
          checkParameter(inf, *input, adaptor.getBias(), "bias", {channels})) ||
      failed(
          checkParameter(inf, *input, adaptor.getMean(), "mean", {channels})) ||
      failed(checkParameter(inf, *input, adaptor.getVariance(), "variance",
                            {channels})))
    return failure();
  return inf.result(input->getShape(), input->getElementType(), results);
}

/// The float element type an ONNX TensorProto data type names.
static Type stashElementType(MLIRContext *ctx, int64_t stashType) {
  switch (stashType) {
  case 1:
    return cgc::Float32Type::get(ctx);
  case 10:
    return cgc::Float16Type::get(ctx);
  case 11:
    return cgc::Float64Type::get(ctx);
  case 16:
    return cgc::BFloat16Type::get(ctx);
  default:
    return Type();
  }
}

/// True when `shape` broadcasts unidirectionally to `target`.
static bool broadcastsTo(ArrayRef<int64_t> shape, ArrayRef<int64_t> target) {
  if (shape.size() > target.size())
    return false;
  size_t lead = target.size() - shape.size();
  for (auto [i, dim] : llvm::enumerate(shape))
    if (dim != 1 && dim != target[lead + i])
      return false;
  return true;
}

LogicalResult LayerNormalizationOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<LayerNormalizationOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 3)))
    return failure();
  auto input = normalizedInput(inf, adaptor.getInput(), 1, "rank >= 1");
  if (failed(input))
    return failure();
  ArrayRef<int64_t> shape = input->getShape();
  auto axis = inf.axis(static_cast<int64_t>(adaptor.getAxis()),
                       input->getRank(), "axis");
  if (failed(axis))
    return failure();
  ArrayRef<int64_t> normalized = shape.drop_front(*axis);
  // ONNX: scale and bias broadcast to the normalized shape X.shape[axis:].
  auto checkBroadcast = [&](Value operand, StringRef role) -> LogicalResult {
    auto param = inf.tensor(operand, role);
    if (failed(param) ||
        failed(inf.sameElementType(*input, *param, "input", role)))
      return failure();
    if (!broadcastsTo(param->getShape(), normalized))
      return inf.fail(
          "operand '", role, "' of shape ", shapeStr(param->getShape()),
          " does not broadcast to the normalized shape ", shapeStr(normalized));
    return success();
  };
  if (failed(checkBroadcast(adaptor.getScale(), "scale")) ||
      (adaptor.getBias() && failed(checkBroadcast(adaptor.getBias(), "bias"))))
    return failure();
  Type stash =
      stashElementType(ctx, static_cast<int64_t>(adaptor.getStashType()));
  if (!stash)
    return inf.fail("attribute 'stash_type' = ", adaptor.getStashType(),
                    " is not a floating-point ONNX data type (1, 10, 11 or "
                    "16)");
  Shape reduced(shape);
  std::fill(reduced.begin() + *axis, reduced.end(), 1);
  (void)inf.result(shape, input->getElementType(), results);
  (void)inf.result(reduced, stash, results);
  return inf.result(reduced, stash, results);
}

LogicalResult InstanceNormalizationOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<InstanceNormalizationOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 3, 3)))
    return failure();
  auto input = normalizedInput(inf, adaptor.getInput(), 3, "N x C x D1 x ...");
  if (failed(input))
    return failure();
  int64_t channels = input->getShape()[1];
  if (failed(checkParameter(inf, *input, adaptor.getScale(), "scale",
                            {channels})) ||
      failed(
          checkParameter(inf, *input, adaptor.getBias(), "bias", {channels})))
    return failure();
  return inf.result(input->getShape(), input->getElementType(), results);
}

LogicalResult LrnOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<LrnOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 1, 1)))
    return failure();
  auto input = normalizedInput(inf, adaptor.getInput(), 3, "N x C x D1 x ...");
  if (failed(input))
    return failure();
  IntegerAttr size = adaptor.getSizeAttr();
  if (!size)
    return inf.fail("needs attribute 'size'");
  if (size.getInt() < 1)
    return inf.fail("attribute 'size' must be >= 1, got ", size.getInt());
  return inf.result(input->getShape(), input->getElementType(), results);
}

/// Distinct axes within [0, rank), possibly given negative.
static LogicalResult checkAxes(const Inferrer &inf, ArrayAttr axes,
                               int64_t rank) {
  if (failed(requireIntegers(inf, axes, "axes")))
    return failure();
  std::set<int64_t> seen;
  for (int64_t value : toShape(axes)) {
    auto axis = inf.axis(value, rank, "axes");
    if (failed(axis))
      return failure();
    if (!seen.insert(*axis).second)
      return inf.fail("attribute 'axes' repeats axis ", value);
  }
  return success();
}

LogicalResult MeanVarianceNormalizationOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<MeanVarianceNormalizationOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 1, 1)))
    return failure();
  auto input = normalizedInput(inf, adaptor.getInput(), 0, "any");
  if (failed(input) ||
      failed(checkAxes(inf, adaptor.getAxesAttr(), input->getRank())))
    return failure();
  return inf.result(input->getShape(), input->getElementType(), results);
}

LogicalResult LpNormalizationOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<LpNormalizationOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 1, 1)))
    return failure();
  auto input = normalizedInput(inf, adaptor.getInput(), 1, "rank >= 1");
  if (failed(input) || failed(inf.axis(static_cast<int64_t>(adaptor.getAxis()),
                                       input->getRank(), "axis")))
    return failure();
  int64_t p = static_cast<int64_t>(adaptor.getP());
  if (p != 1 && p != 2)
    return inf.fail("attribute 'p' must be 1 or 2, got ", p);
  return inf.result(input->getShape(), input->getElementType(), results);
}

LogicalResult LpPoolingOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<LpPoolingOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 1, 1)))
    return failure();
  auto input = normalizedInput(inf, adaptor.getInput(), 3, "N x C x D1 x ...");
  if (failed(input))
    return failure();
  size_t spatial = input->getRank() - 2;
  if (failed(requireIntegers(inf, adaptor.getWindowSizeAttr(), "window_size")))
    return failure();
  auto window = inf.spatialArray(adaptor.getWindowSizeAttr(), "window_size",
                                 spatial, 1, 1);
  auto params = windowParams(inf, adaptor, spatial);
  if (failed(window) || failed(params))
    return failure();
  if (adaptor.getP() < 1)
    return inf.fail("attribute 'p' must be >= 1, got ", adaptor.getP());
  auto shape = windowedShape(inf, input->getShape(), input->getShape()[1],
                             *window, *params, adaptor.getCeilMode());
  if (failed(shape))
    return failure();
  return inf.result(*shape, input->getElementType(), results);
}

//===----------------------------------------------------------------------===//
// Einsum
//===----------------------------------------------------------------------===//

namespace {
constexpr int64_t kNumLetterLabels = 52;

/// One side of an equation term: letter labels around an optional "...".
struct Term {
  SmallVector<int64_t> before, after; // labels before and after "..."
  bool ellipsis = false;
};

int64_t letterLabel(char c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return 26 + (c - 'a');
  return -1;
}

FailureOr<Term> parseTerm(StringRef text, std::string &error) {
  Term term;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.substr(i).starts_with("...")) {
      if (term.ellipsis) {
        error = "term '" + text.str() + "' has more than one '...'";
        return failure();
      }
      term.ellipsis = true;
      i += 2;
      continue;
    }
    int64_t label = letterLabel(text[i]);
    if (label < 0) {
      error = "unexpected character '" + std::string(1, text[i]) +
              "' in term '" + text.str() + "'";
      return failure();
    }
    (term.ellipsis ? term.after : term.before).push_back(label);
  }
  return term;
}
} // namespace

FailureOr<EinsumOp::Spec>
EinsumOp::resolveEquation(StringRef equation,
                          ArrayRef<ArrayRef<int64_t>> shapes,
                          std::string &error) {
  std::string compact;
  for (char c : equation)
    if (!llvm::isSpace(c))
      compact.push_back(c);
  StringRef text(compact);
  auto [lhs, rhs] = text.split("->");
  bool explicitOutput = text.contains("->");
  SmallVector<StringRef> termTexts;
  lhs.split(termTexts, ',');
  if (termTexts.size() != shapes.size()) {
    error = "equation has " + std::to_string(termTexts.size()) +
            " input terms for " + std::to_string(shapes.size()) + " operands";
    return failure();
  }
  // Parse the terms and find the broadcast rank of "...".
  SmallVector<Term> terms;
  size_t ellipsisRank = 0;
  for (auto [text, shape] : llvm::zip(termTexts, shapes)) {
    auto term = parseTerm(text, error);
    if (failed(term))
      return failure();
    size_t letters = term->before.size() + term->after.size();
    if (term->ellipsis ? letters > shape.size() : letters != shape.size()) {
      error = "term '" + text.str() + "' does not match an operand of rank " +
              std::to_string(shape.size());
      return failure();
    }
    if (term->ellipsis)
      ellipsisRank = std::max(ellipsisRank, shape.size() - letters);
    terms.push_back(std::move(*term));
  }
  Spec spec;
  spec.labelSizes.assign(kNumLetterLabels + ellipsisRank, -1);
  SmallVector<int64_t> letterCount(kNumLetterLabels, 0);
  for (auto [term, shape] : llvm::zip(terms, shapes)) {
    SmallVector<int64_t> labels(term.before);
    size_t dims = shape.size() - term.before.size() - term.after.size();
    for (size_t k = 0; k < dims; ++k)
      labels.push_back(kNumLetterLabels + ellipsisRank - dims + k);
    labels.append(term.after);
    for (auto [label, size] : llvm::zip(labels, shape)) {
      int64_t &known = spec.labelSizes[label];
      bool isEllipsis = label >= kNumLetterLabels;
      if (!isEllipsis)
        ++letterCount[label];
      // "..." dimensions broadcast; repeated letters must agree exactly.
      if (known == -1 || (isEllipsis && known == 1))
        known = size;
      else if (known != size && !(isEllipsis && size == 1)) {
        error = "dimension sizes " + std::to_string(known) + " and " +
                std::to_string(size) + " disagree for one label";
        return failure();
      }
    }
    spec.inputLabels.push_back(std::move(labels));
  }
  SmallVector<int64_t> ellipsisLabels;
  for (size_t k = 0; k < ellipsisRank; ++k)
    ellipsisLabels.push_back(kNumLetterLabels + k);
  if (!explicitOutput) {
    // Implicit output: "..." dims, then labels used once, alphabetically.
    spec.outputLabels = ellipsisLabels;
    for (int64_t label = 0; label < kNumLetterLabels; ++label)
      if (letterCount[label] == 1)
        spec.outputLabels.push_back(label);
    return spec;
  }
  auto output = parseTerm(rhs, error);
  if (failed(output))
    return failure();
  spec.outputLabels = output->before;
  if (output->ellipsis)
    spec.outputLabels.append(ellipsisLabels);
  spec.outputLabels.append(output->after);
  std::set<int64_t> seen;
  for (int64_t label : spec.outputLabels) {
    if (label < kNumLetterLabels && letterCount[label] == 0) {
      error = "output term '" + rhs.str() + "' uses a label no input has";
      return failure();
    }
    if (!seen.insert(label).second) {
      error = "output term '" + rhs.str() + "' repeats a label";
      return failure();
    }
  }
  return spec;
}

LogicalResult EinsumOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<EinsumOp>(loc, ctx);
  if (adaptor.getOperands().empty())
    return inf.fail("expects at least 1 operand");
  StringAttr equation = adaptor.getEquationAttr();
  if (!equation)
    return inf.fail("needs attribute 'equation'");
  SmallVector<TensorType> types;
  SmallVector<ArrayRef<int64_t>> shapes;
  for (auto [i, operand] : llvm::enumerate(adaptor.getOperands())) {
    auto type = inf.tensor(operand, "inputs#" + std::to_string(i));
    if (failed(type) || (!types.empty() && failed(inf.sameElementType(
                                               types.front(), *type, "inputs#0",
                                               "inputs#" + std::to_string(i)))))
      return failure();
    types.push_back(*type);
    shapes.push_back(type->getShape());
  }
  Type element = types.front().getElementType();
  if (cgc::isElementType(element) &&
      cgc::getElementKind(element) == cgc::ElementKind::Bool)
    return inf.fail("does not support bool operands");
  std::string error;
  auto spec = resolveEquation(equation.getValue(), shapes, error);
  if (failed(spec))
    return inf.fail("equation '", equation.getValue(), "': ", error);
  Shape shape;
  for (int64_t label : spec->outputLabels)
    shape.push_back(spec->labelSizes[label]);
  return inf.result(shape, element, results);
}

} // namespace opencgc::cgc_op
