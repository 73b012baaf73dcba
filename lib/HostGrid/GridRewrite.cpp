//===- GridRewrite.cpp - An NVVM kernel made a host function --------------===//
//
// The kernel's body moves into a function with the grid context as its
// first parameter; each llvm.nvvm.read.ptx.sreg.* call becomes a load of
// the context's field, each barrier a call of the host's barrier, each
// shared variable an offset into the context's shared memory; an entry
// function unpacks the parameter array and calls it once (one invocation).
//
//===----------------------------------------------------------------------===//
#include "GridRewrite.h"
#include "SharedMemory.h"

#include "opencgc/Codegen/PtxInlineAsm.h"
#include "opencgc/HostGrid/HostGrid.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

#include <cstddef>

using namespace llvm;

namespace opencgc::hostgrid {
namespace {

/// The GridContext field (in uint32_t units) a special register reads.
std::optional<unsigned> contextField(StringRef intrinsic) {
  if (!intrinsic.consume_front("llvm.nvvm.read.ptx.sreg."))
    return std::nullopt;
  auto [name, dimension] = intrinsic.rsplit('.');
  std::optional<unsigned> base =
      StringSwitch<std::optional<unsigned>>(name)
          .Case("tid", offsetof(GridContext, threadId) / 4)
          .Case("ntid", offsetof(GridContext, blockSize) / 4)
          .Case("ctaid", offsetof(GridContext, blockId) / 4)
          .Case("nctaid", offsetof(GridContext, gridSize) / 4)
          .Default(std::nullopt);
  unsigned axis = StringSwitch<unsigned>(dimension)
                      .Case("x", 0)
                      .Case("y", 1)
                      .Case("z", 2)
                      .Default(3);
  if (!base || axis == 3)
    return std::nullopt;
  return *base + axis;
}

/// The kernel's body in a function taking the context first.
Function *moveIntoInvocation(Function &kernel) {
  Module &module = *kernel.getParent();
  LLVMContext &context = module.getContext();
  SmallVector<Type *> parameters = {PointerType::get(context, 0)};
  for (Argument &argument : kernel.args())
    parameters.push_back(argument.getType());
  Function *body = Function::Create(
      FunctionType::get(Type::getVoidTy(context), parameters, false),
      GlobalValue::InternalLinkage, kernel.getName() + ".host", module);
  body->splice(body->end(), &kernel);
  for (Argument &argument : kernel.args())
    argument.replaceAllUsesWith(body->getArg(argument.getArgNo() + 1));
  return body;
}

/// What a whole-workgroup barrier returns; none for other intrinsics. The
/// .count forms (a barrier of part of the workgroup) are not built.
std::optional<BarrierReduction> barrierReduction(Intrinsic::ID intrinsic) {
  switch (intrinsic) {
  case Intrinsic::nvvm_barrier_cta_sync_all:
  case Intrinsic::nvvm_barrier_cta_sync_aligned_all:
  case Intrinsic::nvvm_barrier_cta_red_popc_all:
  case Intrinsic::nvvm_barrier_cta_red_popc_aligned_all:
    return BarrierReduction::Count;
  case Intrinsic::nvvm_barrier_cta_red_and_all:
  case Intrinsic::nvvm_barrier_cta_red_and_aligned_all:
    return BarrierReduction::All;
  case Intrinsic::nvvm_barrier_cta_red_or_all:
  case Intrinsic::nvvm_barrier_cta_red_or_aligned_all:
    return BarrierReduction::Any;
  default:
    return std::nullopt;
  }
}

void replaceSpecialRegister(CallInst *call, unsigned field) {
  IRBuilder<> b(call);
  Value *context = call->getFunction()->getArg(0);
  Value *address = b.CreateConstInBoundsGEP1_32(b.getInt32Ty(), context, field);
  call->replaceAllUsesWith(b.CreateLoad(b.getInt32Ty(), address));
  call->eraseFromParent();
}

/// barrier.cta.{sync,red.*}(id[, predicate]) -> the host's barrier.
void replaceBarrier(CallInst *call, BarrierReduction reduction) {
  IRBuilder<> b(call);
  Module &module = *call->getModule();
  FunctionCallee host = module.getOrInsertFunction(
      kBarrierFunction, FunctionType::get(b.getInt32Ty(),
                                          {b.getPtrTy(), b.getInt32Ty(),
                                           b.getInt32Ty(), b.getInt32Ty()},
                                          false));
  Value *predicate = call->arg_size() > 1
                         ? b.CreateZExt(call->getArgOperand(1), b.getInt32Ty())
                         : b.getInt32(0);
  CallInst *result = b.CreateCall(
      host, {call->getFunction()->getArg(0), call->getArgOperand(0),
             b.getInt32(uint32_t(reduction)), predicate});
  result->setDoesNotThrow();
  if (call->getType()->isIntegerTy(1))
    call->replaceAllUsesWith(b.CreateICmpNE(result, b.getInt32(0)));
  else if (!call->getType()->isVoidTy())
    call->replaceAllUsesWith(result);
  call->eraseFromParent();
}

/// An mma.sync in inline assembly -> the host's warp-level product, its
/// four results through a stack slot.
void replaceMma(CallInst *call) {
  Function &body = *call->getFunction();
  IRBuilder<> entry(&body.getEntryBlock(), body.getEntryBlock().begin());
  Type *f32 = entry.getFloatTy();
  AllocaInst *results = entry.CreateAlloca(ArrayType::get(f32, 4));
  IRBuilder<> b(call);
  SmallVector<Type *> parameters = {b.getPtrTy()};
  SmallVector<Value *> arguments = {body.getArg(0)};
  for (Value *operand : call->args()) {
    parameters.push_back(operand->getType());
    arguments.push_back(operand);
  }
  parameters.push_back(b.getPtrTy());
  arguments.push_back(results);
  FunctionCallee host = call->getModule()->getOrInsertFunction(
      kMmaTf32Function, FunctionType::get(b.getVoidTy(), parameters, false));
  b.CreateCall(host, arguments)->setDoesNotThrow();
  Value *d = PoisonValue::get(call->getType());
  for (unsigned i = 0; i < 4; ++i)
    d = b.CreateInsertValue(
        d, b.CreateLoad(f32, b.CreateConstInBoundsGEP1_32(f32, results, i)),
        {i});
  call->replaceAllUsesWith(d);
  call->eraseFromParent();
}

/// Inline assembly the grid executes: the TF32 mma.sync that Kernel IR
/// writes (opencgc/Codegen/PtxInlineAsm.h), exactly; anything else is an
/// error naming its text.
Error replaceInlineAsm(CallInst *call, const InlineAsm &assembly,
                       StringRef kernel) {
  if (assembly.getAsmString() == codegen::kMmaM16n8k8Tf32Asm &&
      assembly.getConstraintString() == codegen::kMmaM16n8k8Tf32Constraints &&
      call->arg_size() == 10) {
    replaceMma(call);
    return Error::success();
  }
  return createStringError("kernel @" + kernel +
                           ": the host grid does not execute the inline "
                           "assembly `" +
                           assembly.getAsmString() + "`");
}

/// Replaces the body's NVVM intrinsics; reports whether it has barriers.
Expected<bool> replaceIntrinsics(Function &body) {
  SmallVector<CallInst *> calls;
  for (Instruction &instruction : instructions(body))
    if (auto *call = dyn_cast<CallInst>(&instruction))
      calls.push_back(call);
  bool hasBarriers = false;
  for (CallInst *call : calls) {
    if (auto *assembly = dyn_cast<InlineAsm>(call->getCalledOperand())) {
      // A warp's lanes meet in the instruction: the fibers' barrier.
      if (Error error =
              replaceInlineAsm(call, *assembly, body.getName().drop_back(5)))
        return std::move(error);
      hasBarriers = true;
      continue;
    }
    Function *callee = call->getCalledFunction();
    if (!callee || !callee->getName().starts_with("llvm.nvvm."))
      continue;
    if (std::optional<unsigned> field = contextField(callee->getName())) {
      replaceSpecialRegister(call, *field);
      continue;
    }
    if (std::optional<BarrierReduction> reduction =
            barrierReduction(callee->getIntrinsicID())) {
      replaceBarrier(call, *reduction);
      hasBarriers = true;
      continue;
    }
    return createStringError(
        "kernel @" + body.getName().drop_back(5) +
        ": the host grid does not provide " + callee->getName() +
        (callee->getName().contains("barrier")
             ? " (only barriers of the whole workgroup are built)"
             : ""));
  }
  return hasBarriers;
}

/// void entry(GridContext *context, void **parameters): one invocation.
void createEntry(Module &module, Function &body) {
  LLVMContext &context = module.getContext();
  Type *pointer = PointerType::get(context, 0);
  Function *entry = Function::Create(
      FunctionType::get(Type::getVoidTy(context), {pointer, pointer}, false),
      GlobalValue::ExternalLinkage, kInvocationEntry, module);
  IRBuilder<> b(BasicBlock::Create(context, "entry", entry));
  SmallVector<Value *> arguments = {entry->getArg(0)};
  for (unsigned i = 1; i < body.arg_size(); ++i) {
    Value *slot =
        b.CreateConstInBoundsGEP1_32(pointer, entry->getArg(1), i - 1);
    arguments.push_back(b.CreateLoad(body.getArg(i)->getType(), slot));
  }
  b.CreateCall(&body, arguments);
  b.CreateRetVoid();
}

} // namespace

Expected<KernelNeeds> rewriteForHostGrid(Module &module, StringRef name) {
  Function *kernel = module.getFunction(name);
  if (!kernel || kernel->isDeclaration())
    return createStringError("kernel @" + name + " is not in the module");
  Function *body = moveIntoInvocation(*kernel);
  kernel->eraseFromParent();
  Expected<bool> hasBarriers = replaceIntrinsics(*body);
  if (!hasBarriers)
    return hasBarriers.takeError();
  Expected<SharedLayout> shared = placeSharedMemory(*body);
  if (!shared)
    return shared.takeError();
  createEntry(module, *body);
  KernelNeeds needs;
  needs.sharedBytes = shared->bytes;
  needs.sharedAlignment = shared->alignment;
  needs.hasBarriers = *hasBarriers;
  return needs;
}

} // namespace opencgc::hostgrid
