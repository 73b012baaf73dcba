//===- DxilMath.cpp - DXIL math operations as LLVM IR ---------------------===//
//
// Opcodes and semantics from reference 4.5 (dxil-spec "Operations via
// external functions"): Exp and Log are base 2, the Round_* family picks the
// rounding direction, FMax/FMin return the other operand for a NaN (as
// llvm.maxnum/minnum do), Saturate clamps to [0, 1] (NaN to 0).
//
//===----------------------------------------------------------------------===//
#include "DxilMath.h"

#include "opencgc/Codegen/DxilOpcodes.h"

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
  case dxil_op::FAbs:
    return intrinsic(Intrinsic::fabs);
  case dxil_op::Saturate:
    return saturate(b, x);
  case dxil_op::Cos:
    return intrinsic(Intrinsic::cos);
  case dxil_op::Sin:
    return intrinsic(Intrinsic::sin);
  case dxil_op::Tan:
    return intrinsic(Intrinsic::tan);
  case dxil_op::Acos:
    return intrinsic(Intrinsic::acos);
  case dxil_op::Asin:
    return intrinsic(Intrinsic::asin);
  case dxil_op::Atan:
    return intrinsic(Intrinsic::atan);
  case dxil_op::Hcos: // cosh
    return intrinsic(Intrinsic::cosh);
  case dxil_op::Hsin: // sinh
    return intrinsic(Intrinsic::sinh);
  case dxil_op::Htan: // tanh
    return intrinsic(Intrinsic::tanh);
  case dxil_op::Exp: // 2^x
    return intrinsic(Intrinsic::exp2);
  case dxil_op::Frc: // x - floor(x)
    return b.CreateFSub(x, intrinsic(Intrinsic::floor));
  case dxil_op::Log: // log2
    return intrinsic(Intrinsic::log2);
  case dxil_op::Sqrt:
    return intrinsic(Intrinsic::sqrt);
  case dxil_op::Rsqrt:
    return b.CreateFDiv(ConstantFP::get(x->getType(), 1.0),
                        intrinsic(Intrinsic::sqrt));
  case dxil_op::RoundNe:
    return intrinsic(Intrinsic::roundeven);
  case dxil_op::RoundNi:
    return intrinsic(Intrinsic::floor);
  case dxil_op::RoundPi:
    return intrinsic(Intrinsic::ceil);
  case dxil_op::RoundZ:
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
  case dxil_op::FMax:
    return intrinsic(Intrinsic::maxnum);
  case dxil_op::FMin:
    return intrinsic(Intrinsic::minnum);
  case dxil_op::IMax:
    return intrinsic(Intrinsic::smax);
  case dxil_op::IMin:
    return intrinsic(Intrinsic::smin);
  case dxil_op::UMax:
    return intrinsic(Intrinsic::umax);
  case dxil_op::UMin:
    return intrinsic(Intrinsic::umin);
  default:
    return nullptr;
  }
}

Value *tertiary(IRBuilder<> &b, unsigned opcode, Value *x, Value *y, Value *z) {
  switch (opcode) {
  case dxil_op::FMad: // not required to be fused
    return b.CreateFAdd(b.CreateFMul(x, y), z);
  case dxil_op::Fma: // fused
    return b.CreateIntrinsic(Intrinsic::fma, {x->getType()}, {x, y, z});
  case dxil_op::IMad:
  case dxil_op::UMad:
    return b.CreateAdd(b.CreateMul(x, y), z);
  default:
    return nullptr;
  }
}

Value *specialFloat(IRBuilder<> &b, unsigned opcode, Value *x) {
  auto magnitude = [&] { return b.CreateUnaryIntrinsic(Intrinsic::fabs, x); };
  Constant *infinity = ConstantFP::getInfinity(x->getType());
  switch (opcode) {
  case dxil_op::IsNaN:
    return b.CreateFCmpUNO(x, x);
  case dxil_op::IsInf:
    return b.CreateFCmpOEQ(magnitude(), infinity);
  case dxil_op::IsFinite:
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
