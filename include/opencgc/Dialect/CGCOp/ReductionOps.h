//===- ReductionOps.h - cgc_op reduction family -------------------------*- C++
//-*-===//
#ifndef OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_H
#define OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/ReductionOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_H
