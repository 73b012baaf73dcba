//===- DxilBytePromotion.cpp - i8 values computed as i32 ------------------===//
//
// Bool tensors are bytes, and the NVVM-style kernel computes on them as i8
// (`icmp ne i8`, `zext i1 to i8`). DXIL has no 8-bit arithmetic: i8 only
// appears in dx.op immediates (TYPES.I8, reference 2.2). Every i8 value is
// given an i32 twin that holds it zero-extended, so that bitwise operations
// and unsigned compares carry over unchanged and the others re-establish
// the zero upper bits.
//
//===----------------------------------------------------------------------===//
#include "DxilLowering.h"
#include "DxilRetyping.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace opencgc::codegen {
namespace {

bool isByte(const Value *value) { return value->getType()->isIntegerTy(8); }

class BytePromotion {
public:
  BytePromotion(Function &entry, const KernelLaunch &launch)
      : entry(entry), launch(launch) {}

  Error run();

private:
  /// The i32 twin of an i8 value (zero-extended).
  Value *twin(Value *byte);
  Expected<Value *> promote(Instruction &instruction);
  Value *promoteBinary(IRBuilder<> &b, BinaryOperator &op);
  Value *signExtended(IRBuilder<> &b, Value *byte);
  Value *low8(IRBuilder<> &b, Value *word) {
    return b.CreateAnd(word, b.getInt32(255));
  }

  Function &entry;
  const KernelLaunch &launch;
  DenseMap<Value *, Value *> twins;
  SmallVector<std::pair<PHINode *, PHINode *>> phis;
};

Value *BytePromotion::twin(Value *byte) {
  if (auto *constant = dyn_cast<ConstantInt>(byte))
    return ConstantInt::get(Type::getInt32Ty(byte->getContext()),
                            constant->getZExtValue());
  if (isa<UndefValue>(byte))
    return UndefValue::get(Type::getInt32Ty(byte->getContext()));
  return twins.lookup(byte);
}

Value *BytePromotion::signExtended(IRBuilder<> &b, Value *byte) {
  return b.CreateAShr(b.CreateShl(twin(byte), 24), 24);
}

Value *BytePromotion::promoteBinary(IRBuilder<> &b, BinaryOperator &op) {
  Value *lhs = twin(op.getOperand(0));
  Value *rhs = twin(op.getOperand(1));
  switch (op.getOpcode()) {
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::LShr:
  case Instruction::UDiv:
  case Instruction::URem:
    // Zero upper bits stay zero.
    return b.CreateBinOp(op.getOpcode(), lhs, rhs);
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
    // Wraps at 8 bits as the i8 operation does.
    return low8(b, b.CreateBinOp(op.getOpcode(), lhs, rhs));
  case Instruction::AShr:
  case Instruction::SDiv:
  case Instruction::SRem:
    return low8(b,
                b.CreateBinOp(op.getOpcode(), signExtended(b, op.getOperand(0)),
                              op.getOpcode() == Instruction::AShr
                                  ? rhs
                                  : signExtended(b, op.getOperand(1))));
  default:
    return nullptr;
  }
}

Expected<Value *> BytePromotion::promote(Instruction &instruction) {
  IRBuilder<> b(&instruction);
  Type *i32 = b.getInt32Ty();
  if (auto *phi = dyn_cast<PHINode>(&instruction)) {
    PHINode *wide = b.CreatePHI(i32, phi->getNumIncomingValues());
    phis.push_back({phi, wide});
    return wide;
  }
  if (auto *op = dyn_cast<BinaryOperator>(&instruction))
    return promoteBinary(b, *op);
  if (auto *compare = dyn_cast<ICmpInst>(&instruction)) {
    bool isSigned = compare->isSigned();
    auto operand = [&](unsigned i) {
      Value *byte = compare->getOperand(i);
      return isSigned ? signExtended(b, byte) : twin(byte);
    };
    return b.CreateICmp(compare->getPredicate(), operand(0), operand(1));
  }
  if (auto *select = dyn_cast<SelectInst>(&instruction))
    return b.CreateSelect(select->getCondition(), twin(select->getTrueValue()),
                          twin(select->getFalseValue()));
  auto *cast = dyn_cast<CastInst>(&instruction);
  if (!cast)
    return nullptr;
  Value *source = cast->getOperand(0);
  Type *target = cast->getDestTy();
  switch (cast->getOpcode()) {
  case Instruction::ZExt:
    if (isByte(&instruction)) // i1 -> i8
      return b.CreateZExt(source, i32);
    return b.CreateZExtOrTrunc(twin(source), target);
  case Instruction::SExt:
    if (isByte(&instruction))
      return low8(b, b.CreateSExt(source, i32));
    return b.CreateSExtOrTrunc(signExtended(b, source), target);
  case Instruction::Trunc:
    if (isByte(&instruction))
      return low8(b, b.CreateZExtOrTrunc(source, i32));
    return b.CreateTrunc(twin(source), target); // i8 -> i1
  default:
    return nullptr;
  }
}

Error BytePromotion::run() {
  Type *byte = Type::getInt8Ty(entry.getContext());
  std::optional<SmallVector<Instruction *>> touched =
      collectRetyped(entry, byte);
  if (!touched)
    return createStringError("kernel @" + launch.name +
                             ": an 8-bit value in an unreachable block");
  for (Instruction *instruction : *touched) {
    Expected<Value *> wide = promote(*instruction);
    if (!wide)
      return wide.takeError();
    if (!*wide) {
      std::string text;
      raw_string_ostream os(text);
      instruction->print(os);
      return createStringError("kernel @" + launch.name +
                               ": no 32-bit form for the 8-bit operation '" +
                               StringRef(text).trim() +
                               "' (DXIL computes in no 8-bit type)");
    }
    twins[instruction] = *wide;
  }
  replaceRetyped(
      *touched, phis, [&](Value *value) { return twin(value); }, byte);
  return Error::success();
}

} // namespace

Error promoteBytesToWords(Function &entry, const KernelLaunch &launch) {
  return BytePromotion(entry, launch).run();
}

} // namespace opencgc::codegen
