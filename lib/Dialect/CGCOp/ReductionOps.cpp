//===- ReductionOps.cpp - cgc_op reduction family definitions
//----------------===//
#include "opencgc/Dialect/CGCOp/ReductionOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/ReductionOps.cpp.inc"
