//===- ScalarOps.h - cgc_op ops as scalar arith/math code -------*- C++ -*-===//
//
// The generator of each supported elementwise op: given the scalar values
// of its operands at one element (f32 for float tensors, i1 for bool, i64
// or i32 for integers), it emits arith/math ops computing the result there.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_SCALAROPS_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_SCALAROPS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace opencgc::codegen {

/// Which element types an op's operands and results may have.
enum class TypeRule {
  Float,          // float operands, float result
  Bool,           // bool operands, bool result
  Compare,        // float operands, bool result
  Where,          // bool condition, then two values and a result of one type
  Cast,           // float, bool or integer in and out
  Integer,        // int64 or int32 operands and result, all of one type
  IntegerCompare, // int64 or int32 operands of one type, bool result
};

using ScalarEmitFn = mlir::Value (*)(mlir::OpBuilder &, mlir::Location,
                                     mlir::Operation *, mlir::ValueRange);

struct ScalarOpInfo {
  TypeRule rule;
  ScalarEmitFn emit;
};

/// Whether `op` computes on integers: an op other than cast with an int64
/// or int32 operand or result, or a cast to one. Such ops take integer
/// scalars (i64 for int64, i32 for int32); an integer tensor that only
/// casts read may instead be loaded as f32 (loadIntegerAsFloat).
bool computesOnIntegers(mlir::Operation *op);

/// The generator of `op`, or null when there is none: the integer one
/// where computesOnIntegers(op).
const ScalarOpInfo *lookupScalarOp(mlir::Operation *op);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_SCALAROPS_H
