//===- ResamplingOps.cpp - cgc_op resampling family definitions
//------------===//
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/ResamplingOps.cpp.inc"
