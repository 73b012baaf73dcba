//===- SharedMemory.cpp - Shared variables in a workgroup buffer ----------===//
//
// A GPU gives each workgroup its own copy of every shared (addrspace(3))
// variable. On the host, workgroups run concurrently on several threads, so
// the variables cannot stay globals: each becomes an offset from the
// workgroup's buffer, which the launch passes in the grid context.
//
//===----------------------------------------------------------------------===//
#include "SharedMemory.h"

#include "opencgc/HostGrid/HostGrid.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>
#include <cstddef>

using namespace llvm;

namespace opencgc::hostgrid {
namespace {

/// NVVM IR shared variables cannot be initialized; undef and zero say so.
Error checkDefinition(const GlobalVariable &variable, StringRef kernel) {
  std::string prefix =
      ("kernel @" + kernel + ": shared variable @" + variable.getName()).str();
  if (!variable.hasInitializer())
    return createStringError(prefix +
                             " is extern (dynamically sized shared memory), "
                             "which the host grid does not size");
  const Constant *initializer = variable.getInitializer();
  if (!isa<UndefValue>(initializer) && !initializer->isNullValue())
    return createStringError(prefix +
                             " has an initializer; NVVM IR shared variables "
                             "cannot be initialized");
  return Error::success();
}

/// Every use must be an instruction of `body`, where the context is.
Error checkUses(const GlobalVariable &variable, const Function &body) {
  for (const User *user : variable.users()) {
    const auto *instruction = dyn_cast<Instruction>(user);
    if (instruction && instruction->getFunction() == &body)
      continue;
    std::string where = instruction
                            ? "@" + instruction->getFunction()->getName().str()
                            : "a constant outside any function";
    return createStringError("kernel @" + body.getName().drop_back(5) +
                             ": shared variable @" + variable.getName() +
                             " is used in " + where +
                             "; the host grid places shared memory for the "
                             "kernel function's own code only");
  }
  return Error::success();
}

} // namespace

Expected<SharedLayout> placeSharedMemory(Function &body) {
  Module &module = *body.getParent();
  StringRef kernel = body.getName().drop_back(5);
  SmallVector<GlobalVariable *> variables;
  for (GlobalVariable &global : module.globals())
    if (global.getAddressSpace() == 3)
      variables.push_back(&global);
  if (variables.empty())
    return SharedLayout();
  for (GlobalVariable *variable : variables)
    if (Error error = checkDefinition(*variable, kernel))
      return std::move(error);
  // Constant-expression uses (a GEP into an array, a cast to generic) cannot
  // refer to a per-workgroup address; make them instructions first.
  SmallPtrSet<Constant *, 8> shared(variables.begin(), variables.end());
  removeFromUsedLists(module, [&](Constant *c) { return shared.count(c); });
  convertUsersOfConstantsToInstructions(
      SmallVector<Constant *>(variables.begin(), variables.end()));
  for (GlobalVariable *variable : variables)
    if (Error error = checkUses(*variable, body))
      return std::move(error);

  const DataLayout &layout = module.getDataLayout();
  IRBuilder<> b(&*body.getEntryBlock().getFirstInsertionPt());
  Value *base = b.CreateLoad(
      b.getPtrTy(),
      b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), body.getArg(0),
                                   offsetof(GridContext, sharedMemory)),
      "shared");
  SharedLayout result;
  for (GlobalVariable *variable : variables) {
    Align align = layout.getPreferredAlign(variable);
    result.bytes = alignTo(result.bytes, align);
    result.alignment = std::max(result.alignment, align.value());
    Value *address = b.CreateAddrSpaceCast(
        b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, result.bytes),
        variable->getType(), variable->getName());
    result.bytes += layout.getTypeAllocSize(variable->getValueType());
    variable->replaceUsesWithIf(address, [](Use &) { return true; });
    variable->eraseFromParent();
  }
  return result;
}

} // namespace opencgc::hostgrid
