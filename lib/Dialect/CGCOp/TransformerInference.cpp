//===- TransformerInference.cpp - Transformer family result types ---------===//
//
// ONNX shape rules of RMSNormalization, RotaryEmbedding and Attention
// (Operators.md, opset 23). Like all inference this runs while parsing, so
// operand counts, kinds and attribute values are checked, never assumed.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCOp/TransformerOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {

/// The operand as a float tensor of exactly `rank` dimensions.
static FailureOr<TensorType> floatTensorOfRank(const Inferrer &inf, Value value,
                                               StringRef role, int64_t rank) {
  auto type = inf.tensor(value, role);
  if (failed(type) || failed(inf.requireFloat(*type, role)))
    return failure();
  if (type->getRank() != rank) {
    (void)inf.fail("operand '", role, "' must have rank ", rank, ", got ",
                   shapeStr(type->getShape()));
    return failure();
  }
  return type;
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

LogicalResult RmsNormalizationOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<RmsNormalizationOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 2)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  auto scale = inf.tensor(adaptor.getScale(), "scale");
  if (failed(input) || failed(scale) ||
      failed(inf.requireFloat(*input, "input")) ||
      failed(inf.sameElementType(*input, *scale, "input", "scale")))
    return failure();
  if (input->getRank() < 1)
    return inf.fail("expects an input of rank >= 1");
  auto axis = inf.axis(static_cast<int64_t>(adaptor.getAxis()),
                       input->getRank(), "axis");
  if (failed(axis))
    return failure();
  // ONNX: "Scale tensor shape should be broadcastable to the normalized
  // shape".
  ArrayRef<int64_t> normalized = input->getShape().drop_front(*axis);
  if (!broadcastsTo(scale->getShape(), normalized))
    return inf.fail("operand 'scale' of shape ", shapeStr(scale->getShape()),
                    " does not broadcast to the normalized shape ",
                    shapeStr(normalized));
  int64_t stash = adaptor.getStashType();
  if (stash != 1 && stash != 10 && stash != 11 && stash != 16)
    return inf.fail("attribute 'stash_type' = ", stash,
                    " is not a floating-point ONNX data type (1, 10, 11 or "
                    "16)");
  return inf.result(input->getShape(), input->getElementType(), results);
}

/// Checks a cos/sin cache against the rotation's expected shape.
static LogicalResult checkCache(const Inferrer &inf, TensorType input,
                                Value cache, StringRef role,
                                ArrayRef<int64_t> leading, int64_t half) {
  auto type = inf.tensor(cache, role);
  if (failed(type) || failed(inf.sameElementType(input, *type, "input", role)))
    return failure();
  ArrayRef<int64_t> shape = type->getShape();
  bool ok = shape.size() == leading.size() + 1 && shape.back() == half;
  for (auto [i, dim] : llvm::enumerate(leading))
    ok = ok && (dim < 0 || shape[i] == dim);
  if (!ok)
    return inf.fail("operand '", role, "' has shape ", shapeStr(shape),
                    "; expected ", leading.size() + 1,
                    " dimensions ending in rotary_embedding_dim / 2 = ", half,
                    leading.size() == 2 ? " (batch x sequence x ...)" : "");
  return success();
}

LogicalResult RotaryEmbeddingOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<RotaryEmbeddingOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 3, 4)))
    return failure();
  auto input = inf.tensor(adaptor.getInput(), "input");
  if (failed(input) || failed(inf.requireFloat(*input, "input")))
    return failure();
  ArrayRef<int64_t> shape = input->getShape();
  int64_t numHeads = adaptor.getNumHeads();
  int64_t headSize;
  if (shape.size() == 4) {
    headSize = shape[3];
  } else if (shape.size() == 3) {
    // ONNX: "For cases with a 3D input tensor, num_heads attribute must be
    // provided and hidden_size must be an even multiple of num_heads".
    if (numHeads < 1 || shape[2] % numHeads != 0)
      return inf.fail("a 3-D input needs num_heads >= 1 dividing its hidden "
                      "size ",
                      shape[2], ", got num_heads = ", numHeads);
    headSize = shape[2] / numHeads;
  } else {
    return inf.fail("operand 'input' must have rank 3 or 4, got ",
                    shapeStr(shape));
  }
  int64_t rotary = adaptor.getRotaryEmbeddingDim();
  if (rotary == 0)
    rotary = headSize;
  if (rotary < 0 || rotary > headSize || rotary % 2 != 0)
    return inf.fail("rotary_embedding_dim ", rotary,
                    " must be even and at most the head size ", headSize);
  int64_t batch = shape[0], sequence = shape.size() == 4 ? shape[2] : shape[1];
  Shape leading = {batch, sequence};
  if (Value positions = adaptor.getPositionIds()) {
    auto ids = inf.tensor(positions, "position_ids");
    if (failed(ids))
      return failure();
    if (!isa<cgc::Int64Type>(ids->getElementType()) ||
        ids->getShape() != ArrayRef<int64_t>(leading))
      return inf.fail("operand 'position_ids' must be int64 of shape ",
                      shapeStr(leading), ", got ", Type(*ids));
    leading = {-1};
  }
  if (failed(checkCache(inf, *input, adaptor.getCosCache(), "cos_cache",
                        leading, rotary / 2)) ||
      failed(checkCache(inf, *input, adaptor.getSinCache(), "sin_cache",
                        leading, rotary / 2)))
    return failure();
  return inf.result(shape, input->getElementType(), results);
}

/// The attention mask: bool or the query's type, broadcasting to
/// B x Hq x Sq x (up to) T.
static LogicalResult checkMask(const Inferrer &inf, TensorType query,
                               Value mask, ArrayRef<int64_t> scores) {
  auto type = inf.tensor(mask, "mask");
  if (failed(type))
    return failure();
  if (!isa<cgc::BoolType>(type->getElementType()) &&
      failed(inf.sameElementType(query, *type, "query", "mask")))
    return failure();
  ArrayRef<int64_t> shape = type->getShape();
  // ONNX: "The last dimension can also be shorter than
  // total_sequence_length and will be padded ... with negative infinity".
  if (shape.empty() || shape.size() > 4 || shape.back() > scores.back() ||
      !broadcastsTo(shape.drop_back(), scores.drop_back()))
    return inf.fail("operand 'mask' of shape ", shapeStr(shape),
                    " does not broadcast to the scores ", shapeStr(scores));
  return success();
}

LogicalResult AttentionOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<AttentionOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 3, 4)))
    return failure();
  auto query = floatTensorOfRank(inf, adaptor.getQuery(), "query", 4);
  auto key = floatTensorOfRank(inf, adaptor.getKey(), "key", 4);
  auto value = floatTensorOfRank(inf, adaptor.getValue(), "value", 4);
  if (failed(query) || failed(key) || failed(value) ||
      failed(inf.sameElementType(*query, *key, "query", "key")) ||
      failed(inf.sameElementType(*query, *value, "query", "value")))
    return failure();
  ArrayRef<int64_t> q = query->getShape(), k = key->getShape(),
                    v = value->getShape();
  if (k[0] != q[0] || v[0] != q[0] || k[1] != v[1] || k[2] != v[2] ||
      k[3] != q[3])
    return inf.fail("expects query B x Hq x Sq x D, key B x Hkv x T x D and "
                    "value B x Hkv x T x Dv, got ",
                    shapeStr(q), ", ", shapeStr(k), " and ", shapeStr(v));
  // ONNX: GQA needs q_num_heads % kv_num_heads == 0.
  if (k[1] < 1 || q[1] % k[1] != 0)
    return inf.fail("query heads ", q[1],
                    " are not a multiple of key/value "
                    "heads ",
                    k[1]);
  int64_t mode = adaptor.getQkMatmulOutputMode();
  if (mode < 0 || mode > 3)
    return inf.fail("attribute 'qk_matmul_output_mode' must be 0 to 3, got ",
                    mode);
  Shape scores = {q[0], q[1], q[2], k[2]};
  if (adaptor.getMask() &&
      failed(checkMask(inf, *query, adaptor.getMask(), scores)))
    return failure();
  (void)inf.result({q[0], q[1], q[2], v[3]}, query->getElementType(), results);
  return inf.result(scores, query->getElementType(), results);
}

LogicalResult
TensorScatterOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<TensorScatterOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 2, 3)))
    return failure();
  auto cache = inf.tensor(adaptor.getPastCache(), "past_cache");
  auto update = inf.tensor(adaptor.getUpdate(), "update");
  if (failed(cache) || failed(update) ||
      failed(inf.sameElementType(*cache, *update, "past_cache", "update")))
    return failure();
  ArrayRef<int64_t> c = cache->getShape(), u = update->getShape();
  if (c.size() < 2 || u.size() != c.size())
    return inf.fail("expects past_cache and update of one rank >= 2, got ",
                    shapeStr(c), " and ", shapeStr(u));
  auto axis =
      inf.axis(static_cast<int64_t>(adaptor.getAxis()), c.size(), "axis");
  if (failed(axis))
    return failure();
  // Operators.md, TensorScatter: the axis "cannot be 0 (the batch
  // dimension)"; update differs from the cache only along it.
  if (*axis == 0)
    return inf.fail("attribute 'axis' must not be the batch dimension");
  for (size_t d = 0; d < c.size(); ++d)
    if (d != static_cast<size_t>(*axis) ? u[d] != c[d] : u[d] > c[d])
      return inf.fail("operand 'update' of shape ", shapeStr(u),
                      " does not fit past_cache ", shapeStr(c), " along axis ",
                      *axis);
  StringRef mode = adaptor.getMode();
  if (mode != "linear" && mode != "circular")
    return inf.fail("attribute 'mode' must be \"linear\" or \"circular\", "
                    "got \"",
                    mode, "\"");
  if (Value indices = adaptor.getWriteIndices()) {
    auto type = inf.tensor(indices, "write_indices");
    if (failed(type))
      return failure();
    if (!isa<cgc::Int64Type>(type->getElementType()) ||
        type->getShape() != ArrayRef<int64_t>{c[0]})
      return inf.fail("operand 'write_indices' must be int64 of shape ", c[0]);
  }
  return inf.result(c, cache->getElementType(), results);
}

LogicalResult CausalConvWithStateOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<CausalConvWithStateOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 4, 4)))
    return failure();
  auto input = floatTensorOfRank(inf, adaptor.getInput(), "input", 3);
  auto weight = floatTensorOfRank(inf, adaptor.getWeight(), "weight", 3);
  if (failed(input) || failed(weight) ||
      failed(inf.sameElementType(*input, *weight, "input", "weight")))
    return failure();
  ArrayRef<int64_t> x = input->getShape(), w = weight->getShape();
  // Operators.md, CausalConvWithState: weight (channels, 1, k).
  if (w[0] != x[1] || w[1] != 1 || w[2] < 1)
    return inf.fail("operand 'weight' must have shape ", x[1], "x1xK, got ",
                    shapeStr(w));
  Shape state = {x[0], x[1], w[2] - 1};
  for (auto [operand, role, shape] :
       {std::tuple(adaptor.getBias(), StringRef("bias"), Shape{x[1]}),
        std::tuple(adaptor.getPastState(), StringRef("past_state"), state)}) {
    auto type = inf.tensor(operand, role);
    if (failed(type) ||
        failed(inf.sameElementType(*input, *type, "input", role)))
      return failure();
    if (type->getShape() != ArrayRef<int64_t>(shape))
      return inf.fail("operand '", role, "' must have shape ", shapeStr(shape),
                      ", got ", shapeStr(type->getShape()));
  }
  StringRef activation = adaptor.getActivation();
  if (activation != "none" && activation != "silu" && activation != "swish")
    return inf.fail("attribute 'activation' must be \"none\", \"silu\" or "
                    "\"swish\", got \"",
                    activation, "\"");
  (void)inf.result(x, input->getElementType(), results);
  return inf.result(state, input->getElementType(), results);
}

/// A LinearAttention operand B x T x (heads * depth) (or one of the
/// allowed last dimensions) of the query's element type.
static LogicalResult checkPacked(const Inferrer &inf, TensorType query,
                                 Value operand, StringRef role,
                                 ArrayRef<int64_t> lastDims) {
  auto type = floatTensorOfRank(inf, operand, role, 3);
  if (failed(type) || failed(inf.sameElementType(query, *type, "query", role)))
    return failure();
  ArrayRef<int64_t> shape = type->getShape(), q = query.getShape();
  if (shape[0] != q[0] || shape[1] != q[1] ||
      !llvm::is_contained(lastDims, shape[2]))
    return inf.fail(
        "operand '", role, "' of shape ", shapeStr(shape),
        " does not match the query's batch and sequence ", q[0], "x", q[1],
        " with a last dimension of ",
        llvm::join(llvm::map_range(lastDims,
                                   [](int64_t d) { return std::to_string(d); }),
                   " or "));
  return success();
}

LogicalResult LinearAttentionOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  Inferrer inf = makeInferrer<LinearAttentionOp>(loc, ctx);
  if (failed(inf.checkOperandCount(adaptor.getOperands(), 6, 6)))
    return failure();
  if (!adaptor.getQNumHeadsAttr() || !adaptor.getKvNumHeadsAttr())
    return inf.fail("needs attributes 'q_num_heads' and 'kv_num_heads'");
  int64_t qHeads = adaptor.getQNumHeads(), kvHeads = adaptor.getKvNumHeads();
  if (qHeads < 1 || kvHeads < 1 || qHeads % kvHeads != 0)
    return inf.fail("q_num_heads ", qHeads,
                    " must be a positive multiple of kv_num_heads ", kvHeads);
  StringRef rule = adaptor.getUpdateRule();
  if (rule != "linear" && rule != "gated" && rule != "delta" &&
      rule != "gated_delta")
    return inf.fail("attribute 'update_rule' must be linear, gated, delta or "
                    "gated_delta, got \"",
                    rule, "\"");
  auto query = floatTensorOfRank(inf, adaptor.getQuery(), "query", 3);
  if (failed(query))
    return failure();
  ArrayRef<int64_t> q = query->getShape();
  if (q[2] % qHeads != 0)
    return inf.fail("query hidden size ", q[2], " is not a multiple of ",
                    qHeads, " heads");
  int64_t dk = q[2] / qHeads;
  auto value = floatTensorOfRank(inf, adaptor.getValue(), "value", 3);
  if (failed(value))
    return failure();
  if (value->getShape()[2] % kvHeads != 0)
    return inf.fail("value hidden size ", value->getShape()[2],
                    " is not a multiple of ", kvHeads, " heads");
  int64_t dv = value->getShape()[2] / kvHeads;
  if (failed(
          checkPacked(inf, *query, adaptor.getKey(), "key", {kvHeads * dk})) ||
      failed(checkPacked(inf, *query, adaptor.getValue(), "value",
                         {kvHeads * dv})) ||
      failed(checkPacked(inf, *query, adaptor.getDecay(), "decay",
                         {kvHeads * dk, kvHeads})) ||
      failed(checkPacked(inf, *query, adaptor.getBeta(), "beta", {kvHeads, 1})))
    return failure();
  auto state = floatTensorOfRank(inf, adaptor.getPastState(), "past_state", 4);
  if (failed(state))
    return failure();
  Shape stateShape = {q[0], kvHeads, dk, dv};
  if (state->getShape() != ArrayRef<int64_t>(stateShape))
    return inf.fail("operand 'past_state' must have shape ",
                    shapeStr(stateShape), ", got ",
                    shapeStr(state->getShape()));
  (void)inf.result({q[0], q[1], qHeads * dv}, query->getElementType(), results);
  return inf.result(stateShape, state->getElementType(), results);
}

} // namespace opencgc::cgc_op
