//===- MathIntrinsicCalls.cpp - LLVM math intrinsics as calls -------------===//
//
// Moved from the NVVM backend (was legalizeIntrinsicsForNvvm) so that the
// DXIL backend, whose math rewrite reads the same calls, need not link it.
// The libm names are the library's; the prefix is the target's.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/MathIntrinsicCalls.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <string>

using namespace llvm;

namespace opencgc::codegen {
namespace {

/// libm's name for an intrinsic on float (or double), or empty.
StringRef libmName(Intrinsic::ID id, bool isDouble) {
  switch (id) {
#define OPENCGC_LIBM(ID, NAME)                                                 \
  case Intrinsic::ID:                                                          \
    return isDouble ? NAME : NAME "f";
    OPENCGC_LIBM(fabs, "fabs")
    OPENCGC_LIBM(copysign, "copysign")
    OPENCGC_LIBM(floor, "floor")
    OPENCGC_LIBM(ceil, "ceil")
    OPENCGC_LIBM(trunc, "trunc")
    OPENCGC_LIBM(rint, "rint")
    OPENCGC_LIBM(nearbyint, "nearbyint")
    OPENCGC_LIBM(round, "round")
    OPENCGC_LIBM(roundeven, "rint") // default rounding is to even
    OPENCGC_LIBM(minnum, "fmin")
    OPENCGC_LIBM(maxnum, "fmax")
    OPENCGC_LIBM(sin, "sin")
    OPENCGC_LIBM(cos, "cos")
    OPENCGC_LIBM(tan, "tan")
    OPENCGC_LIBM(exp, "exp")
    OPENCGC_LIBM(exp2, "exp2")
    OPENCGC_LIBM(log, "log")
    OPENCGC_LIBM(log10, "log10")
    OPENCGC_LIBM(log2, "log2")
    OPENCGC_LIBM(pow, "pow")
#undef OPENCGC_LIBM
  default:
    return {};
  }
}

/// The scalar replacement of one element of an intrinsic call, or null if
/// the intrinsic is kept.
Value *expandScalar(IRBuilder<> &b, Module &module, StringRef prefix,
                    Intrinsic::ID id, ArrayRef<Value *> args) {
  if (args.empty())
    return nullptr;
  Type *type = args[0]->getType();
  if (type->isFloatTy() || type->isDoubleTy()) {
    StringRef name = libmName(id, type->isDoubleTy());
    if (!name.empty()) {
      SmallVector<Type *> types;
      for (Value *arg : args)
        types.push_back(arg->getType());
      std::string callee = (prefix + name).str();
      FunctionCallee function = module.getOrInsertFunction(
          callee, FunctionType::get(type, types, false));
      return b.CreateCall(function, args);
    }
    if (id == Intrinsic::maximum || id == Intrinsic::minimum) {
      // NaN-propagating: either NaN operand wins, else fmax/fmin.
      Value *result = expandScalar(b, module, prefix,
                                   id == Intrinsic::maximum ? Intrinsic::maxnum
                                                            : Intrinsic::minnum,
                                   args);
      Value *nan = ConstantFP::getNaN(type);
      return b.CreateSelect(b.CreateFCmpUNO(args[0], args[1]), nan, result);
    }
    return nullptr;
  }
  switch (id) {
  case Intrinsic::smax:
    return b.CreateSelect(b.CreateICmpSGT(args[0], args[1]), args[0], args[1]);
  case Intrinsic::smin:
    return b.CreateSelect(b.CreateICmpSLT(args[0], args[1]), args[0], args[1]);
  case Intrinsic::umax:
    return b.CreateSelect(b.CreateICmpUGT(args[0], args[1]), args[0], args[1]);
  case Intrinsic::umin:
    return b.CreateSelect(b.CreateICmpULT(args[0], args[1]), args[0], args[1]);
  case Intrinsic::abs:
    return b.CreateSelect(b.CreateICmpSLT(args[0], ConstantInt::get(type, 0)),
                          b.CreateNeg(args[0]), args[0]);
  default:
    return nullptr;
  }
}

/// The replacement of a whole call (per element for vectors), or null.
Value *expandCall(IntrinsicInst &call, Module &module, StringRef prefix) {
  IRBuilder<> b(&call);
  Intrinsic::ID id = call.getIntrinsicID();
  // abs's second operand (is_int_min_poison) only licenses the expansion.
  unsigned numArgs = id == Intrinsic::abs ? 1 : call.arg_size();
  SmallVector<Value *> args(call.args().begin(), call.args().begin() + numArgs);
  auto *vector = dyn_cast<FixedVectorType>(call.getType());
  if (!vector)
    return expandScalar(b, module, prefix, id, args);
  Value *result = PoisonValue::get(vector);
  for (unsigned i = 0; i < vector->getNumElements(); ++i) {
    SmallVector<Value *> elements;
    for (Value *arg : args)
      elements.push_back(b.CreateExtractElement(arg, i));
    Value *element = expandScalar(b, module, prefix, id, elements);
    if (!element)
      return nullptr;
    result = b.CreateInsertElement(result, element, i);
  }
  return result;
}

} // namespace

void expandMathIntrinsics(Module &module, StringRef libraryPrefix) {
  SmallVector<IntrinsicInst *> calls;
  for (Function &function : module)
    for (Instruction &instruction : instructions(function))
      if (auto *call = dyn_cast<IntrinsicInst>(&instruction))
        calls.push_back(call);
  for (IntrinsicInst *call : calls) {
    if (Value *replacement = expandCall(*call, module, libraryPrefix)) {
      call->replaceAllUsesWith(replacement);
      call->eraseFromParent();
    }
  }
  for (Function &function : llvm::make_early_inc_range(module))
    if (function.isDeclaration() && function.use_empty())
      function.eraseFromParent();
}

} // namespace opencgc::codegen
