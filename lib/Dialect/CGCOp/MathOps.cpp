//===- MathOps.cpp - cgc_op math family definitions ----------------===//
#include "opencgc/Dialect/CGCOp/MathOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/MathOps.cpp.inc"
