//===- RecurrentOps.cpp - cgc_op recurrent family definitions -------------===//
#include "opencgc/Dialect/CGCOp/RecurrentOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/RecurrentOps.cpp.inc"
