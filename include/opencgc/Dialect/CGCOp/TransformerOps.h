//===- TransformerOps.h - cgc_op transformer family -------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGCOP_TRANSFORMEROPS_H
#define OPENCGC_DIALECT_CGCOP_TRANSFORMEROPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/TransformerOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_TRANSFORMEROPS_H
