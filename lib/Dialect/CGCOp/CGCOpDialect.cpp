//===- CGCOpDialect.cpp - The cgc_op dialect ------------------------------===//
#include "opencgc/Dialect/CGCOp/CGCOpDialect.h"

#include "opencgc/Dialect/CGC/CGCBytecodeVersion.h"
#include "opencgc/Dialect/CGC/CGCDialect.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

using namespace opencgc::cgc_op;

#include "opencgc/Dialect/CGCOp/CGCOpDialect.cpp.inc"

void CGCOpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/CGCOpOps.cpp.inc"
      >();
  opencgc::cgc::addVersionedBytecodeInterface(this);
}
