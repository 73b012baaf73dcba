//===- MatrixInstructions.cpp - Tensor-core operations in Kernel IR -------===//
#include "MatrixInstructions.h"

#include "opencgc/Codegen/PtxInlineAsm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace opencgc::codegen {

Value roundToTf32(OpBuilder &builder, Location loc, Value x) {
  Type i32 = builder.getI32Type();
  Type bitsType = i32;
  if (auto vector = dyn_cast<VectorType>(x.getType()))
    bitsType = VectorType::get(vector.getShape(), i32);
  auto constant = [&](uint32_t value) -> Value {
    TypedAttr attribute = builder.getI32IntegerAttr(int32_t(value));
    if (auto vector = dyn_cast<VectorType>(bitsType))
      attribute = DenseElementsAttr::get(vector, attribute);
    return arith::ConstantOp::create(builder, loc, attribute);
  };
  Value bits = arith::BitcastOp::create(builder, loc, bitsType, x);
  Value rounded = arith::AndIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, bits, constant(0x1000)),
      constant(0xffffe000u));
  Value isNan =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(
      builder, loc, isNan, x,
      arith::BitcastOp::create(builder, loc, x.getType(), rounded));
}

SmallVector<Value, 4> createMmaM16n8k8Tf32(OpBuilder &builder, Location loc,
                                           ValueRange a, ValueRange b,
                                           ValueRange c) {
  Type f32 = builder.getF32Type();
  auto result = LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                                 {f32, f32, f32, f32});
  SmallVector<Value> operands(a);
  llvm::append_range(operands, b);
  llvm::append_range(operands, c);
  auto mma = LLVM::InlineAsmOp::create(
      builder, loc, result, operands, kMmaM16n8k8Tf32Asm,
      kMmaM16n8k8Tf32Constraints, /*has_side_effects=*/false,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  SmallVector<Value, 4> d;
  for (int64_t i = 0; i < 4; ++i)
    d.push_back(LLVM::ExtractValueOp::create(builder, loc, mma.getResult(0),
                                             ArrayRef<int64_t>{i}));
  return d;
}

} // namespace opencgc::codegen
