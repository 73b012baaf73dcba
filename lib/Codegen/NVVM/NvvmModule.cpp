//===- NvvmModule.cpp - LLVM 22 modules made NVVM IR ----------------------===//
#include "NvvmModule.h"
#include "opencgc/Codegen/KernelToLlvm.h"
#include "opencgc/Codegen/MathIntrinsicCalls.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

const char *const nvvmDataLayout =
    "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-"
    "f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64";
const char *const nvvmTriple = "nvptx64-nvidia-cuda";

namespace {
/// LLVM 22 writes a workgroup barrier as llvm.nvvm.barrier.cta.sync.aligned
/// .all(0), which NVVM IR does not know (libNVVM rejects it); NVVM IR's
/// barrier is llvm.nvvm.barrier0 (section 15, "Barrier and Memory Fence"),
/// and LLVM 22's reader upgrades it back.
void useNvvmBarriers(Module &module) {
  Function *modern = module.getFunction("llvm.nvvm.barrier.cta.sync.aligned.all");
  if (!modern)
    return;
  FunctionCallee barrier0 = module.getOrInsertFunction(
      "llvm.nvvm.barrier0", Type::getVoidTy(module.getContext()));
  for (User *user : llvm::make_early_inc_range(modern->users())) {
    auto *call = cast<CallInst>(user);
    CallInst::Create(barrier0, {}, "", call->getIterator());
    call->eraseFromParent();
  }
  modern->eraseFromParent();
}
} // namespace

void legalizeIntrinsicsForNvvm(Module &module) {
  expandMathIntrinsics(module, kLibdevicePrefix);
  useNvvmBarriers(module);
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
