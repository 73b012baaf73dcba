//===- CGCOpOps.cpp - Layer ops of the cgc_op dialect ---------------------===//
//
// The shared assembly of layer ops:
//   %r = cgc_op.name(%a, %b) {attrs} : (type-a, type-b) [-> result-type]
// The result types are inferred when left out (the specification prints
// layer ops without them), and the printer leaves them out when inference
// reproduces them.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace opencgc::cgc_op;

template <typename OpTy>
static ParseResult parseLayerOp(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Type> operandTypes;
  SMLoc loc = parser.getCurrentLocation();
  auto parseOneType = [&]() -> ParseResult {
    return parser.parseType(operandTypes.emplace_back());
  };
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseOneType) ||
      parser.resolveOperands(operands, operandTypes, loc, result.operands))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    SmallVector<Type> resultTypes;
    if (parser.parseTypeList(resultTypes))
      return failure();
    result.addTypes(resultTypes);
    return success();
  }
  // Inference reads default-valued attributes, which op creation would
  // only add later.
  result.name.populateDefaultAttrs(result.attributes);
  SmallVector<Type> inferred;
  MLIRContext *context = parser.getContext();
  if (failed(OpTy::inferReturnTypes(
          context, parser.getEncodedSourceLoc(parser.getNameLoc()),
          result.operands,
          result.attributes.getDictionary(context), OpaqueProperties(nullptr),
          RegionRange(), inferred)))
    return failure();
  result.addTypes(inferred);
  return success();
}

/// Names of the attributes that hold their default value, so the printer can
/// leave them out as the specification does.
template <typename OpTy>
static SmallVector<StringRef> defaultValuedAttrs(OpTy op) {
  NamedAttrList defaults;
  OpTy::populateDefaultAttrs(op->getName(), defaults);
  SmallVector<StringRef> names;
  for (NamedAttribute attr : defaults)
    if (op->getAttr(attr.getName()) == attr.getValue())
      names.push_back(attr.getName().strref());
  return names;
}

template <typename OpTy>
static void printLayerOp(OpTy op, OpAsmPrinter &p) {
  p << "(" << op->getOperands() << ")";
  p.printOptionalAttrDict(op->getAttrs(), defaultValuedAttrs(op));
  p << " : (";
  llvm::interleaveComma(op->getOperandTypes(), p);
  p << ")";
  SmallVector<Type> inferred;
  bool inferable = succeeded(OpTy::inferReturnTypes(
      op->getContext(), std::nullopt, op->getOperands(),
      op->getAttrDictionary(), op->getPropertiesStorage(), op->getRegions(),
      inferred));
  if (inferable && TypeRange(inferred) == op->getResultTypes())
    return;
  p << " -> ";
  llvm::interleaveComma(op->getResultTypes(), p);
}

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/CGCOpOps.cpp.inc"
