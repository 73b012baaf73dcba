//===- NormalizationOps.h - cgc_op normalization family
//-------------------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_H
#define OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/NormalizationOps.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_H
