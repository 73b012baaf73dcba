//===- CGCOpOps.h - Layer ops of the cgc_op dialect -------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGCOP_CGCOPOPS_H
#define OPENCGC_DIALECT_CGCOP_CGCOPOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpDialect.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/CGCOpOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_CGCOPOPS_H
