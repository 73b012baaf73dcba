//===- LayerOpAsm.h - The shared assembly of cgc_op layers ------*- C++ -*-===//
//
//   %r = cgc_op.name(%a, %b) {attrs} : (type-a, type-b) [-> result-type]
// The result types are inferred when left out (the specification prints
// layer ops without them), and the printer leaves them out when inference
// reproduces them. Included by each op family's definitions file, before
// its generated .cpp.inc.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DIALECT_CGCOP_LAYEROPASM_H
#define OPENCGC_LIB_DIALECT_CGCOP_LAYEROPASM_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"

namespace opencgc::cgc_op {
using namespace mlir;

template <typename OpTy>
ParseResult parseLayerOp(OpAsmParser &parser, OperationState &result) {
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
  // Inference reads attributes through typed getters: check their kinds
  // first (the ODS constraints), so `{group = "a"}` is an error, not a
  // crash.
  Location nameLoc = parser.getEncodedSourceLoc(parser.getNameLoc());
  typename OpTy::Adaptor adaptor(result.operands,
                                 result.attributes.getDictionary(context));
  if (failed(adaptor.verify(nameLoc)))
    return failure();
  if (failed(OpTy::inferReturnTypes(
          context, parser.getEncodedSourceLoc(parser.getNameLoc()),
          result.operands, result.attributes.getDictionary(context),
          OpaqueProperties(nullptr), RegionRange(), inferred)))
    return failure();
  result.addTypes(inferred);
  return success();
}

/// Names of the attributes that hold their default value, so the printer can
/// leave them out as the specification does.
template <typename OpTy> SmallVector<StringRef> defaultValuedAttrs(OpTy op) {
  NamedAttrList defaults;
  OpTy::populateDefaultAttrs(op->getName(), defaults);
  SmallVector<StringRef> names;
  for (NamedAttribute attr : defaults)
    if (op->getAttr(attr.getName()) == attr.getValue())
      names.push_back(attr.getName().strref());
  return names;
}

template <typename OpTy> void printLayerOp(OpTy op, OpAsmPrinter &p) {
  p << "(" << op->getOperands() << ")";
  p.printOptionalAttrDict(op->getAttrs(), defaultValuedAttrs(op));
  p << " : (";
  llvm::interleaveComma(op->getOperandTypes(), p);
  p << ")";
  SmallVector<Type> inferred;
  // Printing an op that failed verification must not crash in inference.
  typename OpTy::Adaptor adaptor(op->getOperands(), op->getAttrDictionary());
  bool validAttrs;
  {
    ScopedDiagnosticHandler silence(op->getContext(),
                                    [](Diagnostic &) { return success(); });
    validAttrs = succeeded(adaptor.verify(op->getLoc()));
  }
  bool inferable =
      validAttrs && succeeded(OpTy::inferReturnTypes(
                        op->getContext(), std::nullopt, op->getOperands(),
                        op->getAttrDictionary(), op->getPropertiesStorage(),
                        op->getRegions(), inferred));
  if (inferable && TypeRange(inferred) == op->getResultTypes())
    return;
  p << " -> ";
  llvm::interleaveComma(op->getResultTypes(), p);
}

} // namespace opencgc::cgc_op

#endif // OPENCGC_LIB_DIALECT_CGCOP_LAYEROPASM_H
