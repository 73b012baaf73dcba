//===- CGCOpDialect.h - The cgc_op dialect ----------------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGCOP_CGCOPDIALECT_H
#define OPENCGC_DIALECT_CGCOP_CGCOPDIALECT_H

#include "mlir/IR/Dialect.h"

#include "opencgc/Dialect/CGCOp/CGCOpDialect.h.inc"

#endif // OPENCGC_DIALECT_CGCOP_CGCOPDIALECT_H
