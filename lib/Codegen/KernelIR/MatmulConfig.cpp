//===- MatmulConfig.cpp - The configuration of a matmul kernel ------------===//
//
// Which register tile a product gets, in which order its workgroups are
// launched, and which operands are read as vec4s. Every tile was measured
// on lavapipe (shared/reference/lavapipe-performance.md); another target
// gets them fitted to it (fitToTarget): one subgroup of lanes, at most its
// accumulators per lane, and as many workgroups as fill it.
//
//===----------------------------------------------------------------------===//
#include "MatmulConfig.h"
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelKinds.h"
#include "KernelSupport.h"
#include "NormalizationKernel.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"

#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;

namespace opencgc::codegen::matmul {
namespace {
/// Measured on lavapipe (1024^3, storage buffers): 16 rows x 16 columns
/// per lane with k unrolled 8 times and A read as vec4s runs at about 21
/// GFLOP/s, 1.5x an 8x16 tile unrolled 4 times over 16 lanes; 16x32 is no
/// faster. With texel buffer inputs (the SPIR-V backend's choice, 2.3x the
/// storage buffer speed) unrolling k 16 times gains another ~12% (kernel
/// alone: 87 against 98 ms); 32 rows, unrolled 8 or 16 times, and 16 lanes
/// were no faster within the noise. Its code is large (seconds of JIT when
/// not cached), so small products, which cannot fill it anyway, get a small
/// tile.
constexpr Tile kLargeTile = {8, 4, 16, 16};
constexpr Tile kSmallTile = {8, 1, 4, 4};
/// Few columns (pointwise convolutions on 7x7 and 14x14 images: n = 49,
/// 196) leave most of the large tile's 128 columns idle; 64 columns of 32
/// rows measured (one-convolution modules, lavapipe, same minute): n = 49,
/// m = 2048, k = 512 in 13.8 ms against 30 ms; n = 196, m = 256, k = 1024
/// in 11.8 against 17.7 ms; at n = 784 and 3136 the large tile stays best.
constexpr Tile kNarrowTile = {8, 2, 32, 16};
constexpr int64_t kNarrowColumns = 256;
/// A product takes the large or narrow tile when it has at least this many
/// elements and fills at least the target's workgroupsToFill of its
/// workgroups (lavapipe's 8, KernelTarget.cpp): lavapipe
/// runs a workgroup on one core, so a launch of a few large workgroups
/// leaves cores idle. Measured on MobileNetV2 (pointwise layers on 7x7
/// images: 1280 x 49 and 320 x 49 take the narrow tile; 160 x 49, with 5
/// narrow workgroups, then took the small one, now the medium one below):
/// 70 against 88 ms a run; ResNet-50 512 against 556 ms.
constexpr int64_t kMinTiledProduct = 8192;
/// Where the wide tiles would leave cores idle but 16 rows x 8 columns per
/// lane fill those 8: MobileNetV2's 960 -> 160 pointwise layers on
/// 7x7 images (m = 160, k = 960, n = 49: 10 workgroups) in 1.1 against
/// 3.1 ms with the small tile (lavapipe, same minute).
constexpr Tile kMediumTile = {8, 2, 16, 8};

/// Products at most this deep (k) are bound by their stores, not their
/// FMAs: their column tiles vary fastest in the launch grid, so the
/// workgroups lavapipe runs one after another write neighbouring stretches
/// of the same output rows. One-product modules, lavapipe, alternating,
/// same minute: PP-OCRv4 det's 16 -> 32 pointwise layer at 320x320 (m = 32,
/// n = 102400) 9.9-10.5 against 11.6-12.0 ms; MobileNetV2's 16 -> 96 at
/// 112x112 3.4-3.6 against 4.2-4.6 ms. From k = 32 on it is slower (m = 96,
/// n = 12544: k = 32 6.2 against 5.4 ms, k = 48 7.5 against 6.7); k = 24
/// is within the noise.
constexpr int64_t kStoreBoundDepth = 16;
} // namespace

/// Whether column tiles vary fastest in the launch grid (kStoreBoundDepth).
bool launchesColumnsFirst(const MatmulShape &shape) {
  return shape.k <= kStoreBoundDepth;
}

/// The launch grid of `tile` over the product: x over row tiles, y over
/// column tiles, z over the batch. Row tiles vary fastest, so the
/// workgroups lavapipe runs one after another read the same panel of B
/// while it is in cache (1024^3: 20 against 16 GFLOP/s with column tiles
/// fastest, same minute); the other way round for store-bound products
/// (kStoreBoundDepth).
std::array<int64_t, 3> workgroupGrid(const MatmulShape &shape,
                                     const Tile &tile) {
  int64_t rowTiles = (shape.m + tile.workgroupRows() - 1) / tile.workgroupRows();
  int64_t columnTiles = (shape.n + tile.columns() - 1) / tile.columns();
  if (launchesColumnsFirst(shape))
    return {columnTiles, rowTiles, shape.batch};
  return {rowTiles, columnTiles, shape.batch};
}

/// A tile measured on lavapipe, fitted to `target`: one subgroup of lanes
/// (lavapipe's is 8, an NVIDIA warp 32, whose 8-lane workgroups would leave
/// three quarters of every warp idle), and rows halved until a lane's
/// accumulators fit its registers (16 x 16 on a GPU of 255 registers per
/// thread spills). lavapipe's tiles are its own.
Tile fitToTarget(Tile tile, const KernelTarget &target) {
  tile.lanes = target.subgroupWidth;
  while (tile.rows > kVector &&
         tile.rows * tile.groups * kVector > target.accumulatorRegisters)
    tile.rows /= 2;
  return tile;
}

/// Tiles staged in shared memory (stagesTilesInSharedMemory), after the
/// classic SIMT SGEMM: 128 x 128 per workgroup of 16 x 16 invocations, 8 x 8
/// accumulators each, 8 k steps staged; 64 x 64 (4 x 4 each, 16 k steps:
/// every invocation still loads one vec4 of A and of B per stage) and
/// 32 x 32 (8 x 8 invocations) where larger tiles leave multiprocessors
/// idle. Not yet measured on a GPU (issue 27).
constexpr Tile kSharedLargeTile = {16, 2, 8, 8, 16, true};
constexpr Tile kSharedMediumTile = {16, 1, 4, 16, 16, true};
constexpr Tile kSharedSmallTile = {8, 1, 4, 8, 8, true};

/// The largest shared tile whose launch has the invocations of
/// workgroupsToFill one-warp workgroups (four warps per multiprocessor).
Tile chooseSharedTile(const MatmulShape &shape, const KernelTarget &target) {
  int64_t invocationsToFill =
      int64_t(target.workgroupsToFill) * target.subgroupWidth;
  for (const Tile &tile : {kSharedLargeTile, kSharedMediumTile}) {
    std::array<int64_t, 3> grid = workgroupGrid(shape, tile);
    if (grid[0] * grid[1] * grid[2] * tile.invocations() >= invocationsToFill)
      return tile;
  }
  return kSharedSmallTile;
}

bool usesMatrixTile(const MatmulShape &shape, const KernelOptions &options) {
  return options.precision != Precision::Fp32 && shape.tile.shared &&
         (options.getTarget().matrixInstructions & kMmaSyncTf32Bf16) &&
         !shape.upsampling;
}

/// Warps split the columns 32 at a time (four 16x8 mma tiles across) and
/// the rows among the rest: the large tile's 8 warps 2 x 4 (64 x 32 each,
/// 16 mma tiles, the 64 accumulators its invocations have with FMAs), the
/// medium 4 x 2 and the small 2 x 1 (16 x 32).
std::pair<int64_t, int64_t> matrixWarps(const Tile &tile) {
  int64_t warps = tile.invocations() / 32;
  int64_t acrossColumns = tile.columns() / 32;
  return {warps / acrossColumns, acrossColumns};
}

/// The large tile for wide products, the narrow one for products of few
/// columns, the medium or small one where they would leave the target's
/// cores idle (KernelTarget::workgroupsToFill). Targets that stage tiles in
/// shared memory get a shared tile, except for an upsampling's scatter.
Tile chooseTile(const MatmulShape &shape, const KernelTarget &target) {
  if ((target.stagesTilesInSharedMemory && !shape.upsampling) || shape.im2col)
    return chooseSharedTile(shape, target);
  auto fillsTheCores = [&](const Tile &tile) {
    std::array<int64_t, 3> grid = workgroupGrid(shape, tile);
    return grid[0] * grid[1] * grid[2] >= target.workgroupsToFill;
  };
  Tile wide =
      fitToTarget(shape.n <= kNarrowColumns ? kNarrowTile : kLargeTile, target);
  if (shape.m * shape.n >= kMinTiledProduct && fillsTheCores(wide))
    return wide;
  Tile medium = fitToTarget(kMediumTile, target);
  return fillsTheCores(medium) ? medium : fitToTarget(kSmallTile, target);
}

/// Whether A is read as vec4s along k (four k steps of a row per load): k
/// is contiguous and a multiple of 4, and the argument is read nowhere else
/// (its buffer is typed as vec4s).
bool vectorizesA(const MatmulShape &shape) {
  return !shape.transA && shape.k % kVector == 0 && shape.a.hasOneUse();
}

/// Whether an upsampling stores its taps' columns in pairs of vec4s: with
/// 2-wide taps, tile rows 2p and 2p + 1 are taps kw = 0 and 1 of one
/// (channel, kh), so a lane's four columns (input pixels iw..iw + 3 of one
/// image row when the width is a multiple of 4) land on eight adjacent,
/// aligned output elements. Scalar stores at stride 2 otherwise: lavapipe
/// stores each scalar in a per-lane loop, and PP-OCRv4's detector spent
/// more time there than in any other layer.
bool pairsUpsamplingTaps(const MatmulShape &shape) {
  if (!shape.upsampling)
    return false;
  const MatmulShape::Upsampling &up = *shape.upsampling;
  return up.kernelW == 2 && up.inW % kVector == 0 && up.outW % kVector == 0 &&
         shape.tile.rows % 2 == 0;
}

/// Whether a transposed A is read as vec4s along m (four tile rows' element
/// of one k step per load): an upsampling's weights, whose scalar loads of
/// A (one per row and k step, each a texel fetch) took four times the
/// loads of B. Tiles are whole multiples of 4 rows, so with m a multiple of
/// 4 a group of four rows is wholly inside or outside the product.
bool vectorizesRowsOfA(const MatmulShape &shape) {
  return shape.transA && !shape.tile.shared && shape.m % kVector == 0 &&
         shape.tile.rows % kVector == 0 && shape.aBatchStride % kVector == 0 &&
         shape.a.hasOneUse();
}

/// Whether consecutive columns of B are adjacent and the argument is read
/// nowhere else, so that its buffer may be typed as vec4s.
static bool hasContiguousRowsOfB(const MatmulShape &shape) {
  return !shape.subsampling && !shape.im2col && !shape.transB &&
         shape.b.hasOneUse();
}

/// Whether B is read as vec4s: its rows are contiguous and whole vec4s, as
/// given or as bound padded.
bool vectorizesB(const MatmulShape &shape) {
  return hasContiguousRowsOfB(shape) &&
         (shape.n % kVector == 0 || shape.paddedB);
}

/// Whether B's rows are bound padded to whole vec4s: a constant subgraph
/// input that the caller can re-lay out, read only here, whose rows are
/// not whole vec4s. PP-OCRv4 rec's classifier, 40x120 by 120x6625 plus
/// bias (one-product module, minimum of 30 runs, four alternations):
/// 1.59-1.85 ms read padded, 1.98-2.07 ms read one by one.
bool padsB(const MatmulShape &shape, const KernelOptions &options) {
  auto input = dyn_cast<BlockArgument>(shape.b);
  auto type = dyn_cast<cgc::TensorType>(shape.b.getType());
  return input && type && type.getIsConstant() &&
         options.canRelayout(input.getArgNumber()) &&
         hasContiguousRowsOfB(shape) && shape.n % kVector != 0 &&
         !shape.upsampling && shapeOf(shape.b).back() == shape.n;
}

/// A shared tile's configuration in words.
std::string describeShared(const MatmulShape &shape, llvm::StringRef operands) {
  const Tile &tile = shape.tile;
  std::array<int64_t, 3> grid = workgroupGrid(shape, tile);
  if (tile.matrix) {
    auto [warpRows, warpColumns] = matrixWarps(tile);
    return llvm::formatv(
               "{0} {1}x{2}x{3}: {4}x{5} tiles in shared memory, {6}x{7} "
               "warps of {8} rows x 32 columns on tensor cores ({9}: "
               "mma.sync m16n8k8), {10} k steps a stage, {11}x{12}x{13} "
               "workgroups{14}",
               shape.im2col ? "implicit GEMM" : "matmul", shape.m, shape.n,
               shape.k, tile.workgroupRows(), tile.columns(), warpRows,
               warpColumns, tile.workgroupRows() / warpRows,
               getPrecisionName(shape.precision), tile.unroll, grid[0], grid[1],
               grid[2], operands)
        .str();
  }
  return llvm::formatv(
             "{0} {1}x{2}x{3}: {4}x{5} tiles in shared memory, {6}x{7} "
             "invocations of {8} rows x {9} columns, {10} k steps a stage, "
             "{11}x{12}x{13} workgroups{14}",
             shape.im2col ? "implicit GEMM" : "matmul", shape.m, shape.n,
             shape.k, tile.workgroupRows(), tile.columns(), tile.lanes,
             tile.rowLanes, tile.rows, tile.groups * kVector, tile.unroll,
             grid[0], grid[1], grid[2], operands)
      .str();
}

std::string describe(const MatmulShape &shape) {
  const Tile &tile = shape.tile;
  std::array<int64_t, 3> grid = workgroupGrid(shape, tile);
  std::string operands =
      describeChoices({{vectorizesA(shape), "A read as vec4s"},
                       {vectorizesRowsOfA(shape), "A's rows read as vec4s"},
                       {vectorizesB(shape), "B read as vec4s"},
                       {shape.paddedB, "B bound padded"},
                       {pairsUpsamplingTaps(shape), "taps stored in pairs"}});
  if (tile.shared)
    return describeShared(shape, operands);
  return llvm::formatv(
             "matmul {0}x{1}x{2}: {3} lanes, {4} rows x {5} "
             "columns per lane, k unrolled {6}, {7}x{8}x{9} "
             "workgroups{10}{11}",
             shape.m, shape.n, shape.k, tile.lanes, tile.rows,
             tile.groups * kVector, tile.unroll, grid[0], grid[1], grid[2],
             launchesColumnsFirst(shape) ? ", columns first" : "", operands)
      .str();
}

} // namespace opencgc::codegen::matmul
