//===- NvvmModule.cpp - LLVM 22 modules made NVVM IR ----------------------===//
#include "NvvmModule.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

const char *const nvvmDataLayout =
    "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-"
    "f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64";
const char *const nvvmTriple = "nvptx64-nvidia-cuda";

namespace {

/// libdevice's name for an intrinsic on float (or double), or empty.
StringRef libdeviceName(Intrinsic::ID id, bool isDouble) {
  switch (id) {
#define OPENCGC_LIBDEVICE(ID, NAME)                                            \
  case Intrinsic::ID:                                                          \
    return isDouble ? "__nv_" NAME : "__nv_" NAME "f";
    OPENCGC_LIBDEVICE(fabs, "fabs")
    OPENCGC_LIBDEVICE(copysign, "copysign")
    OPENCGC_LIBDEVICE(floor, "floor")
    OPENCGC_LIBDEVICE(ceil, "ceil")
    OPENCGC_LIBDEVICE(trunc, "trunc")
    OPENCGC_LIBDEVICE(rint, "rint")
    OPENCGC_LIBDEVICE(nearbyint, "nearbyint")
    OPENCGC_LIBDEVICE(round, "round")
    OPENCGC_LIBDEVICE(roundeven, "rint") // default rounding is to even
    OPENCGC_LIBDEVICE(minnum, "fmin")
    OPENCGC_LIBDEVICE(maxnum, "fmax")
    OPENCGC_LIBDEVICE(sin, "sin")
    OPENCGC_LIBDEVICE(cos, "cos")
    OPENCGC_LIBDEVICE(tan, "tan")
    OPENCGC_LIBDEVICE(exp, "exp")
    OPENCGC_LIBDEVICE(exp2, "exp2")
    OPENCGC_LIBDEVICE(log, "log")
    OPENCGC_LIBDEVICE(log10, "log10")
    OPENCGC_LIBDEVICE(log2, "log2")
    OPENCGC_LIBDEVICE(pow, "pow")
#undef OPENCGC_LIBDEVICE
  default:
    return {};
  }
}

/// The scalar replacement of one element of an intrinsic call, or null if
/// the intrinsic is kept.
Value *legalizeScalar(IRBuilder<> &b, Module &module, Intrinsic::ID id,
                      ArrayRef<Value *> args) {
  if (args.empty())
    return nullptr;
  Type *type = args[0]->getType();
  if (type->isFloatTy() || type->isDoubleTy()) {
    StringRef name = libdeviceName(id, type->isDoubleTy());
    if (!name.empty()) {
      SmallVector<Type *> types;
      for (Value *arg : args)
        types.push_back(arg->getType());
      FunctionCallee callee = module.getOrInsertFunction(
          name, FunctionType::get(type, types, false));
      return b.CreateCall(callee, args);
    }
    if (id == Intrinsic::maximum || id == Intrinsic::minimum) {
      // NaN-propagating: either NaN operand wins, else fmax/fmin.
      Value *result = legalizeScalar(
          b, module,
          id == Intrinsic::maximum ? Intrinsic::maxnum : Intrinsic::minnum,
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
Value *legalizeCall(IntrinsicInst &call, Module &module) {
  IRBuilder<> b(&call);
  Intrinsic::ID id = call.getIntrinsicID();
  // abs's second operand (is_int_min_poison) only licenses the expansion.
  unsigned numArgs = id == Intrinsic::abs ? 1 : call.arg_size();
  SmallVector<Value *> args(call.args().begin(), call.args().begin() + numArgs);
  auto *vector = dyn_cast<FixedVectorType>(call.getType());
  if (!vector)
    return legalizeScalar(b, module, id, args);
  Value *result = PoisonValue::get(vector);
  for (unsigned i = 0; i < vector->getNumElements(); ++i) {
    SmallVector<Value *> elements;
    for (Value *arg : args)
      elements.push_back(b.CreateExtractElement(arg, i));
    Value *element = legalizeScalar(b, module, id, elements);
    if (!element)
      return nullptr;
    result = b.CreateInsertElement(result, element, i);
  }
  return result;
}

} // namespace

void legalizeIntrinsicsForNvvm(Module &module) {
  SmallVector<IntrinsicInst *> calls;
  for (Function &function : module)
    for (Instruction &instruction : instructions(function))
      if (auto *call = dyn_cast<IntrinsicInst>(&instruction))
        calls.push_back(call);
  for (IntrinsicInst *call : calls) {
    if (Value *replacement = legalizeCall(*call, module)) {
      call->replaceAllUsesWith(replacement);
      call->eraseFromParent();
    }
  }
  for (Function &function : llvm::make_early_inc_range(module))
    if (function.isDeclaration() && function.use_empty())
      function.eraseFromParent();
}

void finalizeNvvmModule(Module &module, const KernelLaunch &launch) {
  LLVMContext &context = module.getContext();
  for (Function &function : llvm::make_early_inc_range(module))
    if (!function.isDeclaration() && function.getName() != launch.name &&
        function.use_empty())
      function.eraseFromParent();
  for (Function &function : llvm::make_early_inc_range(module))
    if (function.isDeclaration() && function.use_empty())
      function.eraseFromParent();
  module.setTargetTriple(Triple(nvvmTriple));
  module.setDataLayout(nvvmDataLayout);
  for (NamedMDNode &named : llvm::make_early_inc_range(module.named_metadata()))
    module.eraseNamedMetadata(&named);
  Type *i32 = Type::getInt32Ty(context);
  auto number = [&](uint32_t value) {
    return ConstantAsMetadata::get(ConstantInt::get(i32, value));
  };
  Function *kernel = module.getFunction(launch.name);
  if (kernel) {
    // Section 3.2: calling conventions are ignored; section 13.2: a kernel
    // is what nvvm.annotations says is one.
    kernel->setCallingConv(CallingConv::C);
    kernel->setAttributes(AttributeList());
    const char *names[] = {"maxntidx", "maxntidy", "maxntidz"};
    SmallVector<Metadata *> operands = {ValueAsMetadata::get(kernel),
                                        MDString::get(context, "kernel"),
                                        number(1)};
    for (unsigned i = 0; i < 3; ++i)
      operands.append(
          {MDString::get(context, names[i]), number(launch.workgroupSize[i])});
    module.getOrInsertNamedMetadata("nvvm.annotations")
        ->addOperand(MDNode::get(context, operands));
  }
  module.getOrInsertNamedMetadata("nvvmir.version")
      ->addOperand(MDNode::get(context, {number(2), number(0)}));
}

} // namespace opencgc::codegen
