//===- ConvolutionKernel.cpp - 2-D convolutions with fused epilogues ------===//
//
// Direct convolution, float32, NCHW. Each invocation computes a few
// consecutive output columns (4; on the fast path 4 to 16) of up to
// kMaxChannels output channels (the largest of 16, 8, 4, 1 dividing a
// group's channels) of one (batch, output row), or on the fast path of up
// to 4 consecutive rows (chooseRows), accumulating in f32 registers
// over the input channels of their group and the kernel window; every input
// element loaded serves each channel. Padding taps are handled without
// branches: the input coordinate is clamped into the tensor for the load and
// the loaded value replaced by 0 when the tap lies outside. The epilogue (every
// op after the convolution) runs on each accumulator before its guarded store.
//
// Fast path (windows whose unrolled step stays small, kMaxStepFmas): the
// window is unrolled, and each input row's elements under the invocation's
// columns are loaded once per input channel and feed every kernel column
// and output channel; when a
// channel's weights split into whole vec4s over a few input channels,
// weights are read as vec4s. With unit column stride and dilation and rows
// a multiple of 4 wide, the input rows are read as vec4 texel fetches too,
// the invocation's columns and their neighbours; otherwise element by
// element (14x14 and 7x7 images, strided windows). On lavapipe texel
// fetches decide the speed (docs/kernel-ir.md, "Convolution").
//
// The geometry and check live in ConvolutionAnalysis.cpp, the fast path
// and tile choices in ConvolutionConfig.cpp; this file builds the code.
//
//===----------------------------------------------------------------------===//
#include "ConvolutionKernel.h"
#include "ConvolutionConfig.h"
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "LinearLaunch.h"
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

#include <map>

using namespace mlir;

namespace opencgc::codegen {
using namespace conv;

namespace {

class ConvolutionKernelBuilder {
public:
  ConvolutionKernelBuilder(cgc::SubgraphOp subgraph, ConvShape shape)
      : subgraph(subgraph), definition(subgraph.getFunctionalDefinition()),
        conv(cast<cgc_op::ConvolutionOp>(definition.getBodyBlock()->front())),
        shape(std::move(shape)), builder(subgraph.getContext()) {}

  KernelModule build();

private:
  Value index(int64_t value) { return constantIndex(builder, loc, value); }
  Value add(Value x, Value y) {
    return arith::AddIOp::create(builder, loc, x, y);
  }
  Value mul(Value x, int64_t y) {
    if (y == 0)
      return index(0);
    return y == 1 ? x : arith::MulIOp::create(builder, loc, x, index(y));
  }
  Value lessThan(Value x, Value bound) {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, x,
                                 bound);
  }
  /// Whether 0 <= x < extent, x a signed index.
  Value inside(Value x, int64_t extent) {
    Value low = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                      x, index(0));
    return arith::AndIOp::create(builder, loc, low, lessThan(x, index(extent)));
  }
  Value clampInto(Value x, int64_t extent) {
    Value low = arith::MaxSIOp::create(builder, loc, x, index(0));
    return arith::MinSIOp::create(builder, loc, low, index(extent - 1));
  }
  Value buffer(Value value) {
    return function.getArgument(cast<BlockArgument>(value).getArgNumber());
  }

  Value zeroF32() {
    return arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(0));
  }
  VectorType vec4Type() {
    return VectorType::get({kVector}, builder.getF32Type());
  }
  gpu::GPUFuncOp createFunction(gpu::GPUModuleOp kernels);
  void decompose(Value invocation);
  SmallVector<Value> emitUnrolledLoop(ValueRange accumulators);
  void prepareVectorColumns();
  void prepareScalarColumns();
  SmallVector<Value> vectorStep(Value step, ValueRange accumulators);
  /// A channel's input rows loaded so far, by input row relative to the
  /// invocation's first window row.
  using LoadedRows = std::map<int64_t, SmallVector<Value>>;
  void accumulateRows(Value step, Value plane, int64_t c, int64_t firstRow,
                      int64_t rowCount, LoadedRows &loaded,
                      SmallVectorImpl<Value> &result);
  SmallVector<Value> loadInputRow(Value plane, int64_t offset);
  SmallVector<Value> loadInputElements(Value plane, int64_t offset);
  Value weightAt(Value step, int64_t k, int64_t tap);
  SmallVector<Value> accumulateTap(Value inputBase, Value weightOffset,
                                   Value ih, Value kw, ValueRange accumulators);
  SmallVector<Value> emitLoops(ValueRange accumulators);
  Value finish(Value accumulator, Value element, Value outChannel, Value outRow,
               Value column);
  void storeColumns(ValueRange accumulators);
  void storeRow(ValueRange accumulators, int64_t i, Value outRow);

  cgc::SubgraphOp subgraph;
  cgc::FunctionalDefinitionOp definition;
  cgc_op::ConvolutionOp conv;
  ConvShape shape;
  OpBuilder builder;
  Location loc = builder.getUnknownLoc();
  gpu::GPUFuncOp function;

  // The invocation's output coordinates.
  Value batchIndex, channel, row, firstColumn, columnTile;

  // Fast path, per invocation: the input vec4s' clamped column offsets
  // (from one before the invocation's columns to one after; null when
  // unused) or, element by element, the clamped input columns; whether the
  // window uses column firstColumn * strideW + o and whether it is inside
  // the input (null when always), indexed o - offsetBase; the first input
  // channel; per channel of the tile, its weights' first vec4 (or element).
  SmallVector<Value> vectorColumns, scalarColumns, columnInside;
  SmallVector<bool> columnUsed;
  int64_t offsetBase = -kVector;
  Value firstInput;
  SmallVector<Value> weightStarts;
  // Fast path, per loop step: weight vec4s already loaded, by (channel of
  // the tile, vec4 within the step).
  llvm::DenseMap<std::pair<int64_t, int64_t>, Value> weightVectors;
};

/// As createKernelFunction, with the input (and the weights) typed as vec4
/// buffers on the fast path: memref.loads of vector<4xf32> become Rgba32f
/// texel fetches.
gpu::GPUFuncOp
ConvolutionKernelBuilder::createFunction(gpu::GPUModuleOp kernels) {
  SmallVector<Type> arguments;
  for (BlockArgument input : definition.getBodyBlock()->getArguments()) {
    MemRefType type = bufferTypeOf(input.getType());
    bool asVectors = (shape.vectorInput && input == conv.getInput()) ||
                     (shape.vectorWeights && input == conv.getWeight());
    arguments.push_back(
        asVectors
            ? MemRefType::get({type.getNumElements() / kVector}, vec4Type())
            : type);
  }
  for (Type type : definition.getResultTypes()) {
    MemRefType buffer = bufferTypeOf(type);
    arguments.push_back(
        shape.vectorOutput
            ? MemRefType::get({buffer.getNumElements() / kVector}, vec4Type())
            : buffer);
  }
  return createKernelFunction(builder, kernels, subgraph, arguments,
                              subgraph.getLoc(), int32_t(kWorkgroupSize));
}

/// Invocations run over (batch, channel, row, column tile), column tiles
/// fastest, so neighbouring lanes read neighbouring input columns.
void ConvolutionKernelBuilder::decompose(Value invocation) {
  auto divRem = [&](Value x, int64_t by) {
    Value c = index(by);
    return std::pair<Value, Value>(arith::DivUIOp::create(builder, loc, x, c),
                                   arith::RemUIOp::create(builder, loc, x, c));
  };
  auto [rest, tile] = divRem(invocation, shape.columnTiles());
  auto [rest2, rowTile] = divRem(rest, shape.rowTiles());
  auto [n, block] = divRem(rest2, shape.outChannels / shape.channelTile);
  batchIndex = n;
  channel = mul(block, shape.channelTile);
  row = mul(rowTile, shape.rows);
  columnTile = tile;
  firstColumn = mul(tile, shape.columns);
}

/// Input row ih = row * strideH - padH + offset of channel `plane` (offset
/// i * strideH + kh * dilationH for output row row + i and kernel row kh)
/// around the invocation's columns: element e + kVector is column
/// firstColumn + e, 0 outside the input (null where the window never
/// reaches).
SmallVector<Value> ConvolutionKernelBuilder::loadInputRow(Value plane,
                                                          int64_t offset) {
  if (!shape.vectorInput)
    return loadInputElements(plane, offset);
  int64_t rowVectors = shape.inW / kVector;
  Value ih = add(mul(row, shape.strideH), index(offset - shape.padH));
  Value rowInside = inside(ih, shape.inH);
  Value rowStart =
      mul(add(mul(plane, shape.inH), clampInto(ih, shape.inH)), rowVectors);
  SmallVector<Value> elements(shape.loadedRowVectors() * kVector);
  Value zero = zeroF32();
  for (int64_t v = 0; v < shape.loadedRowVectors(); ++v) {
    if (!vectorColumns[v])
      continue;
    Value loaded = memref::LoadOp::create(builder, loc, buffer(conv.getInput()),
                                          add(rowStart, vectorColumns[v]));
    for (int64_t i = 0; i < kVector; ++i) {
      int64_t e = v * kVector + i;
      if (!columnUsed[e])
        continue;
      Value valid = rowInside;
      if (Value column = columnInside[e])
        valid = arith::AndIOp::create(builder, loc, valid, column);
      Value element = vector::ExtractOp::create(builder, loc, loaded, i);
      elements[e] = arith::SelectOp::create(builder, loc, valid, element, zero);
    }
  }
  return elements;
}

/// As loadInputRow, element by element: element o - offsetBase is input
/// column firstColumn * strideW + o.
SmallVector<Value> ConvolutionKernelBuilder::loadInputElements(Value plane,
                                                               int64_t offset) {
  Value ih = add(mul(row, shape.strideH), index(offset - shape.padH));
  Value rowInside = inside(ih, shape.inH);
  Value rowStart =
      mul(add(mul(plane, shape.inH), clampInto(ih, shape.inH)), shape.inW);
  SmallVector<Value> elements(columnUsed.size());
  Value zero = zeroF32();
  for (auto [i, used] : llvm::enumerate(columnUsed)) {
    if (!used)
      continue;
    Value loaded = memref::LoadOp::create(builder, loc, buffer(conv.getInput()),
                                          add(rowStart, scalarColumns[i]));
    Value valid = rowInside;
    if (Value column = columnInside[i])
      valid = arith::AndIOp::create(builder, loc, valid, column);
    elements[i] = arith::SelectOp::create(builder, loc, valid, loaded, zero);
  }
  return elements;
}

/// Weight `tap` (input channel within the step, kh, kw flattened) of the
/// tile's channel k at loop step `step`.
Value ConvolutionKernelBuilder::weightAt(Value step, int64_t k, int64_t tap) {
  Value weights = buffer(conv.getWeight());
  int64_t stepWeights = shape.channelStep * shape.taps();
  if (!shape.vectorWeights)
    return memref::LoadOp::create(
        builder, loc, weights,
        add(weightStarts[k], add(mul(step, stepWeights), index(tap))));
  Value &vector = weightVectors[{k, tap / kVector}];
  if (!vector)
    vector = memref::LoadOp::create(
        builder, loc, weights,
        add(weightStarts[k],
            add(mul(step, stepWeights / kVector), index(tap / kVector))));
  return vector::ExtractOp::create(builder, loc, vector, tap % kVector);
}

/// One loop step: channelStep input channels, the whole window unrolled.
SmallVector<Value>
ConvolutionKernelBuilder::vectorStep(Value step, ValueRange accumulators) {
  weightVectors.clear();
  int64_t chainRows = std::max<int64_t>(1, kMaxChainTaps / shape.kernelW);
  SmallVector<Value> result(accumulators);
  for (int64_t c = 0; c < shape.channelStep; ++c) {
    Value plane = add(firstInput, add(mul(step, shape.channelStep), index(c)));
    LoadedRows loaded;
    for (int64_t kh = 0; kh < shape.kernelH; kh += chainRows)
      accumulateRows(step, plane, c, kh,
                     std::min(chainRows, shape.kernelH - kh), loaded, result);
  }
  return result;
}

/// The taps of kernel rows [firstRow, firstRow + rowCount) of step channel
/// `c`, accumulator by accumulator: each takes all its products of these
/// rows in a row, so lavapipe's LLVM keeps it in a register across them
/// instead of spilling and reloading it after every tap (the tile's 128
/// accumulators far outnumber the registers).
void ConvolutionKernelBuilder::accumulateRows(Value step, Value plane,
                                              int64_t c, int64_t firstRow,
                                              int64_t rowCount,
                                              LoadedRows &loaded,
                                              SmallVectorImpl<Value> &result) {
  // The input row of output row i and kernel row firstRow + r.
  auto inputRow = [&](int64_t i, int64_t r) -> ArrayRef<Value> {
    int64_t offset = i * shape.strideH + (firstRow + r) * shape.dilationH;
    auto [it, inserted] = loaded.try_emplace(offset);
    if (inserted)
      it->second = loadInputRow(plane, offset);
    return it->second;
  };
  int64_t taps = rowCount * shape.kernelW;
  int64_t firstTap = (c * shape.kernelH + firstRow) * shape.kernelW;
  for (int64_t k = 0; k < shape.channelTile; ++k) {
    SmallVector<Value> weights;
    for (int64_t tap = 0; tap < taps; ++tap)
      weights.push_back(weightAt(step, k, firstTap + tap));
    for (int64_t i = 0; i < shape.rows; ++i)
      for (int64_t j = 0; j < shape.columns; ++j) {
        Value &accumulator = result[shape.accumulator(k, i, j)];
        for (int64_t tap = 0; tap < taps; ++tap) {
          ArrayRef<Value> x = inputRow(i, tap / shape.kernelW);
          int64_t kw = tap % shape.kernelW;
          accumulator = math::FmaOp::create(
              builder, loc, weights[tap],
              x[shape.tapOffset(j, kw) - offsetBase], accumulator);
        }
      }
  }
}

/// The vec4 row loads' columns: which elements the window uses, their
/// vec4s, and which may lie outside the input.
void ConvolutionKernelBuilder::prepareVectorColumns() {
  int64_t lastFirstColumn = (shape.columnTiles() - 1) * shape.columns;
  columnUsed.assign(shape.loadedRowVectors() * kVector, false);
  columnInside.assign(shape.loadedRowVectors() * kVector, Value());
  for (int64_t e = -shape.padW;
       e < shape.columns + shape.kernelW - 1 - shape.padW; ++e) {
    columnUsed[e + kVector] = true;
    if (e < 0 || lastFirstColumn + e >= shape.inW)
      columnInside[e + kVector] = inside(add(firstColumn, index(e)), shape.inW);
  }
  vectorColumns.assign(shape.loadedRowVectors(), Value());
  for (int64_t v = 0; v < shape.loadedRowVectors(); ++v)
    for (int64_t i = 0; i < kVector; ++i)
      if (columnUsed[v * kVector + i] && !vectorColumns[v])
        vectorColumns[v] = clampInto(
            add(mul(columnTile, shape.columns / kVector), index(v - 1)),
            shape.inW / kVector);
}

/// The element loads' columns: each input column offset the window uses,
/// clamped into the row, and whether it may lie outside the input.
void ConvolutionKernelBuilder::prepareScalarColumns() {
  offsetBase = -shape.padW;
  int64_t count =
      shape.tapOffset(shape.columns - 1, shape.kernelW - 1) - offsetBase + 1;
  columnUsed.assign(count, false);
  columnInside.assign(count, Value());
  scalarColumns.assign(count, Value());
  Value windowStart = mul(firstColumn, shape.strideW);
  int64_t lastWindowStart =
      (shape.columnTiles() - 1) * shape.columns * shape.strideW;
  for (int64_t j = 0; j < shape.columns; ++j)
    for (int64_t kw = 0; kw < shape.kernelW; ++kw) {
      int64_t offset = shape.tapOffset(j, kw);
      size_t i = offset - offsetBase;
      if (columnUsed[i])
        continue;
      columnUsed[i] = true;
      Value column = add(windowStart, index(offset));
      scalarColumns[i] = clampInto(column, shape.inW);
      if (offset < 0 || lastWindowStart + offset >= shape.inW)
        columnInside[i] = inside(column, shape.inW);
    }
}

/// The fast path's loop over the group's input channels, channelStep at a
/// time. Column validity depends only on the invocation, so it is computed
/// once here; columns always inside the input need no check.
SmallVector<Value>
ConvolutionKernelBuilder::emitUnrolledLoop(ValueRange accumulators) {
  Value group =
      arith::DivUIOp::create(builder, loc, channel, index(shape.groupOut()));
  firstInput =
      add(mul(batchIndex, shape.inChannels), mul(group, shape.groupIn()));
  if (shape.vectorInput)
    prepareVectorColumns();
  else
    prepareScalarColumns();
  int64_t channelWeights = shape.groupIn() * shape.taps();
  int64_t unit = shape.vectorWeights ? kVector : 1;
  for (int64_t k = 0; k < shape.channelTile; ++k)
    weightStarts.push_back(add(mul(channel, channelWeights / unit),
                               index(k * channelWeights / unit)));
  auto forOp = scf::ForOp::create(
      builder, loc, index(0), index(shape.groupIn() / shape.channelStep),
      index(1), accumulators,
      [&](OpBuilder &, Location, Value step, ValueRange values) {
        scf::YieldOp::create(builder, loc, vectorStep(step, values));
      });
  return SmallVector<Value>(forOp.getResults());
}

/// One kernel tap (input row ih, kernel column kw) for every column and
/// channel; `weightOffset` is the tap's weight for the first channel.
/// Accumulators are channel-major.
SmallVector<Value>
ConvolutionKernelBuilder::accumulateTap(Value inputBase, Value weightOffset,
                                        Value ih, Value kw,
                                        ValueRange accumulators) {
  int64_t channelWeights = shape.groupIn() * shape.kernelH * shape.kernelW;
  SmallVector<Value> weights;
  for (int64_t k = 0; k < shape.channelTile; ++k)
    weights.push_back(
        memref::LoadOp::create(builder, loc, buffer(conv.getWeight()),
                               add(weightOffset, index(k * channelWeights))));
  Value rowInside = inside(ih, shape.inH);
  Value rowBase = add(inputBase, mul(clampInto(ih, shape.inH), shape.inW));
  Value tapOffset = add(mul(kw, shape.dilationW), index(-shape.padW));
  Value zero =
      arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(0));
  SmallVector<Value> result(accumulators);
  for (int64_t c = 0; c < shape.columns; ++c) {
    Value column = add(firstColumn, index(c));
    Value iw = add(mul(column, shape.strideW), tapOffset);
    Value valid =
        arith::AndIOp::create(builder, loc, rowInside, inside(iw, shape.inW));
    Value loaded =
        memref::LoadOp::create(builder, loc, buffer(conv.getInput()),
                               add(rowBase, clampInto(iw, shape.inW)));
    Value x = arith::SelectOp::create(builder, loc, valid, loaded, zero);
    for (int64_t k = 0; k < shape.channelTile; ++k) {
      Value &accumulator = result[shape.accumulator(k, 0, c)];
      accumulator =
          math::FmaOp::create(builder, loc, weights[k], x, accumulator);
    }
  }
  return result;
}

/// for c in group's input channels, kh, kw: accumulate one tap.
SmallVector<Value>
ConvolutionKernelBuilder::emitLoops(ValueRange accumulators) {
  Value group =
      arith::DivUIOp::create(builder, loc, channel, index(shape.groupOut()));
  Value firstInput =
      add(mul(batchIndex, shape.inChannels), mul(group, shape.groupIn()));
  int64_t taps = shape.kernelH * shape.kernelW;
  Value weightBase = mul(channel, shape.groupIn() * taps);
  Value rowStart = add(mul(row, shape.strideH), index(-shape.padH));
  auto loop =
      [&](int64_t end, ValueRange carried,
          llvm::function_ref<SmallVector<Value>(Value, ValueRange)> body)
      -> SmallVector<Value> {
    auto forOp = scf::ForOp::create(
        builder, loc, index(0), index(end), index(1), carried,
        [&](OpBuilder &, Location, Value iv, ValueRange values) {
          scf::YieldOp::create(builder, loc, body(iv, values));
        });
    return SmallVector<Value>(forOp.getResults());
  };
  return loop(shape.groupIn(), accumulators, [&](Value c, ValueRange acc) {
    Value inputBase = mul(add(firstInput, c), shape.inH * shape.inW);
    Value weightChannel = add(weightBase, mul(c, taps));
    return loop(shape.kernelH, acc, [&](Value kh, ValueRange acc2) {
      Value ih = add(rowStart, mul(kh, shape.dilationH));
      Value weightRow = add(weightChannel, mul(kh, shape.kernelW));
      return loop(shape.kernelW, acc2, [&](Value kw, ValueRange acc3) {
        return accumulateTap(inputBase, add(weightRow, kw), ih, kw, acc3);
      });
    });
  });
}

/// The epilogue for one accumulator whose flat output index is `element`,
/// at (batchIndex, outChannel, row, column). The coordinates are given, not
/// recomputed from `element`, so a per-channel operand (a bias,
/// batch_normalization's parameters) is read at the same index by every
/// column of a channel and CSE leaves one load, sqrt and divide per channel
/// and vec4 of columns.
Value ConvolutionKernelBuilder::finish(Value accumulator, Value element,
                                       Value outChannel, Value outRow,
                                       Value column) {
  IterationSpace space(builder, loc, element, shape.outShape);
  for (auto [dim, coordinate] :
       llvm::enumerate(ArrayRef<Value>{batchIndex, outChannel, outRow, column}))
    space.setCoordinate(dim, coordinate);
  EpilogueEvaluator epilogue(builder, loc, space, [&](unsigned number) {
    return function.getArgument(number);
  });
  epilogue.map(conv.getOutput(), accumulator);
  return epilogue.applyAfterFirst(definition.getBodyBlock());
}

/// Each channel's columns, guarded by the row's width: element by element,
/// or with vectorOutput as vec4s (the row and the tile are whole vec4s, so
/// a vec4 lies wholly inside the row or outside it).
void ConvolutionKernelBuilder::storeColumns(ValueRange accumulators) {
  for (int64_t i = 0; i < shape.rows; ++i) {
    OpBuilder::InsertionGuard guard(builder);
    Value outRow = add(row, index(i));
    // The first row always exists; the others only where rows does not
    // divide the height.
    if (i > 0 && shape.outH % shape.rows) {
      auto ifOp = scf::IfOp::create(builder, loc,
                                    lessThan(outRow, index(shape.outH)), false);
      builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    }
    storeRow(accumulators, i, outRow);
  }
}

/// Output row `outRow` (the tile's row i).
void ConvolutionKernelBuilder::storeRow(ValueRange accumulators, int64_t i,
                                        Value outRow) {
  Value out = function.getArgument(definition.getNumArguments());
  Value plane = add(mul(batchIndex, shape.outChannels), channel);
  Value rowStart = mul(add(mul(plane, shape.outH), outRow), shape.outW);
  int64_t channelStride = shape.outH * shape.outW;
  int64_t width = shape.vectorOutput ? kVector : 1;
  for (int64_t c = 0; c < shape.columns; c += width) {
    Value column = add(firstColumn, index(c));
    OpBuilder::InsertionGuard guard(builder);
    auto ifOp = scf::IfOp::create(builder, loc,
                                  lessThan(column, index(shape.outW)), false);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    for (int64_t k = 0; k < shape.channelTile; ++k) {
      Value first = add(add(rowStart, column), index(k * channelStride));
      SmallVector<Value> elements;
      Value outChannel = add(channel, index(k));
      for (int64_t e = 0; e < width; ++e)
        elements.push_back(finish(accumulators[shape.accumulator(k, i, c + e)],
                                  e ? add(first, index(e)) : first, outChannel,
                                  outRow, e ? add(column, index(e)) : column));
      if (width == 1)
        memref::StoreOp::create(builder, loc, elements[0], out, first);
      else
        storeVectorAt(builder, loc, out, first, elements);
    }
  }
}

KernelModule ConvolutionKernelBuilder::build() {
  loc = subgraph.getLoc();
  KernelModule result;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, result);
  function = createFunction(kernels);
  builder.setInsertionPointToStart(&function.getBody().front());

  Value invocation = invocationIndex(builder, loc);
  auto ifOp = scf::IfOp::create(
      builder, loc, lessThan(invocation, index(shape.invocations())), false);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  decompose(invocation);
  SmallVector<Value> accumulators;
  for (int64_t k = 0; k < shape.channelTile; ++k) {
    Value initial =
        conv.getBias()
            ? Value(memref::LoadOp::create(builder, loc, buffer(conv.getBias()),
                                           add(channel, index(k))))
            : Value(arith::ConstantOp::create(builder, loc,
                                              builder.getF32FloatAttr(0)));
    accumulators.append(shape.rows * shape.columns, initial);
  }
  storeColumns(shape.unrolled ? emitUnrolledLoop(accumulators)
                              : emitLoops(accumulators));
  builder.setInsertionPointAfter(ifOp);
  gpu::ReturnOp::create(builder, loc);

  result.launches.push_back(linearLaunch(subgraph, shape.invocations()));
  return result;
}

} // namespace

KernelModule buildConvolutionKernel(cgc::SubgraphOp subgraph,
                                    const KernelOptions &options) {
  if (usesImplicitGemm(subgraph, options))
    return buildMatmulKernel(subgraph, options);
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  auto conv = cast<cgc_op::ConvolutionOp>(definition.getBodyBlock()->front());
  ConvShape shape = cantFail(analyze(subgraph, conv, options.getTarget()));
  return ConvolutionKernelBuilder(subgraph, std::move(shape)).build();
}

std::string describeConvolutionConfig(cgc::SubgraphOp subgraph,
                                      const KernelOptions &options) {
  if (usesImplicitGemm(subgraph, options))
    return describeMatmulConfig(subgraph, options);
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  auto conv = cast<cgc_op::ConvolutionOp>(definition.getBodyBlock()->front());
  return describe(cantFail(analyze(subgraph, conv, options.getTarget())));
}

} // namespace opencgc::codegen
