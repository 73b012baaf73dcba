//===- TransformerKernels.cpp - Reference transformer kernels -------------===//
//
// RMSNormalization, RotaryEmbedding and Attention (ONNX opset 23). Like the
// normalization kernels they compute in double from getAsDouble and round
// once on store, which covers every float element type.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/TransformerOps.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;

namespace opencgc::reference {
namespace {

/// Offsets into a tensor of `shape` broadcast over `target`, one per
/// element of `target` in row-major order.
Shape broadcastOffsets(ArrayRef<int64_t> shape, ArrayRef<int64_t> target) {
  Shape offsets(getNumElements(target));
  forEachIndex<1>(target, {broadcastStrides(shape, target)},
                  [&](int64_t i, auto &off) { offsets[i] = off[0]; });
  return offsets;
}

llvm::Expected<TensorList> rmsNormalizationKernel(Operation *op,
                                                  ArrayRef<Tensor> in) {
  auto norm = cast<cgc_op::RmsNormalizationOp>(op);
  double epsilon = norm.getEpsilonAttr().getValueAsDouble();
  const Tensor &x = in[0], &scale = in[1];
  int64_t axis = norm.getAxis();
  if (axis < 0)
    axis += x.getRank();
  ArrayRef<int64_t> normalized = x.getShape().drop_front(axis);
  int64_t inner = getNumElements(normalized);
  int64_t outer = inner ? x.getNumElements() / inner : 0;
  Shape scaleOffsets = broadcastOffsets(scale.getShape(), normalized);
  Tensor out = allocateResult(op);
  for (int64_t o = 0; o < outer; ++o) {
    int64_t base = o * inner;
    // Operators.md, RMSNormalization: RMS = sqrt(ReduceMean(X * X) + eps).
    double squares = 0;
    for (int64_t i = 0; i < inner; ++i)
      squares += x.getAsDouble(base + i) * x.getAsDouble(base + i);
    double rms = std::sqrt(squares / inner + epsilon);
    for (int64_t i = 0; i < inner; ++i)
      out.setFromDouble(base + i, x.getAsDouble(base + i) / rms *
                                      scale.getAsDouble(scaleOffsets[i]));
  }
  return single(out);
}

/// Where element (b, s, head, d) of a rotary embedding input lives, for
/// the 4-D (B x heads x S x D) and 3-D (B x S x heads*D) layouts.
struct HeadLayout {
  int64_t batch, sequence, heads, headSize;
  bool fourD;
  int64_t offset(int64_t b, int64_t s, int64_t head, int64_t d) const {
    if (fourD)
      return ((b * heads + head) * sequence + s) * headSize + d;
    return ((b * sequence + s) * heads + head) * headSize + d;
  }
};

llvm::Expected<TensorList> rotaryEmbeddingKernel(Operation *op,
                                                 ArrayRef<Tensor> in) {
  auto rope = cast<cgc_op::RotaryEmbeddingOp>(op);
  const Tensor &x = in[0], &cosCache = in[1], &sinCache = in[2];
  const Tensor *positions = in.size() > 3 ? &in[3] : nullptr;
  ArrayRef<int64_t> shape = x.getShape();
  HeadLayout layout{shape[0], 0, 0, 0, shape.size() == 4};
  if (layout.fourD) {
    layout.heads = shape[1];
    layout.sequence = shape[2];
    layout.headSize = shape[3];
  } else {
    layout.sequence = shape[1];
    layout.heads = rope.getNumHeads();
    layout.headSize = shape[2] / layout.heads;
  }
  int64_t rotary = rope.getRotaryEmbeddingDim();
  if (rotary == 0)
    rotary = layout.headSize;
  int64_t half = rotary / 2;
  int64_t tableSize = cosCache.getNumElements() / half;
  Tensor out = allocateResult(op);
  for (int64_t b = 0; b < layout.batch; ++b)
    for (int64_t s = 0; s < layout.sequence; ++s) {
      int64_t row = b * layout.sequence + s;
      if (positions) {
        row = positions->getAsInt(row);
        if (row < 0 || row >= tableSize)
          return kernelError(op, "position id " + llvm::Twine(row) +
                                     " is outside the cos/sin caches");
      }
      for (int64_t head = 0; head < layout.heads; ++head) {
        auto at = [&](int64_t d) { return layout.offset(b, s, head, d); };
        for (int64_t k = 0; k < half; ++k) {
          // Operators.md, RotaryEmbedding: halves, or even/odd pairs when
          // interleaved; real = cos x1 - sin x2, imag = sin x1 + cos x2.
          int64_t i1 = rope.getInterleaved() ? 2 * k : k;
          int64_t i2 = rope.getInterleaved() ? 2 * k + 1 : k + half;
          double cos = cosCache.getAsDouble(row * half + k);
          double sin = sinCache.getAsDouble(row * half + k);
          double x1 = x.getAsDouble(at(i1)), x2 = x.getAsDouble(at(i2));
          out.setFromDouble(at(i1), cos * x1 - sin * x2);
          out.setFromDouble(at(i2), sin * x1 + cos * x2);
        }
        for (int64_t d = rotary; d < layout.headSize; ++d)
          out.setFromDouble(at(d), x.getAsDouble(at(d)));
      }
    }
  return single(out);
}

/// The attention op's masking: an optional mask broadcast to
/// B x Hq x Sq x Tm (Tm <= T; keys past Tm are masked) and causality.
class AttentionMask {
public:
  AttentionMask(cgc_op::AttentionOp op, const Tensor *mask,
                ArrayRef<int64_t> scores)
      : mask(mask), causal(op.getIsCausal()), offset(op.getCausalOffset()) {
    if (!mask)
      return;
    columns = mask->getShape().back();
    Shape target(scores);
    target.back() = columns;
    offsets = broadcastOffsets(mask->getShape(), target);
    isBool = mask->getDType() == DType::Bool;
  }

  /// What query row `row` (flat over B x Hq x Sq, query index i) adds to
  /// the score of key j.
  double bias(int64_t row, int64_t i, int64_t j) const {
    constexpr double kMinusInf = -std::numeric_limits<double>::infinity();
    // Operators.md, Attention: query i attends key j iff j <= i + offset.
    if (causal && j > i + offset)
      return kMinusInf;
    if (!mask)
      return 0;
    if (j >= columns)
      return kMinusInf;
    int64_t at = offsets[row * columns + j];
    if (isBool)
      return mask->getAsInt(at) ? 0 : kMinusInf;
    return mask->getAsDouble(at);
  }

private:
  const Tensor *mask;
  bool causal, isBool = false;
  int64_t offset, columns = 0;
  Shape offsets;
};

llvm::Expected<TensorList> attentionKernel(Operation *op, ArrayRef<Tensor> in) {
  auto attention = cast<cgc_op::AttentionOp>(op);
  const Tensor &q = in[0], &k = in[1], &v = in[2];
  ArrayRef<int64_t> qs = q.getShape(), ks = k.getShape();
  int64_t batch = qs[0], qHeads = qs[1], queries = qs[2], depth = qs[3];
  int64_t kvHeads = ks[1], keys = ks[2], vDepth = v.getShape()[3];
  double scale = attention.getScale()
                     ? attention.getScaleAttr().getValueAsDouble()
                     : 1.0 / std::sqrt(static_cast<double>(depth));
  double softcap = attention.getSoftcapAttr().getValueAsDouble();
  int64_t mode = attention.getQkMatmulOutputMode();
  AttentionMask mask(attention, in.size() > 3 ? &in[3] : nullptr,
                     {batch, qHeads, queries, keys});
  TensorList results = {allocateResult(op, 0), allocateResult(op, 1)};
  std::vector<double> scores(keys);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t h = 0; h < qHeads; ++h) {
      // Grouped-query attention: consecutive query heads share a kv head.
      int64_t kvHead = b * kvHeads + h / (qHeads / kvHeads);
      for (int64_t i = 0; i < queries; ++i) {
        int64_t row = (b * qHeads + h) * queries + i;
        auto record = [&](int64_t stage) {
          if (stage == mode)
            for (int64_t j = 0; j < keys; ++j)
              results[1].setFromDouble(row * keys + j, scores[j]);
        };
        for (int64_t j = 0; j < keys; ++j) {
          double dot = 0;
          for (int64_t d = 0; d < depth; ++d)
            dot += q.getAsDouble(row * depth + d) *
                   k.getAsDouble((kvHead * keys + j) * depth + d);
          scores[j] = dot * scale;
        }
        record(0);
        if (softcap > 0)
          for (double &score : scores)
            score = softcap * std::tanh(score / softcap);
        record(1);
        double max = -std::numeric_limits<double>::infinity();
        for (int64_t j = 0; j < keys; ++j) {
          scores[j] += mask.bias(row, i, j);
          max = std::max(max, scores[j]);
        }
        record(2);
        // A row with every key masked gives zeros, not NaN (Operators.md,
        // Attention, the 1.23 errata).
        double sum = 0;
        for (double &score : scores) {
          score = std::isinf(max) ? 0 : std::exp(score - max);
          sum += score;
        }
        for (double &score : scores)
          score = sum > 0 ? score / sum : 0;
        record(3);
        for (int64_t e = 0; e < vDepth; ++e) {
          double value = 0;
          for (int64_t j = 0; j < keys; ++j)
            value +=
                scores[j] * v.getAsDouble((kvHead * keys + j) * vDepth + e);
          results[0].setFromDouble(row * vDepth + e, value);
        }
      }
    }
  return results;
}
/// ONNX TensorScatter: the cache with the update written along `axis` from
/// each batch's write index (wrapping in circular mode).
llvm::Expected<TensorList> tensorScatterKernel(Operation *op,
                                               ArrayRef<Tensor> in) {
  auto scatter = cast<cgc_op::TensorScatterOp>(op);
  const Tensor &cache = in[0], &update = in[1];
  const Tensor *indices = in.size() > 2 ? &in[2] : nullptr;
  ArrayRef<int64_t> shape = cache.getShape();
  int64_t rank = shape.size();
  int64_t axis = scatter.getAxis(); // I64Attr reads back as uint64_t.
  if (axis < 0)
    axis += rank;
  bool circular = scatter.getMode() == "circular";
  int64_t capacity = shape[axis], length = update.getShape()[axis];
  int64_t inner = getNumElements(shape.drop_front(axis + 1));
  int64_t perBatch = getNumElements(shape.slice(1, axis - 1));
  Tensor out = cache.clone();
  size_t bytes = getDTypeSize(cache.getDType());
  for (int64_t b = 0; b < shape[0]; ++b) {
    int64_t start = indices ? indices->getAsInt(b) : 0;
    for (int64_t p = 0; p < perBatch; ++p)
      for (int64_t s = 0; s < length; ++s) {
        int64_t at = start + s;
        if (circular)
          at = ((at % capacity) + capacity) % capacity;
        else if (at < 0 || at >= capacity)
          return kernelError(op, "write index " + llvm::Twine(at) +
                                     " is outside the cache (linear mode)");
        int64_t row = b * perBatch + p;
        std::memcpy(out.getBytes() + ((row * capacity + at) * inner) * bytes,
                    update.getBytes() + ((row * length + s) * inner) * bytes,
                    inner * bytes);
      }
  }
  return single(std::move(out));
}

/// ONNX CausalConvWithState over past_state followed by input.
llvm::Expected<TensorList> causalConvWithStateKernel(Operation *op,
                                                     ArrayRef<Tensor> in) {
  auto conv = cast<cgc_op::CausalConvWithStateOp>(op);
  const Tensor &x = in[0], &w = in[1], &bias = in[2], &past = in[3];
  int64_t batch = x.getShape()[0], channels = x.getShape()[1],
          length = x.getShape()[2], taps = w.getShape()[2];
  bool silu = conv.getActivation() != "none";
  TensorList results = {allocateResult(op, 0), allocateResult(op, 1)};
  std::vector<double> padded(taps - 1 + length);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t c = 0; c < channels; ++c) {
      int64_t plane = b * channels + c;
      for (int64_t t = 0; t < taps - 1; ++t)
        padded[t] = past.getAsDouble(plane * (taps - 1) + t);
      for (int64_t t = 0; t < length; ++t)
        padded[taps - 1 + t] = x.getAsDouble(plane * length + t);
      for (int64_t t = 0; t < length; ++t) {
        double sum = bias.getAsDouble(c);
        for (int64_t k = 0; k < taps; ++k)
          sum += w.getAsDouble(c * taps + k) * padded[t + k];
        if (silu)
          sum = sum / (1 + std::exp(-sum));
        results[0].setFromDouble(plane * length + t, sum);
      }
      // present_state: the last K - 1 positions of the padded sequence.
      for (int64_t t = 0; t < taps - 1; ++t)
        results[1].setFromDouble(plane * (taps - 1) + t, padded[length + t]);
    }
  return results;
}

/// ONNX LinearAttention: the recurrence run token by token, in double.
llvm::Expected<TensorList> linearAttentionKernel(Operation *op,
                                                 ArrayRef<Tensor> in) {
  auto attention = cast<cgc_op::LinearAttentionOp>(op);
  const Tensor &q = in[0], &k = in[1], &v = in[2], &past = in[3],
               &decay = in[4], &beta = in[5];
  StringRef rule = attention.getUpdateRule();
  bool gated = rule == "gated" || rule == "gated_delta";
  bool delta = rule == "delta" || rule == "gated_delta";
  int64_t qHeads = attention.getQNumHeads(),
          kvHeads = attention.getKvNumHeads();
  int64_t batch = q.getShape()[0], steps = q.getShape()[1];
  int64_t dk = q.getShape()[2] / qHeads, dv = v.getShape()[2] / kvHeads;
  int64_t decayWidth = decay.getShape()[2], betaWidth = beta.getShape()[2];
  double scale = attention.getScaleAttr().getValueAsDouble();
  if (scale == 0)
    scale = 1 / std::sqrt(static_cast<double>(dk));
  TensorList results = {allocateResult(op, 0), allocateResult(op, 1)};
  std::vector<double> state(dk * dv), value(dv);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t h = 0; h < kvHeads; ++h) {
      int64_t base = (b * kvHeads + h) * dk * dv;
      for (int64_t i = 0; i < dk * dv; ++i)
        state[i] = past.getAsDouble(base + i);
      for (int64_t t = 0; t < steps; ++t) {
        int64_t row = b * steps + t;
        auto key = [&](int64_t d) {
          return k.getAsDouble((row * kvHeads + h) * dk + d);
        };
        if (gated)
          for (int64_t d = 0; d < dk; ++d) {
            // Per-head (width Hkv) or per-key-dimension decay.
            int64_t at = decayWidth == kvHeads ? row * kvHeads + h
                                               : (row * kvHeads + h) * dk + d;
            double factor = std::exp(decay.getAsDouble(at));
            for (int64_t m = 0; m < dv; ++m)
              state[d * dv + m] *= factor;
          }
        for (int64_t m = 0; m < dv; ++m)
          value[m] = v.getAsDouble((row * kvHeads + h) * dv + m);
        if (delta) {
          double rate =
              beta.getAsDouble(row * betaWidth + (betaWidth == 1 ? 0 : h));
          for (int64_t m = 0; m < dv; ++m) {
            double retrieved = 0;
            for (int64_t d = 0; d < dk; ++d)
              retrieved += state[d * dv + m] * key(d);
            value[m] = rate * (value[m] - retrieved);
          }
        }
        for (int64_t d = 0; d < dk; ++d)
          for (int64_t m = 0; m < dv; ++m)
            state[d * dv + m] += key(d) * value[m];
        // The query heads of this kv head read the state.
        int64_t group = qHeads / kvHeads;
        for (int64_t qh = h * group; qh < (h + 1) * group; ++qh)
          for (int64_t m = 0; m < dv; ++m) {
            double sum = 0;
            for (int64_t d = 0; d < dk; ++d)
              sum += q.getAsDouble((row * qHeads + qh) * dk + d) *
                     state[d * dv + m];
            results[0].setFromDouble((row * qHeads + qh) * dv + m, scale * sum);
          }
      }
      for (int64_t i = 0; i < dk * dv; ++i)
        results[1].setFromDouble(base + i, state[i]);
    }
  return results;
}
} // namespace

void registerTransformerKernels(KernelRegistry &registry) {
  registry.add(cgc_op::RmsNormalizationOp::getOperationName(),
               rmsNormalizationKernel);
  registry.add(cgc_op::RotaryEmbeddingOp::getOperationName(),
               rotaryEmbeddingKernel);
  registry.add(cgc_op::AttentionOp::getOperationName(), attentionKernel);
  registry.add(cgc_op::TensorScatterOp::getOperationName(),
               tensorScatterKernel);
  registry.add(cgc_op::CausalConvWithStateOp::getOperationName(),
               causalConvWithStateKernel);
  registry.add(cgc_op::LinearAttentionOp::getOperationName(),
               linearAttentionKernel);
}

} // namespace opencgc::reference
