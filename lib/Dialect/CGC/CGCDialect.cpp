//===- CGCDialect.cpp - The cgc dialect -----------------------------------===//
#include "opencgc/Dialect/CGC/CGCDialect.h"

#include "opencgc/Dialect/CGC/CGCBytecodeVersion.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

using namespace opencgc::cgc;

#include "opencgc/Dialect/CGC/CGCDialect.cpp.inc"

void CGCDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGC/CGCOps.cpp.inc"
      >();
  addVersionedBytecodeInterface(this);
}
