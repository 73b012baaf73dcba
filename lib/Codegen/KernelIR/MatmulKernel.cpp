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
// Which subgraphs are products lives in MatmulAnalysis.cpp, the tile and
// vec4 choices in MatmulConfig.cpp; this file builds the code.
//
//===----------------------------------------------------------------------===//
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "MatmulConfig.h"
#include "MatmulKernelBuilder.h"
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
using namespace matmul;
namespace matmul {
MatmulKernelBuilder::MatmulKernelBuilder(cgc::SubgraphOp subgraph,
                                         MatmulShape shape)
    : subgraph(subgraph), definition(subgraph.getFunctionalDefinition()),
      productOp(&definition.getBodyBlock()->front()), shape(std::move(shape)),
      builder(subgraph.getContext()), vectorA(vectorizesA(this->shape)),
      vectorRowsOfA(vectorizesRowsOfA(this->shape)),
      vectorB(vectorizesB(this->shape)),
      vectorOut(this->shape.n % kVector == 0 && !this->shape.upsampling &&
                !this->shape.tile.matrix),
      pairedTaps(pairsUpsamplingTaps(this->shape)) {}

static MemRefType bufferType(Type element, int64_t elements) {
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
  gpu::GPUFuncOp kernel = createKernelFunction(builder, kernels, subgraph,
                                               arguments, loc,
                                               int32_t(tile.lanes));
  kernel.setKnownBlockSizeAttr(builder.getDenseI32ArrayAttr(
      {int32_t(tile.lanes), int32_t(tile.rowLanes), 1}));
  return kernel;
}

/// The workgroup's place in the launch grid (workgroupGrid): its matrix
/// (batchIndex) and the operands' offsets for that matrix; returns its row
/// and column tile, whose first row and column the caller computes where
/// its code needs them (so the kernels' instructions keep their order).
std::pair<Value, Value> MatmulKernelBuilder::placeWorkgroup() {
  bool columnsFirst = launchesColumnsFirst(shape);
  Value columnTile = gpu::BlockIdOp::create(
      builder, loc, columnsFirst ? gpu::Dimension::x : gpu::Dimension::y);
  Value rowTile = gpu::BlockIdOp::create(
      builder, loc, columnsFirst ? gpu::Dimension::y : gpu::Dimension::x);
  batchIndex = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::z);
  aBase = mul(batchIndex, shape.aBatchStride);
  bBase = mul(batchIndex, shape.bBatchStride);
  return {rowTile, columnTile};
}

void MatmulKernelBuilder::computeOffsets() {
  Value lane = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  auto [rowTile, columnTile] = placeWorkgroup();
  firstTileRow = mul(rowTile, tile.rows);
  for (int64_t i = 0; i < tile.rows; ++i) {
    rows.push_back(add(firstTileRow, index(i)));
    // A group of four rows read as one vec4 starts at most at m - 4.
    Value row = clamp(rows.back(), shape.m - (vectorRowsOfA ? kVector : 1));
    aOffsets.push_back(add(aBase, mul(row, shape.transA ? 1 : shape.k)));
  }
  firstTileColumn = mul(columnTile, tile.columns());
  Value firstColumn = add(firstTileColumn, mul(lane, kVector));
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

/// With shared tiles, invocation (x, y) of a workgroup owns the vec4
/// column groups 4x + 4 lanes j, as without, and the runs of four rows
/// 4y + 4 rowLanes i: the lanes of a warp then read consecutive vec4s of
/// the B tile and one or two rows of the A tile (broadcasts), and store
/// consecutive vec4s.
void MatmulKernelBuilder::computeSharedOffsets() {
  threadX = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  threadY = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::y);
  auto [rowTile, columnTile] = placeWorkgroup();
  firstTileRow = mul(rowTile, tile.workgroupRows());
  firstTileColumn = mul(columnTile, tile.columns());
  Value firstRow = add(firstTileRow, mul(threadY, kVector));
  for (int64_t i = 0; i < tile.rows; ++i)
    rows.push_back(add(
        firstRow, index(i / kVector * tile.rowLanes * kVector + i % kVector)));
  Value firstColumn = add(firstTileColumn, mul(threadX, kVector));
  for (int64_t j = 0; j < tile.groups; ++j)
    columns.push_back(add(firstColumn, index(j * tile.lanes * kVector)));
}

/// The workgroup's A tile (rows x unroll) and B tile (unroll x columns),
/// as vec4 arrays in workgroup memory.
void MatmulKernelBuilder::createSharedTiles() {
  auto workgroup = gpu::AddressSpaceAttr::get(builder.getContext(),
                                              gpu::AddressSpace::Workgroup);
  auto tileType = [&](int64_t elements) {
    return MemRefType::get({elements / kVector}, accumulatorType(),
                           MemRefLayoutAttrInterface{}, workgroup);
  };
  sharedA =
      function.addWorkgroupAttribution(tileType(tile.workgroupRows() *
                                                tile.unroll),
                                       loc);
  sharedB = function.addWorkgroupAttribution(
      tileType(tile.unroll * tile.columns()), loc);
}

/// The vec4s this invocation stages of the A and B tiles for the k steps
/// from `k`: unit u of a tile is its vec4 u, so consecutive invocations
/// load consecutive vec4s along k of A (its rows are contiguous along k)
/// and along a row of B.
SmallVector<Value> MatmulKernelBuilder::loadStage(Value k) {
  SmallVector<Value> units;
  stageUnits(tile.workgroupRows(), tile.unroll / kVector, units,
             [&](Value row, Value quad) {
               return loadAUnit(add(firstTileRow, row),
                                add(k, mul(quad, kVector)));
             });
  stageUnits(tile.unroll, tile.columns() / kVector, units,
             [&](Value step, Value quad) {
               return loadBUnit(add(k, step),
                                add(firstTileColumn, mul(quad, kVector)));
             });
  return units;
}

/// Appends `load(row, quad)` for each vec4 this invocation stages of a tile
/// of `rows` rows of `quadsPerRow` vec4s: vec4 u is staged by invocation
/// u mod N of the workgroup's N.
void MatmulKernelBuilder::stageUnits(
    int64_t rows, int64_t quadsPerRow, SmallVector<Value> &units,
    llvm::function_ref<Value(Value, Value)> load) {
  Value invocation = invocationInWorkgroup();
  for (int64_t e = 0; e < rows * quadsPerRow; e += tile.invocations()) {
    Value unit = add(invocation, index(e));
    units.push_back(load(div(unit, quadsPerRow), rem(unit, quadsPerRow)));
  }
}

/// A's row `row` at the four k steps from `k`, zero from k's end on (the
/// last stage's tail); rows past m read the last row, never stored.
Value MatmulKernelBuilder::loadAUnit(Value row, Value k) {
  row = clamp(row, shape.m - 1);
  Value a = buffer(shape.a);
  if (vectorA) {
    // k % 4 == 0: four steps are wholly inside or outside.
    Value element = add(aBase, add(mul(row, shape.k),
                                   clamp(k, shape.k - kVector)));
    Value quad = memref::LoadOp::create(
        builder, loc, a,
        Value(arith::DivUIOp::create(builder, loc, element, index(kVector))));
    return select(below(k, shape.k), quad, zeroOf(accumulatorType()));
  }
  SmallVector<Value> elements;
  for (int64_t c = 0; c < kVector; ++c) {
    Value step = add(k, index(c));
    Value element =
        add(aBase, add(mul(row, shape.transA ? 1 : shape.k),
                       mul(clamp(step, shape.k - 1),
                           shape.transA ? shape.m : 1)));
    elements.push_back(select(below(step, shape.k),
                              memref::LoadOp::create(builder, loc, a, element),
                              zeroOf(builder.getF32Type())));
  }
  return vector::FromElementsOp::create(builder, loc, accumulatorType(),
                                        elements);
}

/// B's row `k` at the four columns from `column`, zero from k's end on;
/// columns past n read the last one, never stored.
Value MatmulKernelBuilder::loadBUnit(Value k, Value column) {
  Value inside = below(k, shape.k);
  k = clamp(k, shape.k - 1);
  Value b = buffer(shape.b);
  if (vectorB) {
    Value first = clamp(column, shape.bColumns() - kVector);
    Value element = add(bBase, add(mul(k, shape.bColumns()), first));
    Value quad = memref::LoadOp::create(
        builder, loc, b,
        Value(arith::DivUIOp::create(builder, loc, element, index(kVector))));
    return select(inside, quad, zeroOf(accumulatorType()));
  }
  SmallVector<Value> elements;
  for (int64_t c = 0; c < kVector; ++c) {
    Value at = clamp(add(column, index(c)), shape.n - 1);
    Value element;
    if (shape.im2col) {
      element = im2colElement(k, at);
    } else {
      Value offset = shape.subsampling ? subsampledColumn(at)
                                       : mul(at, shape.transB ? shape.k : 1);
      element = memref::LoadOp::create(
          builder, loc, b, add(bBase, add(offset, mul(k, bRowStride()))));
    }
    elements.push_back(select(inside, element, zeroOf(builder.getF32Type())));
  }
  return vector::FromElementsOp::create(builder, loc, accumulatorType(),
                                        elements);
}

/// An implicit GEMM's B element (k, column): the input element under tap
/// k = (c, kh, kw) of output pixel column = (oh, ow), zero in the padding.
/// Row and column are unsigned, so one comparison rejects both sides.
Value MatmulKernelBuilder::im2colElement(Value k, Value column) {
  const MatmulShape::Im2col &conv = *shape.im2col;
  int64_t taps = conv.kernelH * conv.kernelW;
  Value channel = div(k, taps);
  Value tap = rem(k, taps);
  Value inRow = add(add(mul(div(column, conv.outW), conv.strideH),
                        mul(div(tap, conv.kernelW), conv.dilationH)),
                    index(-conv.padTop));
  Value inColumn = add(add(mul(rem(column, conv.outW), conv.strideW),
                           mul(rem(tap, conv.kernelW), conv.dilationW)),
                       index(-conv.padLeft));
  Value inside = arith::AndIOp::create(builder, loc, below(inRow, conv.inH),
                                       below(inColumn, conv.inW));
  Value pixel = select(inside, add(mul(inRow, conv.inW), inColumn), index(0));
  Value element =
      add(bBase, add(mul(channel, conv.inH * conv.inW), pixel));
  return select(inside,
                memref::LoadOp::create(builder, loc, buffer(shape.b), element),
                zeroOf(builder.getF32Type()));
}

/// Calls `store(vec4, ofA, unit)` for each staged vec4 (loadStage's order:
/// A's units, then B's), with its unit number in its tile.
void MatmulKernelBuilder::forEachStagedUnit(
    ValueRange units, llvm::function_ref<void(Value, bool, Value)> store) {
  Value invocation = invocationInWorkgroup();
  int64_t invocations = tile.invocations();
  int64_t aUnits = tile.workgroupRows() * tile.unroll / kVector;
  for (auto [e, unit] : llvm::enumerate(units)) {
    bool ofA = int64_t(e) * invocations < aUnits;
    int64_t first = ofA ? e * invocations : e * invocations - aUnits;
    store(unit, ofA, add(invocation, index(first)));
  }
}

/// Stores the staged vec4s at their units in the shared tiles.
void MatmulKernelBuilder::storeStage(ValueRange units) {
  if (tile.matrix)
    return storeMatrixStage(units);
  forEachStagedUnit(units, [&](Value unit, bool ofA, Value at) {
    memref::StoreOp::create(builder, loc, unit, ofA ? sharedA : sharedB, at);
  });
}

/// The register tile's updates for one stage: per four k steps one vec4 of
/// the A tile per row (its four steps) and, per step, one vec4 of the B
/// tile per column group.
SmallVector<Value>
MatmulKernelBuilder::accumulateStage(ValueRange accumulators) {
  if (tile.matrix)
    return accumulateMatrixStage(accumulators);
  int64_t quadsPerRowOfA = tile.unroll / kVector;
  int64_t quadsPerRowOfB = tile.columns() / kVector;
  Value firstRowOfA = mul(threadY, kVector * quadsPerRowOfA);
  SmallVector<Value> result(accumulators);
  for (int64_t quad = 0; quad < quadsPerRowOfA; ++quad) {
    SmallVector<Value> a;
    for (int64_t i = 0; i < tile.rows; ++i) {
      int64_t row = i / kVector * tile.rowLanes * kVector + i % kVector;
      a.push_back(memref::LoadOp::create(
          builder, loc, sharedA,
          add(firstRowOfA, index(row * quadsPerRowOfA + quad))));
    }
    for (int64_t c = 0; c < kVector; ++c) {
      int64_t step = quad * kVector + c;
      SmallVector<Value> b;
      for (int64_t j = 0; j < tile.groups; ++j)
        b.push_back(memref::LoadOp::create(
            builder, loc, sharedB,
            add(threadX, index(step * quadsPerRowOfB + j * tile.lanes))));
      for (int64_t i = 0; i < tile.rows; ++i) {
        Value broadcast = vector::BroadcastOp::create(
            builder, loc, accumulatorType(),
            vector::ExtractOp::create(builder, loc, a[i],
                                      ArrayRef<int64_t>{c}));
        for (int64_t j = 0; j < tile.groups; ++j) {
          Value &accumulator = result[i * tile.groups + j];
          accumulator = math::FmaOp::create(builder, loc, broadcast, b[j],
                                            accumulator);
        }
      }
    }
  }
  return result;
}

/// The k loop over stages of `unroll` steps: the next stage's vec4s are
/// loaded from memory while this stage's are multiplied (they wait in
/// registers, carried by the loop), between the barriers that keep the
/// shared tiles whole.
SmallVector<Value>
MatmulKernelBuilder::emitStagedLoop(ValueRange accumulators) {
  SmallVector<Value> carried(accumulators);
  llvm::append_range(carried, loadStage(index(0)));
  int64_t stages = (shape.k + tile.unroll - 1) / tile.unroll;
  size_t count = accumulators.size();
  auto loop = scf::ForOp::create(
      builder, loc, index(0), index(stages * tile.unroll), index(tile.unroll),
      carried, [&](OpBuilder &, Location, Value k, ValueRange values) {
        storeStage(values.drop_front(count));
        gpu::BarrierOp::create(builder, loc);
        SmallVector<Value> next = loadStage(add(k, index(tile.unroll)));
        SmallVector<Value> updated =
            accumulateStage(values.take_front(count));
        gpu::BarrierOp::create(builder, loc);
        llvm::append_range(updated, next);
        scf::YieldOp::create(builder, loc, updated);
      });
  return SmallVector<Value>(loop.getResults().take_front(count));
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

static std::array<uint32_t, 3> workgroupCount(const MatmulShape &shape) {
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
  if (tile.matrix) {
    createMatrixTiles();
    computeSharedOffsets();
    placeLaneInWarp();
  } else if (tile.shared) {
    createSharedTiles();
    computeSharedOffsets();
  } else {
    computeOffsets();
  }

  Value zero = arith::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(accumulatorType(), builder.getF32FloatAttr(0)));
  // A matrix tile's accumulators are its warp's mma tiles' C fragments.
  SmallVector<Value> accumulators(tile.matrix ? matrixTilesAcrossRows() * 4
                                              : tile.rows * tile.groups,
                                  zero);
  if (tile.shared) {
    accumulators = emitStagedLoop(accumulators);
  } else {
    int64_t unrolled = shape.k - shape.k % tile.unroll;
    accumulators = emitLoop(0, unrolled, tile.unroll, accumulators);
    // The rest of k: whole vec4s of A when A is read as vec4s.
    accumulators =
        emitLoop(unrolled, shape.k, vectorA ? kVector : 1, accumulators);
  }
  if (tile.matrix)
    storeFragments(accumulators);
  else
    storeTile(accumulators);
  gpu::ReturnOp::create(builder, loc);

  KernelLaunch launch;
  launch.name = subgraph.getSymName().str();
  launch.workgroupSize = {uint32_t(tile.lanes), uint32_t(tile.rowLanes), 1};
  launch.workgroupCount = workgroupCount(shape);
  result.launches.push_back(std::move(launch));
  return result;
}

} // namespace matmul

KernelModule buildMatmulKernel(cgc::SubgraphOp subgraph,
                               const KernelOptions &options) {
  Operation *op = &subgraph.getFunctionalDefinition().getBodyBlock()->front();
  MatmulShape shape = cantFail(analyze(subgraph, op, options));
  return MatmulKernelBuilder(subgraph, std::move(shape)).build();
}

std::string describeMatmulConfig(cgc::SubgraphOp subgraph,
                                 const KernelOptions &options) {
  Operation *op = &subgraph.getFunctionalDefinition().getBodyBlock()->front();
  return describe(cantFail(analyze(subgraph, op, options)));
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
