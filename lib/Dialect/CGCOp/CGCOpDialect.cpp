//===- CGCOpDialect.cpp - The cgc_op dialect ------------------------------===//
#include "opencgc/Dialect/CGCOp/CGCOpDialect.h"

#include "opencgc/Dialect/CGC/CGCBytecodeVersion.h"
#include "opencgc/Dialect/CGC/CGCDialect.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/IndexingOps.h"
#include "opencgc/Dialect/CGCOp/LogicOps.h"
#include "opencgc/Dialect/CGCOp/MathOps.h"
#include "opencgc/Dialect/CGCOp/NormalizationOps.h"
#include "opencgc/Dialect/CGCOp/QuantizationOps.h"
#include "opencgc/Dialect/CGCOp/RecurrentOps.h"
#include "opencgc/Dialect/CGCOp/ReductionOps.h"
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"
#include "opencgc/Dialect/CGCOp/TransformerOps.h"

using namespace opencgc::cgc_op;

#include "opencgc/Dialect/CGCOp/CGCOpDialect.cpp.inc"

void CGCOpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/CGCOpOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/MathOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/LogicOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/ReductionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/NormalizationOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/IndexingOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/ResamplingOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/QuantizationOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/RecurrentOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "opencgc/Dialect/CGCOp/TransformerOps.cpp.inc"
      >();
  opencgc::cgc::addVersionedBytecodeInterface(this);
}
