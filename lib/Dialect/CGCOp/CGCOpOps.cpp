//===- CGCOpOps.cpp - Core layer ops of the cgc_op dialect ----------------===//
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/CGCOpOps.cpp.inc"
