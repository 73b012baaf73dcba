//===- OpClasses.h - Classes of cgc_op ops for pattern matching -*- C++ -*-===//
//
// The op classes a cgc_pattern pattern may name ("elementwise", ...). Kept
// apart from the matcher so that fusion heuristics and code generators ask
// the same question the same way.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_COMPILER_OPCLASSES_H
#define OPENCGC_COMPILER_OPCLASSES_H

#include "opencgc/Dialect/CGCPattern/CGCPatternOps.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace opencgc::compiler {

/// Ops computing each result element from the elements at the same
/// (broadcast) index of their operands: the result shape is the broadcast of
/// the operand shapes. Covers arithmetic, activations, the Math family,
/// comparisons, logic, where, clip and cast.
bool isElementwise(mlir::Operation *op);
/// The reduce_* family and arg_max/arg_min.
bool isReduction(mlir::Operation *op);
/// batch/layer/instance/mean-variance/lp normalization and lrn.
bool isNormalization(mlir::Operation *op);
/// Whether `op` belongs to `opClass`; every cgc_op op is in class "any".
bool isInClass(mlir::Operation *op, cgc_pattern::OpClass opClass);

} // namespace opencgc::compiler

#endif // OPENCGC_COMPILER_OPCLASSES_H
