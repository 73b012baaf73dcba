//===- ConvolutionTest.cpp - Convolution kernels on the Vulkan device -----===//
//
// 2-D convolutions with elementwise epilogues, compiled for the Vulkan
// target, must run wholly on Vulkan (the epilogue fused into the
// convolution's kernel) and match the reference executor: bias and relu,
// a residual add, strides/padding/dilation, groups and depthwise, with one
// or four output channels per invocation.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
class VulkanConvolutionTest : public testgen::FusedKernelTest {
protected:
  void expectMatchesReference(const std::string &text) {
    expectOneVulkanSubgraph(text, /*seed=*/13);
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

TEST_F(VulkanConvolutionTest, ConvolutionBiasReluMatchesTheReference) {
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
  };
  for (const Conv &c : cases)
    expectMatchesReference(convBiasRelu(c, /*residual=*/false));
}

TEST_F(VulkanConvolutionTest, ResidualAddEpilogueMatchesTheReference) {
  expectMatchesReference(
      convBiasRelu({{2, 8, 12, 12},
                    {8, 8, 3, 3},
                    {2, 8, 12, 12},
                    " {start_padding = [1, 1], end_padding = [1, 1]}"},
                   /*residual=*/true));
}

TEST_F(VulkanConvolutionTest, DepthwiseWithoutBiasMatchesTheReference) {
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
} // namespace
