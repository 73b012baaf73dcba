//===- NormalizationConverters.cpp - ONNX normalization converters --------===//
//
// BatchNormalization (inference and training mode), LayerNormalization,
// InstanceNormalization, LRN, MeanVarianceNormalization, LpNormalization,
// LpPool, GlobalLpPool, Einsum, and the transformer ops RMSNormalization,
// RotaryEmbedding and Attention.
//
//===----------------------------------------------------------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/IndexingOps.h"
#include "opencgc/Dialect/CGCOp/LogicOps.h"
#include "opencgc/Dialect/CGCOp/NormalizationOps.h"
#include "opencgc/Dialect/CGCOp/ReductionOps.h"
#include "opencgc/Dialect/CGCOp/TransformerOps.h"

#include <cmath>
#include <limits>

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

/// `a * momentum + b * (1 - momentum)`: a running statistic's update.
llvm::Expected<Value> blend(ImportContext &ctx, Value a, Value b,
                            float momentum, DType dtype, StringRef name) {
  Tensor keep(dtype, {}), take(dtype, {});
  keep.setFromDouble(0, momentum);
  take.setFromDouble(0, 1.0 - double(momentum));
  llvm::Expected<Value> kept = ctx.create<cgc_op::MulOp>(
      {a, ctx.syntheticConstant((name + ".momentum").str(), std::move(keep))});
  llvm::Expected<Value> taken = ctx.create<cgc_op::MulOp>(
      {b, ctx.syntheticConstant((name + ".1-momentum").str(), std::move(take))});
  if (!kept || !taken)
    return !kept ? kept.takeError() : taken.takeError();
  return ctx.create<cgc_op::AddOp>({*kept, *taken});
}

/// training_mode=1 (BatchNormalization-14/15): Y is normalized with the
/// batch's own mean and population variance over every axis but the
/// channels; the optional outputs running_mean and running_var blend the
/// inputs' statistics with the batch's by `momentum` (Changelog.md).
llvm::Error convertBatchNormalizationTraining(ImportContext &ctx) {
  auto operands = inputValues(ctx, 5);
  if (!operands)
    return operands.takeError();
  llvm::Expected<DType> dtype = ctx.inputDType(3);
  if (!dtype)
    return dtype.takeError();
  Value x = (*operands)[0];
  ArrayRef<int64_t> shape = shapeOf(x);
  if (shape.size() < 2)
    return ctx.malformed("BatchNormalization needs an N x C x ... input");
  std::vector<int64_t> axes;
  for (int64_t axis = 0; axis < int64_t(shape.size()); ++axis)
    if (axis != 1)
      axes.push_back(axis);
  auto meanOver = [&](Value value, bool keepdims) {
    return ctx.create<cgc_op::ReduceMeanOp>(
        {value}, {ctx.namedAttr("axes", ctx.i64Array(axes)),
                  ctx.namedAttr("keepdims",
                                ctx.getBuilder().getBoolAttr(keepdims))});
  };
  llvm::Expected<Value> mean = meanOver(x, true);
  if (!mean)
    return mean.takeError();
  llvm::Expected<Value> centered = ctx.create<cgc_op::SubOp>({x, *mean});
  if (!centered)
    return centered.takeError();
  llvm::Expected<Value> squared =
      ctx.create<cgc_op::MulOp>({*centered, *centered});
  if (!squared)
    return squared.takeError();
  llvm::Expected<Value> variance = meanOver(*squared, false);
  llvm::Expected<Value> channelMean = reshapeTo(ctx, *mean, {shape[1]});
  if (!variance || !channelMean)
    return !variance ? variance.takeError() : channelMean.takeError();
  float epsilon = ctx.floatAttr("epsilon", 1e-5f);
  llvm::Expected<Value> y = ctx.create<cgc_op::BatchNormalizationOp>(
      {x, (*operands)[1], (*operands)[2], *channelMean, *variance},
      {f32Attr(ctx, "epsilon", epsilon)});
  if (!y)
    return y.takeError();
  ctx.setOutput(0, *y);
  float momentum = ctx.floatAttr("momentum", 0.9f);
  llvm::Expected<Value> runningMean = blend(
      ctx, (*operands)[3], *channelMean, momentum, *dtype, "running_mean");
  llvm::Expected<Value> runningVar = blend(ctx, (*operands)[4], *variance,
                                           momentum, *dtype, "running_var");
  if (!runningMean || !runningVar)
    return !runningMean ? runningMean.takeError() : runningVar.takeError();
  ctx.setOutput(1, *runningMean);
  ctx.setOutput(2, *runningVar);
  return llvm::Error::success();
}

/// Inference mode, or training_mode=1 (opset 14+). Before opset 14 asking
/// for the running/saved statistics outputs meant training, with saved
/// statistics whose definition changed; those outputs are refused.
llvm::Error convertBatchNormalization(ImportContext &ctx) {
  if (ctx.intAttr("training_mode", 0) != 0)
    return convertBatchNormalizationTraining(ctx);
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
//===----------------------------------------------------------------------===//
// RMSNormalization, RotaryEmbedding, Attention (opset 23)
//===----------------------------------------------------------------------===//

llvm::Error convertRmsNormalization(ImportContext &ctx) {
  auto operands = inputValues(ctx, 2);
  if (!operands)
    return operands.takeError();
  return emit<cgc_op::RmsNormalizationOp>(
      ctx, *operands,
      {i64Attr(ctx, "axis", ctx.intAttr("axis", -1)),
       f32Attr(ctx, "epsilon", ctx.floatAttr("epsilon", 1e-5f)),
       i64Attr(ctx, "stash_type", ctx.intAttr("stash_type", 1))});
}

llvm::Error convertRotaryEmbedding(ImportContext &ctx) {
  auto operands = inputValues(ctx, ctx.hasInput(3) ? 4 : 3);
  if (!operands)
    return operands.takeError();
  return emit<cgc_op::RotaryEmbeddingOp>(
      ctx, *operands,
      {ctx.namedAttr("interleaved", ctx.getBuilder().getBoolAttr(
                                        ctx.intAttr("interleaved", 0) != 0)),
       i64Attr(ctx, "num_heads", ctx.intAttr("num_heads", 0)),
       i64Attr(ctx, "rotary_embedding_dim",
               ctx.intAttr("rotary_embedding_dim", 0))});
}

llvm::Expected<Value> transposeHeads(ImportContext &ctx, Value value) {
  return ctx.create<cgc_op::TransposeOp>(
      {value}, {ctx.namedAttr("perm", ctx.i64Array({0, 2, 1, 3}))});
}

/// Attention's 3-D form B x S x (heads * D) as B x heads x S x D.
llvm::Expected<Value> splitHeads(ImportContext &ctx, Value value,
                                 StringRef attr) {
  ArrayRef<int64_t> shape = shapeOf(value);
  if (shape.size() == 4)
    return value;
  int64_t heads = ctx.intAttr(attr, 0);
  if (shape.size() != 3 || heads < 1 || shape[2] % heads != 0)
    return ctx.malformed("Attention with 3-D inputs needs " + attr +
                         " dividing the hidden size");
  auto split =
      reshapeTo(ctx, value, {shape[0], shape[1], heads, shape[2] / heads});
  if (!split)
    return split.takeError();
  return transposeHeads(ctx, *split);
}

/// Input `index` (key or value) with its past cache (input `pastIndex`)
/// in front along the sequence; defines it as output `presentIndex`.
llvm::Expected<Value> withPast(ImportContext &ctx, unsigned index,
                               unsigned pastIndex, unsigned presentIndex) {
  llvm::Expected<Value> value = ctx.input(index);
  if (!value)
    return value.takeError();
  value = splitHeads(ctx, *value, "kv_num_heads");
  if (value && ctx.hasInput(pastIndex)) {
    llvm::Expected<Value> past = ctx.input(pastIndex);
    if (!past)
      return past.takeError();
    value = ctx.create<cgc_op::ConcatOp>({*past, *value},
                                         {i64Attr(ctx, "axis", 2)});
  }
  if (value)
    ctx.setOutput(presentIndex, *value);
  return value;
}

/// GroupNormalization-21: a layer normalization of each group of
/// C / num_groups channels (Operators.md: "When there is only one group,
/// this operator is equivalent to LayerNormalization"), then the scale and
/// bias of each channel. (Version 18, with one per group, is deprecated;
/// the importer refuses it.)
llvm::Error convertGroupNormalization(ImportContext &ctx) {
  auto operands = inputValues(ctx, 3);
  if (!operands)
    return operands.takeError();
  llvm::Expected<DType> dtype = ctx.inputDType(0);
  if (!dtype)
    return dtype.takeError();
  Value x = (*operands)[0];
  ArrayRef<int64_t> shape = shapeOf(x);
  int64_t groups = ctx.intAttr("num_groups", 0);
  if (shape.size() < 2 || groups < 1 || shape[1] % groups != 0)
    return ctx.malformed("GroupNormalization needs num_groups dividing the "
                         "channels of an N x C x ... input");
  int64_t perGroup = shape[1] / groups;
  for (int64_t dim : shape.drop_front(2))
    perGroup *= dim;
  auto grouped = reshapeTo(ctx, x, {shape[0], groups, perGroup});
  if (!grouped)
    return grouped.takeError();
  Tensor one(*dtype, {1});
  one.setFromDouble(0, 1.0);
  llvm::Expected<Value> normalized = ctx.create<cgc_op::LayerNormalizationOp>(
      {*grouped, ctx.syntheticConstant("one", std::move(one))},
      {i64Attr(ctx, "axis", 2),
       f32Attr(ctx, "epsilon", ctx.floatAttr("epsilon", 1e-5f)),
       i64Attr(ctx, "stash_type", ctx.intAttr("stash_type", 1))});
  if (!normalized)
    return normalized.takeError();
  normalized = reshapeTo(ctx, *normalized, shape);
  if (!normalized)
    return normalized.takeError();
  Shape perChannel(shape.size() - 1, 1);
  perChannel[0] = shape[1];
  auto scale = reshapeTo(ctx, (*operands)[1], perChannel);
  auto bias = reshapeTo(ctx, (*operands)[2], perChannel);
  if (!scale || !bias)
    return !scale ? scale.takeError() : bias.takeError();
  llvm::Expected<Value> y = ctx.create<cgc_op::MulOp>({*normalized, *scale});
  if (!y)
    return y.takeError();
  return setResult(ctx, ctx.create<cgc_op::AddOp>({*y, *bias}));
}

llvm::Error convertTensorScatter(ImportContext &ctx) {
  auto operands = inputValues(ctx, ctx.hasInput(2) ? 3 : 2);
  if (!operands)
    return operands.takeError();
  return emit<cgc_op::TensorScatterOp>(
      ctx, *operands,
      {i64Attr(ctx, "axis", ctx.intAttr("axis", -2)),
       ctx.namedAttr("mode", ctx.getBuilder().getStringAttr(
                                 ctx.stringAttr("mode", "linear")))});
}

/// CausalConvWithState (opset 27): no bias is zeros, no past_state zero
/// padding (Operators.md).
llvm::Error convertCausalConvWithState(ImportContext &ctx) {
  auto operands = inputValues(ctx, 2);
  if (!operands)
    return operands.takeError();
  ArrayRef<int64_t> x = shapeOf((*operands)[0]), w = shapeOf((*operands)[1]);
  if (x.size() != 3 || w.size() != 3)
    return ctx.malformed("CausalConvWithState needs 3-D input and weight");
  llvm::Expected<Value> bias = inputOrFilled(ctx, 2, "bias", {x[1]}, 0.0);
  if (!bias)
    return bias.takeError();
  llvm::Expected<Value> past =
      inputOrFilled(ctx, 3, "past_state", {x[0], x[1], w[2] - 1}, 0.0);
  if (!past)
    return past.takeError();
  operands->append({*bias, *past});
  llvm::Expected<Value> result = ctx.create<cgc_op::CausalConvWithStateOp>(
      *operands,
      {ctx.namedAttr("activation", ctx.getBuilder().getStringAttr(
                                       ctx.stringAttr("activation", "none")))});
  if (!result)
    return result.takeError();
  Operation *op = result->getDefiningOp();
  for (unsigned i = 0; i < 2; ++i)
    ctx.setOutput(i, op->getResult(i));
  return llvm::Error::success();
}

/// LinearAttention (opset 27). The update rule decides which of decay and
/// beta it needs; the op always takes both, so absent ones are filled (the
/// kernel reads them only for the rules that use them), as is a missing
/// past_state (zeros).
llvm::Error convertLinearAttention(ImportContext &ctx) {
  std::string rule = ctx.stringAttr("update_rule", "gated_delta");
  bool gated = rule == "gated" || rule == "gated_delta";
  bool delta = rule == "delta" || rule == "gated_delta";
  if (ctx.hasInput(4) != gated || ctx.hasInput(5) != delta)
    return ctx.malformed("LinearAttention update_rule '" + rule +
                         "' needs decay exactly when gated and beta exactly "
                         "when a delta rule");
  if (ctx.getNumInputs() > 6)
    return ctx.unsupported("LinearAttention inputs beyond beta");
  auto operands = inputValues(ctx, 3);
  if (!operands)
    return operands.takeError();
  ArrayRef<int64_t> q = shapeOf((*operands)[0]), v = shapeOf((*operands)[2]);
  int64_t qHeads = ctx.intAttr("q_num_heads", 0);
  int64_t kvHeads = ctx.intAttr("kv_num_heads", 0);
  if (q.size() != 3 || v.size() != 3 || qHeads < 1 || kvHeads < 1)
    return ctx.malformed("LinearAttention needs 3-D query, key and value and "
                         "q_num_heads, kv_num_heads >= 1");
  Shape state = {q[0], kvHeads, q[2] / qHeads, v[2] / kvHeads};
  for (auto [index, name, shape, fill] :
       {std::tuple(3u, "past_state", state, 0.0),
        std::tuple(4u, "decay", Shape{q[0], q[1], kvHeads}, 0.0),
        std::tuple(5u, "beta", Shape{q[0], q[1], 1}, 1.0)}) {
    llvm::Expected<Value> value = inputOrFilled(ctx, index, name, shape, fill);
    if (!value)
      return value.takeError();
    operands->push_back(*value);
  }
  SmallVector<NamedAttribute> attrs = {
      i64Attr(ctx, "q_num_heads", qHeads),
      i64Attr(ctx, "kv_num_heads", kvHeads),
      f32Attr(ctx, "scale", ctx.floatAttr("scale", 0.0f)),
      ctx.namedAttr("update_rule", ctx.getBuilder().getStringAttr(rule))};
  llvm::Expected<Value> result =
      ctx.create<cgc_op::LinearAttentionOp>(*operands, attrs);
  if (!result)
    return result.takeError();
  Operation *op = result->getDefiningOp();
  for (unsigned i = 0; i < 2; ++i)
    ctx.setOutput(i, op->getResult(i));
  return llvm::Error::success();
}

/// A constant int64 tensor 1 x 1 x rows x cols holding fn(i, j).
template <typename Fn>
Value indexConstant(ImportContext &ctx, StringRef name, int64_t rows,
                    int64_t cols, Fn fn) {
  Tensor table(DType::Int64, {1, 1, rows, cols});
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      table.setFromInt(i * cols + j, fn(i, j));
  return ctx.syntheticConstant(name, std::move(table));
}

/// The keys nonpad_kv_seqlen (input 6) lets each query see, as a bool
/// B x 1 x Sq x T mask. Operators.md, Attention-24: keys from
/// nonpad_kv_seqlen[b] on are padding, and causal masking is bottom-right
/// aligned per batch: query i attends key j iff j <= i + nonpad[b] - Sq.
llvm::Expected<Value> nonpadAllowed(ImportContext &ctx, int64_t queries,
                                    int64_t keys, bool causal) {
  llvm::Expected<Value> lengths = ctx.input(6);
  if (!lengths)
    return lengths.takeError();
  if (shapeOf(*lengths).size() != 1)
    return ctx.malformed("Attention nonpad_kv_seqlen must be 1-D");
  lengths = reshapeTo(ctx, *lengths, {shapeOf(*lengths)[0], 1, 1, 1});
  if (!lengths)
    return lengths.takeError();
  Value columns = indexConstant(ctx, "key_index", 1, keys,
                                [](int64_t, int64_t j) { return j; });
  llvm::Expected<Value> allowed =
      ctx.create<cgc_op::LessOp>({columns, *lengths});
  if (!allowed || !causal)
    return allowed;
  Value frontier =
      indexConstant(ctx, "causal_index", queries, keys,
                    [&](int64_t i, int64_t j) { return j - i + queries; });
  llvm::Expected<Value> inside =
      ctx.create<cgc_op::LessOrEqualOp>({frontier, *lengths});
  if (!inside)
    return inside.takeError();
  return ctx.create<cgc_op::AndOp>({*allowed, *inside});
}

/// The mask of an Attention-24 node with nonpad_kv_seqlen: the padding
/// and causal mask of nonpadAllowed, combined with attn_mask if given (a
/// bool mask intersects; a float mask keeps its values where allowed and
/// is -inf elsewhere). attn_mask may be shorter than the keys; the missing
/// columns are masked (padded with false or -inf).
llvm::Expected<Value> nonpadMask(ImportContext &ctx, int64_t queries,
                                 int64_t keys, bool causal) {
  llvm::Expected<Value> allowed = nonpadAllowed(ctx, queries, keys, causal);
  if (!allowed || !ctx.hasInput(3))
    return allowed;
  llvm::Expected<Value> mask = ctx.input(3);
  llvm::Expected<DType> dtype = ctx.inputDType(3);
  if (!mask || !dtype)
    return !mask ? mask.takeError() : dtype.takeError();
  constexpr double kMinusInf = -std::numeric_limits<double>::infinity();
  bool isBool = *dtype == DType::Bool;
  ArrayRef<int64_t> shape = shapeOf(*mask);
  if (!shape.empty() && shape.back() < keys) {
    Shape pads(2 * shape.size(), 0);
    pads.back() = keys - shape.back();
    mask = ctx.create<cgc_op::PadOp>(
        {*mask}, {ctx.namedAttr("pads", ctx.i64Array(pads)),
                  ctx.namedAttr("value", ctx.getBuilder().getF64FloatAttr(
                                             isBool ? 0.0 : kMinusInf))});
    if (!mask)
      return mask.takeError();
  }
  if (isBool)
    return ctx.create<cgc_op::AndOp>({*mask, *allowed});
  Tensor minusInf(*dtype, {});
  minusInf.setFromDouble(0, kMinusInf);
  return ctx.create<cgc_op::WhereOp>(
      {*allowed, *mask, ctx.syntheticConstant("masked", std::move(minusInf))});
}

/// Attention (opsets 23/24): the 3-D forms and the key/value caches are
/// reshapes, transposes and concatenations around cgc_op.attention.
llvm::Error convertAttention(ImportContext &ctx) {
  if (ctx.hasInput(4) != ctx.hasInput(5))
    return ctx.malformed("Attention needs both past_key and past_value");
  // Operators.md: nonpad_kv_seqlen (Attention-24) is for an external
  // cache, not to be used with past_key/past_value.
  if (ctx.hasInput(6) && ctx.hasInput(4))
    return ctx.malformed("Attention with both nonpad_kv_seqlen and a past");
  llvm::Expected<Value> q = ctx.input(0);
  if (!q)
    return q.takeError();
  bool threeD = shapeOf(*q).size() == 3;
  llvm::Expected<Value> query = splitHeads(ctx, *q, "q_num_heads");
  if (!query)
    return query.takeError();
  llvm::Expected<Value> key = withPast(ctx, 1, 4, 1);
  if (!key)
    return key.takeError();
  llvm::Expected<Value> value = withPast(ctx, 2, 5, 2);
  if (!value)
    return value.takeError();
  SmallVector<Value> operands = {*query, *key, *value};
  bool causal = ctx.intAttr("is_causal", 0) != 0;
  if (ctx.hasInput(6)) {
    llvm::Expected<Value> mask =
        nonpadMask(ctx, shapeOf(*query)[2], shapeOf(*key)[2], causal);
    if (!mask)
      return mask.takeError();
    operands.push_back(*mask);
    causal = false; // Now part of the mask.
  } else if (ctx.hasInput(3)) {
    llvm::Expected<Value> mask = ctx.input(3);
    if (!mask)
      return mask.takeError();
    operands.push_back(*mask);
  }
  // The causal offset is the past length (Operators.md, Attention): the
  // keys the cache adds in front of the node's own.
  int64_t past = 0;
  if (ctx.hasInput(4)) {
    llvm::Expected<Value> pastKey = ctx.input(4);
    if (!pastKey)
      return pastKey.takeError();
    past = shapeOf(*pastKey).size() == 4 ? shapeOf(*pastKey)[2] : 0;
  }
  SmallVector<NamedAttribute> attrs = {
      ctx.namedAttr("is_causal", ctx.getBuilder().getBoolAttr(causal)),
      i64Attr(ctx, "causal_offset", past),
      f32Attr(ctx, "softcap", ctx.floatAttr("softcap", 0.0f)),
      i64Attr(ctx, "qk_matmul_output_mode",
              ctx.intAttr("qk_matmul_output_mode", 0))};
  if (ctx.findAttr("scale"))
    attrs.push_back(f32Attr(ctx, "scale", ctx.floatAttr("scale", 1.0f)));
  llvm::Expected<Value> result =
      ctx.create<cgc_op::AttentionOp>(operands, attrs);
  if (!result)
    return result.takeError();
  Operation *op = result->getDefiningOp();
  ctx.setOutput(3, op->getResult(1));
  Value output = op->getResult(0);
  if (!threeD)
    return setResult(ctx, output);
  llvm::Expected<Value> merged = transposeHeads(ctx, output);
  if (!merged)
    return merged.takeError();
  ArrayRef<int64_t> shape = shapeOf(*merged);
  return setResult(
      ctx, reshapeTo(ctx, *merged, {shape[0], shape[1], shape[2] * shape[3]}));
}

} // namespace

void registerNormalizationConverters(ConverterRegistry &registry) {
  // momentum only matters in training; is_test/consumed_inputs are legacy.
  registry.add("BatchNormalization", convertBatchNormalization,
               {"consumed_inputs", "epsilon", "is_test", "momentum", "spatial",
                "training_mode"});
  registry.add("LayerNormalization", convertLayerNormalization,
               {"axis", "epsilon", "stash_type"});
  // The versions of opset 22 add bfloat16; LpPool-18 adds ceil_mode and
  // dilations (Changelog.md).
  registry.add("InstanceNormalization", convertInstanceNormalization,
               {"consumed_inputs", "epsilon"}, upTo(22));
  registry.add("LRN", convertLrn, {"alpha", "beta", "bias", "size"});
  registry.add("MeanVarianceNormalization", convertMeanVarianceNormalization,
               {"axes"});
  registry.add("LpNormalization", convertLpNormalization, {"axis", "p"},
               upTo(22));
  registry.add("LpPool", convertLpPool,
               {"auto_pad", "ceil_mode", "dilations", "kernel_shape", "p",
                "pads", "strides"},
               upTo(22));
  registry.add("GlobalLpPool", convertGlobalLpPool, {"p"}, upTo(22));
  registry.add("Einsum", convertEinsum, {"equation"});
  registry.add("RMSNormalization", convertRmsNormalization,
               {"axis", "epsilon", "stash_type"});
  registry.add("RotaryEmbedding", convertRotaryEmbedding,
               {"interleaved", "num_heads", "rotary_embedding_dim"});
  // softmax_precision: the reference computes softmax in double anyway.
  // Attention-24 adds nonpad_kv_seqlen and the 1.23 errata's rules.
  registry.add("Attention", convertAttention,
               {"is_causal", "kv_num_heads", "q_num_heads",
                "qk_matmul_output_mode", "scale", "softcap",
                "softmax_precision"},
               upTo(24));
  registry.add("TensorScatter", convertTensorScatter, {"axis", "mode"});
  registry.add("GroupNormalization", convertGroupNormalization,
               {"epsilon", "num_groups", "stash_type"}, upTo(21));
  registry.add("CausalConvWithState", convertCausalConvWithState,
               {"activation"});
  // chunk_size is a tuning hint without effect on the result.
  registry.add(
      "LinearAttention", convertLinearAttention,
      {"chunk_size", "kv_num_heads", "q_num_heads", "scale", "update_rule"});
}

} // namespace opencgc::onnx_import
