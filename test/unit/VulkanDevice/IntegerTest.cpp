//===- IntegerTest.cpp - int64 and int32 tensors on the GPU devices -------===//
//
// Integer tensors reach GPU kernels two ways: a cast in an elementwise chain
// reads them as float (int64 from its two 32-bit words, values past 32 bits
// and negative ones included), and a reshape, transpose, slice, expand,
// where, concat or gather of them alone copies their words (KernelKinds'
// copy movement, which copies float16 halves likewise). Each against the
// reference executor on the same values.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace opencgc;

namespace {
using testgen::tensorType;

class IntegerKernelTest : public testgen::FusedKernelTest {
protected:
  /// An integer tensor of `shape` holding `values` over and over.
  static Tensor integers(DType dtype, llvm::ArrayRef<int64_t> shape,
                         llvm::ArrayRef<int64_t> values) {
    Tensor tensor(dtype, shape);
    for (int64_t i = 0; i < tensor.getNumElements(); ++i)
      tensor.setFromInt(i, values[i % values.size()]);
    return tensor;
  }

  /// A float16 tensor of `shape` counting in halves from `first`.
  static Tensor halves(llvm::ArrayRef<int64_t> shape, double first) {
    Tensor tensor(DType::Float16, shape);
    for (int64_t i = 0; i < tensor.getNumElements(); ++i)
      tensor.setFromDouble(i, first + 0.5 * double(i));
    return tensor;
  }

  /// `text`'s one op, a copy-movement kernel, on `inputs`.
  void expectCopyOf(const std::string &text, std::vector<Tensor> inputs) {
    expectedPattern = "copyMovement";
    expectOneDeviceSubgraphOn(text, [&](cgc::EntryPointOp) { return inputs; });
  }

  /// `op` of an integer input alone, which must copy it exactly.
  void expectMovement(DType dtype, llvm::StringRef op,
                      llvm::ArrayRef<int64_t> in, llvm::ArrayRef<int64_t> out,
                      llvm::StringRef attributes) {
    llvm::StringRef element = dtype == DType::Int64 ? "int64" : "int32";
    std::string inType = tensorType(in), outType = tensorType(out);
    llvm::StringRef f32 = "!cgc.float32>";
    inType.replace(inType.find(f32.str()), f32.size(),
                   "!cgc." + element.str() + ">");
    outType.replace(outType.find(f32.str()), f32.size(),
                    "!cgc." + element.str() + ">");
    std::string text = llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}) -> {1} {{
    %y = cgc_op.{2}(%x) {3} : ({0})
    cgc.return %y : {1}
  }
})mlir",
                                     inType, outType, op, attributes)
                           .str();
    expectedPattern = "copyMovement";
    expectOneDeviceSubgraphOn(text, [&](cgc::EntryPointOp) {
      std::vector<int64_t> values;
      for (int64_t i = 0; i < 24; ++i)
        values.push_back(dtype == DType::Int64 ? (i - 12) * 4294967311 + i
                                               : (i - 12) * 100003);
      return std::vector<Tensor>{integers(dtype, in, values)};
    });
  }
};

// int64 mask values as a transformer's, and values a 32-bit read would
// lose: 2^31, -2^33 - 5, 2^40 + 12345.
TEST_P(IntegerKernelTest, Int64CastToFloatReadsBothWords) {
  std::string text = llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%m: !cgc.tensor<2x4x!cgc.int64>, %s: {0}) -> {1} {{
    %c = cgc_op.cast(%m) {{to = !cgc.float32} : (!cgc.tensor<2x4x!cgc.int64>)
    %d = cgc_op.sub(%s, %c) : ({0}, {1})
    cgc.return %d : {1}
  }
})mlir",
                                   tensorType({4}), tensorType({2, 4}))
                         .str();
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(3);
    return std::vector<Tensor>{
        integers(DType::Int64, {2, 4},
                 {0, 1, -1, 2147483648, -8589934597, 1099511640121, 7, -300}),
        testgen::randomTensor({4}, random)};
  });
}

TEST_P(IntegerKernelTest, Int32CastToFloat) {
  std::string text = llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%m: !cgc.tensor<6x!cgc.int32>, %s: {0}) -> {0} {{
    %c = cgc_op.cast(%m) {{to = !cgc.float32} : (!cgc.tensor<6x!cgc.int32>)
    %a = cgc_op.add(%c, %s) : ({0}, {0})
    cgc.return %a : {0}
  }
})mlir",
                                   tensorType({6}))
                         .str();
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(5);
    return std::vector<Tensor>{
        integers(DType::Int32, {6}, {0, 5, -2147483647, 0, 16777217, -3}),
        testgen::randomTensor({6}, random)};
  });
}

// Nonzero is true, also where only the high word is (2^32).
TEST_P(IntegerKernelTest, Int64CastToBool) {
  std::string text = llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%m: !cgc.tensor<6x!cgc.int64>, %s: {0}, %t: {0}) -> {0} {{
    %b = cgc_op.cast(%m) {{to = !cgc.bool} : (!cgc.tensor<6x!cgc.int64>)
    %w = cgc_op.where(%b, %s, %t) : (!cgc.tensor<6x!cgc.bool>, {0}, {0})
    cgc.return %w : {0}
  }
})mlir",
                                   tensorType({6}))
                         .str();
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(7);
    return std::vector<Tensor>{
        integers(DType::Int64, {6}, {0, 4294967296, -1, 0, 3, -4294967296}),
        testgen::randomTensor({6}, random), testgen::randomTensor({6}, random)};
  });
}

TEST_P(IntegerKernelTest, Int64ReshapeCopiesBothWords) {
  expectMovement(DType::Int64, "reshape", {2, 12}, {1, 2, 1, 12},
                 "{shape = [1, 2, 1, 12]}");
}

TEST_P(IntegerKernelTest, Int64Transpose) {
  expectMovement(DType::Int64, "transpose", {2, 3, 4}, {4, 2, 3},
                 "{perm = [2, 0, 1]}");
}

TEST_P(IntegerKernelTest, Int32SliceWithSteps) {
  expectMovement(DType::Int32, "slice", {4, 6}, {2, 2},
                 "{starts = [1, 5], ends = [4, 0], axes = [0, 1], "
                 "steps = [2, -3]}");
}

TEST_P(IntegerKernelTest, Int64Expand) {
  expectMovement(DType::Int64, "expand", {3, 1}, {2, 3, 4},
                 "{shape = [2, 1, 4]}");
}

// where(condition, x, y) on int64 values picks each element's two words,
// every operand broadcast: condition [2, 1], x [2, 3], y [3].
TEST_P(IntegerKernelTest, Int64WhereBroadcastsEveryOperand) {
  std::string text = R"mlir(
cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<2x1x!cgc.bool>, %x: !cgc.tensor<2x3x!cgc.int64>, %y: !cgc.tensor<3x!cgc.int64>) -> !cgc.tensor<2x3x!cgc.int64> {
    %w = cgc_op.where(%c, %x, %y) : (!cgc.tensor<2x1x!cgc.bool>, !cgc.tensor<2x3x!cgc.int64>, !cgc.tensor<3x!cgc.int64>)
    cgc.return %w : !cgc.tensor<2x3x!cgc.int64>
  }
})mlir";
  // Claimed as a one-op @elementwise match (the copy-movement kind
  // builds it all the same): no pattern name is expected.
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    Tensor condition(DType::Bool, {2, 1});
    condition.setFromInt(0, 0);
    condition.setFromInt(1, 1);
    return std::vector<Tensor>{
        condition,
        integers(DType::Int64, {2, 3},
                 {-5, 4294967296, 7, 1099511640121, -1, 3}),
        integers(DType::Int64, {3}, {-8589934597, 0, 42})};
  });
}

// A concat of int64 parts of unequal extents along a middle axis: each
// part's two words per element land in their block of the result.
TEST_P(IntegerKernelTest, Int64ConcatCopiesEachPartsWords) {
  std::string text = R"mlir(
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x2x!cgc.int64>, %b: !cgc.tensor<2x1x2x!cgc.int64>) -> !cgc.tensor<2x4x2x!cgc.int64> {
    %c = cgc_op.concat(%a, %b) {axis = 1} : (!cgc.tensor<2x3x2x!cgc.int64>, !cgc.tensor<2x1x2x!cgc.int64>)
    cgc.return %c : !cgc.tensor<2x4x2x!cgc.int64>
  }
})mlir";
  expectCopyOf(text, {integers(DType::Int64, {2, 3, 2},
                               {-5, 4294967296, 7, 1099511640121, -1, 3, 11}),
                      integers(DType::Int64, {2, 1, 2}, {-8589934597, 0, 42})});
}

// ONNX GatherND with a batch dimension: data [2, 3, 4] int32, index tuples
// [2, 2, 1] (one per batch row, a negative one counted from the end), so
// each output row is a whole [4] slice of its batch's data.
TEST_P(IntegerKernelTest, Int32GatherNdWithBatchDimension) {
  std::string text = R"mlir(
cgc.module {
  cgc.entry_point @main(%d: !cgc.tensor<2x3x4x!cgc.int32>, %i: !cgc.tensor<2x2x1x!cgc.int64>) -> !cgc.tensor<2x2x4x!cgc.int32> {
    %g = cgc_op.gather_nd(%d, %i) {batch_dims = 1} : (!cgc.tensor<2x3x4x!cgc.int32>, !cgc.tensor<2x2x1x!cgc.int64>)
    cgc.return %g : !cgc.tensor<2x2x4x!cgc.int32>
  }
})mlir";
  expectCopyOf(
      text, {integers(DType::Int32, {2, 3, 4}, {5, -7, 100003, 9, -2147483647}),
             integers(DType::Int64, {2, 2, 1}, {2, 0, -1, 1})});
}

// float16 movements copy halves unchanged: a key cache grown by a concat,
// and an embedding gathered by int64 ids.
TEST_P(IntegerKernelTest, Float16ConcatCopiesHalves) {
  std::string text = R"mlir(
cgc.module {
  cgc.entry_point @main(%past: !cgc.tensor<1x2x3x4x!cgc.float16>, %new: !cgc.tensor<1x2x1x4x!cgc.float16>) -> !cgc.tensor<1x2x4x4x!cgc.float16> {
    %c = cgc_op.concat(%past, %new) {axis = 2} : (!cgc.tensor<1x2x3x4x!cgc.float16>, !cgc.tensor<1x2x1x4x!cgc.float16>)
    cgc.return %c : !cgc.tensor<1x2x4x4x!cgc.float16>
  }
})mlir";
  expectCopyOf(text,
               {halves({1, 2, 3, 4}, -3.25), halves({1, 2, 1, 4}, 60000)});
}

TEST_P(IntegerKernelTest, Float16GatherCopiesRows) {
  std::string text = R"mlir(
cgc.module {
  cgc.entry_point @main(%table: !cgc.tensor<6x4x!cgc.float16>, %ids: !cgc.tensor<1x3x!cgc.int64>) -> !cgc.tensor<1x3x4x!cgc.float16> {
    %g = cgc_op.gather(%table, %ids) {axis = 0} : (!cgc.tensor<6x4x!cgc.float16>, !cgc.tensor<1x3x!cgc.int64>)
    cgc.return %g : !cgc.tensor<1x3x4x!cgc.float16>
  }
})mlir";
  expectCopyOf(text, {halves({6, 4}, -3.25),
                      integers(DType::Int64, {1, 3}, {5, -6, 2})});
}

// Arithmetic on int64 computes on i64 scalars: values past 32 bits, wrap
// on overflow (2^62 * 4), neg, abs, sign, max and min, as the reference;
// one chain (@elementwise), a value from its middle returned too.
TEST_P(IntegerKernelTest, Int64ArithmeticAsTheReference) {
  std::string text = R"mlir(
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x4x!cgc.int64>, %b: !cgc.tensor<4x!cgc.int64>) -> (!cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<2x4x!cgc.int64>) {
    %s = cgc_op.add(%a, %b) : (!cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<4x!cgc.int64>)
    %p = cgc_op.mul(%s, %b) : (!cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<4x!cgc.int64>)
    %n = cgc_op.neg(%p) : (!cgc.tensor<2x4x!cgc.int64>)
    %d = cgc_op.sub(%n, %a) : (!cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<2x4x!cgc.int64>)
    %x = cgc_op.max(%d, %a, %b) : (!cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<4x!cgc.int64>)
    %m = cgc_op.min(%x, %s) : (!cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<2x4x!cgc.int64>)
    %v = cgc_op.abs(%m) : (!cgc.tensor<2x4x!cgc.int64>)
    %w = cgc_op.sub(%v, %d) : (!cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<2x4x!cgc.int64>)
    %g = cgc_op.sign(%w) : (!cgc.tensor<2x4x!cgc.int64>)
    %o = cgc_op.add(%g, %v) : (!cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<2x4x!cgc.int64>)
    cgc.return %x, %o : !cgc.tensor<2x4x!cgc.int64>, !cgc.tensor<2x4x!cgc.int64>
  }
})mlir";
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    return std::vector<Tensor>{
        integers(
            DType::Int64, {2, 4},
            {-5, 4294967296, 7, 1099511640121, 0, -3, 4611686018427387904, -9}),
        integers(DType::Int64, {4}, {3, -8589934597, 4, 2})};
  });
}

// Comparisons of integers give bools, a where picks int32 values, and
// casts go float32 -> int32 (toward zero), bool -> int32, int32 -> int64
// (sign-extended) and int64 -> float32 (rounded: 16777217 is no float).
TEST_P(IntegerKernelTest, IntegerComparisonsWhereAndCasts) {
  std::string text = llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%f: {0}, %a: !cgc.tensor<3x4x!cgc.int32>, %b: !cgc.tensor<4x!cgc.int32>) -> (!cgc.tensor<3x4x!cgc.int32>, !cgc.tensor<3x4x!cgc.int64>, {0}) {{
    %t = cgc_op.cast(%f) {{to = !cgc.int32} : ({0})
    %gt = cgc_op.greater(%t, %b) : (!cgc.tensor<3x4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>)
    %w = cgc_op.where(%gt, %a, %t) : (!cgc.tensor<3x4x!cgc.bool>, !cgc.tensor<3x4x!cgc.int32>, !cgc.tensor<3x4x!cgc.int32>)
    %ge = cgc_op.greater_or_equal(%w, %b) : (!cgc.tensor<3x4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>)
    %lt = cgc_op.not(%ge) : (!cgc.tensor<3x4x!cgc.bool>)
    %y = cgc_op.cast(%lt) {{to = !cgc.int32} : (!cgc.tensor<3x4x!cgc.bool>)
    %z = cgc_op.mul(%y, %w) : (!cgc.tensor<3x4x!cgc.int32>, !cgc.tensor<3x4x!cgc.int32>)
    %u = cgc_op.cast(%z) {{to = !cgc.int64} : (!cgc.tensor<3x4x!cgc.int32>)
    %r = cgc_op.cast(%u) {{to = !cgc.float32} : (!cgc.tensor<3x4x!cgc.int64>)
    cgc.return %w, %u, %r : !cgc.tensor<3x4x!cgc.int32>, !cgc.tensor<3x4x!cgc.int64>, {0}
  }
})mlir",
                                   tensorType({3, 4}))
                         .str();
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(61);
    return std::vector<Tensor>{
        testgen::randomTensor({3, 4}, random, -20, 20),
        integers(DType::Int32, {3, 4},
                 {-5, -7, 16777217, 9, -2147483647, 0, 3, 3, -12, -1, 8}),
        integers(DType::Int32, {4}, {3, -7, 0, 9})};
  });
}

INSTANTIATE_TEST_SUITE_P(Vulkan, IntegerKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, IntegerKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, IntegerKernelTest,
                         ::testing::Values("dxil-host"));
} // namespace
