//===- Transformers.cpp - The benchmark transformers as ONNX models -------===//
//
// BERT-base and ViT-B/16 (issue 29) written the way torch.onnx (opset 17,
// dynamic axes) writes Hugging Face's BertModel and torchvision's vit_b_16:
// unfused attention whose head split and merge reshape through shape chains
// (Shape -> Gather -> Unsqueeze -> Concat -> Reshape), Gather embeddings,
// position ids sliced to the sequence's length, the attention mask made
// additive (Unsqueeze, Cast, Sub, Mul), LayerNormalization, GELU in its
// erf form. Weights come from the builder's fixed seed, scaled so that
// activations stay in range through 12 layers.
//
//===----------------------------------------------------------------------===//
#include "Transformers.h"
#include "OnnxModelBuilder.h"

#include <cmath>

namespace opencgc::bench {
namespace {

using B = OnnxModelBuilder;

/// The encoder's dimensions (BERT-base and ViT-B/16 share them).
struct EncoderShape {
  int64_t hidden = 768, heads = 12, intermediate = 3072, layers = 12;
  float epsilon = 1e-12f;
  /// Pre-LN (ViT: normalize, then attend or feed forward, then add) or
  /// post-LN (BERT: add, then normalize).
  bool preNorm = false;
  /// Attention as one ONNX Attention node (opset 23) on the heads instead
  /// of the exporters' MatMul, Div, Add, Softmax, MatMul.
  bool onnxAttention = false;
};

/// Node-level helpers over the builder: each writes one ONNX node (or an
/// exporter's short idiom) and returns its value with its shape.
class GraphWriter {
public:
  explicit GraphWriter(B &b) : b(b) {}

  Activation op(const std::string &type, const std::vector<std::string> &inputs,
                std::vector<int64_t> shape, const std::string &name = "") {
    Activation y{name.empty() ? b.fresh(type) : name, std::move(shape)};
    last = b.node(type, inputs, y.name);
    return y;
  }
  onnx::NodeProto *lastNode() const { return last; }

  /// x [..., k] times a [k, n] weight plus a bias, as nn.Linear exports.
  Activation linear(const Activation &x, int64_t n) {
    int64_t k = x.shape.back();
    float scale = std::sqrt(3.0f / float(k));
    std::vector<int64_t> shape = x.shape;
    shape.back() = n;
    Activation product =
        op("MatMul", {x.name, b.weight("w", {k, n}, scale)}, shape);
    int64_t rows = 1;
    for (size_t i = 0; i + 1 < x.shape.size(); ++i)
      rows *= x.shape[i];
    b.countMultiplyAdds(rows * k * n);
    return op("Add", {product.name, b.weight("bias", {n}, 0.02f)}, shape);
  }

  Activation layerNorm(const Activation &x, float epsilon,
                       const std::string &name = "") {
    int64_t h = x.shape.back();
    Activation y = op("LayerNormalization",
                      {x.name, b.weight("gamma", {h}, 0.1f, 1.0f),
                       b.weight("beta", {h}, 0.05f)},
                      x.shape, name);
    B::addInt(last, "axis", -1);
    B::addFloat(last, "epsilon", epsilon);
    return y;
  }

  /// x * 0.5 * (1 + erf(x / sqrt(2))): nn.GELU, exported.
  Activation gelu(const Activation &x) {
    Activation scaled =
        op("Div", {x.name, b.floatConstant(1.4142135f)}, x.shape);
    Activation erf = op("Erf", {scaled.name}, x.shape);
    Activation plus = op("Add", {erf.name, b.floatConstant(1.0f)}, x.shape);
    Activation times = op("Mul", {x.name, plus.name}, x.shape);
    return op("Mul", {times.name, b.floatConstant(0.5f)}, x.shape);
  }

  /// Dimension `axis` of x's run-time shape as a 1-element int64 tensor:
  /// Shape -> Gather (scalar index) -> Unsqueeze.
  Activation dimension(const Activation &x, int64_t axis) {
    Activation shape = op("Shape", {x.name}, {int64_t(x.shape.size())});
    Activation scalar =
        op("Gather", {shape.name, b.int64Constant({axis}, {})}, {});
    B::addInt(last, "axis", 0);
    return op("Unsqueeze", {scalar.name, b.int64Constant({0}, {1})}, {1});
  }

  /// Reshape x to the dimensions its first `kept` axes have at run time
  /// followed by `tail`: the chain an exporter writes for view().
  Activation reshapeKeeping(const Activation &x, int64_t kept,
                            const std::vector<int64_t> &tail) {
    std::vector<std::string> parts;
    std::vector<int64_t> shape;
    for (int64_t axis = 0; axis < kept; ++axis) {
      parts.push_back(dimension(x, axis).name);
      shape.push_back(x.shape[axis]);
    }
    parts.push_back(b.int64Constant(tail, {int64_t(tail.size())}));
    shape.insert(shape.end(), tail.begin(), tail.end());
    Activation target = op("Concat", parts, {int64_t(shape.size())});
    B::addInt(last, "axis", 0);
    return op("Reshape", {x.name, target.name}, shape);
  }

  Activation transpose(const Activation &x, const std::vector<int64_t> &perm) {
    std::vector<int64_t> shape;
    for (int64_t axis : perm)
      shape.push_back(x.shape[axis]);
    Activation y = op("Transpose", {x.name}, shape);
    B::addInts(last, "perm", perm);
    return y;
  }

  B &b;

private:
  onnx::NodeProto *last = nullptr;
};

/// Multi-head self-attention over x [batch, sequence, hidden], unfused:
/// Q, K and V projections, heads split by reshape and transpose (K
/// transposed to [batch, heads, d, sequence]), scores scaled by 1/sqrt(d)
/// plus the additive mask (if any), softmax, the weighted sum, heads
/// merged, and the output projection.
Activation selfAttention(GraphWriter &g, const Activation &x,
                         const EncoderShape &e, const Activation *mask) {
  int64_t d = e.hidden / e.heads;
  int64_t batch = x.shape[0], sequence = x.shape[1];
  auto heads = [&](const Activation &projected,
                   const std::vector<int64_t> &perm) {
    return g.transpose(g.reshapeKeeping(projected, 2, {e.heads, d}), perm);
  };
  Activation q = heads(g.linear(x, e.hidden), {0, 2, 1, 3});
  Activation k = heads(g.linear(x, e.hidden),
                       e.onnxAttention ? std::vector<int64_t>{0, 2, 1, 3}
                                       : std::vector<int64_t>{0, 2, 3, 1});
  Activation v = heads(g.linear(x, e.hidden), {0, 2, 1, 3});
  g.b.countMultiplyAdds(2 * batch * e.heads * sequence * sequence * d);
  Activation context;
  if (e.onnxAttention) {
    // scale defaults to 1/sqrt(d); the mask is additive.
    std::vector<std::string> inputs = {q.name, k.name, v.name};
    if (mask)
      inputs.push_back(mask->name);
    context = g.op("Attention", inputs, q.shape);
  } else {
    std::vector<int64_t> scoresShape = {batch, e.heads, sequence, sequence};
    Activation scores = g.op("MatMul", {q.name, k.name}, scoresShape);
    scores = g.op("Div", {scores.name, g.b.floatConstant(std::sqrt(float(d)))},
                  scoresShape);
    if (mask)
      scores = g.op("Add", {scores.name, mask->name}, scoresShape);
    Activation probabilities = g.op("Softmax", {scores.name}, scoresShape);
    B::addInt(g.lastNode(), "axis", -1);
    context = g.op("MatMul", {probabilities.name, v.name}, q.shape);
  }
  Activation merged =
      g.reshapeKeeping(g.transpose(context, {0, 2, 1, 3}), 2, {e.hidden});
  return g.linear(merged, e.hidden);
}

Activation feedForward(GraphWriter &g, const Activation &x,
                       const EncoderShape &e) {
  return g.linear(g.gelu(g.linear(x, e.intermediate)), e.hidden);
}

Activation encoderLayer(GraphWriter &g, const Activation &x,
                        const EncoderShape &e, const Activation *mask) {
  if (e.preNorm) {
    Activation attended = g.op(
        "Add",
        {x.name, selfAttention(g, g.layerNorm(x, e.epsilon), e, mask).name},
        x.shape);
    return g.op("Add",
                {attended.name,
                 feedForward(g, g.layerNorm(attended, e.epsilon), e).name},
                x.shape);
  }
  Activation attended = g.layerNorm(
      g.op("Add", {x.name, selfAttention(g, x, e, mask).name}, x.shape),
      e.epsilon);
  return g.layerNorm(
      g.op("Add", {attended.name, feedForward(g, attended, e).name}, x.shape),
      e.epsilon);
}

/// Table rows picked by int64 ids: Gather over a [rows, hidden] embedding.
Activation embed(GraphWriter &g, const Activation &ids, int64_t rows,
                 int64_t hidden) {
  std::vector<int64_t> shape = ids.shape;
  shape.push_back(hidden);
  Activation y =
      g.op("Gather", {g.b.weight("embedding", {rows, hidden}, 0.05f), ids.name},
           shape);
  B::addInt(g.lastNode(), "axis", 0);
  return y;
}

/// BertModel's last hidden state for one sequence of 128 tokens.
GeneratedModel bertModel(const std::string &name, bool onnxAttention) {
  constexpr int64_t kSequence = 128, kVocabulary = 30522, kPositions = 512;
  B b(name);
  GraphWriter g(b);
  EncoderShape e;
  e.onnxAttention = onnxAttention;
  if (onnxAttention)
    b.setOpset(23);
  std::vector<int64_t> tokens = {1, kSequence};
  Activation ids = b.addInput("input_ids", onnx::TensorProto::INT64, tokens);
  Activation attentionMask =
      b.addInput("attention_mask", onnx::TensorProto::INT64, tokens);
  Activation typeIds =
      b.addInput("token_type_ids", onnx::TensorProto::INT64, tokens);
  // position_ids[:, :sequence] of the model's [1, 512] buffer.
  std::vector<int64_t> allPositions(kPositions);
  for (int64_t i = 0; i < kPositions; ++i)
    allPositions[i] = i;
  Activation positions =
      g.op("Slice",
           {b.int64Constant(allPositions, {1, kPositions}),
            b.int64Constant({0}, {1}), g.dimension(ids, 1).name,
            b.int64Constant({1}, {1})},
           tokens);
  Activation x = g.op("Add",
                      {embed(g, ids, kVocabulary, e.hidden).name,
                       embed(g, positions, kPositions, e.hidden).name},
                      {1, kSequence, e.hidden});
  x = g.op("Add", {x.name, embed(g, typeIds, 2, e.hidden).name}, x.shape);
  x = g.layerNorm(x, e.epsilon);
  // (1 - mask[:, None, None, :]) * float32's lowest: 0 where attended.
  Activation expanded =
      g.op("Unsqueeze", {attentionMask.name, b.int64Constant({1, 2}, {2})},
           {1, 1, 1, kSequence});
  Activation asFloat = g.op("Cast", {expanded.name}, expanded.shape);
  B::addInt(g.lastNode(), "to", onnx::TensorProto::FLOAT);
  Activation inverted =
      g.op("Sub", {b.floatConstant(1.0f), asFloat.name}, expanded.shape);
  Activation mask =
      g.op("Mul", {inverted.name, b.floatConstant(-3.4028234663852886e38f)},
           expanded.shape);
  // ONNX Runtime's Attention wants the mask's rows to match the queries'
  // (the operator allows any broadcast): [1, 1, sequence, sequence].
  if (onnxAttention)
    mask = g.op("Expand",
                {mask.name, b.int64Constant({1, 1, kSequence, kSequence}, {4})},
                {1, 1, kSequence, kSequence});
  for (int64_t layer = 0; layer < e.layers; ++layer)
    x = encoderLayer(g, x, e, &mask);
  b.node("Identity", {x.name}, "last_hidden_state");
  return {b.finishOutputs({{"last_hidden_state", x.shape}}),
          b.getMultiplyAdds()};
}

GeneratedModel bert() { return bertModel("bert", false); }

/// BERT-base with each layer's attention one ONNX Attention node (opset
/// 23) on the split heads.
GeneratedModel bertAttention23() { return bertModel("bert-attention23", true); }

/// torchvision's vit_b_16: 16x16 patches, a class token, 12 pre-LN layers,
/// the class token's final state through the 1000-class head.
GeneratedModel vit() {
  constexpr int64_t kPatch = 16, kImageSize = 224, kClasses = 1000;
  constexpr int64_t kPatches = (kImageSize / kPatch) * (kImageSize / kPatch);
  B b("vit", {1, 3, kImageSize, kImageSize});
  GraphWriter g(b);
  EncoderShape e;
  e.preNorm = true;
  e.epsilon = 1e-6f;
  Activation image = b.input();
  int64_t grid = kImageSize / kPatch;
  Activation patches =
      g.op("Conv",
           {image.name,
            b.weight("patch_w", {e.hidden, 3, kPatch, kPatch},
                     std::sqrt(3.0f / float(3 * kPatch * kPatch))),
            b.weight("patch_b", {e.hidden}, 0.02f)},
           {1, e.hidden, grid, grid});
  B::addInts(g.lastNode(), "kernel_shape", {kPatch, kPatch});
  B::addInts(g.lastNode(), "strides", {kPatch, kPatch});
  b.countMultiplyAdds(e.hidden * kPatches * 3 * kPatch * kPatch);
  Activation flat = g.reshapeKeeping(patches, 2, {-1});
  flat.shape = {1, e.hidden, kPatches};
  Activation tokens = g.transpose(flat, {0, 2, 1});
  // class_token.expand(batch, -1, -1), concatenated before the patches.
  Activation expandShape =
      g.op("Concat",
           {g.dimension(image, 0).name, b.int64Constant({-1, -1}, {2})}, {3});
  B::addInt(g.lastNode(), "axis", 0);
  // Expand has no -1: the exporter turns it into 1, which broadcasts.
  Activation knownShape = g.op(
      "Where",
      {g.op("Equal", {expandShape.name, b.int64Constant({-1}, {1})}, {3}).name,
       b.int64Constant({1}, {1}), expandShape.name},
      {3});
  Activation classToken =
      g.op("Expand",
           {b.weight("class_token", {1, 1, e.hidden}, 0.02f), knownShape.name},
           {1, 1, e.hidden});
  Activation x = g.op("Concat", {classToken.name, tokens.name},
                      {1, kPatches + 1, e.hidden});
  B::addInt(g.lastNode(), "axis", 1);
  x = g.op("Add",
           {x.name, b.weight("position", {1, kPatches + 1, e.hidden}, 0.02f)},
           x.shape);
  for (int64_t layer = 0; layer < e.layers; ++layer)
    x = encoderLayer(g, x, e, nullptr);
  x = g.layerNorm(x, e.epsilon);
  Activation first =
      g.op("Gather", {x.name, b.int64Constant({0}, {})}, {1, e.hidden});
  B::addInt(g.lastNode(), "axis", 1);
  Activation logits = g.linear(first, kClasses);
  return {b.finish(logits), b.getMultiplyAdds()};
}

/// 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))): GPT-2's gelu_new,
/// exported.
Activation geluTanh(GraphWriter &g, const Activation &x) {
  Activation cube = g.op("Pow", {x.name, g.b.floatConstant(3.0f)}, x.shape);
  Activation scaled =
      g.op("Mul", {cube.name, g.b.floatConstant(0.044715f)}, x.shape);
  Activation inner = g.op("Add", {x.name, scaled.name}, x.shape);
  Activation argument =
      g.op("Mul", {inner.name, g.b.floatConstant(0.7978845608f)}, x.shape);
  Activation tanh = g.op("Tanh", {argument.name}, x.shape);
  Activation plus = g.op("Add", {tanh.name, g.b.floatConstant(1.0f)}, x.shape);
  Activation half = g.op("Mul", {x.name, g.b.floatConstant(0.5f)}, x.shape);
  return g.op("Mul", {half.name, plus.name}, x.shape);
}

/// softmax(q kT / sqrt(d), with float32's lowest where `causal` is false)
/// times v, the heads merged, then the output projection.
Activation causalContext(GraphWriter &g, const Activation &q,
                         const Activation &keysTransposed, const Activation &v,
                         const Activation &causal, const EncoderShape &e) {
  int64_t d = e.hidden / e.heads;
  std::vector<int64_t> scoresShape = {q.shape[0], e.heads, q.shape[2],
                                      keysTransposed.shape[3]};
  Activation scores =
      g.op("MatMul", {q.name, keysTransposed.name}, scoresShape);
  scores = g.op("Div", {scores.name, g.b.floatConstant(std::sqrt(float(d)))},
                scoresShape);
  scores = g.op(
      "Where",
      {causal.name, scores.name, g.b.floatConstant(-3.4028234663852886e38f)},
      scoresShape);
  Activation probabilities = g.op("Softmax", {scores.name}, scoresShape);
  B::addInt(g.lastNode(), "axis", -1);
  Activation context = g.op("MatMul", {probabilities.name, v.name}, q.shape);
  Activation merged =
      g.reshapeKeeping(g.transpose(context, {0, 2, 1, 3}), 2, {e.hidden});
  return g.linear(merged, e.hidden);
}

/// GPT-2's Q, K and V: one [hidden, 3 hidden] projection of x split three
/// ways, each split into heads by a reshape and a transpose (K by
/// `keyPerm`, Q and V to [batch, heads, sequence, d]).
std::vector<Activation> projectHeads(GraphWriter &g, const Activation &x,
                                     const EncoderShape &e,
                                     const std::vector<int64_t> &keyPerm) {
  int64_t d = e.hidden / e.heads;
  Activation qkv = g.linear(x, 3 * e.hidden);
  onnx::NodeProto *split = g.b.node(
      "Split",
      {qkv.name, g.b.int64Constant({e.hidden, e.hidden, e.hidden}, {3})},
      g.b.fresh("q"));
  split->add_output(g.b.fresh("k"));
  split->add_output(g.b.fresh("v"));
  B::addInt(split, "axis", 2);
  std::vector<Activation> heads;
  for (int i = 0; i < 3; ++i) {
    Activation part{split->output(i), {x.shape[0], x.shape[1], e.hidden}};
    heads.push_back(
        g.transpose(g.reshapeKeeping(part, 2, {e.heads, d}),
                    i == 1 ? keyPerm : std::vector<int64_t>{0, 2, 1, 3}));
  }
  return heads;
}

/// GPT-2's causal self-attention: one [hidden, 3 hidden] projection split
/// into Q, K and V, scores divided by sqrt(d), the causal mask's upper
/// triangle (the model's [1, 1, 1024, 1024] bool buffer sliced to the
/// sequence) replaced by float32's lowest through Where, softmax, the
/// weighted sum, heads merged, the output projection.
Activation causalAttention(GraphWriter &g, const Activation &x,
                           const EncoderShape &e, const Activation &causal) {
  int64_t d = e.hidden / e.heads;
  int64_t sequence = x.shape[1];
  std::vector<Activation> heads = projectHeads(g, x, e, {0, 2, 3, 1});
  g.b.countMultiplyAdds(2 * x.shape[0] * e.heads * sequence * sequence * d);
  return causalContext(g, heads[0], heads[1], heads[2], causal, e);
}

/// GPT-2's pre-LN block: x + attend(ln(x)), then the gelu_new MLP of ln of
/// that, added.
template <typename Attend>
Activation gpt2Layer(GraphWriter &g, const Activation &x, const EncoderShape &e,
                     Attend attend) {
  Activation attended =
      g.op("Add", {x.name, attend(g.layerNorm(x, e.epsilon)).name}, x.shape);
  Activation hidden =
      g.linear(g.layerNorm(attended, e.epsilon), e.intermediate);
  return g.op("Add",
              {attended.name, g.linear(geluTanh(g, hidden), e.hidden).name},
              x.shape);
}

/// The final norm and the language-model head, which shares the token
/// embedding: ln(x) times wte^T, as `logits`.
void languageModelHead(GraphWriter &g, const Activation &x,
                       const std::string &wte, const EncoderShape &e,
                       int64_t vocabulary) {
  Activation normed = g.layerNorm(x, e.epsilon);
  Activation head = g.op("Transpose", {wte}, {e.hidden, vocabulary});
  B::addInts(g.lastNode(), "perm", {1, 0});
  g.b.countMultiplyAdds(x.shape[1] * e.hidden * vocabulary);
  g.b.node("MatMul", {normed.name, head.name}, "logits");
}

/// A bool initializer of `shape`, true on and below the diagonal of its
/// last two dimensions.
std::string lowerTriangle(B &b, int64_t size) {
  onnx::TensorProto *tensor = b.addInitializer("causal_bias");
  tensor->set_data_type(onnx::TensorProto::BOOL);
  for (int64_t dim : {int64_t(1), int64_t(1), size, size})
    tensor->add_dims(dim);
  std::string bytes(size * size, '\0');
  for (int64_t row = 0; row < size; ++row)
    for (int64_t column = 0; column <= row; ++column)
      bytes[row * size + column] = 1;
  tensor->set_raw_data(std::move(bytes));
  return tensor->name();
}

/// GPT-2 small: 12 pre-LN layers, hidden 768, epsilon 1e-5; 50257 tokens
/// and 1024 positions.
constexpr int64_t kGpt2Vocabulary = 50257, kGpt2Positions = 1024;
EncoderShape gpt2Shape() {
  EncoderShape e;
  e.preNorm = true;
  e.epsilon = 1e-5f;
  return e;
}

/// GPT-2's input embedding: the token embedding `wte` (which the
/// language-model head shares) gathered at `ids`, plus the position
/// embedding at `positions`.
struct Gpt2Embedding {
  Activation x;
  std::string wte;
};
Gpt2Embedding gpt2Embedding(GraphWriter &g, const Activation &ids,
                            const Activation &positions,
                            const EncoderShape &e) {
  std::string wte = g.b.weight("wte", {kGpt2Vocabulary, e.hidden}, 0.05f);
  std::vector<int64_t> shape = ids.shape;
  shape.push_back(e.hidden);
  Activation tokenEmbedding{g.b.fresh("Gather"), shape};
  B::addInt(g.b.node("Gather", {wte, ids.name}, tokenEmbedding.name), "axis",
            0);
  Activation x = g.op(
      "Add",
      {tokenEmbedding.name, embed(g, positions, kGpt2Positions, e.hidden).name},
      shape);
  return {x, wte};
}

/// GPT-2 small's prefill of 128 tokens: the logits of every position.
GeneratedModel gpt2() {
  constexpr int64_t kSequence = 128;
  B b("gpt2");
  GraphWriter g(b);
  EncoderShape e = gpt2Shape();
  std::vector<int64_t> tokens = {1, kSequence};
  Activation ids = b.addInput("input_ids", onnx::TensorProto::INT64, tokens);
  // position_ids = arange(0, sequence)[None]: Range over the run-time length.
  Activation length = g.op(
      "Squeeze", {g.dimension(ids, 1).name, b.int64Constant({0}, {1})}, {});
  Activation range =
      g.op("Range",
           {b.int64Constant({0}, {}), length.name, b.int64Constant({1}, {})},
           {kSequence});
  Activation positions =
      g.op("Unsqueeze", {range.name, b.int64Constant({0}, {1})}, tokens);
  Gpt2Embedding input = gpt2Embedding(g, ids, positions, e);
  Activation x = input.x;
  // bias[:, :, 0:sequence, 0:sequence] of the causal buffer.
  Activation end = g.dimension(ids, 1);
  Activation ends = g.op("Concat", {end.name, end.name}, {2});
  B::addInt(g.lastNode(), "axis", 0);
  Activation causal =
      g.op("Slice",
           {lowerTriangle(b, kGpt2Positions), b.int64Constant({0, 0}, {2}),
            ends.name, b.int64Constant({2, 3}, {2})},
           {1, 1, kSequence, kSequence});
  for (int64_t layer = 0; layer < e.layers; ++layer)
    x = gpt2Layer(g, x, e, [&](const Activation &normed) {
      return causalAttention(g, normed, e, causal);
    });
  languageModelHead(g, x, input.wte, e, kGpt2Vocabulary);
  return {b.finishOutputs({{"logits", {1, kSequence, kGpt2Vocabulary}}}),
          b.getMultiplyAdds()};
}

/// One layer's cache: its past keys and values in, present ones out.
struct LayerCache {
  Activation pastKey, pastValue;
  std::string presentKey, presentValue;
};

/// GPT-2's attention for new tokens over a key/value cache, as exporters
/// write it with past_key_values: the new keys and values appended to the
/// past ones along the sequence (present_key/present_value, also model
/// outputs), q times the present keys transposed, the causal mask's rows
/// for the new positions, softmax, times the present values.
Activation cachedAttention(GraphWriter &g, const Activation &x,
                           const EncoderShape &e, const Activation &causal,
                           LayerCache &cache) {
  int64_t d = e.hidden / e.heads;
  int64_t batch = x.shape[0], sequence = x.shape[1];
  int64_t total = cache.pastKey.shape[2] + sequence;
  std::vector<Activation> heads = projectHeads(g, x, e, {0, 2, 1, 3});
  const Activation &q = heads[0];
  std::vector<int64_t> present = {batch, e.heads, total, d};
  Activation keys =
      g.op("Concat", {cache.pastKey.name, heads[1].name}, present);
  B::addInt(g.lastNode(), "axis", 2);
  Activation values =
      g.op("Concat", {cache.pastValue.name, heads[2].name}, present);
  B::addInt(g.lastNode(), "axis", 2);
  cache.presentKey = keys.name;
  cache.presentValue = values.name;
  g.b.countMultiplyAdds(2 * batch * e.heads * sequence * total * d);
  return causalContext(g, q, g.transpose(keys, {0, 1, 3, 2}), values, causal,
                       e);
}

/// GPT-2 small's decode step: one new token after 128 cached ones. Inputs
/// input_ids [1, 1] and past_key_<l>/past_value_<l> [1, 12, 128, 64] per
/// layer; outputs logits [1, 1, 50257] and present_key_<l>/present_value_<l>
/// [1, 12, 129, 64]. The position and the causal rows come from the past's
/// length through Shape and Gather, as exporters write them.
GeneratedModel gpt2Decode() {
  constexpr int64_t kPast = 128;
  B b("gpt2-decode");
  GraphWriter g(b);
  EncoderShape e = gpt2Shape();
  int64_t d = e.hidden / e.heads;
  Activation ids = b.addInput("input_ids", onnx::TensorProto::INT64, {1, 1});
  std::vector<LayerCache> caches;
  for (int64_t layer = 0; layer < e.layers; ++layer) {
    std::string suffix = "_" + std::to_string(layer);
    caches.push_back(
        {b.addInput("past_key" + suffix, onnx::TensorProto::FLOAT,
                    {1, e.heads, kPast, d}),
         b.addInput("past_value" + suffix, onnx::TensorProto::FLOAT,
                    {1, e.heads, kPast, d}),
         "", ""});
  }
  // position_ids = [[past_length]]; the causal rows [past, past + 1).
  Activation past = g.op("Gather",
                         {g.op("Shape", {caches[0].pastKey.name}, {4}).name,
                          b.int64Constant({2}, {})},
                         {});
  B::addInt(g.lastNode(), "axis", 0);
  Activation next = g.op("Add", {past.name, b.int64Constant({1}, {})}, {});
  Activation positions =
      g.op("Unsqueeze",
           {g.op("Range", {past.name, next.name, b.int64Constant({1}, {})}, {1})
                .name,
            b.int64Constant({0}, {1})},
           {1, 1});
  Gpt2Embedding input = gpt2Embedding(g, ids, positions, e);
  Activation x = input.x;
  Activation starts =
      g.op("Concat",
           {g.op("Unsqueeze", {past.name, b.int64Constant({0}, {1})}, {1}).name,
            b.int64Constant({0}, {1})},
           {2});
  B::addInt(g.lastNode(), "axis", 0);
  Activation ends = g.op(
      "Concat",
      {g.op("Unsqueeze", {next.name, b.int64Constant({0}, {1})}, {1}).name,
       g.op("Unsqueeze", {next.name, b.int64Constant({0}, {1})}, {1}).name},
      {2});
  B::addInt(g.lastNode(), "axis", 0);
  Activation causal = g.op("Slice",
                           {lowerTriangle(b, kGpt2Positions), starts.name,
                            ends.name, b.int64Constant({2, 3}, {2})},
                           {1, 1, 1, kPast + 1});
  for (LayerCache &cache : caches)
    x = gpt2Layer(g, x, e, [&](const Activation &normed) {
      return cachedAttention(g, normed, e, causal, cache);
    });
  languageModelHead(g, x, input.wte, e, kGpt2Vocabulary);
  std::vector<Activation> outputs = {{"logits", {1, 1, kGpt2Vocabulary}}};
  std::vector<int64_t> present = {1, e.heads, kPast + 1, d};
  for (size_t layer = 0; layer < caches.size(); ++layer) {
    std::string suffix = "_" + std::to_string(layer);
    b.node("Identity", {caches[layer].presentKey}, "present_key" + suffix);
    b.node("Identity", {caches[layer].presentValue}, "present_value" + suffix);
    outputs.push_back({"present_key" + suffix, present});
    outputs.push_back({"present_value" + suffix, present});
  }
  return {b.finishOutputs(outputs), b.getMultiplyAdds()};
}

} // namespace

std::vector<NetworkRecipe> getTransformerNetworks() {
  return {{"bert", bert},
          {"bert-attention23", bertAttention23},
          {"vit", vit},
          {"gpt2", gpt2},
          {"gpt2-decode", gpt2Decode}};
}

} // namespace opencgc::bench
