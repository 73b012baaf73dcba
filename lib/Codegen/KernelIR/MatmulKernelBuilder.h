//===- MatmulKernelBuilder.h - The code of a matmul kernel ------*- C++ -*-===//
//
// The builder of a matmul kernel (MatmulKernel.cpp), whose tensor-core
// path lives apart (MatmulTensorCores.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_MATMULKERNELBUILDER_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_MATMULKERNELBUILDER_H

#include "MatmulConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace opencgc::codegen::matmul {

// A private header of this library, whose builders all speak MLIR.
using namespace mlir;

class MatmulKernelBuilder {
public:
  MatmulKernelBuilder(cgc::SubgraphOp subgraph, MatmulShape shape);

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
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(builder, loc, x, index(y));
  }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(builder, loc, x, index(y));
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

  std::pair<Value, Value> placeWorkgroup();
  void computeOffsets();
  // Tiles staged in shared memory (Tile::shared).
  void computeSharedOffsets();
  void createSharedTiles();
  SmallVector<Value> loadStage(Value k);
  void stageUnits(int64_t rows, int64_t quadsPerRow, SmallVector<Value> &units,
                  llvm::function_ref<Value(Value, Value)> load);
  Value invocationInWorkgroup() {
    return add(mul(threadY, tile.lanes), threadX);
  }
  Value loadAUnit(Value row, Value k);
  Value loadBUnit(Value k, Value column);
  Value im2colElement(Value k, Value column);
  void storeStage(ValueRange units);
  void forEachStagedUnit(ValueRange units,
                         llvm::function_ref<void(Value, bool, Value)> store);
  SmallVector<Value> accumulateStage(ValueRange accumulators);
  // Shared tiles multiplied on tensor cores (Tile::matrix,
  // MatmulTensorCores.cpp).
  int64_t matrixStrideA() const { return tile.unroll + kVector; }
  int64_t matrixStrideB() const { return tile.columns() + 2 * kVector; }
  int64_t matrixTilesAcrossRows() const;
  void createMatrixTiles();
  void placeLaneInWarp();
  void storeMatrixStage(ValueRange units);
  SmallVector<Value> accumulateMatrixStage(ValueRange accumulators);
  void storeFragments(ValueRange accumulators);
  SmallVector<Value> emitStagedLoop(ValueRange accumulators);
  Value select(Value condition, Value value, Value otherwise) {
    return arith::SelectOp::create(builder, loc, condition, value, otherwise);
  }
  Value zeroOf(Type type) {
    return arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type));
  }
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

  // The workgroup's first row and column, and the operands' offsets for
  // its matrix (placeWorkgroup).
  Value firstTileRow, firstTileColumn, aBase, bBase;
  // With shared tiles: the invocation's place in the workgroup and the A
  // and B tiles (vec4 arrays: A's rows of `unroll` k steps, B's rows of
  // the tile's columns).
  Value threadX, threadY, sharedA, sharedB;
  // With a matrix tile: tf32x3's small parts of A and B, and the offsets
  // in the shared tiles of this lane's first A and B fragment elements
  // and its first accumulator's row and column in the workgroup's tile.
  Value sharedASmall, sharedBSmall;
  Value fragmentA, fragmentB, fragmentRow, fragmentColumn;
};

} // namespace opencgc::codegen::matmul

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_MATMULKERNELBUILDER_H
