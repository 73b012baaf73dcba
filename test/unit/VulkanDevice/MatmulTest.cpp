//===- MatmulTest.cpp - Matmul/gemm kernels on the Vulkan device ----------===//
//
// Matmul and gemm graphs with elementwise epilogues, compiled for the Vulkan
// target, must run wholly on Vulkan (the epilogue fused into the product's
// kernel) and match the reference executor. Shapes cover full tiles, edges
// that are not multiples of the tile, vec4 and scalar column paths,
// transposes and batches.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
class MatmulKernelTest : public testgen::FusedKernelTest {
protected:
  void expectMatchesReference(const std::string &text) {
    expectOneDeviceSubgraph(text, /*seed=*/11);
  }
};
using testgen::tensorType;
using Shape = llvm::SmallVector<int64_t, 4>;

/// relu(matmul(a, b) + bias) with a: [m, k], b: [k, n], bias: [n].
std::string matmulBiasRelu(int64_t m, int64_t k, int64_t n) {
  std::string a = tensorType({m, k}), b = tensorType({k, n}),
              bias = tensorType({n}), out = tensorType({m, n});
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {1}, %bias: {2}) -> {3} {{
    %p = cgc_op.matmul(%a, %b) : ({0}, {1})
    %s = cgc_op.add(%p, %bias) : ({3}, {2})
    %r = cgc_op.relu(%s) : ({3})
    cgc.return %r : {3}
  }
})mlir",
                       a, b, bias, out)
      .str();
}

TEST_P(MatmulKernelTest, MatmulBiasReluMatchesTheReference) {
  // The large tile with ragged edges and a k remainder (read as one vec4
  // of A), small tiles with n % 4 != 0 (scalar columns), k below the
  // unroll factor, k % 4 != 0 (scalar A) and k with a remainder; the medium
  // tile (16 rows x 64 columns) with ragged edges, scalar A and a k
  // remainder (19 x 300), and with vec4 A and scalar columns (40 x 198).
  for (auto [m, k, n] : {std::array<int64_t, 3>{260, 44, 264},
                         {5, 8, 12},
                         {33, 17, 70},
                         {1, 3, 5},
                         {19, 130, 300},
                         {40, 36, 198}})
    expectMatchesReference(matmulBiasRelu(m, k, n));
}

// Products large enough for the tiles an NVIDIA target stages in shared
// memory (nvvm-host configures for nvidia-sm90): 128 x 128 with scalar A
// and B and a partial last stage (k = 37), 128 x 128 with vec4 A and B and
// a last stage of four steps (k = 68), and 64 x 64 with vec4 operands and
// 4 of 16 steps in the last stage; rows and columns past the edges. The
// other devices run their own tiles on the same shapes.
TEST_P(MatmulKernelTest, SharedMemoryTilesMatchTheReference) {
  for (auto [m, k, n] : {std::array<int64_t, 3>{1030, 37, 1030},
                         {1100, 68, 1028},
                         {520, 36, 516}})
    expectMatchesReference(matmulBiasRelu(m, k, n));
}

TEST_P(MatmulKernelTest, TransposedGemmWithCMatchesTheReference) {
  for (bool transA : {false, true})
    for (bool transB : {false, true}) {
      int64_t m = 21, k = 10, n = 36;
      std::string a = tensorType(transA ? Shape{k, m} : Shape{m, k});
      std::string b = tensorType(transB ? Shape{n, k} : Shape{k, n});
      std::string c = tensorType({m, 1}), out = tensorType({m, n});
      expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {1}, %c: {2}) -> {3} {{
    %g = cgc_op.gemm(%a, %b, %c) {{alpha = 0.5 : f32, beta = -2.0 : f32, trans_a = {4}, trans_b = {5}} : ({0}, {1}, {2})
    %t = cgc_op.tanh(%g) : ({3})
    cgc.return %t : {3}
  }
})mlir",
                                           a, b, c, out, transA, transB)
                                 .str());
    }
}

// matmul(a, transpose(b)) with a 2-D b (a language-model head) is compiled
// as gemm(a, b) {trans_b} reading b in place (cgc-prepare-entry-point): one
// subgraph, the transpose gone, the same numbers.
TEST_P(MatmulKernelTest, ProductOfATransposedOperandReadsItInPlace) {
  std::string a = tensorType({30, 24}), b = tensorType({70, 24}),
              bt = tensorType({24, 70}), out = tensorType({30, 70});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {1}) -> {3} {{
    %t = cgc_op.transpose(%b) {{perm = [1, 0]} : ({1})
    %p = cgc_op.matmul(%a, %t) : ({0}, {2})
    %r = cgc_op.relu(%p) : ({3})
    cgc.return %r : {3}
  }
})mlir",
                                       a, b, bt, out)
                             .str());
}

TEST_P(MatmulKernelTest, BatchedMatmulMatchesTheReference) {
  std::string a = tensorType({3, 9, 20}), b = tensorType({3, 20, 16}),
              out = tensorType({3, 9, 16});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {1}) -> {2} {{
    %p = cgc_op.matmul(%a, %b) : ({0}, {1})
    cgc.return %p : {2}
  }
})mlir",
                                       a, b, out)
                             .str());
}
INSTANTIATE_TEST_SUITE_P(Vulkan, MatmulKernelTest, ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, MatmulKernelTest,
                         ::testing::Values("nvvm-host"));
// Tensor cores (mma.sync, executed by the host grid as a warp would).
INSTANTIATE_TEST_SUITE_P(NvvmHostTf32, MatmulKernelTest,
                         ::testing::Values("nvvm-host/tf32",
                                           "nvvm-host/tf32x3"));
INSTANTIATE_TEST_SUITE_P(DxilHost, MatmulKernelTest,
                         ::testing::Values("dxil-host"));

} // namespace
