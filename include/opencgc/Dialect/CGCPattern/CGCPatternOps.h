//===- CGCPatternOps.h - Ops of the cgc_pattern dialect ---------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNOPS_H
#define OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCPattern/CGCPatternDialect.h"

#include <optional>

#define GET_TYPEDEF_CLASSES
#include "opencgc/Dialect/CGCPattern/CGCPatternTypes.h.inc"

namespace opencgc::cgc_pattern {
/// The op classes a pattern may name instead of op names
/// (lib/Compiler/Patterns/OpClasses.cpp decides membership).
enum class OpClass { Elementwise, Reduction, Normalization, Any };

/// The class spelled `name` ("elementwise", ...), if there is one.
std::optional<OpClass> parseOpClass(llvm::StringRef name);
llvm::StringRef stringifyOpClass(OpClass opClass);

class DeclarationOp;
class PatternOp;
} // namespace opencgc::cgc_pattern

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCPattern/CGCPatternOps.h.inc"

#endif // OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNOPS_H
