//===- ModuleValues.cpp - Module-level value numbering --------------------===//
#include "ModuleValues.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace opencgc::bitcode {

void forEachImpliedConstant(const Value *value,
                            function_ref<void(const Constant *)> callback) {
  const auto *instruction = dyn_cast<Instruction>(value);
  if (!instruction)
    return;
  if (instruction->getOpcode() == Instruction::FNeg)
    callback(ConstantFP::getNegativeZero(instruction->getType()));
  if (const auto *shuffle = dyn_cast<ShuffleVectorInst>(instruction))
    callback(shuffle->getShuffleMaskForBitcode());
}

} // namespace opencgc::bitcode
