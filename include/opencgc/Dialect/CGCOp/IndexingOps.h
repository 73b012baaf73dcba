//===- IndexingOps.h - cgc_op indexing family -------------------------*- C++
//-*-===//
#ifndef OPENCGC_DIALECT_CGCOP_INDEXINGOPS_H
#define OPENCGC_DIALECT_CGCOP_INDEXINGOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/IndexingOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_INDEXINGOPS_H
