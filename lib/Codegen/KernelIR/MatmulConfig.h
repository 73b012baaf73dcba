//===- MatmulConfig.h - A matmul kernel's shape and tile --------*- C++ -*-===//
//
// The matmul kernel (MatmulKernel.cpp) in three concerns: what a subgraph's
// product is (MatmulAnalysis.cpp: match and check), the configuration
// chosen for it (MatmulConfig.cpp: register tile, launch order, which
// operands are read as vec4s) and the code built from both.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_MATMULCONFIG_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_MATMULCONFIG_H

#include "IterationSpace.h"

#include "mlir/IR/Value.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Tensor/ConstantLayout.h"
#include "llvm/Support/Error.h"

#include <array>
#include <optional>

namespace opencgc::codegen::matmul {

constexpr int64_t kVector = 4; // consecutive columns per access

/// The register tile. Without shared memory the workgroup is one subgroup
/// (lavapipe's 8 lanes, a warp); with it (KernelTarget::
/// stagesTilesInSharedMemory) a grid of lanes x rowLanes invocations shares
/// the A and B tiles of `unroll` k steps that it staged in shared memory.
struct Tile {
  int64_t lanes;  // workgroup size (x)
  int64_t groups; // vec4 column groups per lane
  int64_t rows;   // rows per invocation
  int64_t unroll; // k steps per loop iteration (staged), a multiple of kVector
  int64_t rowLanes = 1; // workgroup size (y)
  bool shared = false;  // tiles staged through shared memory
  /// Shared tiles multiplied on tensor cores (mma.sync m16n8k8 on TF32
  /// factors) by warps of the workgroup instead of per-invocation FMAs:
  /// `rows` and `groups` then only size the workgroup's tile.
  bool matrix = false;
  int64_t columns() const { return lanes * kVector * groups; }
  int64_t workgroupRows() const { return rows * rowLanes; }
  int64_t invocations() const { return lanes * rowLanes; }
};

/// The most workgroups a launch dimension takes.
constexpr int64_t kMaxWorkgroupCount = 65535;

/// The product's dimensions and operand layouts.
struct MatmulShape {
  /// The operands: subgraph arguments.
  mlir::Value a, b;
  int64_t batch = 1, m = 0, n = 0, k = 0;
  bool transA = false, transB = false;
  /// Elements between consecutive matrices of A / B; 0 when shared.
  int64_t aBatchStride = 0, bBatchStride = 0;
  double alpha = 1, beta = 1;
  /// Gemm's C operand, broadcast to [m, n].
  mlir::Value c;
  /// A pointwise convolution's bias, one value per row.
  mlir::Value rowBias;
  /// A strided pointwise convolution: B's column n is input element
  /// (n / outW * strideH, n % outW * strideW) of an image inW wide, and its
  /// rows (channels) are inPlane apart.
  struct Subsampling {
    int64_t inW, outW, strideH, strideW, inPlane;
  };
  std::optional<Subsampling> subsampling;
  /// A conv_transpose whose kernel equals its stride (2x2, stride 2: the
  /// upsampling layers): the weights [C, M, KH, KW] are A transposed (row
  /// m = (channel, kh, kw)), the image [C, spatial] is B, and product
  /// element (m, input pixel (ih, iw)) is output element (channel,
  /// ih * KH + kh, iw * KW + kw).
  struct Upsampling {
    int64_t kernelH, kernelW, inW, outH, outW;
  };
  std::optional<Upsampling> upsampling;
  /// A convolution as an implicit GEMM (tiles staged in shared memory
  /// only): the weights [M, C, KH, KW] are A ([M, C * KH * KW]), and B's
  /// element (k, n) is the input element under tap k = (c, kh, kw) of
  /// output pixel n = (oh, ow), zero in the padding.
  struct Im2col {
    int64_t channels, inH, inW, kernelH, kernelW, strideH, strideW, padTop,
        padLeft, dilationH, dilationW, outW;
  };
  std::optional<Im2col> im2col;
  /// B is a constant whose rows (n wide, n % 4 != 0) the runtime pads to
  /// whole vec4s (ConstantLayout::RowsPaddedToVec4), so it is read as vec4s.
  bool paddedB = false;
  /// Elements per row (k) of B as bound: the padded layout's row length.
  int64_t bColumns() const {
    return paddedB ? getLaidOutShape(ConstantLayout::RowsPaddedToVec4, {n})[0]
                   : n;
  }
  /// Rows per bias value (an upsampling's taps share their channel's).
  int64_t rowsPerBias = 1;
  /// A convolution's product: the output is [N, M, ...], product row r
  /// (of image n, the launch's z) lies in output channel r / rowsPerBias.
  bool channelRows = false;
  Shape outShape;
  /// The register tile (chooseTile).
  Tile tile = {};
  /// How a matrix tile's products are computed (tf32 or tf32x3).
  Precision precision = Precision::Fp32;
};

// MatmulAnalysis.cpp

/// The product of the subgraph whose first op is `op`, with the default
/// target's tile; the refusal names the subgraph and the op.
llvm::Expected<MatmulShape> analyze(cgc::SubgraphOp subgraph,
                                    mlir::Operation *op);
/// analyze, with the tile of the options' target and B padded where padsB
/// says so.
llvm::Expected<MatmulShape> analyze(cgc::SubgraphOp subgraph,
                                    mlir::Operation *op,
                                    const KernelOptions &options);

// MatmulConfig.cpp

/// Whether column tiles vary fastest in the launch grid.
bool launchesColumnsFirst(const MatmulShape &shape);
/// The launch grid of `tile` over the product.
std::array<int64_t, 3> workgroupGrid(const MatmulShape &shape,
                                     const Tile &tile);
/// The register tile for the product.
Tile chooseTile(const MatmulShape &shape, const KernelTarget &target);
/// Whether the product's shared tile goes to tensor cores: a precision
/// other than fp32 on a target with TF32 mma.sync.
bool usesMatrixTile(const MatmulShape &shape, const KernelOptions &options);
/// The warps of a matrix tile along its rows and columns (each warp
/// multiplies warpRows x 32 of it, in 16x8 mma tiles).
std::pair<int64_t, int64_t> matrixWarps(const Tile &tile);
/// Whether A is read as vec4s along k.
bool vectorizesA(const MatmulShape &shape);
/// Whether an upsampling stores its taps' columns in pairs of vec4s.
bool pairsUpsamplingTaps(const MatmulShape &shape);
/// Whether a transposed A is read as vec4s along m.
bool vectorizesRowsOfA(const MatmulShape &shape);
/// Whether B is read as vec4s.
bool vectorizesB(const MatmulShape &shape);
/// Whether B's rows are bound padded to whole vec4s.
bool padsB(const MatmulShape &shape, const KernelOptions &options);
/// The configuration in words, for describeKernelConfig.
std::string describe(const MatmulShape &shape);

} // namespace opencgc::codegen::matmul

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_MATMULCONFIG_H
