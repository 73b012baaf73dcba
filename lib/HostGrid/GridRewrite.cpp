//===- GridRewrite.cpp - An NVVM kernel made a host function --------------===//
//
// The kernel's body moves into a function with the grid context as its
// first parameter; each llvm.nvvm.read.ptx.sreg.* call becomes a load of
// the context's field; an entry function unpacks the parameter array and
// calls it once (one invocation).
//
//===----------------------------------------------------------------------===//
#include "GridRewrite.h"

#include "opencgc/HostGrid/HostGrid.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
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

Error replaceSpecialRegisters(Function &body) {
  Value *context = body.getArg(0);
  SmallVector<CallInst *> calls;
  for (Instruction &instruction : instructions(body))
    if (auto *call = dyn_cast<CallInst>(&instruction))
      calls.push_back(call);
  for (CallInst *call : calls) {
    Function *callee = call->getCalledFunction();
    if (!callee || !callee->getName().starts_with("llvm.nvvm."))
      continue;
    std::optional<unsigned> field = contextField(callee->getName());
    if (!field)
      return createStringError("kernel @" + body.getName().drop_back(5) +
                               ": the host grid does not provide " +
                               callee->getName() +
                               " (barriers and other NVVM intrinsics are "
                               "not built)");
    IRBuilder<> b(call);
    Value *address =
        b.CreateConstInBoundsGEP1_32(b.getInt32Ty(), context, *field);
    call->replaceAllUsesWith(b.CreateLoad(b.getInt32Ty(), address));
    call->eraseFromParent();
  }
  return Error::success();
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

Error rewriteForHostGrid(Module &module, StringRef name) {
  Function *kernel = module.getFunction(name);
  if (!kernel || kernel->isDeclaration())
    return createStringError("kernel @" + name + " is not in the module");
  for (const GlobalVariable &global : module.globals())
    if (global.getAddressSpace() == 3)
      return createStringError("kernel @" + name + ": shared memory (@" +
                               global.getName() +
                               ") is not built on the host grid");
  Function *body = moveIntoInvocation(*kernel);
  kernel->eraseFromParent();
  if (Error error = replaceSpecialRegisters(*body))
    return error;
  createEntry(module, *body);
  return Error::success();
}

} // namespace opencgc::hostgrid
