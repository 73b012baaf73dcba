//===- MatmulCodegenTest.cpp - Matmul/gemm kernels: lowering and refusals -===//
//
// Matmul and gemm subgraphs of many shapes (tile multiples and not, vec4
// and scalar paths, transposes, C broadcasting, batches, epilogues) lower
// to Kernel IR and to SPIR-V that passes the validator; what the generator
// does not handle is refused with the subgraph's name.
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

class MatmulCodegenTest : public test::SingleKernelTest {};

TEST_F(MatmulCodegenTest, MatmulsOfManyShapesLowerAndValidate) {
  // Small tiles: 8 lanes x 4 columns, 4 rows per workgroup; row tiles
  // are the launch's x, column tiles its y, but for products at most 16
  // deep (store-bound), where it is the other way round.
  for (auto [m, k, n] : {std::array<int64_t, 3>{1, 1, 1},
                         {5, 7, 12},
                         {4, 8, 32},
                         {33, 17, 70},
                         {3, 130, 5}}) {
    SCOPED_TRACE(llvm::formatv("{0}x{1}x{2}", m, k, n).str());
    std::optional<KernelLaunch> launch =
        compile({"mm", "matmul", {f32({m, k}), f32({k, n})}, "", f32({m, n})});
    ASSERT_TRUE(launch);
    EXPECT_EQ(launch->workgroupSize, (std::array<uint32_t, 3>{8, 1, 1}));
    uint32_t rowTiles = (m + 3) / 4, columnTiles = (n + 31) / 32;
    EXPECT_EQ(launch->workgroupCount,
              k <= 16 ? (std::array<uint32_t, 3>{columnTiles, rowTiles, 1})
                      : (std::array<uint32_t, 3>{rowTiles, columnTiles, 1}));
  }
}

TEST_F(MatmulCodegenTest, LargeProductsUseTheLargeTile) {
  // 16 rows x (8 lanes x 16 columns) per workgroup.
  std::optional<KernelLaunch> launch = compile(
      {"mm", "matmul", {f32({260, 44}), f32({44, 264})}, "", f32({260, 264})});
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{17, 3, 1}));
}

// Products of 8192 elements or more take the wide tiles when they fill at
// least 8 workgroups, else the medium tile where it fills 8 (chooseTile):
// 320 x 49 takes the narrow tile (32 rows x 64 columns: 10 workgroups);
// 160 x 49 would fill 5 narrow ones and takes the medium tile (16 rows x 64
// columns: 10); 64 x 128 (8192 elements) would fill 4 narrow ones and
// takes 8 medium ones; 48 x 64 would fill 3 medium ones and keeps the small
// tile (4 rows x 32 columns).
TEST_F(MatmulCodegenTest, WideTilesOnlyWhereTheyFillTheCores) {
  struct Case {
    int64_t m, k, n;
    std::array<uint32_t, 3> workgroups;
  };
  for (const Case &c :
       {Case{320, 32, 49, {10, 1, 1}}, Case{160, 32, 49, {10, 1, 1}},
        Case{64, 32, 128, {4, 2, 1}}, Case{48, 32, 64, {12, 2, 1}},
        // 16 deep: the same tiles, column tiles on x.
        Case{48, 16, 64, {2, 12, 1}}}) {
    SCOPED_TRACE(llvm::formatv("{0}x{1}x{2}", c.m, c.k, c.n).str());
    std::optional<KernelLaunch> launch =
        compile({"mm",
                 "matmul",
                 {f32({c.m, c.k}), f32({c.k, c.n})},
                 "",
                 f32({c.m, c.n})});
    ASSERT_TRUE(launch);
    EXPECT_EQ(launch->workgroupCount, c.workgroups);
  }
}

TEST_F(MatmulCodegenTest, GemmsWithTransposesAndCLowerAndValidate) {
  int64_t m = 6, k = 9, n = 10;
  for (bool transA : {false, true})
    for (bool transB : {false, true})
      for (const std::string &c :
           {f32({m, n}), f32({n}), f32({m, 1}), f32({1})}) {
        SCOPED_TRACE(
            llvm::formatv("transA {0} transB {1} C {2}", transA, transB, c)
                .str());
        std::string a = transA ? f32({k, m}) : f32({m, k});
        std::string b = transB ? f32({n, k}) : f32({k, n});
        std::string attributes =
            llvm::formatv(" {{alpha = 0.25 : f32, beta = 3.0 : f32, "
                          "trans_a = {0}, trans_b = {1}}",
                          transA, transB);
        EXPECT_TRUE(
            compile({"gemm", "gemm", {a, b, c}, attributes, f32({m, n})}));
      }
  EXPECT_TRUE(compile(
      {"gemmNoC", "gemm", {f32({m, k}), f32({k, n})}, "", f32({m, n})}));
}

TEST_F(MatmulCodegenTest, BatchedMatmulsLaunchOneLayerPerMatrix) {
  std::optional<KernelLaunch> launch =
      compile({"batched",
               "matmul",
               {f32({2, 3, 5, 8}), f32({2, 3, 8, 6})},
               "",
               f32({2, 3, 5, 6})});
  ASSERT_TRUE(launch);
  // 8 deep: column tiles on x, row tiles on y, one z layer per matrix.
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{1, 2, 6}));
  // B shared by every matrix of A.
  EXPECT_TRUE(compile({"sharedB",
                       "matmul",
                       {f32({4, 5, 8}), f32({8, 6})},
                       "",
                       f32({4, 5, 6})}));
}

/// matmul -> add bias -> gelu -> greater/where (bool in between), then
/// optionally an add that grows the shape to 2x7x20.
std::string epilogueModule(bool grows) {
  std::string a = f32({7, 9}), b = f32({9, 20}), out = f32({7, 20}),
              bias = f32({20}), mask = "!cgc.tensor<7x20x!cgc.bool>",
              wide = f32({2, 7, 20});
  std::string last = grows ? llvm::formatv(R"mlir(
      %5 = cgc_op.add(%4, %w) : ({0}, {1})
      cgc.return %5 : {1})mlir",
                                           out, wide)
                                 .str()
                           : "\n      cgc.return %4 : " + out;
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.subgraph @epilogue attributes {{origin = "test"} {{
    cgc.functional_definition private @f(%a: {0}, %b: {1}, %bias: {3}, %w: {5}) -> {6} {{
      %0 = cgc_op.matmul(%a, %b) : ({0}, {1})
      %1 = cgc_op.add(%0, %bias) : ({2}, {3})
      %2 = cgc_op.gelu(%1) : ({2})
      %3 = cgc_op.greater(%2, %0) : ({2}, {2})
      %4 = cgc_op.where(%3, %2, %1) : ({4}, {2}, {2}){7}
    }
  }
})mlir",
                       a, b, out, bias, mask, wide, grows ? wide : out, last)
      .str();
}

TEST_F(MatmulCodegenTest, EpiloguesLowerAndValidate) {
  EXPECT_TRUE(compile(parser.parseSubgraph(epilogueModule(false))));
  cgc::SubgraphOp grows = parser.parseSubgraph(epilogueModule(true));
  ASSERT_TRUE(grows);
  EXPECT_EQ(llvm::toString(checkKernelSupport(grows)),
            "subgraph @epilogue: the epilogue's shapes must broadcast to the "
            "product's shape");
}

TEST_F(MatmulCodegenTest, UnsupportedProductsAreRefusedByName) {
  std::string half = "!cgc.tensor<4x4x!cgc.float16>";
  EXPECT_EQ(refusal({"halfMm", "matmul", {half, half}, "", half}),
            "subgraph @halfMm: cgc_op.matmul has no kernel generator yet for "
            "tensors other than float32");
  EXPECT_EQ(
      refusal({"vectorMm", "matmul", {f32({4}), f32({4, 3})}, "", f32({3})}),
      "subgraph @vectorMm: cgc_op.matmul on operands of rank below 2 "
      "has no kernel generator yet");
  EXPECT_EQ(refusal({"broadcastMm",
                     "matmul",
                     {f32({2, 1, 3, 4}), f32({1, 5, 4, 2})},
                     "",
                     f32({2, 5, 3, 2})}),
            "subgraph @broadcastMm: cgc_op.matmul with broadcast batch "
            "dimensions has no kernel generator yet");
  EXPECT_EQ(
      refusal(
          {"emptyMm", "matmul", {f32({0, 4}), f32({4, 3})}, "", f32({0, 3})}),
      "subgraph @emptyMm: cgc_op.matmul on empty tensors has no kernel "
      "generator yet");
  // 65537 tiles of 128 columns: more than a launch dimension holds.
  int64_t n = 128 * 65536 + 1;
  EXPECT_EQ(
      refusal(
          {"wideMm", "matmul", {f32({1, 1}), f32({1, n})}, "", f32({1, n})}),
      "subgraph @wideMm: cgc_op.matmul has too many matrices, rows or columns "
      "for one launch");
}

} // namespace
