//===- IterationSpace.h - Element indexing with broadcasting ----*- C++ -*-===//
//
// An elementwise kernel runs one invocation per element of its iteration
// shape; every operand is addressed from that element's coordinates with its
// own strides (0 along broadcast dimensions, ONNX multidirectional
// broadcasting).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_ITERATIONSPACE_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_ITERATIONSPACE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace opencgc::codegen {

using Shape = llvm::SmallVector<int64_t, 4>;

/// The numpy broadcast of `shapes`; nullopt when two are incompatible.
std::optional<Shape>
broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

/// Per dimension of `target`, the stride of `shape` (right-aligned) in its
/// dense row-major layout, 0 where `shape` is broadcast.
Shape broadcastStrides(llvm::ArrayRef<int64_t> shape,
                       llvm::ArrayRef<int64_t> target);

/// Emits index arithmetic for one element of the iteration shape. The
/// coordinates are computed once, on first use.
class IterationSpace {
public:
  IterationSpace(mlir::OpBuilder &builder, mlir::Location loc,
                 mlir::Value element, llvm::ArrayRef<int64_t> shape);

  /// Flat offset (index) of the element in a dense tensor of `shape`, which
  /// must broadcast to the iteration shape.
  mlir::Value offsetOf(llvm::ArrayRef<int64_t> shape);
  /// An i1 that holds where the element is the first of those that map to
  /// the same element of `shape` (coordinate 0 along every broadcast
  /// dimension); null when every element is.
  mlir::Value ownsElementOf(llvm::ArrayRef<int64_t> shape);
  /// Gives coordinate `dim` of the element where the kernel already has it
  /// (a matmul row is an output channel): operands indexed by it alone are
  /// then addressed by the same value for every element that shares it.
  void setCoordinate(unsigned dim, mlir::Value value) {
    coordinates[dim] = value;
  }

private:
  mlir::Value coordinate(unsigned dim);
  mlir::Value constant(int64_t value);

  mlir::OpBuilder &builder;
  mlir::Location loc;
  mlir::Value element;
  Shape shape;
  llvm::SmallVector<mlir::Value, 4> coordinates;
};

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_ITERATIONSPACE_H
