//===- LogicOps.cpp - cgc_op logic family definitions ----------------===//
#include "opencgc/Dialect/CGCOp/LogicOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/LogicOps.cpp.inc"
