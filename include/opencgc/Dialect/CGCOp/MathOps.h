//===- MathOps.h - cgc_op math family -------------------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGCOP_MATHOPS_H
#define OPENCGC_DIALECT_CGCOP_MATHOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/MathOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_MATHOPS_H
