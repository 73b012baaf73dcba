//===- CGCOps.cpp - Ops of the cgc dialect --------------------------------===//
#include "opencgc/Dialect/CGC/CGCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;

//===----------------------------------------------------------------------===//
// Function-like ops: shared assembly and construction
//===----------------------------------------------------------------------===//

namespace opencgc::cgc {
template <typename OpTy>
static ParseResult parseFunctionLikeOp(OpAsmParser &parser,
                                       OperationState &result) {
  auto buildType = [](Builder &builder, ArrayRef<Type> inputs,
                      ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return builder.getFunctionType(inputs, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      OpTy::getFunctionTypeAttrName(result.name), buildType,
      OpTy::getArgAttrsAttrName(result.name),
      OpTy::getResAttrsAttrName(result.name));
}

template <typename OpTy>
static void printFunctionLikeOp(OpTy op, OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, op, /*isVariadic=*/false, op.getFunctionTypeAttrName(),
      op.getArgAttrsAttrName(), op.getResAttrsAttrName());
}

template <typename OpTy>
static void buildFunctionLikeOp(OpBuilder &builder, OperationState &state,
                                StringRef name, FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(OpTy::getFunctionTypeAttrName(state.name),
                     TypeAttr::get(type));
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Type input : type.getInputs())
    block->addArgument(input, state.location);
}

} // namespace opencgc::cgc

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGC/CGCOps.cpp.inc"

namespace opencgc::cgc {

//===----------------------------------------------------------------------===//
// cgc.module
//===----------------------------------------------------------------------===//

void ModuleOp::build(OpBuilder &builder, OperationState &state) {
  state.addRegion()->emplaceBlock();
}

/// A target's subgraph declaration (docs/patterns.md). Matched by name so
/// the cgc dialect does not depend on cgc_pattern.
static bool isPatternDeclaration(Operation &op) {
  return op.getName().getStringRef() == "cgc_pattern.declaration";
}

LogicalResult ModuleOp::verify() {
  Operation *firstInput = nullptr, *firstOutput = nullptr,
            *firstDeclaration = nullptr;
  unsigned numPrograms = 0;
  for (Operation &op : getBodyBlock()->getOperations()) {
    if (isa<EntryPointOp>(op))
      firstInput = firstInput ? firstInput : &op;
    else if (isa<SubgraphOp>(op) && op.hasAttr("cgc.node"))
      continue; // Formed from the entry point by the compiler's passes, which
                // keep their state in Input IR (lib/Compiler/CompilationState).
    else if (isa<ProgramOp, PartitionOp, SubgraphOp>(op))
      firstOutput = firstOutput ? firstOutput : &op;
    else if (isPatternDeclaration(op))
      firstDeclaration = firstDeclaration ? firstDeclaration : &op;
    else
      return op.emitOpError("is not allowed at the top level of a cgc.module "
                            "(expected cgc.entry_point, cgc.subgraph, "
                            "cgc.partition, cgc.program or "
                            "cgc_pattern.declaration)");
    numPrograms += isa<ProgramOp>(op);
  }
  if (firstDeclaration && (firstInput || firstOutput))
    return (firstInput ? firstInput : firstOutput)
        ->emitOpError("cannot share a cgc.module with a "
                      "cgc_pattern.declaration: a subgraph declaration holds "
                      "nothing else");
  if (firstInput && firstOutput)
    return firstOutput->emitOpError(
        "cannot share a cgc.module with a cgc.entry_point: a module is "
        "either Input IR or Output IR");
  if (numPrograms > 1)
    return emitOpError("has ") << numPrograms
                               << " cgc.program ops; Output IR has exactly "
                                  "one";
  return success();
}

//===----------------------------------------------------------------------===//
// Function-like ops: verification
//===----------------------------------------------------------------------===//

/// Checks that every argument (or result) type of `op` is a tensor (or a
/// memref, when `wantMemRef`).
static LogicalResult verifyValueKinds(Operation *op, StringRef what,
                                      TypeRange types, bool wantMemRef) {
  for (auto [index, type] : llvm::enumerate(types)) {
    bool ok = wantMemRef ? isa<MemRefType>(type) : isa<TensorType>(type);
    if (!ok)
      return op->emitOpError() << what << " #" << index << " must be a "
                               << (wantMemRef ? "!cgc.memref" : "!cgc.tensor")
                               << ", got " << type;
  }
  return success();
}

/// Checks the entry block against the function type and that constants of
/// one name agree on their type.
static LogicalResult verifyFunctionBody(FunctionOpInterface op) {
  if (op.getFunctionBody().empty())
    return op.emitOpError("has no body");
  Block &entry = op.getFunctionBody().front();
  ArrayRef<Type> inputs = op.getArgumentTypes();
  if (entry.getNumArguments() != inputs.size())
    return op.emitOpError("has ")
           << entry.getNumArguments() << " block arguments but its signature "
           << "has " << inputs.size() << " inputs";
  for (auto [index, arg] : llvm::enumerate(entry.getArguments()))
    if (arg.getType() != inputs[index])
      return op.emitOpError("block argument #")
             << index << " has type " << arg.getType()
             << " but the signature says " << inputs[index];
  llvm::StringMap<ConstantOp> constants;
  for (auto constant : entry.getOps<ConstantOp>()) {
    // Nested ops are verified after this one: a constant without its name
    // or its one result (possible in bytecode; the result was read out of
    // bounds, found by the module-load fuzzer) is reported by its own
    // verifier.
    if (!constant.getNameAttr() || constant->getNumResults() != 1)
      continue;
    auto [it, inserted] = constants.try_emplace(constant.getName(), constant);
    if (!inserted && it->second.getType() != constant.getType())
      return constant.emitOpError("named constant \"")
             << constant.getName() << "\" has type " << constant.getType()
             << " but an earlier use has type " << it->second.getType();
  }
  return success();
}

LogicalResult EntryPointOp::verify() {
  if (failed(verifyValueKinds(*this, "argument", getArgumentTypes(), false)) ||
      failed(verifyValueKinds(*this, "result", getResultTypes(), false)))
    return failure();
  return verifyFunctionBody(*this);
}

LogicalResult FunctionalDefinitionOp::verify() {
  if (failed(verifyValueKinds(*this, "argument", getArgumentTypes(), false)) ||
      failed(verifyValueKinds(*this, "result", getResultTypes(), false)))
    return failure();
  return verifyFunctionBody(*this);
}

/// Partitions and programs are called with memrefs and write their outputs
/// in place, so they have bind points but no results.
static LogicalResult verifyBindPointFunction(FunctionOpInterface op) {
  if (failed(verifyValueKinds(op, "bind point", op.getArgumentTypes(), true)))
    return failure();
  if (!op.getResultTypes().empty())
    return op.emitOpError("must not have results: outputs are bind points "
                          "(memref arguments) written in place");
  return verifyFunctionBody(op);
}

LogicalResult PartitionOp::verify() { return verifyBindPointFunction(*this); }
LogicalResult ProgramOp::verify() { return verifyBindPointFunction(*this); }

//===----------------------------------------------------------------------===//
// cgc.subgraph
//===----------------------------------------------------------------------===//

FunctionalDefinitionOp SubgraphOp::getFunctionalDefinition() {
  // An invoke's verifier may look here before this op is verified.
  if (getBody().empty() || getBody().front().empty())
    return {};
  return dyn_cast<FunctionalDefinitionOp>(getBody().front().front());
}

LogicalResult SubgraphOp::verify() {
  Block &body = getBody().front();
  if (body.getOperations().size() != 1 || !getFunctionalDefinition())
    return emitOpError("must contain exactly one cgc.functional_definition "
                       "and nothing else");
  if (getOrigin().empty())
    return emitOpError("needs a non-empty 'origin' naming its target");
  return success();
}

//===----------------------------------------------------------------------===//
// cgc.constant
//===----------------------------------------------------------------------===//

/// Names the result after the constant: %w1 = cgc.constant("w1").
void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setName) {
  setName(getResult(), getName());
}

LogicalResult ConstantOp::verify() {
  if (getName().empty())
    return emitOpError("needs a non-empty name");
  Type type = getType();
  bool inProgram = isa<ProgramOp>((*this)->getParentOp());
  bool isConstant;
  if (inProgram) {
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref)
      return emitOpError("in a cgc.program must produce a !cgc.memref, got ")
             << type;
    isConstant = memref.getIsConstant();
  } else {
    auto tensor = dyn_cast<TensorType>(type);
    if (!tensor)
      return emitOpError("in a cgc.entry_point must produce a !cgc.tensor, "
                         "got ")
             << type;
    isConstant = tensor.getIsConstant();
  }
  if (!isConstant)
    return emitOpError("\"")
           << getName() << "\" must have a constant-qualified type, e.g. "
           << (inProgram ? "!cgc.memref" : "!cgc.tensor")
           << "<constant 1x!cgc.float32>; got " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// cgc.return
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto function = cast<FunctionOpInterface>((*this)->getParentOp());
  ArrayRef<Type> expected = function.getResultTypes();
  if (getNumOperands() != expected.size())
    return emitOpError("returns ")
           << getNumOperands() << " values but the enclosing "
           << function->getName() << " @" << function.getName() << " declares "
           << expected.size() << " results";
  for (auto [index, operand] : llvm::enumerate(getOperands()))
    if (operand.getType() != expected[index])
      return emitOpError("result #")
             << index << " has type " << operand.getType() << " but @"
             << function.getName() << " declares " << expected[index];
  return success();
}

//===----------------------------------------------------------------------===//
// cgc.invoke
//===----------------------------------------------------------------------===//

/// A memref operand can carry a tensor input or output of a subgraph when
/// shape and element type agree; constant tensors need constant memrefs and
/// outputs need writable ones.
static LogicalResult checkSubgraphOperand(InvokeOp op, unsigned index,
                                          MemRefType memref, TensorType tensor,
                                          bool isOutput) {
  if (memref.getShape() != tensor.getShape() ||
      memref.getElementType() != tensor.getElementType())
    return op.emitOpError("operand #")
           << index << " " << memref << " does not match "
           << (isOutput ? "result" : "argument") << " type " << tensor
           << " of @" << op.getCallee();
  if (isOutput && memref.getIsConstant())
    return op.emitOpError("operand #")
           << index << " receives an output of @" << op.getCallee()
           << " but is a constant memref";
  if (!isOutput && tensor.getIsConstant() && !memref.getIsConstant())
    return op.emitOpError("operand #")
           << index << " feeds constant argument " << tensor << " of @"
           << op.getCallee() << " and must be a constant memref";
  return success();
}

static LogicalResult verifySubgraphInvoke(InvokeOp op, SubgraphOp subgraph) {
  FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  if (!definition)
    return op.emitOpError("callee @")
           << op.getCallee() << " has no cgc.functional_definition";
  ArrayRef<Type> inputs = definition.getArgumentTypes();
  ArrayRef<Type> outputs = definition.getResultTypes();
  if (op.getNumOperands() != inputs.size() + outputs.size())
    return op.emitOpError("passes ")
           << op.getNumOperands() << " memrefs but subgraph @" << op.getCallee()
           << " takes " << inputs.size() << " inputs and " << outputs.size()
           << " outputs (" << inputs.size() + outputs.size() << " memrefs)";
  for (auto [index, operand] : llvm::enumerate(op.getOperands())) {
    bool isOutput = index >= inputs.size();
    Type expected = isOutput ? outputs[index - inputs.size()] : inputs[index];
    // The callee is verified after this op: its types may not be tensors.
    auto tensor = dyn_cast<TensorType>(expected);
    if (!tensor)
      return op.emitOpError("callee @")
             << op.getCallee() << " has a non-tensor "
             << (isOutput ? "result" : "argument") << " type " << expected;
    if (failed(checkSubgraphOperand(op, index,
                                    cast<MemRefType>(operand.getType()),
                                    tensor, isOutput)))
      return failure();
  }
  return success();
}

static LogicalResult verifyPartitionInvoke(InvokeOp op, PartitionOp partition) {
  ArrayRef<Type> bindPoints = partition.getArgumentTypes();
  if (op.getNumOperands() != bindPoints.size())
    return op.emitOpError("passes ")
           << op.getNumOperands() << " memrefs but partition @"
           << op.getCallee() << " has " << bindPoints.size() << " bind points";
  for (auto [index, operand] : llvm::enumerate(op.getOperands()))
    if (operand.getType() != bindPoints[index])
      return op.emitOpError("operand #")
             << index << " has type " << operand.getType()
             << " but bind point #" << index << " of @" << op.getCallee()
             << " is " << bindPoints[index];
  return success();
}

LogicalResult InvokeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *callee =
      symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("references unknown symbol @") << getCallee();
  bool inPartition = isa<PartitionOp>((*this)->getParentOp());
  if (inPartition) {
    if (auto subgraph = dyn_cast<SubgraphOp>(callee))
      return verifySubgraphInvoke(*this, subgraph);
    return emitOpError("in a cgc.partition must call a cgc.subgraph, but @")
           << getCallee() << " is a " << callee->getName();
  }
  if (auto partition = dyn_cast<PartitionOp>(callee))
    return verifyPartitionInvoke(*this, partition);
  return emitOpError("in a cgc.program must call a cgc.partition, but @")
         << getCallee() << " is a " << callee->getName();
}

//===----------------------------------------------------------------------===//
// cgc.view_memref
//===----------------------------------------------------------------------===//

LogicalResult ViewMemRefOp::verify() {
  MemRefType source = getSource().getType();
  MemRefType view = getResult().getType();
  int64_t offset = getOffset();
  // Packed sub-byte elements (int4, ...) start at a whole byte.
  int64_t elementBytes =
      std::max<int64_t>(1, getElementBitWidth(view.getElementType()) / 8);
  if (source.getIsConstant() != view.getIsConstant())
    return emitOpError("view ") << view << " and source " << source
                                << " must agree on the constant qualifier";
  if (offset % elementBytes != 0)
    return emitOpError("offset ")
           << offset << " is not a multiple of the " << elementBytes
           << "-byte element size of " << view;
  if (offset + view.getByteSize() > source.getByteSize())
    return emitOpError("view of ")
           << view.getByteSize() << " bytes at offset " << offset
           << " does not fit in the " << source.getByteSize() << "-byte source "
           << source;
  return success();
}

} // namespace opencgc::cgc
