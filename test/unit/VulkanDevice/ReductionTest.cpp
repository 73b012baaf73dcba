//===- ReductionTest.cpp - Reductions and softmax on the Vulkan device ----===//
//
// reduce_* graphs (some with an elementwise prologue fused into the
// reduction's kernel) and softmax / log_softmax, compiled for the Vulkan
// target, must run wholly on Vulkan and match the reference executor on
// random inputs.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
class ReductionKernelTest : public testgen::FusedKernelTest {
protected:
  void expectMatchesReference(const std::string &text, double low,
                              double high) {
    expectOneDeviceSubgraph(text, /*seed=*/5, low, high);
  }
};
using testgen::tensorType;

/// One op on an input of `shape` with `attributes`, giving `result`.
std::string singleOp(llvm::StringRef op, llvm::ArrayRef<int64_t> shape,
                     llvm::StringRef attributes,
                     llvm::ArrayRef<int64_t> result) {
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}) -> {1} {{
    %r = cgc_op.{2}(%x){3} : ({0})
    cgc.return %r : {1}
  }
}
)mlir",
                       tensorType(shape), tensorType(result), op, attributes)
      .str();
}

TEST_P(ReductionKernelTest, EveryReductionMatchesTheReference) {
  // Positive inputs keep log_sum and the products finite.
  for (const char *op :
       {"reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod",
        "reduce_l1", "reduce_l2", "reduce_log_sum", "reduce_log_sum_exp",
        "reduce_sum_square"}) {
    SCOPED_TRACE(op);
    expectMatchesReference(
        singleOp(op, {4, 6, 9}, " {axes = [0, 2], keepdims = false}", {6}), 0.5,
        1.5);
    expectMatchesReference(singleOp(op, {4, 6, 9}, " {axes = [-1]}", {4, 6, 1}),
                           0.5, 1.5);
    expectMatchesReference(singleOp(op, {3, 5}, "", {1, 1}), 0.5, 1.5);
  }
}

TEST_P(ReductionKernelTest, EmptyAxesWithNoopReduceNothing) {
  expectMatchesReference(singleOp("reduce_sum_square", {5, 7},
                                  " {noop_with_empty_axes = true}", {5, 7}),
                         -2.0, 2.0);
}

TEST_P(ReductionKernelTest, ManyOutputsSpanSeveralWorkgroups) {
  expectMatchesReference(
      singleOp("reduce_max", {70, 33, 10}, " {axes = [2]}", {70, 33, 1}), -1.0,
      1.0);
}

TEST_P(ReductionKernelTest, PrologueIsFusedIntoTheReduction) {
  // exp(x * y - 0.5) summed over the middle axis, y broadcast over rows.
  std::string x = tensorType({3, 5, 7}), y = tensorType({7}),
              half = tensorType({}), out = tensorType({3, 7});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %y: {1}, %h: {2}) -> {3} {{
    %m = cgc_op.mul(%x, %y) : ({0}, {1})
    %s = cgc_op.sub(%m, %h) : ({0}, {2})
    %e = cgc_op.exp(%s) : ({0})
    %r = cgc_op.reduce_sum(%e) {{axes = [1], keepdims = false} : ({0})
    cgc.return %r : {3}
  }
}
)mlir",
                                       x, y, half, out)
                             .str(),
                         -1.0, 1.0);
}

TEST_P(ReductionKernelTest, SoftmaxOnEveryAxisMatchesTheReference) {
  for (const char *op : {"softmax", "log_softmax"})
    for (int64_t axis : {0, 1, -1}) {
      SCOPED_TRACE(llvm::formatv("{0} axis {1}", op, axis).str());
      expectMatchesReference(
          singleOp(op, {3, 70, 5},
                   llvm::formatv(" {{axis = {0} : i64}", axis).str(),
                   {3, 70, 5}),
          -3.0, 3.0);
    }
}

INSTANTIATE_TEST_SUITE_P(Vulkan, ReductionKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, ReductionKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, ReductionKernelTest,
                         ::testing::Values("dxil-host"));

} // namespace
