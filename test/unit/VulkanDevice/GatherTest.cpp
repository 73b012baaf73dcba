//===- GatherTest.cpp - Gather kernels on the GPU devices
//------------------===//
//
// A float32 gather with an elementwise epilogue runs as one data-movement
// kernel (DataMovementKernel.cpp) that reads its int64 or int32 indices as
// 32-bit words: embeddings (axis 0, a matrix of indices), a gather in the
// middle of the data (axis 1, a scalar index: ViT's class token) and
// negative indices, which count from the end of the axis; each against the
// reference executor on the same indices; and GatherElements (indices as
// large as the output).
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace opencgc;

namespace {
using testgen::tensorType;

class GatherKernelTest : public testgen::FusedKernelTest {
protected:
  /// tanh(gather(data, indices, axis)) with `indices` of `indexType`.
  void expectGather(llvm::ArrayRef<int64_t> data,
                    llvm::ArrayRef<int64_t> indexShape, int64_t axis,
                    const std::vector<int64_t> &indices, DType indexType) {
    int64_t along = axis < 0 ? axis + int64_t(data.size()) : axis;
    llvm::SmallVector<int64_t> out(data.take_front(along));
    llvm::append_range(out, indexShape);
    llvm::append_range(out, data.drop_front(along + 1));
    std::string indexText = "!cgc.tensor<";
    for (int64_t extent : indexShape)
      indexText += std::to_string(extent) + "x";
    indexText += indexType == DType::Int64 ? "!cgc.int64>" : "!cgc.int32>";
    std::string text =
        llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%d: {0}, %i: {1}) -> {2} {{
    %g = cgc_op.gather(%d, %i) {{axis = {3} : i64} : ({0}, {1})
    %t = cgc_op.tanh(%g) : ({2})
    cgc.return %t : {2}
  }
})mlir",
                      tensorType(data), indexText, tensorType(out), axis)
            .str();
    expectOneDeviceSubgraphOn(text, [&](cgc::EntryPointOp) {
      std::mt19937 random(29);
      Tensor index(indexType, indexShape);
      for (auto [i, value] : llvm::enumerate(indices))
        index.setFromInt(int64_t(i), value);
      return std::vector<Tensor>{testgen::randomTensor(data, random, -2, 2),
                                 index};
    });
  }
};

TEST_P(GatherKernelTest, EmbeddingRowsByInt64Indices) {
  expectGather({50, 24}, {2, 3}, 0, {7, 0, 49, 7, 13, 2}, DType::Int64);
}

TEST_P(GatherKernelTest, ScalarIndexInTheMiddleAxis) {
  expectGather({2, 5, 12}, {}, 1, {3}, DType::Int64);
}

TEST_P(GatherKernelTest, NegativeInt32IndicesCountFromTheEnd) {
  expectGather({6, 4, 10}, {4}, 2, {-1, 0, -10, 5}, DType::Int32);
}

// A negative axis (the op's attribute is unsigned in C++: it was once
// compared with 0 as such).
TEST_P(GatherKernelTest, NegativeAxisCountsFromTheLast) {
  expectGather({3, 7}, {2}, -1, {6, -7}, DType::Int64);
}

// GatherElements: output (i, j) reads data (i, indices(i, j)) along axis 1,
// the indices as large as the output, negative ones from the end.
TEST_P(GatherKernelTest, GatherElementsAlongTheLastAxis) {
  std::string text = llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%d: {0}, %i: !cgc.tensor<3x5x!cgc.int64>) -> {1} {{
    %g = cgc_op.gather_elements(%d, %i) {{axis = 1 : i64} : ({0}, !cgc.tensor<3x5x!cgc.int64>)
    %t = cgc_op.tanh(%g) : ({1})
    cgc.return %t : {1}
  }
})mlir",
                                   tensorType({3, 4}), tensorType({3, 5}))
                         .str();
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(31);
    Tensor index(DType::Int64, {3, 5});
    const int64_t values[] = {0, 3, -1, 2, 1, -4, 1, 1, 3, 0, 2, -2, 0, 3, 1};
    for (auto [i, value] : llvm::enumerate(values))
      index.setFromInt(int64_t(i), value);
    return std::vector<Tensor>{testgen::randomTensor({3, 4}, random, -2, 2),
                               index};
  });
}

// GatherND without batch dimensions: each [2] index tuple addresses a [4]
// row of the [3, 5, 4] data, tanh as the epilogue.
TEST_P(GatherKernelTest, GatherNdTuplesAddressRows) {
  std::string text = llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%d: {0}, %i: !cgc.tensor<2x3x2x!cgc.int64>) -> {1} {{
    %g = cgc_op.gather_nd(%d, %i) : ({0}, !cgc.tensor<2x3x2x!cgc.int64>)
    %t = cgc_op.tanh(%g) : ({1})
    cgc.return %t : {1}
  }
})mlir",
                                   tensorType({3, 5, 4}), tensorType({2, 3, 4}))
                         .str();
  expectOneDeviceSubgraphOn(text, [](cgc::EntryPointOp) {
    std::mt19937 random(37);
    Tensor index(DType::Int64, {2, 3, 2});
    const int64_t values[] = {0, 0, 2, 4, -1, -5, 1, 3, 2, 0, 0, -1};
    for (auto [i, value] : llvm::enumerate(values))
      index.setFromInt(int64_t(i), value);
    return std::vector<Tensor>{testgen::randomTensor({3, 5, 4}, random, -2, 2),
                               index};
  });
}

INSTANTIATE_TEST_SUITE_P(Vulkan, GatherKernelTest, ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, GatherKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, GatherKernelTest,
                         ::testing::Values("dxil-host"));
} // namespace
