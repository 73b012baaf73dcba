//===- MatmulTensorCores.cpp - Shared tiles multiplied on tensor cores ----===//
//
// With --precision tf32 or tf32x3 on a target with TF32 mma.sync
// (Tile::matrix), a workgroup stages its A and B tiles as for FMAs
// (MatmulKernel.cpp, emitStagedLoop), rounded to TF32 on the way into
// shared memory, and each warp multiplies a warpRows x 32 part of the tile
// in 16x8 mma tiles, k eight steps at a time (PTX ISA, "Matrix Fragments
// for mma.m16n8k8", .tf32):
//
//   lane = 4 group + thread;  A fragment: rows group, group + 8 x columns
//   thread, thread + 4;  B: rows thread, thread + 4 x column group;
//   C and D: rows group, group + 8 x columns 2 thread, 2 thread + 1.
//
// The shared tiles are float arrays whose rows are padded (A by 4 floats,
// B by 8), so the 32 lanes' fragment loads hit 32 different banks. tf32x3
// also stages each value's remainder (x - tf32(x), rounded again) and adds
// big x small, small x big and big x big products. The epilogue runs on
// each accumulator element at its fragment's place.
//
//===----------------------------------------------------------------------===//
#include "MatmulKernelBuilder.h"
#include "MatrixInstructions.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace opencgc::codegen::matmul {

/// The warp's mma tiles along its rows (four along its 32 columns).
int64_t MatmulKernelBuilder::matrixTilesAcrossRows() const {
  return tile.workgroupRows() / matrixWarps(tile).first / 16;
}

/// The A (rows x unroll) and B (unroll x columns) tiles as padded float
/// arrays in workgroup memory; tf32x3's remainders beside them.
void MatmulKernelBuilder::createMatrixTiles() {
  auto workgroup = gpu::AddressSpaceAttr::get(builder.getContext(),
                                              gpu::AddressSpace::Workgroup);
  auto floats = [&](int64_t elements) {
    return MemRefType::get({elements}, builder.getF32Type(),
                           MemRefLayoutAttrInterface{}, workgroup);
  };
  int64_t aElements = tile.workgroupRows() * matrixStrideA();
  int64_t bElements = tile.unroll * matrixStrideB();
  sharedA = function.addWorkgroupAttribution(floats(aElements), loc);
  sharedB = function.addWorkgroupAttribution(floats(bElements), loc);
  if (shape.precision == Precision::Tf32x3) {
    sharedASmall = function.addWorkgroupAttribution(floats(aElements), loc);
    sharedBSmall = function.addWorkgroupAttribution(floats(bElements), loc);
  }
}

/// The lane's place: its warp's rows and columns of the tile, and the
/// offsets of its first fragment elements in the shared tiles.
void MatmulKernelBuilder::placeLaneInWarp() {
  auto [warpRows, warpColumns] = matrixWarps(tile);
  Value invocation = invocationInWorkgroup();
  Value warp = div(invocation, 32);
  Value lane = rem(invocation, 32);
  Value group = div(lane, 4);
  Value thread = rem(lane, 4);
  Value firstRow =
      add(mul(div(warp, warpColumns), tile.workgroupRows() / warpRows), group);
  Value firstColumn = mul(rem(warp, warpColumns), 32);
  fragmentA = add(mul(firstRow, matrixStrideA()), thread);
  fragmentB = add(mul(thread, matrixStrideB()), add(firstColumn, group));
  fragmentRow = firstRow;
  fragmentColumn = add(firstColumn, mul(thread, 2));
}

/// Stores the staged vec4s rounded to TF32 (and tf32x3's remainders) at
/// their places in the padded tiles: unit u of A is row u / (unroll / 4),
/// vec4 u % (unroll / 4); of B likewise over the tile's columns.
void MatmulKernelBuilder::storeMatrixStage(ValueRange units) {
  forEachStagedUnit(units, [&](Value unit, bool ofA, Value at) {
    int64_t quadsPerRow = (ofA ? tile.unroll : tile.columns()) / kVector;
    int64_t stride = ofA ? matrixStrideA() : matrixStrideB();
    Value offset = add(mul(div(at, quadsPerRow), stride),
                       mul(rem(at, quadsPerRow), kVector));
    auto store = [&](Value value, Value tileOf) {
      vector::StoreOp::create(builder, loc, value, tileOf, offset,
                              /*nontemporal=*/false, llvm::Align(16));
    };
    Value big = roundToTf32(builder, loc, unit);
    store(big, ofA ? sharedA : sharedB);
    if (shape.precision == Precision::Tf32x3)
      store(roundToTf32(builder, loc,
                        arith::SubFOp::create(builder, loc, unit, big)),
            ofA ? sharedASmall : sharedBSmall);
  });
}

/// One stage of mma tiles: per eight k steps each warp loads its A
/// fragments (one per 16 rows) and B fragments (one per 8 columns) from
/// the shared tiles and issues an mma.sync per pair (three for tf32x3).
SmallVector<Value>
MatmulKernelBuilder::accumulateMatrixStage(ValueRange accumulators) {
  auto load = [&](Value tileOf, Value first, int64_t offset) -> Value {
    Value element =
        memref::LoadOp::create(builder, loc, tileOf, add(first, index(offset)));
    return arith::BitcastOp::create(builder, loc, builder.getI32Type(),
                                    element);
  };
  auto fragmentsOfA = [&](Value tileOf, int64_t step, int64_t rowTile) {
    SmallVector<Value> a;
    for (int64_t plus : {0, 1})
      for (int64_t half : {0, 1})
        a.push_back(load(tileOf, fragmentA,
                         (rowTile * 16 + half * 8) * matrixStrideA() + step +
                             plus * 4));
    return a;
  };
  auto fragmentsOfB = [&](Value tileOf, int64_t step, int64_t columnTile) {
    SmallVector<Value> b;
    for (int64_t plus : {0, 1})
      b.push_back(load(tileOf, fragmentB,
                       (step + plus * 4) * matrixStrideB() + columnTile * 8));
    return b;
  };
  bool split = shape.precision == Precision::Tf32x3;
  int64_t rowTiles = matrixTilesAcrossRows();
  SmallVector<Value> result(accumulators);
  for (int64_t step = 0; step < tile.unroll; step += 8) {
    SmallVector<SmallVector<Value>> a, aSmall, b, bSmall;
    for (int64_t i = 0; i < rowTiles; ++i) {
      a.push_back(fragmentsOfA(sharedA, step, i));
      if (split)
        aSmall.push_back(fragmentsOfA(sharedASmall, step, i));
    }
    for (int64_t j = 0; j < 4; ++j) {
      b.push_back(fragmentsOfB(sharedB, step, j));
      if (split)
        bSmall.push_back(fragmentsOfB(sharedBSmall, step, j));
    }
    for (int64_t i = 0; i < rowTiles; ++i)
      for (int64_t j = 0; j < 4; ++j) {
        Value &accumulator = result[i * 4 + j];
        SmallVector<Value> c;
        for (int64_t e = 0; e < 4; ++e)
          c.push_back(vector::ExtractOp::create(builder, loc, accumulator,
                                                ArrayRef<int64_t>{e}));
        // The small products first, so they are not lost under the big.
        if (split) {
          c = createMmaM16n8k8Tf32(builder, loc, a[i], bSmall[j], c);
          c = createMmaM16n8k8Tf32(builder, loc, aSmall[i], b[j], c);
        }
        c = createMmaM16n8k8Tf32(builder, loc, a[i], b[j], c);
        accumulator =
            vector::FromElementsOp::create(builder, loc, accumulatorType(), c);
      }
  }
  return result;
}

/// Each accumulator element through the epilogue to its output element:
/// mma tile (i, j)'s element e is at row 16 i + 8 (e / 2) and column
/// 8 j + e % 2 from the lane's first.
void MatmulKernelBuilder::storeFragments(ValueRange accumulators) {
  Value out = argument(definition.getNumArguments());
  Value outBase = mul(batchIndex, shape.m * shape.n);
  Value firstRow = add(firstTileRow, fragmentRow);
  Value firstColumn = add(firstTileColumn, fragmentColumn);
  for (int64_t i = 0; i < matrixTilesAcrossRows(); ++i)
    for (int64_t half : {0, 1}) {
      Value row = add(firstRow, index(i * 16 + half * 8));
      Value rowStart = add(outBase, rowOffset(row));
      Value rowBias = loadRowBias(row);
      Value rowInside = below(row, shape.m);
      for (int64_t j = 0; j < 4; ++j)
        for (int64_t e : {0, 1}) {
          Value column = add(firstColumn, index(j * 8 + e));
          Value inside = arith::AndIOp::create(builder, loc, rowInside,
                                               below(column, shape.n));
          Value at = add(rowStart, column);
          Value scalar =
              vector::ExtractOp::create(builder, loc, accumulators[i * 4 + j],
                                        ArrayRef<int64_t>{half * 2 + e});
          ifThen(inside, [&] {
            memref::StoreOp::create(builder, loc,
                                    finish(scalar, at, row, rowBias), out, at);
          });
        }
    }
}

} // namespace opencgc::codegen::matmul
