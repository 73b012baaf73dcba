//===- LogicOps.h - cgc_op logic family -------------------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGCOP_LOGICOPS_H
#define OPENCGC_DIALECT_CGCOP_LOGICOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/LogicOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_LOGICOPS_H
