//===- Compiler.cpp - The entry point prepared for compiling --------------===//
//
// The stages themselves are passes (lib/Compiler/Passes); this is the one
// that edits the Input IR before the others read it.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Compiler/Compiler.h"

#include "CompilationState.h"

#include "mlir/IR/Builders.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

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

/// A reshape of `value` to `shape` (same elements), a non-constant tensor.
Value createReshape(OpBuilder &builder, Value value, ArrayRef<int64_t> shape) {
  auto type = cast<cgc::TensorType>(value.getType());
  OperationState state(
      value.getLoc(), "cgc_op.reshape", {value},
      {cgc::TensorType::get(builder.getContext(), shape, type.getElementType(),
                            false)},
      {builder.getNamedAttr("shape", builder.getI64ArrayAttr(shape))});
  return builder.create(state)->getResult(0);
}

/// `value` as `shape`: itself where it has that shape already.
Value reshaped(OpBuilder &builder, Value value, ArrayRef<int64_t> shape) {
  if (cast<cgc::TensorType>(value.getType()).getShape() == shape)
    return value;
  return createReshape(builder, value, shape);
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
    operand.set(createReshape(
        builder, value, cast<cgc::TensorType>(value.getType()).getShape()));
  }
  // A returned constant's copy is no constant: the entry point now returns
  // what its body does (the module verifies between passes).
  FunctionType type = entry.getFunctionType();
  SmallVector<Type> results(terminator->getOperandTypes());
  if (TypeRange(results) != type.getResults())
    entry.setFunctionType(
        FunctionType::get(entry.getContext(), type.getInputs(), results));
}

/// matmul(a, transpose(b)) with a 2-D b becomes gemm(a, b) {trans_b}, a's
/// leading dimensions folded into its rows by reshapes (views of
/// intermediates): the product then reads b in place instead of a
/// transposed copy. Exporters write language-model heads that way (GPT-2's
/// logits against its 154 MB embedding, whose copy a Vulkan binding on
/// lavapipe cannot hold).
void readTransposedOperandsInPlace(cgc::EntryPointOp entry) {
  SmallVector<cgc_op::MatMulOp> products(
      entry.getBodyBlock()->getOps<cgc_op::MatMulOp>());
  for (cgc_op::MatMulOp product : products) {
    auto transpose = product.getRhs().getDefiningOp<cgc_op::TransposeOp>();
    if (!transpose)
      continue;
    auto b = cast<cgc::TensorType>(transpose.getInput().getType());
    auto a = cast<cgc::TensorType>(product.getLhs().getType());
    std::optional<ArrayAttr> perm = transpose.getPerm();
    bool swapsRows = !perm || (cast<IntegerAttr>((*perm)[0]).getInt() == 1 &&
                               cast<IntegerAttr>((*perm)[1]).getInt() == 0);
    if (b.getRank() != 2 || a.getRank() < 2 || !swapsRows)
      continue;
    ArrayRef<int64_t> aShape = a.getShape();
    int64_t rows = 1;
    for (int64_t extent : aShape.drop_back())
      rows *= extent;
    OpBuilder builder(product);
    Value lhs = reshaped(builder, product.getLhs(), {rows, aShape.back()});
    auto out = cast<cgc::TensorType>(product.getResult().getType());
    OperationState state(
        product.getLoc(), "cgc_op.gemm", {lhs, transpose.getInput()},
        {cgc::TensorType::get(builder.getContext(), {rows, b.getShape()[0]},
                              out.getElementType(), false)},
        {builder.getNamedAttr("trans_b", builder.getBoolAttr(true))});
    Value gemm = builder.create(state)->getResult(0);
    product.getResult().replaceAllUsesWith(
        reshaped(builder, gemm, out.getShape()));
    product.erase();
  }
}

} // namespace

llvm::Expected<cgc::EntryPointOp> prepareEntryPoint(cgc::ModuleOp input) {
  auto entry = getSingleEntryPoint(input);
  if (!entry)
    return entry.takeError();
  eraseDeadOps(*entry);
  readTransposedOperandsInPlace(*entry);
  eraseDeadOps(*entry);
  materializeReturns(*entry);
  return entry;
}

} // namespace opencgc::compiler
