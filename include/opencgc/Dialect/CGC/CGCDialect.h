//===- CGCDialect.h - The cgc dialect ---------------------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGC_CGCDIALECT_H
#define OPENCGC_DIALECT_CGC_CGCDIALECT_H

#include "mlir/IR/Dialect.h"

#include "opencgc/Dialect/CGC/CGCDialect.h.inc"

#endif // OPENCGC_DIALECT_CGC_CGCDIALECT_H
