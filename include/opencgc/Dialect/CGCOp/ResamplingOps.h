//===- ResamplingOps.h - cgc_op resampling family ---------------------*- C++
//-*-===//
#ifndef OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_H
#define OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/ResamplingOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_H
