//===- QuantizationOps.h - cgc_op quantization family -------------------*- C++
//-*-===//
#ifndef OPENCGC_DIALECT_CGCOP_QUANTIZATIONOPS_H
#define OPENCGC_DIALECT_CGCOP_QUANTIZATIONOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/QuantizationOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_QUANTIZATIONOPS_H
