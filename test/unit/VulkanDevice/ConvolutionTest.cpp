//===- ConvolutionTest.cpp - Convolution kernels on the Vulkan device -----===//
//
// 2-D convolutions with elementwise epilogues, compiled for the Vulkan
// target, must run wholly on Vulkan (the epilogue fused into the
// convolution's kernel) and match the reference executor: bias and relu,
// a residual add, strides/padding/dilation, groups and depthwise, with 1,
// 4, 8 or 16 output channels per invocation, on the general path and the
// vec4 fast path.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
class ConvolutionKernelTest : public testgen::FusedKernelTest {
protected:
  void expectMatchesReference(const std::string &text) {
    expectOneDeviceSubgraph(text, /*seed=*/13);
  }
};
using testgen::tensorType;
using Shape = llvm::SmallVector<int64_t, 4>;

struct Conv {
  Shape input, weight, output;
  std::string attributes;
};

/// relu(conv(x, w, b)), optionally + a residual input of the output shape.
std::string convBiasRelu(const Conv &c, bool residual) {
  std::string x = tensorType(c.input), w = tensorType(c.weight),
              b = tensorType({c.weight[0]}), out = tensorType(c.output);
  std::string epilogue = residual ? llvm::formatv(R"mlir(
    %s = cgc_op.add(%c, %res) : ({0}, {0})
    %r = cgc_op.relu(%s) : ({0}))mlir",
                                                  out)
                                        .str()
                                  : llvm::formatv(R"mlir(
    %r = cgc_op.relu(%c) : ({0}))mlir",
                                                  out)
                                        .str();
  std::string extra = residual ? ", %res: " + out : "";
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %w: {1}, %b: {2}{4}) -> {3} {{
    %c = cgc_op.convolution(%x, %w, %b){5} : ({0}, {1}, {2}){6}
    cgc.return %r : {3}
  }
})mlir",
                       x, w, b, out, extra, c.attributes, epilogue)
      .str();
}

TEST_P(ConvolutionKernelTest, ConvolutionBiasReluMatchesTheReference) {
  std::vector<Conv> cases = {
      {{1, 3, 8, 8}, {4, 3, 3, 3}, {1, 4, 6, 6}, ""},
      {{2, 3, 7, 5},
       {4, 3, 3, 3},
       {2, 4, 7, 5},
       " {start_padding = [1, 1], end_padding = [1, 1]}"},
      {{1, 2, 10, 9},
       {3, 2, 3, 2},
       {1, 3, 5, 4},
       " {strides = [2, 2], start_padding = [1, 0], end_padding = [1, 0]}"},
      {{1, 2, 9, 11}, {3, 2, 3, 3}, {1, 3, 5, 7}, " {dilations = [2, 2]}"},
      {{1, 4, 6, 6},
       {6, 2, 3, 3},
       {1, 6, 6, 6},
       " {group = 2 : i64, start_padding = [1, 1], end_padding = [1, 1]}"},
      // Four channels per invocation within each of two groups.
      {{1, 4, 7, 6}, {8, 2, 3, 3}, {1, 8, 5, 4}, " {group = 2 : i64}"},
      // 16 and 8 channels per invocation off the fast path (column stride
      // 2; rows not a multiple of 4 wide).
      {{1, 3, 9, 10},
       {16, 3, 3, 3},
       {1, 16, 5, 5},
       " {strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]}"},
      {{1, 2, 5, 7}, {24, 2, 3, 3}, {1, 24, 3, 5}, ""},
  };
  for (const Conv &c : cases)
    expectMatchesReference(convBiasRelu(c, /*residual=*/false));
}

// The fast path (input rows a multiple of 4 wide, unit column stride and
// dilation): vec4 input fetches, unrolled window, 16/8/4/1 channels per
// invocation, vec4 weights where channelStep input channels of a filter are
// whole vec4s, padding reaching into the neighbouring vec4s.
TEST_P(ConvolutionKernelTest, VectorFastPathMatchesTheReference) {
  std::vector<Conv> cases = {
      // 16 channels, vec4 weights (4 input channels per step), padding 1.
      {{2, 8, 6, 8},
       {32, 8, 3, 3},
       {2, 32, 6, 8},
       " {start_padding = [1, 1], end_padding = [1, 1]}"},
      // 8 channels, scalar weights (3 input channels), no padding.
      {{1, 3, 5, 8}, {8, 3, 3, 3}, {1, 8, 3, 6}, ""},
      // 12 channels: 4 per invocation; 5x5 window, padding 2.
      {{1, 4, 7, 12},
       {12, 4, 5, 5},
       {1, 12, 7, 12},
       " {start_padding = [2, 2], end_padding = [2, 2]}"},
      // 5x5 with 16 channels: too big a step for vec4 weights, scalar ones.
      {{1, 4, 6, 8},
       {16, 4, 5, 5},
       {1, 16, 6, 8},
       " {start_padding = [2, 2], end_padding = [2, 2]}"},
      // 1x1 filters, 16 channels, vec4 weights.
      {{1, 8, 3, 4}, {16, 8, 1, 1}, {1, 16, 3, 4}, ""},
      // Padding 3: output columns past the input, taps in both neighbours.
      {{1, 2, 4, 4},
       {4, 2, 3, 3},
       {1, 4, 8, 8},
       " {start_padding = [3, 3], end_padding = [3, 3]}"},
      // Depthwise and grouped with 8 channels per group, row stride 2.
      {{1, 4, 6, 8},
       {4, 1, 3, 3},
       {1, 4, 6, 8},
       " {group = 4 : i64, start_padding = [1, 1], end_padding = [1, 1]}"},
      {{1, 8, 9, 8},
       {16, 4, 3, 3},
       {1, 16, 5, 8},
       " {group = 2 : i64, strides = [2, 1], start_padding = [1, 1], "
       "end_padding = [1, 1]}"},
  };
  for (const Conv &c : cases)
    expectMatchesReference(convBiasRelu(c, /*residual=*/false));
  expectMatchesReference(convBiasRelu(cases[0], /*residual=*/true));
}

// The fast path element by element (rows not a multiple of 4 wide, strides,
// dilations): 7x7 and 14x14 images as in ResNet's last stages, a dilated
// window, a grouped 5x5 window with stride 2, a 1x7 window.
TEST_P(ConvolutionKernelTest, ElementFastPathMatchesTheReference) {
  std::vector<Conv> cases = {
      {{1, 8, 7, 7},
       {16, 8, 3, 3},
       {1, 16, 7, 7},
       " {start_padding = [1, 1], end_padding = [1, 1]}"},
      {{2, 4, 14, 14},
       {8, 4, 3, 3},
       {2, 8, 7, 7},
       " {strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]}"},
      {{1, 3, 9, 10}, {4, 3, 3, 3}, {1, 4, 5, 6}, " {dilations = [2, 2]}"},
      {{1, 4, 11, 11},
       {8, 2, 5, 5},
       {1, 8, 6, 6},
       " {group = 2 : i64, strides = [2, 2], start_padding = [2, 2], "
       "end_padding = [2, 2]}"},
      {{1, 2, 5, 9},
       {4, 2, 1, 7},
       {1, 4, 5, 9},
       " {start_padding = [0, 3], end_padding = [0, 3]}"},
  };
  for (const Conv &c : cases)
    expectMatchesReference(convBiasRelu(c, /*residual=*/false));
  expectMatchesReference(convBiasRelu(cases[1], /*residual=*/true));
}

// The fast path's register tiles (chooseFastPath, chooseRows): 8 channels x
// 8 columns x 4 rows over vec4 rows, the last column tile partial and the
// last row tile 2 rows past the height; 8 channels x 15 columns
// where weights are read one by one (a stem-like 7x7 window, stride 2, rows
// 30 wide); a depthwise window over 16 columns; 7 columns of a 14-wide row.
TEST_P(ConvolutionKernelTest, RegisterTilesMatchTheReference) {
  std::vector<Conv> cases = {
      {{2, 16, 6, 28},
       {16, 16, 3, 3},
       {2, 16, 6, 28},
       " {start_padding = [1, 1], end_padding = [1, 1]}"},
      {{1, 3, 20, 60},
       {16, 3, 7, 7},
       {1, 16, 10, 30},
       " {strides = [2, 2], start_padding = [3, 3], end_padding = [3, 3]}"},
      {{1, 4, 5, 40},
       {4, 1, 3, 3},
       {1, 4, 5, 40},
       " {group = 4 : i64, start_padding = [1, 1], end_padding = [1, 1]}"},
      {{1, 8, 14, 14},
       {16, 8, 3, 3},
       {1, 16, 14, 14},
       " {start_padding = [1, 1], end_padding = [1, 1]}"},
  };
  for (const Conv &c : cases)
    expectMatchesReference(convBiasRelu(c, /*residual=*/false));
  expectMatchesReference(convBiasRelu(cases[1], /*residual=*/true));
}

// Several output rows per invocation (chooseRows): heights that 4 (or, for
// depthwise layers, 2) does not divide, so the last tile's extra rows are
// computed from clamped, zeroed loads and not stored; dilation, where the
// rows' windows share fewer input rows; a second image; a residual operand
// read at each row's own coordinates.
TEST_P(ConvolutionKernelTest, MultiRowTilesMatchTheReference) {
  std::vector<Conv> cases = {
      {{2, 16, 7, 12},
       {16, 16, 3, 3},
       {2, 16, 7, 12},
       " {start_padding = [1, 1], end_padding = [1, 1]}"},
      {{1, 8, 11, 16}, {8, 8, 3, 3}, {1, 8, 7, 12}, " {dilations = [2, 2]}"},
      {{1, 6, 9, 12},
       {6, 1, 5, 5},
       {1, 6, 9, 12},
       " {group = 6 : i64, start_padding = [2, 2], end_padding = [2, 2]}"},
      {{1, 8, 5, 9},
       {8, 1, 3, 3},
       {1, 8, 5, 9},
       " {group = 8 : i64, start_padding = [1, 1], end_padding = [1, 1]}"},
  };
  for (const Conv &c : cases)
    expectMatchesReference(convBiasRelu(c, /*residual=*/false));
  expectMatchesReference(convBiasRelu(cases[0], /*residual=*/true));
  expectMatchesReference(convBiasRelu(cases[2], /*residual=*/true));
}

// Pointwise convolutions (1x1 window, no padding, one group) run through
// the matmul kernel: weights [M, C] times each image [C, spatial] (or its
// strided subsample), the bias added per row. Images whose spatial size is
// not a multiple of 4 read B as scalars; 32x16x16 to 256 channels takes the
// narrow 64-column tile; a 1-D convolution with 6 input channels reads A as
// scalars.
TEST_P(ConvolutionKernelTest,
       PointwiseThroughTheMatmulKernelMatchesTheReference) {
  std::vector<Conv> cases = {
      {{2, 8, 7, 7}, {24, 8, 1, 1}, {2, 24, 7, 7}, ""},
      {{1, 32, 16, 16}, {256, 32, 1, 1}, {1, 256, 16, 16}, ""},
      {{1, 6, 10}, {10, 6, 1}, {1, 10, 10}, ""},
      // Strided (ResNet's projections): B's columns subsampled.
      {{1, 8, 8, 8}, {16, 8, 1, 1}, {1, 16, 4, 4}, " {strides = [2, 2]}"},
      {{2, 4, 7, 9}, {16, 4, 1, 1}, {2, 16, 4, 3}, " {strides = [2, 3]}"},
      // 320 x 49: the narrow tile, which fills 10 workgroups.
      {{1, 16, 7, 7}, {320, 16, 1, 1}, {1, 320, 7, 7}, ""},
      // Padded: the convolution kernel's.
      {{1, 4, 5, 5},
       {8, 4, 1, 1},
       {1, 8, 7, 7},
       " {start_padding = [1, 1], end_padding = [1, 1]}"},
  };
  for (const Conv &c : cases)
    expectMatchesReference(convBiasRelu(c, /*residual=*/false));
  expectMatchesReference(convBiasRelu(cases[0], /*residual=*/true));
  expectMatchesReference(convBiasRelu(cases[1], /*residual=*/true));
}

TEST_P(ConvolutionKernelTest, ResidualAddEpilogueMatchesTheReference) {
  expectMatchesReference(
      convBiasRelu({{2, 8, 12, 12},
                    {8, 8, 3, 3},
                    {2, 8, 12, 12},
                    " {start_padding = [1, 1], end_padding = [1, 1]}"},
                   /*residual=*/true));
}

TEST_P(ConvolutionKernelTest, DepthwiseWithoutBiasMatchesTheReference) {
  std::string x = tensorType({1, 6, 9, 9}), w = tensorType({6, 1, 3, 3}),
              out = tensorType({1, 6, 5, 5});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %w: {1}) -> {2} {{
    %c = cgc_op.convolution(%x, %w) {{group = 6 : i64, strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]} : ({0}, {1})
    cgc.return %c : {2}
  }
})mlir",
                                       x, w, out)
                             .str());
}
INSTANTIATE_TEST_SUITE_P(Vulkan, ConvolutionKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, ConvolutionKernelTest,
                         ::testing::Values("nvvm-host"));
// Implicit GEMMs and pointwise convolutions on tensor cores.
INSTANTIATE_TEST_SUITE_P(NvvmHostTf32x3, ConvolutionKernelTest,
                         ::testing::Values("nvvm-host/tf32x3"));
INSTANTIATE_TEST_SUITE_P(DxilHost, ConvolutionKernelTest,
                         ::testing::Values("dxil-host"));

} // namespace
