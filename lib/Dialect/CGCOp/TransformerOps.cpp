//===- TransformerOps.cpp - cgc_op transformer family definitions ---------===//
#include "opencgc/Dialect/CGCOp/TransformerOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/TransformerOps.cpp.inc"
