//===- ReductionCodegenTest.cpp - Reduction and softmax kernels -----------===//
//
// Every reduce_* op over several axes sets (with and without keepdims, the
// empty-axes defaults), reductions with an elementwise prologue, and
// softmax / log_softmax on every axis lower to Kernel IR and to SPIR-V that
// passes the validator, with one invocation per output element (per line
// for softmax); what the generator does not handle is refused by name.
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

class ReductionCodegenTest : public test::SingleKernelTest {};

struct AxesCase {
  std::string attributes;
  std::vector<int64_t> result;
};

TEST_F(ReductionCodegenTest, EveryReductionOverSeveralAxesLowers) {
  const char *ops[] = {
      "reduce_sum",         "reduce_mean",      "reduce_max", "reduce_min",
      "reduce_prod",        "reduce_l1",        "reduce_l2",  "reduce_log_sum",
      "reduce_log_sum_exp", "reduce_sum_square"};
  // Input 3x4x130: 130 output elements need three workgroups of 64.
  AxesCase cases[] = {
      {" {axes = [1]}", {3, 1, 130}},
      {" {axes = [0, 1], keepdims = false}", {130}},
      {" {axes = [-1]}", {3, 4, 1}},
      {"", {1, 1, 1}},
      {" {keepdims = false}", {}},
      {" {noop_with_empty_axes = true}", {3, 4, 130}},
  };
  for (const char *op : ops) {
    for (const AxesCase &axes : cases) {
      SCOPED_TRACE(std::string(op) + axes.attributes);
      std::optional<KernelLaunch> launch = compile(
          {"r", op, {f32({3, 4, 130})}, axes.attributes, f32(axes.result)});
      ASSERT_TRUE(launch);
      int64_t outputs = 1;
      for (int64_t extent : axes.result)
        outputs *= extent;
      EXPECT_EQ(launch->workgroupSize, (std::array<uint32_t, 3>{64, 1, 1}));
      EXPECT_EQ(launch->workgroupCount,
                (std::array<uint32_t, 3>{uint32_t((outputs + 63) / 64), 1, 1}));
    }
  }
}

TEST_F(ReductionCodegenTest, ReductionWithPrologueLowers) {
  // (x * bias - 1) squared, exp'd, reduced along the middle axis; bias
  // broadcast over the rows.
  const char *text = R"(cgc.module {
  cgc.subgraph @prologue attributes {origin = "test"} {
    cgc.functional_definition private @f(%x: !cgc.tensor<2x5x7x!cgc.float32>, %bias: !cgc.tensor<7x!cgc.float32>, %one: !cgc.tensor<!cgc.float32>) -> !cgc.tensor<2x7x!cgc.float32> {
      %0 = cgc_op.mul(%x, %bias) : (!cgc.tensor<2x5x7x!cgc.float32>, !cgc.tensor<7x!cgc.float32>)
      %1 = cgc_op.sub(%0, %one) : (!cgc.tensor<2x5x7x!cgc.float32>, !cgc.tensor<!cgc.float32>)
      %2 = cgc_op.exp(%1) : (!cgc.tensor<2x5x7x!cgc.float32>)
      %3 = cgc_op.reduce_log_sum_exp(%2) {axes = [1], keepdims = false} : (!cgc.tensor<2x5x7x!cgc.float32>)
      cgc.return %3 : !cgc.tensor<2x7x!cgc.float32>
    }
  }
})";
  std::optional<KernelLaunch> launch = compile(parser.parseSubgraph(text));
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{1, 1, 1}));
}

TEST_F(ReductionCodegenTest, SoftmaxOnEveryAxisLowers) {
  for (const char *op : {"softmax", "log_softmax"}) {
    for (int64_t axis : {0, 1, 2, -1}) {
      SCOPED_TRACE(llvm::formatv("{0} axis {1}", op, axis).str());
      std::optional<KernelLaunch> launch =
          compile({"s",
                   op,
                   {f32({3, 40, 5})},
                   llvm::formatv(" {{axis = {0} : i64}", axis).str(),
                   f32({3, 40, 5})});
      ASSERT_TRUE(launch);
      // One invocation per line: 600 elements over the axis's extent.
      int64_t extent = axis == 0 ? 3 : axis == 1 ? 40 : 5;
      EXPECT_EQ(
          launch->workgroupCount,
          (std::array<uint32_t, 3>{uint32_t((600 / extent + 63) / 64), 1, 1}));
    }
  }
}

TEST_F(ReductionCodegenTest, UnsupportedReductionsAreRefusedByName) {
  EXPECT_EQ(refusal(test::toString({"half",
                                    "reduce_sum",
                                    {"!cgc.tensor<4x!cgc.float16>"},
                                    "",
                                    "!cgc.tensor<1x!cgc.float16>"})),
            "subgraph @half: cgc_op.reduce_sum is supported on float32 only");
  // The prologue's value is also a result of the subgraph.
  const char *twoResults = R"(cgc.module {
  cgc.subgraph @twoResults attributes {origin = "test"} {
    cgc.functional_definition private @f(%x: !cgc.tensor<4x!cgc.float32>) -> (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<1x!cgc.float32>) {
      %0 = cgc_op.exp(%x) : (!cgc.tensor<4x!cgc.float32>)
      %1 = cgc_op.reduce_sum(%0) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %0, %1 : !cgc.tensor<4x!cgc.float32>, !cgc.tensor<1x!cgc.float32>
    }
  }
})";
  EXPECT_EQ(refusal(twoResults),
            "subgraph @twoResults: cgc_op.reduce_sum must be the only result");
  // A prologue value larger than the reduced input.
  const char *grows = R"(cgc.module {
  cgc.subgraph @grows attributes {origin = "test"} {
    cgc.functional_definition private @f(%x: !cgc.tensor<4x!cgc.float32>, %y: !cgc.tensor<3x4x!cgc.float32>) -> !cgc.tensor<1x!cgc.float32> {
      %0 = cgc_op.add(%x, %y) : (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>)
      %1 = cgc_op.reduce_sum(%x) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x!cgc.float32>
    }
  }
})";
  EXPECT_EQ(refusal(grows), "subgraph @grows: the prologue of "
                            "cgc_op.reduce_sum does not broadcast to its "
                            "input's shape");
}

} // namespace
