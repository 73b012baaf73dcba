//===- Registration.cpp - Register the CGC dialects -----------------------===//
#include "opencgc/Dialect/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "opencgc/Dialect/CGC/CGCDialect.h"
#include "opencgc/Dialect/CGCOp/CGCOpDialect.h"
#include "opencgc/Dialect/CGCPattern/CGCPatternDialect.h"

void opencgc::registerCGCDialects(mlir::DialectRegistry &registry) {
  registry.insert<cgc::CGCDialect, cgc_op::CGCOpDialect,
                  cgc_pattern::CGCPatternDialect>();
}

void opencgc::loadCGCDialects(mlir::MLIRContext &context) {
  context.loadDialect<cgc::CGCDialect, cgc_op::CGCOpDialect,
                      cgc_pattern::CGCPatternDialect>();
}
