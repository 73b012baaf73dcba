//===- DxilIndexNarrowing.cpp - i64 index arithmetic computed as i32 ------===//
//
// The NVVM-style kernel computes element indices in i64, and i64 in a DXIL
// shader needs the optional Int64 ops capability (shader flag 0x100000,
// reference 3.5), which DXC's output for the same HLSL does not ask for. A
// raw buffer is addressed by an i32 byte offset, so every index a kernel
// computes fits in i32; narrowing is exact for values in [-2^31, 2^31).
// Only the operations index arithmetic uses are narrowed: a kernel with any
// other i64 use keeps its i64 (and the capability).
//
//===----------------------------------------------------------------------===//
#include "DxilLowering.h"
#include "DxilRetyping.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace opencgc::codegen {
namespace {

bool isWide(const Value *value) { return value->getType()->isIntegerTy(64); }

/// Whether the narrowing below has a form for `instruction`.
bool isIndexArithmetic(const Instruction &instruction) {
  if (auto *op = dyn_cast<BinaryOperator>(&instruction)) {
    switch (op->getOpcode()) {
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Mul:
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::URem:
    case Instruction::SRem:
    case Instruction::And:
    case Instruction::Or:
    case Instruction::Xor:
    case Instruction::Shl:
    case Instruction::AShr:
      return true;
    default:
      return false;
    }
  }
  if (isa<ICmpInst, SelectInst, PHINode>(instruction))
    return true;
  if (auto *cast = dyn_cast<CastInst>(&instruction))
    // zext of an i32 could exceed the signed i32 range; narrower sources
    // cannot.
    return cast->getOpcode() == Instruction::SExt ||
           cast->getOpcode() == Instruction::Trunc ||
           (cast->getOpcode() == Instruction::ZExt &&
            cast->getSrcTy()->getScalarSizeInBits() < 32);
  return false;
}

bool fitsInI32(const Value *value) {
  auto *constant = dyn_cast<ConstantInt>(value);
  return !constant || isa<UndefValue>(value) ||
         constant->getValue().isSignedIntN(32);
}

class IndexNarrowing {
public:
  explicit IndexNarrowing(Function &entry) : entry(entry) {}

  bool run();

private:
  Value *narrow(Value *wide);
  Value *rewrite(Instruction &instruction);

  Function &entry;
  DenseMap<Value *, Value *> narrowed;
  SmallVector<std::pair<PHINode *, PHINode *>> phis;
};

Value *IndexNarrowing::narrow(Value *wide) {
  Type *i32 = Type::getInt32Ty(wide->getContext());
  if (auto *constant = dyn_cast<ConstantInt>(wide))
    return ConstantInt::getSigned(i32, constant->getSExtValue());
  if (isa<UndefValue>(wide))
    return UndefValue::get(i32);
  return narrowed.lookup(wide);
}

Value *IndexNarrowing::rewrite(Instruction &instruction) {
  IRBuilder<> b(&instruction);
  Type *i32 = b.getInt32Ty();
  if (auto *phi = dyn_cast<PHINode>(&instruction)) {
    PHINode *small = b.CreatePHI(i32, phi->getNumIncomingValues());
    phis.push_back({phi, small});
    return small;
  }
  if (auto *op = dyn_cast<BinaryOperator>(&instruction))
    return b.CreateBinOp(op->getOpcode(), narrow(op->getOperand(0)),
                         narrow(op->getOperand(1)));
  if (auto *compare = dyn_cast<ICmpInst>(&instruction))
    return b.CreateICmp(compare->getPredicate(), narrow(compare->getOperand(0)),
                        narrow(compare->getOperand(1)));
  if (auto *select = dyn_cast<SelectInst>(&instruction))
    return b.CreateSelect(select->getCondition(),
                          narrow(select->getTrueValue()),
                          narrow(select->getFalseValue()));
  auto *conversion = cast<CastInst>(&instruction);
  Value *source = conversion->getOperand(0);
  if (isWide(source)) // trunc i64 -> iN
    return b.CreateTrunc(narrow(source), conversion->getDestTy());
  return b.CreateCast(conversion->getOpcode() == Instruction::ZExt
                          ? Instruction::ZExt
                          : Instruction::SExt,
                      source, i32);
}

bool IndexNarrowing::run() {
  Type *wide = Type::getInt64Ty(entry.getContext());
  std::optional<SmallVector<Instruction *>> touched =
      collectRetyped(entry, wide);
  auto narrowable = [](Instruction *instruction) {
    return isIndexArithmetic(*instruction) &&
           all_of(instruction->operands(),
                  [](const Use &use) { return fitsInI32(use.get()); });
  };
  if (!touched || touched->empty() || !all_of(*touched, narrowable))
    return false;
  for (Instruction *instruction : *touched)
    narrowed[instruction] = rewrite(*instruction);
  replaceRetyped(
      *touched, phis, [&](Value *value) { return narrow(value); }, wide);
  return true;
}

} // namespace

bool narrowIndexArithmetic(Function &entry) {
  return IndexNarrowing(entry).run();
}

} // namespace opencgc::codegen
