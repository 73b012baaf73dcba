//===- RecurrentOps.h - cgc_op recurrent family ---------------------*- C++
//-*-===//
#ifndef OPENCGC_DIALECT_CGCOP_RECURRENTOPS_H
#define OPENCGC_DIALECT_CGCOP_RECURRENTOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/RecurrentOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_RECURRENTOPS_H
