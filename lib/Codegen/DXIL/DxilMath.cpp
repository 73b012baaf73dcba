//===- DxilMath.cpp - libdevice calls as dx.op math -----------------------===//
//
// DXIL's float math is the dx.op unary and binary classes (reference 4.5).
// Exp (21) is 2^x and Log (23) is log2 (DXIL.rst "Exp", "Log"), so the
// natural forms are scaled by log2(e) and ln(2). What DXIL lacks (pow,
// fmod, the inverse hyperbolics, copysign) is built from what it has; erf
// never gets here: the Kernel IR is given upstream's polynomial first, as
// the SPIR-V backend does.
//
//===----------------------------------------------------------------------===//
#include "DxilMath.h"
#include "DxilOpBuilder.h"
#include "opencgc/Codegen/KernelToLlvm.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include "llvm/Support/MathExtras.h"
#include <functional>

using namespace llvm;

namespace opencgc::codegen {
namespace {

namespace Op = dxil_op;

struct MathBuilder {
  IRBuilder<> &b;
  DxilOpBuilder ops;

  Value *constant(Value *like, double value) {
    return ConstantFP::get(like->getType(), value);
  }
  Value *exp(Value *x) {
    return ops.unary(Op::Exp, b.CreateFMul(x, constant(x, numbers::log2e)));
  }
  Value *log(Value *x) {
    return b.CreateFMul(ops.unary(Op::Log, x), constant(x, numbers::ln2));
  }
  Value *copySign(Value *magnitude, Value *sign) {
    Type *i32 = b.getInt32Ty();
    Value *bits = b.CreateAnd(b.CreateBitCast(magnitude, i32), 0x7fffffff);
    Value *signBit = b.CreateAnd(b.CreateBitCast(sign, i32), 0x80000000);
    return b.CreateBitCast(b.CreateOr(bits, signBit), magnitude->getType());
  }
  /// C pow on what the Kernel IR passes: it takes the power of |x| and
  /// fixes the sign itself. pow(x, 0) and pow(1, y) are 1 even for NaN
  /// and infinite operands (C11 F.10.4.4), which Exp(y*Log(x)) misses.
  Value *pow(Value *x, Value *y) {
    Value *power = ops.unary(Op::Exp, b.CreateFMul(y, ops.unary(Op::Log, x)));
    Value *one = constant(x, 1.0);
    Value *trivial = b.CreateOr(b.CreateFCmpOEQ(y, constant(y, 0.0)),
                                b.CreateFCmpOEQ(x, one));
    return b.CreateSelect(trivial, one, power);
  }
  /// C fmod: x - trunc(x / y) * y, with x's sign.
  Value *fmod(Value *x, Value *y) {
    Value *quotient = ops.unary(Op::RoundZ, b.CreateFDiv(x, y));
    return copySign(b.CreateFSub(x, b.CreateFMul(quotient, y)), x);
  }
  Value *asinh(Value *x) {
    Value *a = ops.unary(Op::FAbs, x);
    Value *root =
        ops.unary(Op::Sqrt, b.CreateFAdd(b.CreateFMul(a, a), constant(x, 1.0)));
    return copySign(log(b.CreateFAdd(a, root)), x);
  }
  Value *acosh(Value *x) {
    Value *root =
        ops.unary(Op::Sqrt, b.CreateFSub(b.CreateFMul(x, x), constant(x, 1.0)));
    return log(b.CreateFAdd(x, root));
  }
  Value *atanh(Value *x) {
    Value *one = constant(x, 1.0);
    Value *ratio = b.CreateFDiv(b.CreateFAdd(one, x), b.CreateFSub(one, x));
    return b.CreateFMul(log(ratio), constant(x, 0.5));
  }
};

using Lowering = std::function<Value *(MathBuilder &, ArrayRef<Value *>)>;

/// The float (`f` suffix) libdevice functions and their DXIL forms.
const StringMap<Lowering> &lowerings() {
  static const StringMap<Lowering> table = [] {
    StringMap<Lowering> t;
    auto unary = [&](StringRef name, unsigned opcode) {
      t[name] = [opcode](MathBuilder &m, ArrayRef<Value *> a) {
        return m.ops.unary(opcode, a[0]);
      };
    };
    unary("fabsf", Op::FAbs);
    unary("ceilf", Op::RoundPi);
    unary("floorf", Op::RoundNi);
    unary("rintf", Op::RoundNe);
    unary("nearbyintf", Op::RoundNe);
    unary("truncf", Op::RoundZ);
    unary("sinf", Op::Sin);
    unary("cosf", Op::Cos);
    unary("tanf", Op::Tan);
    unary("asinf", Op::Asin);
    unary("acosf", Op::Acos);
    unary("atanf", Op::Atan);
    unary("sinhf", Op::Hsin);
    unary("coshf", Op::Hcos);
    unary("tanhf", Op::Htan);
    unary("sqrtf", Op::Sqrt);
    unary("rsqrtf", Op::Rsqrt);
    unary("exp2f", Op::Exp);
    unary("log2f", Op::Log);
    t["fmaxf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.ops.binary(Op::FMax, a[0], a[1]);
    };
    t["fminf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.ops.binary(Op::FMin, a[0], a[1]);
    };
    t["fmaf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      // Fma (47) is f64 only; FMad (46) is the f32 multiply-add.
      return m.ops.tertiary(Op::FMad, a[0], a[1], a[2]);
    };
    t["expf"] = [](MathBuilder &m, ArrayRef<Value *> a) { return m.exp(a[0]); };
    t["expm1f"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.b.CreateFSub(m.exp(a[0]), m.constant(a[0], 1.0));
    };
    t["logf"] = [](MathBuilder &m, ArrayRef<Value *> a) { return m.log(a[0]); };
    t["log10f"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.b.CreateFMul(m.ops.unary(Op::Log, a[0]),
                            m.constant(a[0], numbers::ln2 / numbers::ln10));
    };
    t["log1pf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.log(m.b.CreateFAdd(a[0], m.constant(a[0], 1.0)));
    };
    t["powf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.pow(a[0], a[1]);
    };
    t["fmodf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.fmod(a[0], a[1]);
    };
    t["copysignf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.copySign(a[0], a[1]);
    };
    t["asinhf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.asinh(a[0]);
    };
    t["acoshf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.acosh(a[0]);
    };
    t["atanhf"] = [](MathBuilder &m, ArrayRef<Value *> a) {
      return m.atanh(a[0]);
    };
    return t;
  }();
  return table;
}

} // namespace

Error lowerLibdeviceCalls(Module &module) {
  SmallVector<CallInst *> calls;
  for (Function &function : module)
    for (Instruction &instruction : instructions(function))
      if (auto *call = dyn_cast<CallInst>(&instruction))
        if (Function *callee = call->getCalledFunction())
          if (callee->getName().starts_with(kLibdevicePrefix))
            calls.push_back(call);
  for (CallInst *call : calls) {
    StringRef name = call->getCalledFunction()->getName().drop_front(
        kLibdevicePrefix.size());
    auto lowering = lowerings().find(name);
    if (lowering == lowerings().end() || !call->getType()->isFloatTy())
      return createStringError("DXIL has no lowering for the math function " +
                               name.str() + " (libdevice __nv_" + name.str() +
                               ")");
    IRBuilder<> b(call);
    MathBuilder math{b, DxilOpBuilder(b)};
    SmallVector<Value *> args(call->args());
    call->replaceAllUsesWith(lowering->second(math, args));
    call->eraseFromParent();
  }
  for (Function &function : make_early_inc_range(module))
    if (function.isDeclaration() && function.use_empty() &&
        function.getName().starts_with(kLibdevicePrefix))
      function.eraseFromParent();
  return Error::success();
}

} // namespace opencgc::codegen
