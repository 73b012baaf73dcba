//===- Compiler.cpp - The entry point prepared for compiling --------------===//
//
// The stages themselves are passes (lib/Compiler/Passes); this is the one
// that edits the Input IR before the others read it.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Compiler/Compiler.h"

#include "CompilationState.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

namespace opencgc::compiler {
namespace {
/// Removes ops whose results nobody uses: they would compute nothing the
/// program returns.
void eraseDeadOps(cgc::EntryPointOp entry) {
  Block *body = entry.getBodyBlock();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body)))
    if (!op.hasTrait<OpTrait::IsTerminator>() && op.use_empty())
      op.erase();
}

/// Every returned value must be written by a subgraph into its own output
/// buffer: arguments, constants and values returned twice get a copy (a
/// reshape to the same shape).
void materializeReturns(cgc::EntryPointOp entry) {
  Operation *terminator = entry.getBodyBlock()->getTerminator();
  OpBuilder builder(terminator);
  llvm::SmallPtrSet<void *, 8> seen;
  for (OpOperand &operand : terminator->getOpOperands()) {
    Value value = operand.get();
    Operation *producer = value.getDefiningOp();
    bool needsCopy = !producer || isa<cgc::ConstantOp>(producer) ||
                     !seen.insert(value.getAsOpaquePointer()).second;
    if (!needsCopy)
      continue;
    auto type = cast<cgc::TensorType>(value.getType());
    OperationState state(
        value.getLoc(), "cgc_op.reshape", {value},
        {cgc::TensorType::get(builder.getContext(), type.getShape(),
                              type.getElementType(), false)},
        {builder.getNamedAttr("shape",
                              builder.getI64ArrayAttr(type.getShape()))});
    operand.set(builder.create(state)->getResult(0));
  }
  // A returned constant's copy is no constant: the entry point now returns
  // what its body does (the module verifies between passes).
  FunctionType type = entry.getFunctionType();
  SmallVector<Type> results(terminator->getOperandTypes());
  if (TypeRange(results) != type.getResults())
    entry.setFunctionType(
        FunctionType::get(entry.getContext(), type.getInputs(), results));
}

} // namespace

llvm::Expected<cgc::EntryPointOp> prepareEntryPoint(cgc::ModuleOp input) {
  auto entry = getSingleEntryPoint(input);
  if (!entry)
    return entry.takeError();
  eraseDeadOps(*entry);
  materializeReturns(*entry);
  return entry;
}

} // namespace opencgc::compiler
