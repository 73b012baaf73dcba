//===- ConvTransposeTest.cpp - Transposed convolution kernels -------------===//
//
// conv_transpose compiled for the GPU targets must run wholly on the device
// (an elementwise epilogue fused into its kernel) and match the reference
// executor: the one-tap form (kernel extent no larger than the stride, as
// in upsampling layers; kernel equal to the stride through the matmul
// kernel) and the general gather over every tap.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
using testgen::tensorType;
using Shape = llvm::SmallVector<int64_t, 4>;

class ConvTransposeKernelTest : public testgen::FusedKernelTest {
protected:
  /// conv_transpose of %x by %w (and %b) with `attributes`, then a relu.
  void expectMatchesReference(const Shape &x, const Shape &w, const Shape &y,
                              const std::string &attributes, bool bias) {
    std::string xt = tensorType(x), wt = tensorType(w), yt = tensorType(y),
                bt = tensorType({y[1]});
    std::string text =
        llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %w: {1}{2}) -> {3} {{
    %c = cgc_op.conv_transpose(%x, %w{4}) {{{5}} : ({0}, {1}{6})
    %r = cgc_op.relu(%c) : ({3})
    cgc.return %r : {3}
  }
})mlir",
                      xt, wt, bias ? ", %b: " + bt : "", yt, bias ? ", %b" : "",
                      attributes, bias ? ", " + bt : "")
            .str();
    expectOneDeviceSubgraph(text, /*seed=*/41);
  }
};

TEST_P(ConvTransposeKernelTest, OneTapUpsamplingMatchesTheReference) {
  // PP-OCRv4's detector: 2x2 kernels, stride 2.
  expectMatchesReference({1, 6, 5, 4}, {6, 3, 2, 2}, {1, 3, 10, 8},
                         "strides = [2, 2]", /*bias=*/true);
  // A kernel smaller than the stride leaves output positions no tap reaches.
  expectMatchesReference({1, 2, 4}, {2, 2, 2}, {1, 2, 11}, "strides = [3]",
                         /*bias=*/false);
}

// A kernel equal to the stride (one group, no padding) is the matmul
// kernel's: the transposed weights times each image, scattered into the
// output; its bias per channel. Two images, 2x3 taps, an odd input width
// (scalar B), 4x4 images of 16 channels to 32 (the large register tile).
TEST_P(ConvTransposeKernelTest,
       UpsamplingThroughTheMatmulKernelMatchesTheReference) {
  expectMatchesReference({2, 6, 5, 7}, {6, 3, 2, 3}, {2, 3, 10, 21},
                         "strides = [2, 3]", /*bias=*/true);
  expectMatchesReference({1, 8, 4, 4}, {8, 5, 2, 2}, {1, 5, 8, 8},
                         "strides = [2, 2]", /*bias=*/false);
  expectMatchesReference({1, 16, 16, 16}, {16, 32, 2, 2}, {1, 32, 32, 32},
                         "strides = [2, 2]", /*bias=*/true);
}

// PP-OCRv4's detector adds a bias and runs batch_normalization and relu
// after its upsampling layers: one subgraph (the
// convTransposeBatchNormalization pattern), the normalization in the
// matmul kernel's epilogue. Inputs positive: the variance must be.
TEST_P(ConvTransposeKernelTest, BatchNormalizationEpilogueMatchesTheReference) {
  std::string x = tensorType({1, 6, 5, 7}), w = tensorType({6, 4, 2, 2}),
              y = tensorType({1, 4, 10, 14}), b = tensorType({1, 4, 1, 1}),
              c = tensorType({4});
  expectOneDeviceSubgraph(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %w: {1}, %b: {3}, %s: {4}, %o: {4}, %m: {4}, %v: {4}) -> {2} {{
    %c = cgc_op.conv_transpose(%x, %w) {{strides = [2, 2]} : ({0}, {1})
    %a = cgc_op.add(%c, %b) : ({2}, {3})
    %n = cgc_op.batch_normalization(%a, %s, %o, %m, %v) : ({2}, {4}, {4}, {4}, {4})
    %r = cgc_op.relu(%n) : ({2})
    cgc.return %r : {2}
  }
})mlir",
                                        x, w, y, b, c)
                              .str(),
                          /*seed=*/43, /*low=*/0.1, /*high=*/2.0);
}

// Input widths a multiple of 4: the matmul kernel reads the transposed
// weights as vec4s of four rows and stores each pair of 2-wide taps as two
// vec4s (pairsUpsamplingTaps). An epilogue operand of the output's shape
// checks that every element's epilogue reads its own output position; two
// images check the batch offset.
TEST_P(ConvTransposeKernelTest, PairedTapStoresMatchTheReference) {
  std::string x = tensorType({2, 6, 3, 8}), w = tensorType({6, 4, 2, 2}),
              y = tensorType({2, 4, 6, 16}), b = tensorType({4});
  expectOneDeviceSubgraph(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %w: {1}, %b: {3}, %e: {2}) -> {2} {{
    %c = cgc_op.conv_transpose(%x, %w, %b) {{strides = [2, 2]} : ({0}, {1}, {3})
    %a = cgc_op.add(%c, %e) : ({2}, {2})
    %r = cgc_op.relu(%a) : ({2})
    cgc.return %r : {2}
  }
})mlir",
                                        x, w, y, b)
                              .str(),
                          /*seed=*/47);
}

TEST_P(ConvTransposeKernelTest, GeneralGatherMatchesTheReference) {
  expectMatchesReference({1, 3, 5, 5}, {3, 4, 3, 3}, {1, 4, 10, 10},
                         "strides = [2, 2], start_padding = [1, 1], "
                         "end_padding = [1, 1], output_padding = [1, 1]",
                         /*bias=*/true);
  expectMatchesReference({2, 4, 5}, {4, 1, 3}, {2, 2, 7},
                         "group = 2 : i64, dilations = [2], start_padding = "
                         "[1], end_padding = [1]",
                         /*bias=*/false);
}

INSTANTIATE_TEST_SUITE_P(Vulkan, ConvTransposeKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, ConvTransposeKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, ConvTransposeKernelTest,
                         ::testing::Values("dxil-host"));

} // namespace
