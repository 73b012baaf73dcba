//===- NormalizationOps.cpp - cgc_op normalization family definitions
//----------------===//
#include "opencgc/Dialect/CGCOp/NormalizationOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/NormalizationOps.cpp.inc"
