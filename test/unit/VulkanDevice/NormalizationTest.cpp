//===- NormalizationTest.cpp - Normalizations on the Vulkan device --------===//
//
// batch_normalization fused per channel into elementwise chains and into
// convolution / gemm epilogues, and the layer, instance, mean-variance and
// Lp normalizations and LRN with their epilogues, compiled for the Vulkan
// target: each graph must become one subgraph that runs on Vulkan and
// matches the reference executor on random inputs.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
class NormalizationKernelTest : public testgen::FusedKernelTest {
protected:
  /// Inputs in [low, high]; batch_normalization needs a positive variance.
  void expectMatchesReference(const std::string &text, double low = -1.0,
                              double high = 1.0) {
    expectOneDeviceSubgraph(text, /*seed=*/11, low, high);
  }
};
using testgen::tensorType;

/// An entry point @main taking tensors of `inputs` (named %a, %b, ...),
/// running `body` and returning %r of `result`'s shape.
std::string entryPoint(llvm::ArrayRef<llvm::SmallVector<int64_t>> inputs,
                       llvm::StringRef body, llvm::ArrayRef<int64_t> result) {
  std::string arguments;
  for (auto [k, shape] : llvm::enumerate(inputs))
    arguments += (k ? ", %" : "%") + std::string(1, char('a' + k)) + ": " +
                 tensorType(shape);
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main({0}) -> {1} {{
{2}
    cgc.return %r : {1}
  }
})mlir",
                       arguments, tensorType(result), body)
      .str();
}

/// One op on %a with attributes, giving %r of %a's shape.
std::string singleOp(llvm::StringRef op, llvm::ArrayRef<int64_t> shape,
                     llvm::StringRef attributes) {
  std::string type = tensorType(shape);
  return entryPoint(
      {llvm::SmallVector<int64_t>(shape)},
      llvm::formatv("    %r = cgc_op.{0}(%a){1} : ({2})", op, attributes, type)
          .str(),
      shape);
}

TEST_P(NormalizationKernelTest, BatchNormalizationMatchesTheReference) {
  for (llvm::SmallVector<int64_t> shape :
       {llvm::SmallVector<int64_t>{2, 3, 4, 5}, {4, 7}, {2, 5, 3, 2, 3}}) {
    std::string x = tensorType(shape), c = tensorType({shape[1]});
    SCOPED_TRACE(x);
    expectMatchesReference(
        entryPoint({shape, {shape[1]}, {shape[1]}, {shape[1]}, {shape[1]}},
                   llvm::formatv("    %r = cgc_op.batch_normalization(%a, %b, "
                                 "%c, %d, %e) {{epsilon = 0.01 : f32} : ({0}, "
                                 "{1}, {1}, {1}, {1})",
                                 x, c)
                       .str(),
                   shape),
        0.1, 2.0);
  }
}

TEST_P(NormalizationKernelTest, BatchNormalizationJoinsAnElementwiseChain) {
  // add -> batch_normalization -> relu: one elementwise kernel; %b is
  // broadcast numpy-style over the last axis, whose extent equals C.
  std::string x = tensorType({2, 4, 3, 4}), y = tensorType({4}),
              c = tensorType({4});
  expectMatchesReference(
      entryPoint({{2, 4, 3, 4}, {4}, {4}, {4}, {4}},
                 llvm::formatv(R"mlir(    %s = cgc_op.sub(%a, %b) : ({0}, {1})
    %n = cgc_op.batch_normalization(%s, %b, %c, %d, %e) : ({0}, {2}, {2}, {2}, {2})
    %r = cgc_op.relu(%n) : ({0}))mlir",
                               x, y, c)
                     .str(),
                 {2, 4, 3, 4}),
      0.1, 2.0);
}

TEST_P(NormalizationKernelTest, ConvBatchNormReluIsOneKernel) {
  std::string x = tensorType({2, 3, 9, 9}), w = tensorType({8, 3, 3, 3}),
              bias = tensorType({8}), y = tensorType({2, 8, 9, 9});
  expectMatchesReference(
      entryPoint(
          {{2, 3, 9, 9}, {8, 3, 3, 3}, {8}, {8}, {8}, {8}, {8}},
          llvm::formatv(
              R"mlir(    %y = cgc_op.convolution(%a, %b, %c) {{start_padding = [1, 1], end_padding = [1, 1]} : ({0}, {1}, {2})
    %n = cgc_op.batch_normalization(%y, %d, %e, %f, %g) {{epsilon = 0.001 : f32} : ({3}, {2}, {2}, {2}, {2})
    %r = cgc_op.relu(%n) : ({3}))mlir",
              x, w, bias, y)
              .str(),
          {2, 8, 9, 9}),
      0.1, 2.0);
}

TEST_P(NormalizationKernelTest, GemmBatchNormSigmoidIsOneKernel) {
  // A [6, 10] product normalized per column (its channel dimension).
  std::string a = tensorType({6, 12}), b = tensorType({12, 10}),
              c = tensorType({10}), y = tensorType({6, 10});
  expectMatchesReference(
      entryPoint({{6, 12}, {12, 10}, {10}, {10}, {10}, {10}},
                 llvm::formatv(R"mlir(    %y = cgc_op.gemm(%a, %b) : ({0}, {1})
    %n = cgc_op.batch_normalization(%y, %c, %d, %e, %f) : ({3}, {2}, {2}, {2}, {2})
    %r = cgc_op.sigmoid(%n) : ({3}))mlir",
                               a, b, c, y)
                     .str(),
                 {6, 10}),
      0.1, 2.0);
}

TEST_P(NormalizationKernelTest, MatmulAddBatchNormReluIsOneKernel) {
  // Elementwise ops between the product and batch_normalization fuse too:
  // a [2, 5, 8] batched product, channel dimension 5.
  std::string a = tensorType({2, 5, 6}), b = tensorType({6, 8}),
              y = tensorType({2, 5, 8}), row = tensorType({8}),
              c = tensorType({5});
  expectMatchesReference(
      entryPoint(
          {{2, 5, 6}, {6, 8}, {8}, {5}, {5}, {5}, {5}},
          llvm::formatv(R"mlir(    %y = cgc_op.matmul(%a, %b) : ({0}, {1})
    %s = cgc_op.add(%y, %c) : ({2}, {3})
    %n = cgc_op.batch_normalization(%s, %d, %e, %f, %g) : ({2}, {4}, {4}, {4}, {4})
    %r = cgc_op.relu(%n) : ({2}))mlir",
                        a, b, y, row, c)
              .str(),
          {2, 5, 8}),
      0.1, 2.0);
}

TEST_P(NormalizationKernelTest, LayerNormalizationMatchesTheReference) {
  struct Case {
    llvm::SmallVector<int64_t> shape, scale;
    int64_t axis;
    bool bias;
  };
  for (const Case &test :
       {Case{{3, 4, 5}, {5}, -1, true}, Case{{3, 4, 5}, {4, 5}, 1, false},
        Case{{3, 4, 5}, {5}, -2, true},
        Case{{2, 3, 4, 5}, {2, 3, 4, 5}, 0, true},
        Case{{70, 33, 10}, {10}, 2, true}}) {
    std::string x = tensorType(test.shape), s = tensorType(test.scale);
    SCOPED_TRACE(x + " axis " + std::to_string(test.axis));
    std::string operands = test.bias ? "%a, %b, %c" : "%a, %b";
    std::string types = x + ", " + s + (test.bias ? ", " + s : "");
    llvm::SmallVector<llvm::SmallVector<int64_t>> inputs = {test.shape,
                                                            test.scale};
    if (test.bias)
      inputs.push_back(test.scale);
    expectMatchesReference(entryPoint(
        inputs,
        llvm::formatv("    %r, %m, %i = cgc_op.layer_normalization({0}) "
                      "{{axis = {1} : i64, epsilon = 0.001 : f32} : ({2})",
                      operands, test.axis, types)
            .str(),
        test.shape));
  }
}

TEST_P(NormalizationKernelTest, LayerNormalizationTakesAnEpilogue) {
  // Transformer style: normalize, add the residual, then gelu.
  std::string x = tensorType({4, 6, 16}), s = tensorType({16});
  expectMatchesReference(entryPoint(
      {{4, 6, 16}, {16}, {16}, {4, 6, 16}},
      llvm::formatv(
          R"mlir(    %n, %m, %i = cgc_op.layer_normalization(%a, %b, %c) : ({0}, {1}, {1})
    %s = cgc_op.add(%n, %d) : ({0}, {0})
    %r = cgc_op.gelu(%s) : ({0}))mlir",
          x, s)
          .str(),
      {4, 6, 16}));
}

TEST_P(NormalizationKernelTest, InstanceNormalizationMatchesTheReference) {
  for (llvm::SmallVector<int64_t> shape :
       {llvm::SmallVector<int64_t>{2, 3, 4, 5}, {3, 4, 7}, {1, 2, 3, 2, 4}}) {
    std::string x = tensorType(shape), c = tensorType({shape[1]});
    SCOPED_TRACE(x);
    expectMatchesReference(entryPoint(
        {shape, {shape[1]}, {shape[1]}},
        llvm::formatv("    %n = cgc_op.instance_normalization(%a, %b, %c) "
                      "{{epsilon = 0.01 : f32} : ({0}, {1}, {1})\n"
                      "    %r = cgc_op.relu(%n) : ({0})",
                      x, c)
            .str(),
        shape));
  }
}

TEST_P(NormalizationKernelTest, MeanVarianceNormalizationMatchesTheReference) {
  for (const char *axes : {"[0, 2, 3]", "[1]", "[-1, 1]", "[0, 1, 2, 3]"}) {
    SCOPED_TRACE(axes);
    expectMatchesReference(
        singleOp("mean_variance_normalization", {2, 3, 4, 5},
                 (llvm::Twine(" {axes = ") + axes + "}").str()));
  }
}

TEST_P(NormalizationKernelTest, LpNormalizationMatchesTheReference) {
  for (int64_t p : {1, 2})
    for (int64_t axis : {0, 1, -1}) {
      SCOPED_TRACE("p " + std::to_string(p) + " axis " + std::to_string(axis));
      expectMatchesReference(singleOp(
          "lp_normalization", {3, 4, 5},
          llvm::formatv(" {{axis = {0} : i64, p = {1} : i64}", axis, p).str()));
    }
}

TEST_P(NormalizationKernelTest, LrnMatchesTheReference) {
  // Odd and even windows (the even one reaches further above), wider than
  // the channels, with ONNX's defaults and without.
  for (const char *attributes :
       {" {size = 3 : i64}", " {size = 4 : i64, alpha = 0.01 : f32}",
        " {size = 9 : i64, alpha = 0.5 : f32, beta = 0.6 : f32, "
        "bias = 2.0 : f32}"}) {
    SCOPED_TRACE(attributes);
    expectMatchesReference(singleOp("lrn", {2, 5, 3, 4}, attributes));
  }
}
INSTANTIATE_TEST_SUITE_P(Vulkan, NormalizationKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, NormalizationKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, NormalizationKernelTest,
                         ::testing::Values("dxil-host"));

} // namespace
