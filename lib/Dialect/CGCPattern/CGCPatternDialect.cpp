//===- CGCPatternDialect.cpp - The cgc_pattern dialect --------------------===//
#include "opencgc/Dialect/CGCPattern/CGCPatternDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "opencgc/Dialect/CGC/CGCDialect.h"
#include "opencgc/Dialect/CGCOp/CGCOpDialect.h"
#include "opencgc/Dialect/CGCPattern/CGCPatternOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace opencgc::cgc_pattern;

#include "opencgc/Dialect/CGCPattern/CGCPatternDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "opencgc/Dialect/CGCPattern/CGCPatternTypes.cpp.inc"

void CGCPatternDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "opencgc/Dialect/CGCPattern/CGCPatternTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCPattern/CGCPatternOps.cpp.inc"
      >();
}
