//===- QuantizationOps.cpp - cgc_op quantization family definitions
//----------===//
#include "opencgc/Dialect/CGCOp/QuantizationOps.h"

#include "LayerOpAsm.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/QuantizationOps.cpp.inc"
