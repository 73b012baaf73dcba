//===- CGCOps.h - Ops of the cgc dialect ------------------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGC_CGCOPS_H
#define OPENCGC_DIALECT_CGC_CGCOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "opencgc/Dialect/CGC/CGCDialect.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"

namespace opencgc::cgc {
class FunctionalDefinitionOp;
class SubgraphOp;
class ModuleOp;
} // namespace opencgc::cgc

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGC/CGCOps.h.inc"

#endif // OPENCGC_DIALECT_CGC_CGCOPS_H
