//===- ScalarOps.h - cgc_op ops as scalar arith/math code -------*- C++ -*-===//
//
// The generator of each supported elementwise op: given the scalar values
// of its operands at one element (f32 for float tensors, i1 for bool), it
// emits arith/math ops computing the result there.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_SCALAROPS_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_SCALAROPS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace opencgc::codegen {

/// Which element types an op's operands and results may have.
enum class TypeRule {
  Float,   // float operands, float result
  Bool,    // bool operands, bool result
  Compare, // float operands, bool result
  Where,   // bool condition, then two values and a result of one type
  Cast,    // float or bool in, float or bool out
};

using ScalarEmitFn = mlir::Value (*)(mlir::OpBuilder &, mlir::Location,
                                     mlir::Operation *, mlir::ValueRange);

struct ScalarOpInfo {
  TypeRule rule;
  ScalarEmitFn emit;
};

/// The generator of `op`, or null when there is none.
const ScalarOpInfo *lookupScalarOp(mlir::Operation *op);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_SCALAROPS_H
