//===- ConvolutionCodegenTest.cpp - Convolution kernels, refusals --------===//
//
// 2-D convolutions (strides, padding, dilation, groups, depthwise, with and
// without bias, with an epilogue) lower to Kernel IR and to SPIR-V that
// passes the validator; what the generator does not handle is refused with
// the subgraph's and the op's names.
//
//===----------------------------------------------------------------------===//
#include "CodegenTestSupport.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/SpirvBackend.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;
using namespace opencgc::codegen;
using test::SingleOpSubgraph;

namespace {

using test::f32;

class ConvolutionCodegenTest : public test::SingleKernelTest {};

struct ConvCase {
  const char *name;
  std::array<int64_t, 4> input, weight, output;
  std::string attributes;
  bool bias;
  /// The register tile chooseFastPath picks: output channels, columns and
  /// rows per invocation.
  int64_t channels, columns, rows = 1;
};

TEST_F(ConvolutionCodegenTest, ConvolutionsLowerAndValidate) {
  std::vector<ConvCase> cases = {
      {"plain", {1, 3, 8, 8}, {4, 3, 3, 3}, {1, 4, 6, 6}, "", true, 4, 8},
      {"padded",
       {2, 3, 7, 5},
       {4, 3, 3, 3},
       {2, 4, 7, 5},
       " {start_padding = [1, 1], end_padding = [1, 1]}",
       true,
       4,
       5},
      {"strided",
       {1, 2, 9, 9},
       {3, 2, 3, 3},
       {1, 3, 4, 4},
       " {strides = [2, 2]}",
       false,
       1,
       4},
      {"dilated",
       {1, 2, 9, 9},
       {3, 2, 3, 3},
       {1, 3, 5, 5},
       " {dilations = [2, 2]}",
       true,
       1,
       5,
       2},
      {"grouped",
       {1, 4, 6, 6},
       {6, 2, 3, 3},
       {1, 6, 6, 6},
       " {group = 2 : i64, start_padding = [1, 1], end_padding = [1, 1]}",
       true,
       1,
       6,
       2},
      {"groupedTiled",
       {1, 4, 6, 6},
       {8, 2, 3, 3},
       {1, 8, 4, 4},
       " {group = 2 : i64}",
       true,
       4,
       4},
      {"depthwise",
       {1, 5, 6, 6},
       {5, 1, 3, 3},
       {1, 5, 3, 3},
       " {group = 5 : i64, strides = [2, 2], start_padding = [1, 1], "
       "end_padding = [1, 1]}",
       false,
       1,
       3},
      // Vec4 weights: 8 channels x 8 columns x 4 rows (3 workgroups; 5
      // with 16 channels and one row).
      {"wide",
       {4, 16, 16, 40},
       {16, 16, 3, 3},
       {4, 16, 16, 40},
       " {start_padding = [1, 1], end_padding = [1, 1]}",
       true,
       8,
       8,
       4},
      // Rows that 4 does not divide: the last tile's rows past the height
      // are computed but not stored (2 workgroups).
      {"wideUneven",
       {1, 32, 10, 56},
       {32, 32, 3, 3},
       {1, 32, 10, 56},
       " {start_padding = [1, 1], end_padding = [1, 1]}",
       false,
       8,
       8,
       4},
      // Depthwise at stride 1: 2 rows of 16 columns (30 workgroups; 60 with
      // one row).
      {"depthwiseRows",
       {1, 96, 20, 32},
       {96, 1, 5, 5},
       {1, 96, 20, 32},
       " {group = 96 : i64, start_padding = [2, 2], end_padding = [2, 2]}",
       true,
       1,
       16,
       2},
      // Weights one by one: 8 channels x 15 columns of 30-wide rows.
      {"stem",
       {4, 3, 20, 60},
       {16, 3, 7, 7},
       {4, 16, 10, 30},
       " {strides = [2, 2], start_padding = [3, 3], end_padding = [3, 3]}",
       true,
       8,
       15},
  };
  for (const ConvCase &c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> inputs = {f32(c.input), f32(c.weight)};
    if (c.bias)
      inputs.push_back(f32({c.weight[0]}));
    std::optional<KernelLaunch> launch =
        compile({c.name, "convolution", inputs, c.attributes, f32(c.output)});
    ASSERT_TRUE(launch);
    // 64 invocations per workgroup.
    int64_t invocations = c.output[0] * (c.output[1] / c.channels) *
                          ((c.output[2] + c.rows - 1) / c.rows) *
                          ((c.output[3] + c.columns - 1) / c.columns);
    EXPECT_EQ(launch->workgroupSize, (std::array<uint32_t, 3>{64, 1, 1}));
    EXPECT_EQ(
        launch->workgroupCount,
        (std::array<uint32_t, 3>{uint32_t((invocations + 63) / 64), 1, 1}));
  }
}

TEST_F(ConvolutionCodegenTest, EpiloguesLowerAndValidate) {
  std::string x = f32({1, 3, 6, 6}), w = f32({4, 3, 3, 3}), b = f32({4}),
              out = f32({1, 4, 4, 4}), scale = f32({4, 1, 1});
  std::string module = llvm::formatv(R"mlir(
cgc.module {{
  cgc.subgraph @convEpilogue attributes {{origin = "test"} {{
    cgc.functional_definition private @f(%x: {0}, %w: {1}, %b: {2}, %s: {4}, %r: {3}) -> {3} {{
      %0 = cgc_op.convolution(%x, %w, %b) : ({0}, {1}, {2})
      %1 = cgc_op.mul(%0, %s) : ({3}, {4})
      %2 = cgc_op.add(%1, %r) : ({3}, {3})
      %3 = cgc_op.relu(%2) : ({3})
      cgc.return %3 : {3}
    }
  }
})mlir",
                                     x, w, b, out, scale)
                           .str();
  EXPECT_TRUE(compile(parser.parseSubgraph(module)));
}

TEST_F(ConvolutionCodegenTest, UnsupportedConvolutionsAreRefusedByName) {
  EXPECT_EQ(refusal({"conv1d",
                     "convolution",
                     {f32({1, 2, 8}), f32({3, 2, 3})},
                     "",
                     f32({1, 3, 6})}),
            "subgraph @conv1d: cgc_op.convolution with other than 2 spatial "
            "dimensions has no kernel generator yet");
  EXPECT_EQ(refusal({"conv3d",
                     "convolution",
                     {f32({1, 2, 4, 4, 4}), f32({3, 2, 3, 3, 3})},
                     "",
                     f32({1, 3, 2, 2, 2})}),
            "subgraph @conv3d: cgc_op.convolution with other than 2 spatial "
            "dimensions has no kernel generator yet");
  std::string half = "!cgc.tensor<1x2x4x4x!cgc.float16>";
  EXPECT_EQ(refusal({"halfConv",
                     "convolution",
                     {half, "!cgc.tensor<2x2x1x1x!cgc.float16>"},
                     "",
                     half}),
            "subgraph @halfConv: cgc_op.convolution has no kernel generator "
            "yet for tensors other than float32");
}

} // namespace
