//===- MatmulKernel.cpp - Matmul/gemm subgraphs with fused epilogues ------===//
//
// One kernel per subgraph, shaped after what is fast on lavapipe
// (shared/reference/lavapipe-performance.md): no shared memory, a register
// tile per invocation, f32 accumulators. Lane x of a workgroup owns the
// columns 4x + 4 lanes j (j < column groups) of a run of consecutive rows, so
// the lanes of a subgroup read the same A element and consecutive vec4s of
// B. Where the layout allows, A is read as vec4s along k and B and the
// result as vec4s along n (their buffers are then typed as vec4 arrays).
// Loads clamp their row/column to the matrix, so edge tiles need no
// branches in the k loop; only the stores are guarded. The epilogue (every
// op after the product) runs on each accumulator before its store.
//
// A pointwise convolution is the same product per image: its weights [M, C]
// are A (shared by every image) and the image [C, spatial] is B, so the
// output [M, spatial] is the convolution's NC(spatial) layout; its bias is
// added per row before the epilogue.
//
//===----------------------------------------------------------------------===//
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "NormalizationKernel.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;

namespace opencgc::codegen {
namespace {

constexpr int64_t kVector = 4; // consecutive columns per access

/// The register tile. The workgroup is one lavapipe subgroup (8 lanes).
struct Tile {
  int64_t lanes;  // workgroup size (x)
  int64_t groups; // vec4 column groups per lane
  int64_t rows;   // rows per invocation
  int64_t unroll; // k steps per loop iteration, a multiple of kVector
  int64_t columns() const { return lanes * kVector * groups; }
};

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
/// elements and fills at least kMinWorkgroups of its workgroups: lavapipe
/// runs a workgroup on one core, so a launch of a few large workgroups
/// leaves cores idle. Measured on MobileNetV2 (pointwise layers on 7x7
/// images: 1280 x 49 and 320 x 49 take the narrow tile; 160 x 49, with 5
/// narrow workgroups, then took the small one, now the medium one below):
/// 70 against 88 ms a run; ResNet-50 512 against 556 ms.
constexpr int64_t kMinTiledProduct = 8192;
constexpr int64_t kMinWorkgroups = 8;
/// Where the wide tiles would leave cores idle but 16 rows x 8 columns per
/// lane fill kMinWorkgroups: MobileNetV2's 960 -> 160 pointwise layers on
/// 7x7 images (m = 160, k = 960, n = 49: 10 workgroups) in 1.1 against
/// 3.1 ms with the small tile (lavapipe, same minute).
constexpr Tile kMediumTile = {8, 2, 16, 8};

constexpr int64_t kMaxWorkgroupCount = 65535;

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

/// The product's dimensions and operand layouts.
struct MatmulShape {
  /// The operands: subgraph arguments.
  Value a, b;
  int64_t batch = 1, m = 0, n = 0, k = 0;
  bool transA = false, transB = false;
  /// Elements between consecutive matrices of A / B; 0 when shared.
  int64_t aBatchStride = 0, bBatchStride = 0;
  double alpha = 1, beta = 1;
  /// Gemm's C operand, broadcast to [m, n].
  Value c;
  /// A pointwise convolution's bias, one value per row.
  Value rowBias;
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
  Tile tile = kSmallTile;
};

/// Whether column tiles vary fastest in the launch grid (kStoreBoundDepth).
bool launchesColumnsFirst(const MatmulShape &shape) {
  return shape.k <= kStoreBoundDepth;
}

/// A batch stride for an operand of numpy matmul: its batch dims must be
/// the output's or all 1 (one matrix for every batch).
std::optional<int64_t> batchStride(llvm::ArrayRef<int64_t> operand,
                                   llvm::ArrayRef<int64_t> out) {
  llvm::ArrayRef<int64_t> batch = operand.drop_back(2);
  if (product(batch) == 1)
    return 0;
  if (batch != out.drop_back(2))
    return std::nullopt;
  return operand[operand.size() - 2] * operand.back();
}

bool allEqual(ArrayAttr values, int64_t expected) {
  return !values || llvm::all_of(values, [&](Attribute value) {
    auto integer = dyn_cast<IntegerAttr>(value);
    return integer && integer.getInt() == expected;
  });
}

/// A pointwise convolution as batch products of weights [M, C] and images
/// [C, spatial].
MatmulShape analyzePointwise(cgc_op::ConvolutionOp conv) {
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  MatmulShape shape;
  shape.a = conv.getWeight();
  shape.b = conv.getInput();
  shape.batch = x[0];
  shape.k = x[1];
  shape.m = shapeOf(conv.getWeight())[0];
  shape.n = product(x.drop_front(2));
  shape.bBatchStride = shape.k * shape.n;
  shape.rowBias = conv.getBias();
  shape.channelRows = true;
  shape.outShape = Shape(shapeOf(conv.getOutput()));
  ArrayAttr strides = conv.getStridesAttr();
  if (!allEqual(strides, 1)) {
    llvm::ArrayRef<int64_t> y = shape.outShape;
    shape.n = product(y.drop_front(2));
    shape.subsampling = MatmulShape::Subsampling{
        x[3], y[3], cast<IntegerAttr>(strides[0]).getInt(),
        cast<IntegerAttr>(strides[1]).getInt(), product(x.drop_front(2))};
  }
  return shape;
}

/// An upsampling conv_transpose as batch products of the transposed
/// weights [M * taps, C] and images [C, spatial], scattered into the
/// output.
MatmulShape analyzeUpsampling(cgc_op::ConvTransposeOp conv) {
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  llvm::ArrayRef<int64_t> w = shapeOf(conv.getWeight());
  llvm::ArrayRef<int64_t> y = shapeOf(conv.getOutput());
  MatmulShape shape;
  shape.a = conv.getWeight();
  shape.b = conv.getInput();
  shape.transA = true;
  shape.batch = x[0];
  shape.k = x[1];
  shape.m = product(w.drop_front(1));
  shape.n = x[2] * x[3];
  shape.bBatchStride = shape.k * shape.n;
  shape.rowBias = conv.getBias();
  shape.rowsPerBias = w[2] * w[3];
  shape.channelRows = true;
  shape.outShape = Shape(y);
  shape.upsampling = MatmulShape::Upsampling{w[2], w[3], x[3], y[2], y[3]};
  return shape;
}

llvm::Expected<MatmulShape> analyzeProduct(cgc::SubgraphOp subgraph,
                                           Operation *op) {
  auto refuse = [&](const llvm::Twine &why) {
    return llvm::createStringError(
        llvm::formatv("subgraph @{0}: {1} {2}", subgraph.getSymName(),
                      op->getName().getStringRef(), why.str())
            .str());
  };
  MatmulShape shape;
  shape.a = op->getOperand(0);
  shape.b = op->getOperand(1);
  shape.outShape = Shape(shapeOf(op->getResult(0)));
  llvm::ArrayRef<int64_t> a = shapeOf(op->getOperand(0));
  llvm::ArrayRef<int64_t> b = shapeOf(op->getOperand(1));
  if (a.size() < 2 || b.size() < 2)
    return refuse("on operands of rank below 2 has no kernel generator yet");
  if (auto gemm = dyn_cast<cgc_op::GemmOp>(op)) {
    shape.transA = gemm.getTransA();
    shape.transB = gemm.getTransB();
    shape.alpha = gemm.getAlpha().convertToDouble();
    shape.beta = gemm.getBeta().convertToDouble();
    shape.c = gemm.getC();
    if (a.size() != 2 || b.size() != 2)
      return refuse("needs 2-D operands");
  } else {
    std::optional<int64_t> aStride = batchStride(a, shape.outShape);
    std::optional<int64_t> bStride = batchStride(b, shape.outShape);
    if (!aStride || !bStride)
      return refuse("with broadcast batch dimensions has no kernel generator "
                    "yet");
    shape.aBatchStride = *aStride;
    shape.bBatchStride = *bStride;
  }
  size_t rank = shape.outShape.size();
  shape.m = shape.outShape[rank - 2];
  shape.n = shape.outShape[rank - 1];
  shape.k = a[a.size() - (shape.transA ? 2 : 1)];
  shape.batch = product(llvm::ArrayRef(shape.outShape).drop_back(2));
  return shape;
}

/// The launch grid of `tile` over the product: x over row tiles, y over
/// column tiles, z over the batch. Row tiles vary fastest, so the
/// workgroups lavapipe runs one after another read the same panel of B
/// while it is in cache (1024^3: 20 against 16 GFLOP/s with column tiles
/// fastest, same minute); the other way round for store-bound products
/// (kStoreBoundDepth).
std::array<int64_t, 3> workgroupGrid(const MatmulShape &shape,
                                     const Tile &tile) {
  int64_t rowTiles = (shape.m + tile.rows - 1) / tile.rows;
  int64_t columnTiles = (shape.n + tile.columns() - 1) / tile.columns();
  if (launchesColumnsFirst(shape))
    return {columnTiles, rowTiles, shape.batch};
  return {rowTiles, columnTiles, shape.batch};
}

/// The large tile for wide products, the narrow one for products of few
/// columns, the medium or small one where they would leave lavapipe's cores
/// idle.
Tile chooseTile(const MatmulShape &shape) {
  auto fillsTheCores = [&](const Tile &tile) {
    std::array<int64_t, 3> grid = workgroupGrid(shape, tile);
    return grid[0] * grid[1] * grid[2] >= kMinWorkgroups;
  };
  Tile wide = shape.n <= kNarrowColumns ? kNarrowTile : kLargeTile;
  if (shape.m * shape.n >= kMinTiledProduct && fillsTheCores(wide))
    return wide;
  return fillsTheCores(kMediumTile) ? kMediumTile : kSmallTile;
}

llvm::Expected<MatmulShape> analyze(cgc::SubgraphOp subgraph, Operation *op) {
  llvm::Expected<MatmulShape> analyzed =
      isPointwiseConvolution(op)
          ? analyzePointwise(cast<cgc_op::ConvolutionOp>(op))
      : isUpsamplingConvTranspose(op)
          ? analyzeUpsampling(cast<cgc_op::ConvTransposeOp>(op))
          : analyzeProduct(subgraph, op);
  if (!analyzed)
    return analyzed.takeError();
  MatmulShape &shape = *analyzed;
  auto refuse = [&](const llvm::Twine &why) {
    return llvm::createStringError(
        llvm::formatv("subgraph @{0}: {1} {2}", subgraph.getSymName(),
                      op->getName().getStringRef(), why.str())
            .str());
  };
  shape.tile = chooseTile(shape);
  if (shape.m * shape.n * shape.k * shape.batch == 0)
    return refuse("on empty tensors has no kernel generator yet");
  if (llvm::any_of(workgroupGrid(shape, shape.tile),
                   [](int64_t groups) { return groups > kMaxWorkgroupCount; }))
    return refuse("has too many matrices, rows or columns for one launch");
  return shape;
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
  return shape.transA && shape.m % kVector == 0 &&
         shape.tile.rows % kVector == 0 && shape.aBatchStride % kVector == 0 &&
         shape.a.hasOneUse();
}

/// Whether consecutive columns of B are adjacent and the argument is read
/// nowhere else, so that its buffer may be typed as vec4s.
bool hasContiguousRowsOfB(const MatmulShape &shape) {
  return !shape.subsampling && !shape.transB && shape.b.hasOneUse();
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

/// analyze, with B padded where padsB says so.
llvm::Expected<MatmulShape> analyze(cgc::SubgraphOp subgraph, Operation *op,
                                    const KernelOptions &options) {
  llvm::Expected<MatmulShape> shape = analyze(subgraph, op);
  if (shape && padsB(*shape, options)) {
    shape->paddedB = true;
    if (shape->bBatchStride)
      shape->bBatchStride = shape->k * shape->bColumns();
  }
  return shape;
}

class MatmulKernelBuilder {
public:
  MatmulKernelBuilder(cgc::SubgraphOp subgraph, MatmulShape shape)
      : subgraph(subgraph), definition(subgraph.getFunctionalDefinition()),
        productOp(&definition.getBodyBlock()->front()), shape(std::move(shape)),
        builder(subgraph.getContext()), vectorA(vectorizesA(this->shape)),
        vectorRowsOfA(vectorizesRowsOfA(this->shape)),
        vectorB(vectorizesB(this->shape)),
        vectorOut(this->shape.n % kVector == 0 && !this->shape.upsampling),
        pairedTaps(pairsUpsamplingTaps(this->shape)) {}

  KernelModule build();

private:
  gpu::GPUFuncOp createFunction(gpu::GPUModuleOp kernels);
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(builder, loc, value);
  }
  Value add(Value x, Value y) {
    return arith::AddIOp::create(builder, loc, x, y);
  }
  Value mul(Value x, int64_t y) {
    if (y == 0)
      return index(0);
    return y == 1 ? x : arith::MulIOp::create(builder, loc, x, index(y));
  }
  Value clamp(Value x, int64_t last) {
    return arith::MinUIOp::create(builder, loc, x, index(last));
  }
  Value argument(unsigned number) { return function.getArgument(number); }
  /// The kernel argument of subgraph argument `value`.
  Value buffer(Value value) {
    return argument(cast<BlockArgument>(value).getArgNumber());
  }
  VectorType accumulatorType() {
    return VectorType::get({kVector}, builder.getF32Type());
  }

  void computeOffsets();
  Value subsampledColumn(Value column);
  /// Elements between consecutive rows (k) of B, read element by element.
  int64_t bRowStride() const {
    if (shape.subsampling)
      return shape.subsampling->inPlane;
    return shape.transB ? 1 : shape.n;
  }
  SmallVector<Value> accumulate(ArrayRef<Value> ks, ValueRange accumulators,
                                ArrayRef<SmallVector<Value>> a);
  SmallVector<Value> loadA(Value k);
  SmallVector<Value> unrolledStep(Value k, ValueRange accumulators,
                                  int64_t step);
  Value loadB(Value k, int64_t group);
  SmallVector<Value> emitLoop(int64_t begin, int64_t end, int64_t step,
                              ValueRange accumulators);
  void storeTile(ValueRange accumulators);
  void storeTapPairs(ValueRange accumulators);
  void storeVector(ValueRange elements, Value first);
  void ifThen(Value condition, llvm::function_ref<void()> body);
  Value below(Value x, int64_t bound);
  Value channelOfRow(Value row);
  Value loadRowBias(Value row);
  Value rowOffset(Value row);
  SmallVector<Value> columnOffsets();
  Value finish(Value accumulator, Value element, Value row, Value rowBias);

  cgc::SubgraphOp subgraph;
  cgc::FunctionalDefinitionOp definition;
  Operation *productOp;
  MatmulShape shape;
  const Tile &tile = shape.tile;
  OpBuilder builder;
  Location loc = builder.getUnknownLoc();
  bool vectorA, vectorRowsOfA, vectorB, vectorOut, pairedTaps;
  gpu::GPUFuncOp function;

  // Per-invocation values, computed once before the k loop.
  Value batchIndex;
  SmallVector<Value> rows;     // unclamped, per tile row
  SmallVector<Value> columns;  // unclamped first column, per column group
  SmallVector<Value> aOffsets; // A element (k = 0) per tile row
  /// B element (k = 0) per column group (vec4 index when vectorB) or per
  /// column (kVector per group) otherwise.
  SmallVector<Value> bOffsets;
};

MemRefType bufferType(Type element, int64_t elements) {
  return MemRefType::get({std::max<int64_t>(1, elements)}, element);
}

gpu::GPUFuncOp MatmulKernelBuilder::createFunction(gpu::GPUModuleOp kernels) {
  Type f32 = builder.getF32Type();
  SmallVector<Type> arguments;
  for (BlockArgument input : definition.getBodyBlock()->getArguments()) {
    int64_t elements = product(shapeOf(input));
    if (shape.paddedB && input == shape.b)
      elements = product(
          getLaidOutShape(ConstantLayout::RowsPaddedToVec4, shapeOf(input)));
    bool asVectors = ((vectorA || vectorRowsOfA) && input == shape.a) ||
                     (vectorB && input == shape.b);
    arguments.push_back(asVectors
                            ? bufferType(accumulatorType(), elements / kVector)
                            : bufferType(f32, elements));
  }
  int64_t outElements = product(shape.outShape);
  arguments.push_back(vectorOut || pairedTaps
                          ? bufferType(accumulatorType(), outElements / kVector)
                          : bufferType(f32, outElements));
  return createKernelFunction(builder, kernels, subgraph, arguments, loc,
                              int32_t(tile.lanes));
}

void MatmulKernelBuilder::computeOffsets() {
  Value lane = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  bool columnsFirst = launchesColumnsFirst(shape);
  Value columnTile = gpu::BlockIdOp::create(
      builder, loc, columnsFirst ? gpu::Dimension::x : gpu::Dimension::y);
  Value rowTile = gpu::BlockIdOp::create(
      builder, loc, columnsFirst ? gpu::Dimension::y : gpu::Dimension::x);
  batchIndex = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::z);
  Value aBase = mul(batchIndex, shape.aBatchStride);
  Value bBase = mul(batchIndex, shape.bBatchStride);
  Value firstRow = mul(rowTile, tile.rows);
  for (int64_t i = 0; i < tile.rows; ++i) {
    rows.push_back(add(firstRow, index(i)));
    // A group of four rows read as one vec4 starts at most at m - 4.
    Value row = clamp(rows.back(), shape.m - (vectorRowsOfA ? kVector : 1));
    aOffsets.push_back(add(aBase, mul(row, shape.transA ? 1 : shape.k)));
  }
  Value firstColumn = add(mul(columnTile, tile.columns()), mul(lane, kVector));
  for (int64_t j = 0; j < tile.groups; ++j) {
    columns.push_back(add(firstColumn, index(j * tile.lanes * kVector)));
    if (vectorB) {
      Value column = clamp(columns.back(), shape.bColumns() - kVector);
      bOffsets.push_back(arith::DivUIOp::create(
          builder, loc, add(bBase, column), index(kVector)));
      continue;
    }
    for (int64_t c = 0; c < kVector; ++c) {
      Value column = clamp(add(columns.back(), index(c)), shape.n - 1);
      bOffsets.push_back(add(
          bBase, shape.subsampling ? subsampledColumn(column)
                                   : mul(column, shape.transB ? shape.k : 1)));
    }
  }
}

/// A strided pointwise convolution's B column `column`: its input element
/// in channel 0.
Value MatmulKernelBuilder::subsampledColumn(Value column) {
  const MatmulShape::Subsampling &image = *shape.subsampling;
  Value outRow =
      arith::DivUIOp::create(builder, loc, column, index(image.outW));
  Value outColumn =
      arith::RemUIOp::create(builder, loc, column, index(image.outW));
  return add(mul(outRow, image.strideH * image.inW),
             mul(outColumn, image.strideW));
}

/// The kVector B elements of column group `group` at row k.
Value MatmulKernelBuilder::loadB(Value k, int64_t group) {
  Value b = buffer(shape.b);
  if (vectorB)
    return memref::LoadOp::create(
        builder, loc, b,
        add(bOffsets[group], mul(k, shape.bColumns() / kVector)));
  SmallVector<Value> elements;
  for (int64_t c = 0; c < kVector; ++c)
    elements.push_back(memref::LoadOp::create(
        builder, loc, b,
        add(bOffsets[group * kVector + c], mul(k, bRowStride()))));
  return vector::FromElementsOp::create(builder, loc, accumulatorType(),
                                        elements);
}

/// A at row k for every tile row: scalar loads, or with vectorRowsOfA one
/// vec4 load per four rows.
SmallVector<Value> MatmulKernelBuilder::loadA(Value k) {
  Value step = mul(k, shape.transA ? shape.m : 1);
  SmallVector<Value> a;
  if (vectorRowsOfA) {
    for (int64_t i = 0; i < tile.rows; i += kVector) {
      Value rows = memref::LoadOp::create(
          builder, loc, buffer(shape.a),
          Value(arith::DivUIOp::create(builder, loc, add(aOffsets[i], step),
                                       index(kVector))));
      for (int64_t c = 0; c < kVector; ++c)
        a.push_back(vector::ExtractOp::create(builder, loc, rows,
                                              ArrayRef<int64_t>{c}));
    }
    return a;
  }
  for (int64_t i = 0; i < tile.rows; ++i)
    a.push_back(memref::LoadOp::create(builder, loc, buffer(shape.a),
                                       add(aOffsets[i], step)));
  return a;
}

/// Rank-1 updates of the register tile for the k steps `ks` (column k of
/// A, `a[step]` per tile row, times row k of B), accumulator by
/// accumulator: each takes all its products in a row, so lavapipe's LLVM
/// keeps it in a register across them instead of spilling and reloading it
/// after every product (the tile's 64 vec4 accumulators are 256 AVX
/// registers' worth). Measured on lavapipe, same minute: 1024^3 at 28
/// against 23 GFLOP/s; n = 49, m = 2048, k = 512 in 5.9 against 11.5 ms;
/// n = 196 in 6.5 against 9.4 ms.
SmallVector<Value>
MatmulKernelBuilder::accumulate(ArrayRef<Value> ks, ValueRange accumulators,
                                ArrayRef<SmallVector<Value>> a) {
  SmallVector<SmallVector<Value>> b(ks.size());
  for (auto [step, k] : llvm::enumerate(ks))
    for (int64_t j = 0; j < tile.groups; ++j)
      b[step].push_back(loadB(k, j));
  SmallVector<Value> result(accumulators);
  for (int64_t i = 0; i < tile.rows; ++i) {
    // Row i's A element of each step, once for all its column groups.
    SmallVector<Value> broadcasts;
    for (const SmallVector<Value> &column : a)
      broadcasts.push_back(vector::BroadcastOp::create(
          builder, loc, accumulatorType(), column[i]));
    for (int64_t j = 0; j < tile.groups; ++j) {
      Value &accumulator = result[i * tile.groups + j];
      for (size_t step = 0; step < ks.size(); ++step)
        accumulator = math::FmaOp::create(builder, loc, broadcasts[step],
                                          b[step][j], accumulator);
    }
  }
  return result;
}

/// `step` updates from k on; with vectorA (step a multiple of 4) each
/// row's four A elements come from one vec4 load.
SmallVector<Value> MatmulKernelBuilder::unrolledStep(Value k,
                                                     ValueRange accumulators,
                                                     int64_t step) {
  SmallVector<Value> ks;
  SmallVector<SmallVector<Value>> a;
  SmallVector<Value> rowsOfA(tile.rows);
  for (int64_t u = 0; u < step; ++u) {
    Value ku = u ? add(k, index(u)) : k;
    ks.push_back(ku);
    if (!vectorA) {
      a.push_back(loadA(ku));
      continue;
    }
    if (u % kVector == 0) {
      // Four k steps of every row from one vec4 load each.
      for (int64_t i = 0; i < tile.rows; ++i)
        rowsOfA[i] = memref::LoadOp::create(
            builder, loc, buffer(shape.a),
            Value(arith::DivUIOp::create(builder, loc, add(aOffsets[i], ku),
                                         index(kVector))));
    }
    SmallVector<Value> column;
    for (Value row : rowsOfA)
      column.push_back(vector::ExtractOp::create(
          builder, loc, row, ArrayRef<int64_t>{u % kVector}));
    a.push_back(column);
  }
  return accumulate(ks, accumulators, a);
}

/// k in [begin, end) by `step`, `step` updates unrolled per iteration.
SmallVector<Value> MatmulKernelBuilder::emitLoop(int64_t begin, int64_t end,
                                                 int64_t step,
                                                 ValueRange accumulators) {
  if (begin >= end)
    return SmallVector<Value>(accumulators);
  auto loop = scf::ForOp::create(
      builder, loc, index(begin), index(end), index(step), accumulators,
      [&](OpBuilder &, Location, Value k, ValueRange carried) {
        scf::YieldOp::create(builder, loc, unrolledStep(k, carried, step));
      });
  return SmallVector<Value>(loop.getResults());
}

/// Loads a subgraph input at the element's coordinates, on first use.
/// Gemm's scaling and C (or a convolution's bias, `rowBias`), then the
/// epilogue, for one accumulator element whose flat output index is
/// `element`.
Value MatmulKernelBuilder::finish(Value accumulator, Value element, Value row,
                                  Value rowBias) {
  IterationSpace space(builder, loc, element, shape.outShape);
  if (shape.channelRows) {
    // Per-channel operands (biases, batch_normalization's parameters) are
    // then read at the same index for all of a row's elements, so CSE
    // leaves one load and one sqrt and divide per row and vec4 group
    // instead of one per element.
    space.setCoordinate(0, batchIndex);
    space.setCoordinate(1, channelOfRow(row));
  }
  EpilogueEvaluator epilogue(builder, loc, space,
                             [&](unsigned number) { return argument(number); });
  auto f32 = [&](double value) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getF32FloatAttr(value));
  };
  Value value = accumulator;
  if (shape.alpha != 1)
    value = arith::MulFOp::create(builder, loc, value, f32(shape.alpha));
  if (shape.c) {
    Value c = epilogue.scalarOf(shape.c);
    if (shape.beta != 1)
      c = arith::MulFOp::create(builder, loc, c, f32(shape.beta));
    value = arith::AddFOp::create(builder, loc, value, c);
  }
  if (rowBias)
    value = arith::AddFOp::create(builder, loc, value, rowBias);
  epilogue.map(productOp->getResult(0), value);
  return epilogue.applyAfterFirst(definition.getBodyBlock());
}

void MatmulKernelBuilder::ifThen(Value condition,
                                 llvm::function_ref<void()> body) {
  OpBuilder::InsertionGuard guard(builder);
  auto ifOp = scf::IfOp::create(builder, loc, condition, false);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  body();
}

Value MatmulKernelBuilder::below(Value x, int64_t bound) {
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, x,
                               index(bound));
}

/// The output channel of a convolution's product row (channelRows).
Value MatmulKernelBuilder::channelOfRow(Value row) {
  if (shape.rowsPerBias == 1)
    return row;
  return arith::DivUIOp::create(builder, loc, row, index(shape.rowsPerBias));
}

Value MatmulKernelBuilder::loadRowBias(Value row) {
  if (!shape.rowBias)
    return {};
  return memref::LoadOp::create(builder, loc, buffer(shape.rowBias),
                                channelOfRow(clamp(row, shape.m - 1)));
}

void MatmulKernelBuilder::storeTile(ValueRange accumulators) {
  if (pairedTaps)
    return storeTapPairs(accumulators);
  Value out = argument(definition.getNumArguments());
  Value outBase = mul(batchIndex, shape.m * shape.n);
  SmallVector<Value> offsets = columnOffsets();
  for (int64_t i = 0; i < tile.rows; ++i) {
    Value rowStart = add(outBase, rowOffset(rows[i]));
    Value rowBias = loadRowBias(rows[i]);
    for (int64_t j = 0; j < tile.groups; ++j) {
      Value accumulator = accumulators[i * tile.groups + j];
      Value first = add(rowStart, offsets[j * kVector]);
      auto at = [&](int64_t c) -> Value {
        return c ? add(rowStart, offsets[j * kVector + c]) : first;
      };
      auto element = [&](int64_t c) -> Value {
        Value scalar = vector::ExtractOp::create(builder, loc, accumulator,
                                                 ArrayRef<int64_t>{c});
        return finish(scalar, at(c), rows[i], rowBias);
      };
      Value rowInside = below(rows[i], shape.m);
      if (vectorOut) {
        // n % 4 == 0: a group is wholly inside or outside.
        Value inside = arith::AndIOp::create(builder, loc, rowInside,
                                             below(columns[j], shape.n));
        ifThen(inside, [&] {
          SmallVector<Value> elements;
          for (int64_t c = 0; c < kVector; ++c)
            elements.push_back(element(c));
          storeVector(elements, first);
        });
        continue;
      }
      for (int64_t c = 0; c < kVector; ++c) {
        Value column = add(columns[j], index(c));
        Value inside = arith::AndIOp::create(builder, loc, rowInside,
                                             below(column, shape.n));
        ifThen(inside, [&] {
          memref::StoreOp::create(builder, loc, element(c), out, at(c));
        });
      }
    }
  }
}

/// pairsUpsamplingTaps: rows i (kw = 0) and i + 1 (kw = 1, one element to
/// the right) interleave into two vec4s per column group. Both rows are one
/// channel's, so they share its bias and its channel coordinate (one
/// per-channel load and computation per pair); m is even, so row i + 1 is
/// inside where row i is.
void MatmulKernelBuilder::storeTapPairs(ValueRange accumulators) {
  Value outBase = mul(batchIndex, shape.m * shape.n);
  SmallVector<Value> offsets = columnOffsets();
  for (int64_t i = 0; i < tile.rows; i += 2) {
    Value rowStart = add(outBase, rowOffset(rows[i]));
    Value rowBias = loadRowBias(rows[i]);
    for (int64_t j = 0; j < tile.groups; ++j) {
      Value inside = arith::AndIOp::create(
          builder, loc, below(rows[i], shape.m), below(columns[j], shape.n));
      ifThen(inside, [&] {
        // Column c of the group lands on output element first + 2c (+ kw).
        Value first = add(rowStart, offsets[j * kVector]);
        SmallVector<Value> elements;
        for (int64_t c = 0; c < kVector; ++c)
          for (int64_t kw = 0; kw < 2; ++kw) {
            Value accumulator = accumulators[(i + kw) * tile.groups + j];
            Value scalar = vector::ExtractOp::create(builder, loc, accumulator,
                                                     ArrayRef<int64_t>{c});
            elements.push_back(finish(scalar, add(first, index(2 * c + kw)),
                                      rows[i], rowBias));
          }
        storeVector(ArrayRef(elements).take_front(kVector), first);
        storeVector(ArrayRef(elements).drop_front(kVector),
                    add(first, index(kVector)));
      });
    }
  }
}

/// Stores four finished elements as the vec4 at output element `first` (a
/// multiple of 4).
void MatmulKernelBuilder::storeVector(ValueRange elements, Value first) {
  storeVectorAt(builder, loc, argument(definition.getNumArguments()), first,
                elements);
}

/// Where product row `row` starts in the output (of one batch): row * n,
/// or for an upsampling its channel's plane plus its tap's (kh, kw).
Value MatmulKernelBuilder::rowOffset(Value row) {
  if (!shape.upsampling)
    return mul(row, shape.n);
  const MatmulShape::Upsampling &up = *shape.upsampling;
  int64_t taps = up.kernelH * up.kernelW;
  Value channel = arith::DivUIOp::create(builder, loc, row, index(taps));
  Value tap = arith::RemUIOp::create(builder, loc, row, index(taps));
  Value kh = arith::DivUIOp::create(builder, loc, tap, index(up.kernelW));
  Value kw = arith::RemUIOp::create(builder, loc, tap, index(up.kernelW));
  return add(mul(channel, up.outH * up.outW), add(mul(kh, up.outW), kw));
}

/// Each of the invocation's columns' offsets from its row's start, per
/// group and column within it: the column itself, or for an upsampling
/// the output position of input pixel (ih, iw), (ih * KH, iw * KW).
SmallVector<Value> MatmulKernelBuilder::columnOffsets() {
  SmallVector<Value> offsets;
  for (Value first : columns)
    for (int64_t c = 0; c < kVector; ++c) {
      Value column = c ? add(first, index(c)) : first;
      if (!shape.upsampling) {
        offsets.push_back(column);
        continue;
      }
      const MatmulShape::Upsampling &up = *shape.upsampling;
      Value ih = arith::DivUIOp::create(builder, loc, column, index(up.inW));
      Value iw = arith::RemUIOp::create(builder, loc, column, index(up.inW));
      offsets.push_back(
          add(mul(ih, up.kernelH * up.outW), mul(iw, up.kernelW)));
    }
  return offsets;
}

std::array<uint32_t, 3> workgroupCount(const MatmulShape &shape) {
  std::array<int64_t, 3> grid = workgroupGrid(shape, shape.tile);
  return {uint32_t(grid[0]), uint32_t(grid[1]), uint32_t(grid[2])};
}

KernelModule MatmulKernelBuilder::build() {
  loc = subgraph.getLoc();
  KernelModule result;
  result.module = ModuleOp::create(loc);
  result.module.get()->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                               builder.getUnitAttr());
  builder.setInsertionPointToStart(result.module->getBody());
  auto kernels = gpu::GPUModuleOp::create(builder, loc, "kernels");
  function = createFunction(kernels);
  builder.setInsertionPointToStart(&function.getBody().front());
  computeOffsets();

  Value zero = arith::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(accumulatorType(), builder.getF32FloatAttr(0)));
  SmallVector<Value> accumulators(tile.rows * tile.groups, zero);
  int64_t unrolled = shape.k - shape.k % tile.unroll;
  accumulators = emitLoop(0, unrolled, tile.unroll, accumulators);
  // The rest of k: whole vec4s of A when A is read as vec4s.
  accumulators =
      emitLoop(unrolled, shape.k, vectorA ? kVector : 1, accumulators);
  storeTile(accumulators);
  gpu::ReturnOp::create(builder, loc);

  KernelLaunch launch;
  launch.name = subgraph.getSymName().str();
  launch.workgroupSize = {uint32_t(tile.lanes), 1, 1};
  launch.workgroupCount = workgroupCount(shape);
  result.launches.push_back(std::move(launch));
  return result;
}

/// Whether every epilogue value (and C) broadcasts to the product's shape
/// without growing it: one epilogue element per accumulator.
bool epilogueFits(Block *body, const MatmulShape &product) {
  llvm::ArrayRef<int64_t> outShape = product.outShape;
  SmallVector<llvm::ArrayRef<int64_t>> shapes = {outShape};
  if (product.c)
    shapes.push_back(shapeOf(product.c));
  for (Operation &op : llvm::drop_begin(body->without_terminator())) {
    for (OpOperand &use : op.getOpOperands())
      if (!isChannelParameter(use)) // checked by checkPerElementOp
        shapes.push_back(shapeOf(use.get()));
    shapes.push_back(shapeOf(op.getResult(0)));
  }
  std::optional<Shape> iteration = broadcastShapes(shapes);
  return iteration && llvm::ArrayRef<int64_t>(*iteration) == outShape;
}

} // namespace

bool isUpsamplingConvTranspose(Operation *op) {
  auto conv = dyn_cast<cgc_op::ConvTransposeOp>(op);
  if (!conv || conv.getGroup() != 1)
    return false;
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  llvm::ArrayRef<int64_t> w = shapeOf(conv.getWeight());
  llvm::ArrayRef<int64_t> y = shapeOf(conv.getOutput());
  if (x.size() != 4 || w.size() != 4 || y.size() != 4 ||
      x[0] > kMaxWorkgroupCount || w[0] != x[1] || y[0] != x[0] || y[1] != w[1])
    return false;
  std::optional<ArrayAttr> strides = conv.getStrides();
  auto strideAt = [&](unsigned d) -> int64_t {
    if (!strides)
      return 1;
    if (strides->size() != 2)
      return 0;
    auto stride = dyn_cast<IntegerAttr>((*strides)[d]);
    return stride ? stride.getInt() : 0;
  };
  auto absentOr = [](std::optional<ArrayAttr> values, int64_t expected) {
    return !values || allEqual(*values, expected);
  };
  // Each output element receives exactly one tap: kernel == stride, no
  // dilation, padding or output padding.
  for (unsigned d = 0; d < 2; ++d)
    if (w[2 + d] != strideAt(d) || y[2 + d] != x[2 + d] * w[2 + d])
      return false;
  return absentOr(conv.getDilations(), 1) &&
         absentOr(conv.getStartPadding(), 0) &&
         absentOr(conv.getEndPadding(), 0) &&
         absentOr(conv.getOutputPadding(), 0);
}

bool isPointwiseConvolution(Operation *op) {
  auto conv = dyn_cast<cgc_op::ConvolutionOp>(op);
  if (!conv || conv.getGroup() != 1)
    return false;
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  llvm::ArrayRef<int64_t> w = shapeOf(conv.getWeight());
  llvm::ArrayRef<int64_t> y = shapeOf(conv.getOutput());
  // Images are the launch's z dimension; more stay with the convolution
  // kernel's linear launch.
  if (x.size() < 3 || w.size() != x.size() || y.size() != x.size() ||
      x[0] > kMaxWorkgroupCount)
    return false;
  auto isOne = [](int64_t extent) { return extent == 1; };
  if (!llvm::all_of(w.drop_front(2), isOne) || w[1] != x[1] || y[0] != x[0] ||
      y[1] != w[0] || !allEqual(conv.getStartPaddingAttr(), 0) ||
      !allEqual(conv.getEndPaddingAttr(), 0))
    return false;
  ArrayAttr strides = conv.getStridesAttr();
  if (allEqual(strides, 1))
    return x.drop_front(2) == y.drop_front(2);
  // Strided (ResNet's projection shortcuts): 2-D, B's columns subsampled.
  auto subsampled = [&](unsigned d) {
    auto stride = dyn_cast<IntegerAttr>(strides[d]);
    return stride && stride.getInt() > 0 &&
           y[2 + d] == (x[2 + d] - 1) / stride.getInt() + 1;
  };
  return x.size() == 4 && strides.size() == 2 && subsampled(0) && subsampled(1);
}

llvm::Error checkMatmulSupport(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  Block *body = definition.getBodyBlock();
  Operation *op = &body->front();
  llvm::Expected<MatmulShape> shape = analyze(subgraph, op);
  if (!shape)
    return shape.takeError();
  for (Operation &epilogue : llvm::drop_begin(body->without_terminator()))
    if (llvm::Error error = checkPerElementOp(subgraph, &epilogue))
      return error;
  if (!llvm::all_of(definition.getArgumentTypes(), isFloat32) ||
      !llvm::all_of(definition.getResultTypes(), isFloat32))
    return refuse(subgraph, op->getName().getStringRef() +
                                " has no kernel generator yet for tensors "
                                "other than float32");
  if (definition.getNumResults() != 1)
    return refuse(subgraph, "a matmul kernel stores one result, not " +
                                llvm::Twine(definition.getNumResults()));
  if (shape->rowBias &&
      shapeOf(shape->rowBias) != ArrayRef(shape->m / shape->rowsPerBias))
    return refuse(subgraph, "a convolution's bias must have one value per "
                            "output channel");
  if (!epilogueFits(body, *shape))
    return refuse(subgraph, "the epilogue's shapes must broadcast to the "
                            "product's shape");
  if (product(shape->outShape) > std::numeric_limits<int32_t>::max())
    return refuse(subgraph, "the product exceeds 32-bit indexing");
  for (Value input : definition.getBodyBlock()->getArguments())
    if (product(shapeOf(input)) > std::numeric_limits<int32_t>::max())
      return refuse(subgraph, "an input exceeds 32-bit indexing");
  return llvm::Error::success();
}

KernelModule buildMatmulKernel(cgc::SubgraphOp subgraph,
                               const KernelOptions &options) {
  Operation *op = &subgraph.getFunctionalDefinition().getBodyBlock()->front();
  MatmulShape shape = cantFail(analyze(subgraph, op, options));
  return MatmulKernelBuilder(subgraph, std::move(shape)).build();
}

std::vector<ConstantLayout>
getMatmulInputLayouts(cgc::SubgraphOp subgraph, const KernelOptions &options) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  std::vector<ConstantLayout> layouts(definition.getNumArguments(),
                                      ConstantLayout::Plain);
  MatmulShape shape =
      cantFail(analyze(subgraph, &definition.getBodyBlock()->front(), options));
  if (shape.paddedB)
    layouts[cast<BlockArgument>(shape.b).getArgNumber()] =
        ConstantLayout::RowsPaddedToVec4;
  return layouts;
}

} // namespace opencgc::codegen
