//===- IndexingOps.cpp - cgc_op indexing family definitions
//----------------===//
#include "opencgc/Dialect/CGCOp/IndexingOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/IndexingOps.cpp.inc"
