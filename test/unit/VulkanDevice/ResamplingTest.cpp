//===- ResamplingTest.cpp - Resampling kernels on the Vulkan device -------===//
//
// Nearest and linear upsampling (upsample over 1 to 3 spatial dimensions,
// upsample2d) and the depth_to_space / space_to_depth block moves, compiled
// for the Vulkan target, must run wholly on Vulkan (an elementwise epilogue
// fused into the resampling's kernel) and match the reference executor.
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

class ResamplingKernelTest : public testgen::FusedKernelTest {
protected:
  void expectMatchesReference(const std::string &text) {
    expectOneDeviceSubgraph(text, /*seed=*/31);
  }
};

/// `op` (with `attributes`) from %x of shape `input` to `output`, then
/// `epilogue` (ops on %p ending in %r, "{0}" the output type; empty: none);
/// `extraInput` adds %res of the output's shape.
std::string resampled(const std::string &op, const std::string &attributes,
                      const Shape &input, const Shape &output,
                      const std::string &epilogue = "",
                      bool extraInput = false) {
  std::string x = tensorType(input), y = tensorType(output);
  std::string ops = llvm::formatv(epilogue.c_str(), y).str();
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}{1}) -> {2} {{
    %p = cgc_op.{3}(%x) {{{4}} : ({0}){5}
    cgc.return {6} : {2}
  }
})mlir",
                       x, extraInput ? ", %res: " + y : "", y, op, attributes,
                       ops, epilogue.empty() ? "%p" : "%r")
      .str();
}

TEST_P(ResamplingKernelTest, NearestUpsamplingMatchesTheReference) {
  // The specification's example.
  expectMatchesReference(
      resampled("upsample", "scale_size = [2, 2]", {1, 1, 4, 4}, {1, 1, 8, 8}));
  expectMatchesReference(resampled("upsample2d", "scale_size = [2, 3]",
                                   {2, 3, 5, 4}, {2, 3, 10, 12}));
  expectMatchesReference(
      resampled("upsample", "scale_size = [3]", {2, 3, 7}, {2, 3, 21}));
  expectMatchesReference(resampled("upsample", "scale_size = [2, 1, 3]",
                                   {1, 2, 3, 4, 5}, {1, 2, 6, 4, 15}));
}

/// resize in nearest mode, asymmetric, floor, by integer factors (the
/// export of PyTorch's nn.Upsample) is nearest upsampling.
TEST_P(ResamplingKernelTest, NearestResizeByIntegerFactorsMatchesTheReference) {
  expectMatchesReference(resampled(
      "resize",
      "sizes = [1, 3, 10, 12], scales = [1.0, 1.0, 2.0, 3.0], mode = "
      "\"nearest\", coordinate_transformation_mode = \"asymmetric\", "
      "nearest_mode = \"floor\"",
      {1, 3, 5, 4}, {1, 3, 10, 12}));
}

TEST_P(ResamplingKernelTest, LinearUpsamplingMatchesTheReference) {
  expectMatchesReference(resampled("upsample",
                                   "scale_size = [2, 2], mode = \"linear\"",
                                   {1, 2, 4, 4}, {1, 2, 8, 8}));
  expectMatchesReference(resampled("upsample2d",
                                   "scale_size = [3, 1], mode = \"linear\"",
                                   {2, 3, 5, 4}, {2, 3, 15, 4}));
  expectMatchesReference(resampled("upsample",
                                   "scale_size = [4], mode = \"linear\"",
                                   {2, 3, 7}, {2, 3, 28}));
  expectMatchesReference(resampled("upsample",
                                   "scale_size = [2, 3, 2], mode = \"linear\"",
                                   {1, 2, 3, 4, 5}, {1, 2, 6, 12, 10}));
}

TEST_P(ResamplingKernelTest, BlockMovesMatchTheReference) {
  expectMatchesReference(resampled("depth_to_space", "blocksize = 2 : i64",
                                   {2, 8, 3, 5}, {2, 2, 6, 10}));
  expectMatchesReference(resampled("depth_to_space",
                                   "blocksize = 3 : i64, mode = \"CRD\"",
                                   {1, 18, 4, 3}, {1, 2, 12, 9}));
  expectMatchesReference(resampled("space_to_depth", "blocksize = 2 : i64",
                                   {2, 3, 6, 8}, {2, 12, 3, 4}));
  expectMatchesReference(resampled("space_to_depth", "blocksize = 3 : i64",
                                   {1, 2, 9, 6}, {1, 18, 3, 2}));
}

TEST_P(ResamplingKernelTest, ElementwiseEpilogueIsFused) {
  expectMatchesReference(resampled("upsample", "scale_size = [2, 2]",
                                   {1, 3, 5, 5}, {1, 3, 10, 10}, R"mlir(
    %r = cgc_op.relu(%p) : ({0}))mlir"));
  expectMatchesReference(resampled("upsample2d",
                                   "scale_size = [2, 2], mode = \"linear\"",
                                   {1, 2, 4, 3}, {1, 2, 8, 6}, R"mlir(
    %s = cgc_op.add(%p, %res) : ({0}, {0})
    %r = cgc_op.sigmoid(%s) : ({0}))mlir",
                                   /*extraInput=*/true));
  expectMatchesReference(resampled("depth_to_space", "blocksize = 2 : i64",
                                   {1, 4, 3, 3}, {1, 1, 6, 6}, R"mlir(
    %r = cgc_op.tanh(%p) : ({0}))mlir"));
}

/// A per-channel scale broadcast over the upsampled plane, then a clip.
TEST_P(ResamplingKernelTest, BroadcastEpilogueInputIsFused) {
  std::string x = tensorType({2, 3, 4, 4}), s = tensorType({1, 3, 1, 1}),
              y = tensorType({2, 3, 8, 8});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %s: {1}) -> {2} {{
    %p = cgc_op.upsample(%x) {{scale_size = [2, 2], mode = "linear"} : ({0})
    %m = cgc_op.mul(%p, %s) : ({2}, {1})
    %r = cgc_op.clip(%m) {{min_value = -0.5, max_value = 0.5} : ({2})
    cgc.return %r : {2}
  }
})mlir",
                                       x, s, y)
                             .str());
}
INSTANTIATE_TEST_SUITE_P(Vulkan, ResamplingKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, ResamplingKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, ResamplingKernelTest,
                         ::testing::Values("dxil-host"));

} // namespace
