//===- CGCPatternOps.cpp - Ops of the cgc_pattern dialect -----------------===//
//
// Parsers, printers and verifiers. Every verifier error inside a pattern
// names the pattern, since a declaration usually holds many.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/CGCPattern/CGCPatternOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace opencgc::cgc_pattern;

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

std::optional<OpClass> opencgc::cgc_pattern::parseOpClass(StringRef name) {
  return llvm::StringSwitch<std::optional<OpClass>>(name)
      .Case("elementwise", OpClass::Elementwise)
      .Case("reduction", OpClass::Reduction)
      .Case("normalization", OpClass::Normalization)
      .Case("any", OpClass::Any)
      .Default(std::nullopt);
}

StringRef opencgc::cgc_pattern::stringifyOpClass(OpClass opClass) {
  switch (opClass) {
  case OpClass::Elementwise:
    return "elementwise";
  case OpClass::Reduction:
    return "reduction";
  case OpClass::Normalization:
    return "normalization";
  case OpClass::Any:
    return "any";
  }
  llvm_unreachable("unknown op class");
}

//===----------------------------------------------------------------------===//
// Shared verification
//===----------------------------------------------------------------------===//

/// An error on `op` that names its enclosing pattern.
static InFlightDiagnostic patternError(Operation *op) {
  InFlightDiagnostic diag = op->emitOpError();
  if (auto pattern = op->getParentOfType<PatternOp>())
    diag << "in pattern @" << pattern.getSymName() << ": ";
  return diag;
}

static bool isElementTypeName(StringRef name) {
  return llvm::is_contained({"float16", "bfloat16", "float32", "float64",
                             "int8", "int16", "int32", "int64", "uint8",
                             "uint16", "uint32", "uint64", "bool"},
                            name);
}

static SmallVector<int64_t> toInts(ArrayAttr array) {
  return llvm::to_vector(llvm::map_range(
      array, [](Attribute a) { return cast<IntegerAttr>(a).getInt(); }));
}

/// Checks the value constraints (dtypes, rank, shape, max_elements,
/// alignment) shared by value, op and chain.
static LogicalResult verifyValueConstraints(Operation *op) {
  if (auto dtypes = op->getAttrOfType<ArrayAttr>("dtypes")) {
    if (dtypes.empty())
      return patternError(op) << "'dtypes' must not be empty";
    for (auto name : dtypes.getAsValueRange<StringAttr>())
      if (!isElementTypeName(name))
        return patternError(op)
               << "unknown dtype '" << name
               << "' (expected a cgc element type name such as \"float32\")";
  }
  SmallVector<int64_t> ranks;
  if (auto rank = op->getAttrOfType<ArrayAttr>("rank")) {
    ranks = toInts(rank);
    if (ranks.empty())
      return patternError(op) << "'rank' must not be empty";
    if (llvm::any_of(ranks, [](int64_t r) { return r < 0; }))
      return patternError(op) << "'rank' values must be non-negative";
  }
  if (auto shape = op->getAttrOfType<ArrayAttr>("shape")) {
    SmallVector<int64_t> dims = toInts(shape);
    if (llvm::any_of(dims, [](int64_t d) { return d < -1; }))
      return patternError(op)
             << "'shape' dimensions must be non-negative or -1 (any)";
    if (!ranks.empty() && !llvm::is_contained(ranks, (int64_t)dims.size()))
      return patternError(op) << "'shape' has rank " << dims.size()
                              << ", which 'rank' does not allow";
  }
  for (StringRef name : {"max_elements", "alignment"})
    if (auto value = op->getAttrOfType<IntegerAttr>(name))
      if (value.getInt() < 1)
        return patternError(op)
               << "'" << name << "' must be positive, got " << value.getInt();
  return success();
}

/// Checks op names (registered cgc_op ops, without the prefix), the op
/// class, and that constrained attributes exist on every named op.
static LogicalResult verifySelector(Operation *op, ArrayAttr names,
                                    StringAttr opClass) {
  Attribute attributesAttr = op->getAttr("attributes");
  auto attributes = dyn_cast_or_null<DictionaryAttr>(attributesAttr);
  if (attributesAttr && !attributes)
    return patternError(op) << "'attributes' must be a dictionary";
  if (names && opClass)
    return patternError(op) << "has both op names and an op class";
  if (names && names.empty())
    return patternError(op) << "op name list must not be empty";
  if (opClass && !parseOpClass(opClass.getValue()))
    return patternError(op)
           << "unknown op class '" << opClass.getValue()
           << "' (expected elementwise, reduction, normalization or any)";
  if (!names)
    return success();
  for (auto name : names.getAsValueRange<StringAttr>()) {
    auto registered = RegisteredOperationName::lookup(("cgc_op." + name).str(),
                                                      op->getContext());
    if (!registered) {
      InFlightDiagnostic diag = patternError(op)
                                << "'" << name << "' is not a cgc_op op";
      if (name.starts_with("cgc_op."))
        diag << " (write op names without the 'cgc_op.' prefix)";
      return diag;
    }
    if (!attributes)
      continue;
    ArrayRef<StringAttr> known = registered->getAttributeNames();
    for (NamedAttribute attr : attributes)
      if (!llvm::is_contained(known, attr.getName()))
        return patternError(op) << "'" << name << "' has no attribute '"
                                << attr.getName().getValue() << "'";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Shared assembly of op and chain
//===----------------------------------------------------------------------===//

/// Parses `[names]` or `class "name"`, both optional.
static ParseResult parseSelector(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("class"))) {
    std::string name;
    if (parser.parseString(&name))
      return failure();
    result.addAttribute("op_class", builder.getStringAttr(name));
    return success();
  }
  ArrayAttr names;
  OptionalParseResult parsed = parser.parseOptionalAttribute(names);
  if (parsed.has_value()) {
    if (failed(*parsed))
      return failure();
    result.addAttribute("ops", names);
  }
  return success();
}

/// Parses `(operands)?` and the attribute dictionary, accepting
/// `class = "..."` in the dictionary as a spelling of `class "..."`. Returns
/// whether an operand list was written.
static ParseResult parseOperandsAndAttrs(OpAsmParser &parser,
                                         OperationState &result,
                                         bool &hasOperandList) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  hasOperandList = succeeded(parser.parseOptionalLParen());
  if (hasOperandList &&
      (parser.parseOperandList(operands) || parser.parseRParen()))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (Attribute opClass = result.attributes.erase("class")) {
    if (!isa<StringAttr>(opClass))
      return parser.emitError(parser.getNameLoc(), "'class' must be a string");
    result.addAttribute("op_class", opClass);
  }
  Type valueType = ValueType::get(parser.getContext());
  if (parser.resolveOperands(operands, valueType, result.operands))
    return failure();
  result.addTypes(valueType);
  return success();
}

static void printSelector(OpAsmPrinter &p, ArrayAttr names,
                          StringAttr opClass) {
  if (names) {
    p << ' ';
    p.printAttribute(names);
  } else if (opClass) {
    p << " class ";
    p.printString(opClass.getValue());
  }
}

static void printOperandsAndAttrs(OpAsmPrinter &p, Operation *op,
                                  bool printOperandList,
                                  bool elideMin = false) {
  if (printOperandList) {
    p << '(';
    p.printOperands(op->getOperands());
    p << ')';
  }
  SmallVector<StringRef, 4> elided = {"ops", "op_class", "any_operands"};
  if (elideMin)
    elided.push_back("min");
  p.printOptionalAttrDict(op->getAttrs(), elided);
}

//===----------------------------------------------------------------------===//
// DeclarationOp
//===----------------------------------------------------------------------===//

LogicalResult DeclarationOp::verify() {
  for (Operation &op : getBody().front())
    if (!isa<PatternOp>(op))
      return op.emitOpError("is not allowed in a cgc_pattern.declaration "
                            "(expected cgc_pattern.pattern ops only)");
  return success();
}

//===----------------------------------------------------------------------===//
// PatternOp
//===----------------------------------------------------------------------===//

LogicalResult PatternOp::verifyRegions() {
  auto error = [&]() { return emitOpError() << "@" << getSymName() << " "; };
  // I64Attr getters are unsigned; read the signed value.
  if (getBenefitAttr().getInt() < 0)
    return error() << "has negative benefit " << getBenefitAttr().getInt();
  Block &body = getBody().front();
  auto yield = body.empty() ? nullptr : dyn_cast<YieldOp>(body.back());
  if (!yield)
    return error() << "must end with a cgc_pattern.yield";
  if (yield.getValues().size() != 1)
    return yield.emitOpError()
           << "in pattern @" << getSymName() << ": yields "
           << yield.getValues().size()
           << " values; a pattern yields exactly one (its root)";
  if (isa_and_nonnull<ValueOp>(yield.getValues()[0].getDefiningOp()))
    return yield.emitOpError()
           << "in pattern @" << getSymName()
           << ": the root must be a cgc_pattern.op or cgc_pattern.chain, "
              "not a cgc_pattern.value";
  for (Operation &op : body.without_terminator()) {
    if (!isa<ValueOp, OpOp, ChainOp>(op))
      return op.emitOpError() << "in pattern @" << getSymName()
                              << ": only cgc_pattern.value, cgc_pattern.op "
                                 "and cgc_pattern.chain may appear in a "
                                 "pattern";
    // Matching walks backward from the root, so an unused node would never
    // be matched.
    if (op.use_empty())
      return op.emitOpError() << "in pattern @" << getSymName()
                              << ": result is never used; every node must "
                                 "lead to the yielded root";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ValueOp
//===----------------------------------------------------------------------===//

LogicalResult ValueOp::verify() { return verifyValueConstraints(*this); }

//===----------------------------------------------------------------------===//
// OpOp
//===----------------------------------------------------------------------===//

ParseResult OpOp::parse(OpAsmParser &parser, OperationState &result) {
  bool hasOperandList = false;
  if (parseSelector(parser, result) ||
      parseOperandsAndAttrs(parser, result, hasOperandList))
    return failure();
  if (!hasOperandList)
    result.addAttribute("any_operands", parser.getBuilder().getUnitAttr());
  return success();
}

void OpOp::print(OpAsmPrinter &p) {
  printSelector(p, getOpsAttr(), getOpClassAttr());
  printOperandsAndAttrs(p, *this, !getAnyOperands());
}

LogicalResult OpOp::verify() {
  if (!getOpsAttr() && !getOpClassAttr())
    return patternError(*this) << "needs op names or an op class";
  if (getAnyOperands() && !getOperands().empty())
    return patternError(*this) << "has operands but also 'any_operands'";
  if (getCommutative() && (getAnyOperands() || getOperands().size() != 2))
    return patternError(*this)
           << "'commutative' needs exactly two operands in the pattern";
  if (failed(verifySelector(*this, getOpsAttr(), getOpClassAttr())))
    return failure();
  return verifyValueConstraints(*this);
}

//===----------------------------------------------------------------------===//
// ChainOp
//===----------------------------------------------------------------------===//

ParseResult ChainOp::parse(OpAsmParser &parser, OperationState &result) {
  bool hasOperandList = false;
  if (parseSelector(parser, result) ||
      parseOperandsAndAttrs(parser, result, hasOperandList))
    return failure();
  if (result.operands.size() > 1)
    return parser.emitError(parser.getNameLoc(),
                            "a chain has at most one start value");
  return success();
}

void ChainOp::print(OpAsmPrinter &p) {
  printSelector(p, getOpsAttr(), getOpClassAttr());
  printOperandsAndAttrs(p, *this, getStart() != nullptr,
                        /*elideMin=*/getMinAttr().getInt() == 0);
}

LogicalResult ChainOp::verify() {
  // I64Attr getters are unsigned; read the signed values.
  int64_t min = getMinAttr().getInt();
  if (min < 0)
    return patternError(*this) << "'min' must be non-negative, got " << min;
  if (IntegerAttr maxAttr = getMaxAttr()) {
    int64_t max = maxAttr.getInt();
    if (max < 1)
      return patternError(*this) << "'max' must be at least 1, got " << max;
    if (max < min)
      return patternError(*this)
             << "'max' (" << max << ") is less than 'min' (" << min << ")";
  }
  if (failed(verifySelector(*this, getOpsAttr(), getOpClassAttr())))
    return failure();
  return verifyValueConstraints(*this);
}

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCPattern/CGCPatternOps.cpp.inc"
