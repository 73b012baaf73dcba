//===- PoolingTest.cpp - Pooling kernels on the Vulkan device -------------===//
//
// Max, average and Lp pooling over 1 to 3 spatial dimensions, compiled for
// the Vulkan target, must run wholly on Vulkan (an elementwise epilogue
// fused into the pooling's kernel) and match the reference executor:
// padding, strides, dilations, ceil_mode, count_include_pad, global
// windows, and windows large enough to loop instead of unrolling.
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

class PoolingKernelTest : public testgen::FusedKernelTest {
protected:
  void expectMatchesReference(const std::string &text) {
    expectOneDeviceSubgraph(text, /*seed=*/29);
  }
};

struct Pool {
  std::string op; // max_pooling, average_pooling or lp_pooling
  Shape input, window;
  Shape strides = {}, dilations = {}, begin = {}, end = {};
  bool ceilMode = false;
  std::string extra = ""; // further attributes, ", name = value"
};

std::string list(llvm::ArrayRef<int64_t> values) {
  std::string text = "[";
  for (auto [i, value] : llvm::enumerate(values))
    text += (i ? ", " : "") + std::to_string(value);
  return text + "]";
}

/// The output extent ONNX gives a window (InferenceUtils.h windowExtent).
int64_t extent(const Pool &p, size_t d) {
  auto at = [&](const Shape &values, int64_t fallback) {
    return values.empty() ? fallback : values[d];
  };
  int64_t stride = at(p.strides, 1), begin = at(p.begin, 0);
  int64_t span = at(p.dilations, 1) * (p.window[d] - 1) + 1;
  int64_t padded = p.input[d + 2] + begin + at(p.end, 0) - span;
  int64_t out =
      (p.ceilMode ? (padded + stride - 1) / stride : padded / stride) + 1;
  if (p.ceilMode && (out - 1) * stride >= p.input[d + 2] + begin)
    --out;
  return out;
}

std::string attributes(const Pool &p) {
  std::string text = "{window_size = " + list(p.window);
  auto add = [&](const char *name, const Shape &values) {
    if (!values.empty())
      text += std::string(", ") + name + " = " + list(values);
  };
  add("strides", p.strides);
  add("dilations", p.dilations);
  add("start_padding", p.begin);
  add("end_padding", p.end);
  if (p.ceilMode)
    text += ", ceil_mode = true";
  return text + p.extra + "}";
}

/// The pooling followed by `epilogue` (ops on %p ending in %r, "{0}" the
/// output type; empty: none); `extraInput` adds %res of the output's shape.
std::string pooled(const Pool &p, const std::string &epilogue = "",
                   bool extraInput = false) {
  Shape out = {p.input[0], p.input[1]};
  for (size_t d = 0; d < p.window.size(); ++d)
    out.push_back(extent(p, d));
  std::string x = tensorType(p.input), y = tensorType(out);
  std::string ops = llvm::formatv(epilogue.c_str(), y).str();
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}{1}) -> {2} {{
    %p = cgc_op.{3}(%x) {4} : ({0}){5}
    cgc.return {6} : {2}
  }
})mlir",
                       x, extraInput ? ", %res: " + y : "", y, p.op,
                       attributes(p), ops, epilogue.empty() ? "%p" : "%r")
      .str();
}

TEST_P(PoolingKernelTest, MaxPooling2dMatchesTheReference) {
  std::vector<Pool> cases = {
      {"max_pooling", {1, 3, 8, 8}, {2, 2}, {2, 2}},
      // ResNet's stem pool: 3x3, stride 2, padding 1.
      {"max_pooling", {2, 4, 13, 11}, {3, 3}, {2, 2}, {}, {1, 1}, {1, 1}},
      {"max_pooling", {1, 2, 11, 10}, {3, 2}, {1, 1}, {2, 3}},
      // Asymmetric padding and a window running past the end with ceil_mode.
      {"max_pooling", {1, 3, 9, 10}, {3, 3}, {2, 3}, {}, {1, 0}, {0, 2}, true},
      {"max_pooling", {1, 2, 11, 11}, {2, 2}, {3, 3}, {2, 2}, {}, {}, true},
  };
  for (const Pool &p : cases)
    expectMatchesReference(pooled(p));
}

TEST_P(PoolingKernelTest, AveragePooling2dMatchesTheReference) {
  std::vector<Pool> cases = {
      {"average_pooling", {1, 3, 8, 8}, {2, 2}, {2, 2}},
      {"average_pooling", {2, 3, 7, 9}, {3, 3}, {1, 2}, {}, {1, 1}, {1, 1}},
      {"average_pooling",
       {2, 3, 7, 9},
       {3, 3},
       {1, 2},
       {},
       {1, 1},
       {1, 1},
       false,
       ", count_include_pad = true"},
      {"average_pooling",
       {1, 2, 10, 11},
       {2, 3},
       {3, 2},
       {2, 2},
       {1, 0},
       {1, 2},
       true},
      // ceil_mode adds a window hanging past the end padding, whose taps
      // there count neither way.
      {"average_pooling",
       {1, 2, 6, 6},
       {3, 3},
       {2, 2},
       {},
       {1, 1},
       {1, 1},
       true,
       ", count_include_pad = true"},
  };
  for (const Pool &p : cases)
    expectMatchesReference(pooled(p));
}

TEST_P(PoolingKernelTest, OneAndThreeSpatialDimensionsMatchTheReference) {
  std::vector<Pool> cases = {
      {"max_pooling", {2, 3, 17}, {4}, {3}, {2}, {2}, {1}, true},
      {"average_pooling",
       {2, 3, 17},
       {5},
       {2},
       {},
       {2},
       {2},
       false,
       ", count_include_pad = true"},
      {"max_pooling",
       {1, 2, 6, 7, 5},
       {3, 2, 2},
       {2, 2, 1},
       {},
       {1, 0, 1},
       {1, 1, 0}},
      {"average_pooling",
       {1, 2, 6, 7, 5},
       {2, 3, 2},
       {1, 2, 2},
       {2, 1, 1},
       {0, 1, 1},
       {0, 1, 0},
       true},
  };
  for (const Pool &p : cases)
    expectMatchesReference(pooled(p));
}

TEST_P(PoolingKernelTest, LpPoolingMatchesTheReference) {
  std::vector<Pool> cases = {
      {"lp_pooling", {1, 3, 8, 9}, {3, 3}, {2, 2}, {}, {1, 1}, {1, 1}},
      {"lp_pooling",
       {1, 2, 9, 9},
       {2, 2},
       {1, 1},
       {2, 2},
       {},
       {},
       false,
       ", p = 1 : i64"},
      {"lp_pooling",
       {1, 2, 7, 6},
       {2, 3},
       {2, 1},
       {},
       {},
       {},
       false,
       ", p = 3 : i64"},
      {"lp_pooling", {2, 2, 9}, {3}, {2}, {}, {1}, {1}, false, ", p = 6 : i64"},
  };
  for (const Pool &p : cases)
    expectMatchesReference(pooled(p));
}

/// Global pooling (the ONNX importer's form of GlobalMaxPool and
/// GlobalAveragePool) has windows too large to unroll: they loop.
TEST_P(PoolingKernelTest, GlobalWindowsMatchTheReference) {
  expectMatchesReference(pooled({"max_pooling", {2, 5, 7, 9}, {7, 9}}));
  expectMatchesReference(pooled({"average_pooling", {2, 5, 7, 9}, {7, 9}}));
  expectMatchesReference(pooled({"lp_pooling", {1, 3, 6, 6}, {6, 6}}));
  expectMatchesReference(pooled({"average_pooling",
                                 {1, 2, 40},
                                 {37},
                                 {1},
                                 {},
                                 {2},
                                 {1},
                                 false,
                                 ", count_include_pad = true"}));
}

TEST_P(PoolingKernelTest, ElementwiseEpilogueIsFused) {
  Pool maxPool = {"max_pooling", {2, 4, 12, 12}, {3, 3}, {2, 2}, {},
                  {1, 1},        {1, 1}};
  expectMatchesReference(pooled(maxPool, R"mlir(
    %r = cgc_op.relu(%p) : ({0}))mlir"));
  Pool averagePool = {"average_pooling", {1, 3, 9, 9}, {2, 2}, {1, 1}};
  expectMatchesReference(pooled(averagePool, R"mlir(
    %s = cgc_op.add(%p, %res) : ({0}, {0})
    %r = cgc_op.sigmoid(%s) : ({0}))mlir",
                                /*extraInput=*/true));
}

/// A per-channel scale broadcast over the pooled plane, then a clip.
TEST_P(PoolingKernelTest, BroadcastEpilogueInputIsFused) {
  std::string x = tensorType({2, 3, 10, 10}), s = tensorType({1, 3, 1, 1}),
              y = tensorType({2, 3, 5, 5});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %s: {1}) -> {2} {{
    %p = cgc_op.lp_pooling(%x) {{window_size = [2, 2], strides = [2, 2]} : ({0})
    %m = cgc_op.mul(%p, %s) : ({2}, {1})
    %r = cgc_op.clip(%m) {{min_value = -0.5, max_value = 0.5} : ({2})
    cgc.return %r : {2}
  }
})mlir",
                                       x, s, y)
                             .str());
}
INSTANTIATE_TEST_SUITE_P(Vulkan, PoolingKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, PoolingKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, PoolingKernelTest,
                         ::testing::Values("dxil-host"));

} // namespace
