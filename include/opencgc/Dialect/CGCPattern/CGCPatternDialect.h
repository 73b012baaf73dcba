//===- CGCPatternDialect.h - The cgc_pattern dialect ------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNDIALECT_H
#define OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNDIALECT_H

#include "mlir/IR/Dialect.h"

#include "opencgc/Dialect/CGCPattern/CGCPatternDialect.h.inc"

#endif // OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNDIALECT_H
