//===- AttentionTest.cpp - Fused attention on the GPU devices -------------===//
//
// softmax(scores(Q K^T)) V as one attention kernel (AttentionKernel.cpp)
// against the reference executor: heads split and merged by transposes
// read and written in place (BERT, ViT), a causal Where mask on a bool
// input (GPT-2), plain 3-D products whose keys broadcast over the batch with
// a value head size unlike the query's, rows whose first keys are masked
// with -inf (the online softmax's first steps then see no finite maximum),
// several rows per lane with rows past the sequence, and ONNX's Attention
// op (grouped heads, causality, short bool and full float masks, softcap).
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace opencgc;

namespace {
using testgen::tensorType;

class AttentionKernelTest : public testgen::FusedKernelTest {
protected:
  void SetUp() override {
    FusedKernelTest::SetUp();
    expectedPattern = "attention";
  }
};

/// BERT's form: q, k and v [batch, sequence, heads, d] split into heads by
/// transposes (k to [batch, heads, d, sequence]), scores divided by a
/// scalar, an additive [1, 1, 1, sequence] mask, heads merged back.
std::string headsAttention(int64_t sequence, int64_t heads, int64_t d) {
  std::string x = tensorType({1, sequence, heads, d});
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %y: {0}, %z: {0}, %mask: {1}, %c: {2}) -> {0} {{
    %q = cgc_op.transpose(%x) {{perm = [0, 2, 1, 3]} : ({0})
    %k = cgc_op.transpose(%y) {{perm = [0, 2, 3, 1]} : ({0})
    %v = cgc_op.transpose(%z) {{perm = [0, 2, 1, 3]} : ({0})
    %s = cgc_op.matmul(%q, %k) : ({3}, {4})
    %d = cgc_op.div(%s, %c) : ({5}, {2})
    %a = cgc_op.add(%d, %mask) : ({5}, {1})
    %p = cgc_op.softmax(%a) {{axis = -1 : i64} : ({5})
    %o = cgc_op.matmul(%p, %v) : ({5}, {3})
    %t = cgc_op.transpose(%o) {{perm = [0, 2, 1, 3]} : ({3})
    cgc.return %t : {0}
  }
})mlir",
                       x, tensorType({1, 1, 1, sequence}), tensorType({}),
                       tensorType({1, heads, sequence, d}),
                       tensorType({1, heads, d, sequence}),
                       tensorType({1, heads, sequence, sequence}))
      .str();
}

TEST_P(AttentionKernelTest, HeadsSplitAndMergedInPlaceWithAdditiveMask) {
  expectOneDeviceSubgraphOn(headsAttention(16, 4, 8), [](cgc::EntryPointOp) {
    std::mt19937 random(23);
    std::vector<Tensor> inputs;
    for (int i = 0; i < 3; ++i)
      inputs.push_back(testgen::randomTensor({1, 16, 4, 8}, random, -2, 2));
    Tensor mask = testgen::randomTensor({1, 1, 1, 16}, random, -1, 0);
    mask.setFromDouble(5, -3.4028234663852886e38); // a padded key
    inputs.push_back(mask);
    Tensor scale(DType::Float32, {});
    scale.setFromDouble(0, std::sqrt(8.0));
    inputs.push_back(scale);
    return inputs;
  });
}

// 70 queries: on lavapipe's configuration three rows per lane in
// workgroups of 32, so the last lanes compute rows past the sequence
// (clamped loads, no store) and rows a lane apart share each key.
TEST_P(AttentionKernelTest, SeveralRowsPerLaneAndRowsPastTheSequence) {
  expectOneDeviceSubgraphOn(headsAttention(70, 2, 8), [](cgc::EntryPointOp) {
    std::mt19937 random(31);
    std::vector<Tensor> inputs;
    for (int i = 0; i < 3; ++i)
      inputs.push_back(testgen::randomTensor({1, 70, 2, 8}, random, -2, 2));
    inputs.push_back(testgen::randomTensor({1, 1, 1, 70}, random, -1, 0));
    Tensor scale(DType::Float32, {});
    scale.setFromDouble(0, 3.0);
    inputs.push_back(scale);
    return inputs;
  });
}

// The first keys masked with -inf: the running maximum is -inf for three
// steps, where exp(-inf - -inf) would make the whole row NaN.
TEST_P(AttentionKernelTest, RowsWhoseFirstKeysAreMaskedWithMinusInfinity) {
  expectOneDeviceSubgraphOn(headsAttention(12, 2, 4), [](cgc::EntryPointOp) {
    std::mt19937 random(5);
    std::vector<Tensor> inputs;
    for (int i = 0; i < 3; ++i)
      inputs.push_back(testgen::randomTensor({1, 12, 2, 4}, random));
    Tensor mask(DType::Float32, {1, 1, 1, 12});
    for (int64_t key = 0; key < 12; ++key)
      mask.setFromDouble(key, key < 3 ? -INFINITY : 0.0);
    inputs.push_back(mask);
    Tensor scale(DType::Float32, {});
    scale.setFromDouble(0, 2.0);
    inputs.push_back(scale);
    return inputs;
  });
}

// GPT-2's form: scores where(causal, scores, lowest) with a bool
// [1, 1, sequence, sequence] lower triangle; q and v as they come, k
// transposed.
TEST_P(AttentionKernelTest, CausalWhereMaskOnABoolInput) {
  std::string q = tensorType({2, 3, 9, 5}), v = tensorType({2, 3, 9, 7});
  std::string scores = tensorType({2, 3, 9, 9});
  std::string text =
      llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%q: {0}, %y: {0}, %v: {1}, %causal: !cgc.tensor<1x1x9x9x!cgc.bool>, %low: {2}) -> {3} {{
    %k = cgc_op.transpose(%y) {{perm = [0, 1, 3, 2]} : ({0})
    %s = cgc_op.matmul(%q, %k) : ({0}, {4})
    %w = cgc_op.where(%causal, %s, %low) : (!cgc.tensor<1x1x9x9x!cgc.bool>, {5}, {2})
    %p = cgc_op.softmax(%w) {{axis = 3 : i64} : ({5})
    %o = cgc_op.matmul(%p, %v) : ({5}, {1})
    cgc.return %o : {3}
  }
})mlir",
                    q, v, tensorType({}), tensorType({2, 3, 9, 7}),
                    tensorType({2, 3, 5, 9}), scores)
          .str();
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(7);
    std::vector<Tensor> inputs = {
        testgen::randomTensor({2, 3, 9, 5}, random, -2, 2),
        testgen::randomTensor({2, 3, 9, 5}, random, -2, 2),
        testgen::randomTensor({2, 3, 9, 7}, random, -2, 2)};
    Tensor causal(DType::Bool, {1, 1, 9, 9});
    for (int64_t row = 0; row < 9; ++row)
      for (int64_t column = 0; column < 9; ++column)
        causal.setFromInt(row * 9 + column, column <= row);
    inputs.push_back(causal);
    Tensor low(DType::Float32, {});
    low.setFromDouble(0, std::numeric_limits<float>::lowest());
    inputs.push_back(low);
    return inputs;
  });
}

// Rank 3 queries against rank 2 keys and values (broadcast over the
// batch), a value head size (6) unlike the query's (8), a scale by mul.
TEST_P(AttentionKernelTest, KeysAndValuesBroadcastOverTheBatch) {
  std::string text = llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%q: {0}, %k: {1}, %v: {2}, %c: {3}) -> {4} {{
    %s = cgc_op.matmul(%q, %k) : ({0}, {1})
    %m = cgc_op.mul(%s, %c) : ({5}, {3})
    %p = cgc_op.softmax(%m) : ({5})
    %o = cgc_op.matmul(%p, %v) : ({5}, {2})
    cgc.return %o : {4}
  }
})mlir",
                                   tensorType({2, 5, 8}), tensorType({8, 7}),
                                   tensorType({7, 6}), tensorType({1}),
                                   tensorType({2, 5, 6}), tensorType({2, 5, 7}))
                         .str();
  expectOneDeviceSubgraph(text, 11, -2, 2);
}

// ONNX's Attention op: grouped-query heads (4 query heads over 2 key/value
// heads), causal with a negative offset, a bool mask of fewer columns than
// keys (the rest hidden); row 0 sees no key at all and must come out as
// zeros (the op's rule), not NaN.
TEST_P(AttentionKernelTest, OnnxAttentionGroupedCausalShortBoolMask) {
  std::string text =
      llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%q: {0}, %k: {1}, %v: {2}, %m: !cgc.tensor<1x1x6x5x!cgc.bool>) -> {3} {{
    %o, %s = cgc_op.attention(%q, %k, %v, %m) {{is_causal = true, causal_offset = -1 : i64} : ({0}, {1}, {2}, !cgc.tensor<1x1x6x5x!cgc.bool>)
    cgc.return %o : {3}
  }
})mlir",
                    tensorType({2, 4, 6, 8}), tensorType({2, 2, 7, 8}),
                    tensorType({2, 2, 7, 3}), tensorType({2, 4, 6, 3}))
          .str();
  expectedPattern = "attentionOp";
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(41);
    std::vector<Tensor> inputs = {
        testgen::randomTensor({2, 4, 6, 8}, random, -2, 2),
        testgen::randomTensor({2, 2, 7, 8}, random, -2, 2),
        testgen::randomTensor({2, 2, 7, 3}, random, -2, 2)};
    Tensor mask(DType::Bool, {1, 1, 6, 5});
    for (int64_t i = 0; i < mask.getNumElements(); ++i)
      mask.setFromInt(i, i % 7 != 3);
    inputs.push_back(mask);
    return inputs;
  });
}

// A float mask as large as the scores (read at each score's own offset),
// an explicit scale and a softcap.
TEST_P(AttentionKernelTest, OnnxAttentionSoftcapScaleAndFullFloatMask) {
  std::string text =
      llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%q: {0}, %k: {1}, %v: {1}, %m: {2}) -> {0} {{
    %o, %s = cgc_op.attention(%q, %k, %v, %m) {{scale = 0.5 : f32, softcap = 2.0 : f32} : ({0}, {1}, {1}, {2})
    cgc.return %o : {0}
  }
})mlir",
                    tensorType({1, 3, 5, 4}), tensorType({1, 3, 9, 4}),
                    tensorType({1, 3, 5, 9}))
          .str();
  expectedPattern = "attentionOp";
  expectOneDeviceSubgraph(text, 43, -3, 3);
}

// The op's scores output after the softmax (qk_matmul_output_mode 3), a
// second walk over the keys once the row's maximum and sum are known:
// grouped heads, causal with offset -1 (row 0 sees no key: a zero row in
// both outputs) and a bool mask; 40 rows, so lanes on lavapipe take two.
TEST_P(AttentionKernelTest, OnnxAttentionScoresAfterSoftmax) {
  std::string text =
      llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%q: {0}, %k: {1}, %v: {1}, %m: !cgc.tensor<40x12x!cgc.bool>) -> ({0}, {2}) {{
    %o, %s = cgc_op.attention(%q, %k, %v, %m) {{is_causal = true, causal_offset = -1 : i64, qk_matmul_output_mode = 3 : i64} : ({0}, {1}, {1}, !cgc.tensor<40x12x!cgc.bool>)
    cgc.return %o, %s : {0}, {2}
  }
})mlir",
                    tensorType({1, 2, 40, 4}), tensorType({1, 1, 12, 4}),
                    tensorType({1, 2, 40, 12}))
          .str();
  expectedPattern = "attentionOp";
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(47);
    std::vector<Tensor> inputs = {
        testgen::randomTensor({1, 2, 40, 4}, random, -2, 2),
        testgen::randomTensor({1, 1, 12, 4}, random, -2, 2),
        testgen::randomTensor({1, 1, 12, 4}, random, -2, 2)};
    Tensor mask(DType::Bool, {40, 12});
    for (int64_t i = 0; i < mask.getNumElements(); ++i)
      mask.setFromInt(i, i % 5 != 2);
    inputs.push_back(mask);
    return inputs;
  });
}

// Modes 0, 1 and 2: the scores scaled, after the softcap, after the float
// mask and causality (-inf where hidden), each stored as the row's walk
// computes it.
TEST_P(AttentionKernelTest, OnnxAttentionScoresAtEachStage) {
  for (int mode = 0; mode < 3; ++mode) {
    SCOPED_TRACE("qk_matmul_output_mode " + std::to_string(mode));
    std::string text =
        llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%q: {0}, %k: {1}, %v: {1}, %m: {2}) -> ({0}, {2}) {{
    %o, %s = cgc_op.attention(%q, %k, %v, %m) {{is_causal = true, softcap = 1.5 : f32, qk_matmul_output_mode = {3} : i64} : ({0}, {1}, {1}, {2})
    cgc.return %o, %s : {0}, {2}
  }
})mlir",
                      tensorType({2, 1, 5, 4}), tensorType({2, 1, 7, 4}),
                      tensorType({2, 1, 5, 7}), mode)
            .str();
    expectedPattern = "attentionOp";
    expectOneDeviceSubgraph(text, 53 + mode, -3, 3);
  }
}

// float16 query, key, value, mask and outputs: read as float32, computed
// in float32, stored rounded to float16 (within a half's rounding of the
// reference, which computes in double).
TEST_P(AttentionKernelTest, OnnxAttentionFloat16) {
  std::string text = R"mlir(
cgc.module {
  cgc.entry_point @main(%q: !cgc.tensor<2x3x4x8x!cgc.float16>, %k: !cgc.tensor<2x3x6x8x!cgc.float16>, %v: !cgc.tensor<2x3x6x8x!cgc.float16>, %m: !cgc.tensor<4x6x!cgc.float16>) -> (!cgc.tensor<2x3x4x8x!cgc.float16>, !cgc.tensor<2x3x4x6x!cgc.float16>) {
    %o, %s = cgc_op.attention(%q, %k, %v, %m) {qk_matmul_output_mode = 3 : i64} : (!cgc.tensor<2x3x4x8x!cgc.float16>, !cgc.tensor<2x3x6x8x!cgc.float16>, !cgc.tensor<2x3x6x8x!cgc.float16>, !cgc.tensor<4x6x!cgc.float16>)
    cgc.return %o, %s : !cgc.tensor<2x3x4x8x!cgc.float16>, !cgc.tensor<2x3x4x6x!cgc.float16>
  }
})mlir";
  expectedPattern = "attentionOp";
  tolerance = 2e-3;
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp entry) {
    std::mt19937 random(59);
    std::vector<Tensor> inputs;
    for (mlir::Type type : entry.getArgumentTypes()) {
      auto shape = mlir::cast<cgc::TensorType>(type).getShape();
      Tensor wide = testgen::randomTensor(shape, random, -2, 2);
      Tensor half(DType::Float16, shape);
      for (int64_t i = 0; i < half.getNumElements(); ++i)
        half.setFromDouble(i, wide.getAsDouble(i));
      inputs.push_back(half);
    }
    return inputs;
  });
}

INSTANTIATE_TEST_SUITE_P(Vulkan, AttentionKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, AttentionKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, AttentionKernelTest,
                         ::testing::Values("dxil-host"));
} // namespace
