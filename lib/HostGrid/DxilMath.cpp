//===- DxilMath.cpp - DXIL math operations as LLVM IR ---------------------===//
//
// Opcodes and semantics from reference 4.5 (dxil-spec "Operations via
// external functions"): Exp and Log are base 2, the Round_* family picks the
// rounding direction, FMax/FMin return the other operand for a NaN (as
// llvm.maxnum/minnum do), Saturate clamps to [0, 1] (NaN to 0).
//
//===----------------------------------------------------------------------===//
#include "DxilMath.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace opencgc::hostgrid {
namespace {

Value *saturate(IRBuilder<> &b, Value *x) {
  Constant *zero = ConstantFP::get(x->getType(), 0.0);
  Constant *one = ConstantFP::get(x->getType(), 1.0);
  // Ordered compares: a NaN fails both and becomes 0.
  Value *low = b.CreateSelect(b.CreateFCmpOGT(x, zero), x, zero);
  return b.CreateSelect(b.CreateFCmpOLT(low, one), low, one);
}

Value *unary(IRBuilder<> &b, unsigned opcode, Value *x) {
  auto intrinsic = [&](Intrinsic::ID id) {
    return b.CreateUnaryIntrinsic(id, x);
  };
  switch (opcode) {
  case 6: // FAbs
    return intrinsic(Intrinsic::fabs);
  case 7: // Saturate
    return saturate(b, x);
  case 12: // Cos
    return intrinsic(Intrinsic::cos);
  case 13: // Sin
    return intrinsic(Intrinsic::sin);
  case 14: // Tan
    return intrinsic(Intrinsic::tan);
  case 15: // Acos
    return intrinsic(Intrinsic::acos);
  case 16: // Asin
    return intrinsic(Intrinsic::asin);
  case 17: // Atan
    return intrinsic(Intrinsic::atan);
  case 18: // Hcos (cosh)
    return intrinsic(Intrinsic::cosh);
  case 19: // Hsin (sinh)
    return intrinsic(Intrinsic::sinh);
  case 20: // Htan (tanh)
    return intrinsic(Intrinsic::tanh);
  case 21: // Exp: 2^x
    return intrinsic(Intrinsic::exp2);
  case 22: // Frc: x - floor(x)
    return b.CreateFSub(x, intrinsic(Intrinsic::floor));
  case 23: // Log: log2
    return intrinsic(Intrinsic::log2);
  case 24: // Sqrt
    return intrinsic(Intrinsic::sqrt);
  case 25: // Rsqrt
    return b.CreateFDiv(ConstantFP::get(x->getType(), 1.0),
                        intrinsic(Intrinsic::sqrt));
  case 26: // Round_ne
    return intrinsic(Intrinsic::roundeven);
  case 27: // Round_ni
    return intrinsic(Intrinsic::floor);
  case 28: // Round_pi
    return intrinsic(Intrinsic::ceil);
  case 29: // Round_z
    return intrinsic(Intrinsic::trunc);
  default:
    return nullptr;
  }
}

Value *binary(IRBuilder<> &b, unsigned opcode, Value *x, Value *y) {
  auto intrinsic = [&](Intrinsic::ID id) {
    return b.CreateBinaryIntrinsic(id, x, y);
  };
  switch (opcode) {
  case 35: // FMax
    return intrinsic(Intrinsic::maxnum);
  case 36: // FMin
    return intrinsic(Intrinsic::minnum);
  case 37: // IMax
    return intrinsic(Intrinsic::smax);
  case 38: // IMin
    return intrinsic(Intrinsic::smin);
  case 39: // UMax
    return intrinsic(Intrinsic::umax);
  case 40: // UMin
    return intrinsic(Intrinsic::umin);
  default:
    return nullptr;
  }
}

Value *tertiary(IRBuilder<> &b, unsigned opcode, Value *x, Value *y, Value *z) {
  switch (opcode) {
  case 46: // FMad: not required to be fused
    return b.CreateFAdd(b.CreateFMul(x, y), z);
  case 47: // Fma: fused
    return b.CreateIntrinsic(Intrinsic::fma, {x->getType()}, {x, y, z});
  case 48: // IMad
  case 49: // UMad
    return b.CreateAdd(b.CreateMul(x, y), z);
  default:
    return nullptr;
  }
}

Value *specialFloat(IRBuilder<> &b, unsigned opcode, Value *x) {
  auto magnitude = [&] { return b.CreateUnaryIntrinsic(Intrinsic::fabs, x); };
  Constant *infinity = ConstantFP::getInfinity(x->getType());
  switch (opcode) {
  case 8: // IsNaN
    return b.CreateFCmpUNO(x, x);
  case 9: // IsInf
    return b.CreateFCmpOEQ(magnitude(), infinity);
  case 10: // IsFinite
    return b.CreateFCmpOLT(magnitude(), infinity);
  default:
    return nullptr;
  }
}

} // namespace

Value *lowerDxilMath(CallInst *call, unsigned opcode) {
  StringRef name = call->getCalledFunction()->getName();
  IRBuilder<> b(call);
  auto operand = [&](unsigned i) { return call->getArgOperand(i); };
  if (name.starts_with("dx.op.unary.") && call->arg_size() == 2)
    return unary(b, opcode, operand(1));
  if (name.starts_with("dx.op.binary.") && call->arg_size() == 3)
    return binary(b, opcode, operand(1), operand(2));
  if (name.starts_with("dx.op.tertiary.") && call->arg_size() == 4)
    return tertiary(b, opcode, operand(1), operand(2), operand(3));
  if (name.starts_with("dx.op.isSpecialFloat.") && call->arg_size() == 2)
    return specialFloat(b, opcode, operand(1));
  return nullptr;
}

} // namespace opencgc::hostgrid
