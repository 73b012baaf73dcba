//===- DxilRetyping.cpp - Computing an integer type as another ------------===//
#include "DxilRetyping.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace opencgc::codegen {
namespace {

bool touches(const Instruction &instruction, Type *type) {
  bool isCall = isa<CallInst>(instruction);
  return instruction.getType() == type ||
         any_of(instruction.operands(), [&](const Use &use) {
           return use->getType() == type &&
                  !(isCall && isa<Constant>(use.get()));
         });
}

} // namespace

std::optional<SmallVector<Instruction *>> collectRetyped(Function &function,
                                                         Type *type) {
  SmallVector<Instruction *> retyped;
  ReversePostOrderTraversal<Function *> order(&function);
  for (BasicBlock *block : order)
    for (Instruction &instruction : *block)
      if (touches(instruction, type))
        retyped.push_back(&instruction);
  size_t everywhere = count_if(
      instructions(function), [&](Instruction &i) { return touches(i, type); });
  if (retyped.size() != everywhere)
    return std::nullopt;
  return retyped;
}

void replaceRetyped(ArrayRef<Instruction *> retyped,
                    ArrayRef<std::pair<PHINode *, PHINode *>> phis,
                    function_ref<Value *(Value *)> twinOf, Type *type) {
  for (auto [phi, twin] : phis)
    for (auto [value, block] : zip(phi->incoming_values(), phi->blocks()))
      twin->addIncoming(twinOf(value), block);
  // What made the old type is dropped; what only read it is replaced.
  for (Instruction *instruction : retyped)
    if (instruction->getType() != type)
      instruction->replaceAllUsesWith(twinOf(instruction));
  for (Instruction *instruction : retyped)
    instruction->dropAllReferences();
  for (Instruction *instruction : retyped)
    instruction->eraseFromParent();
}

} // namespace opencgc::codegen
