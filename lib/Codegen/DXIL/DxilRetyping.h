//===- DxilRetyping.h - Computing an integer type as another ----*- C++ -*-===//
//
// What the byte promotion (i8 as i32) and the index narrowing (i64 as i32)
// share: visiting the values of the old type before their uses, and
// swapping the instructions for their twins once every twin exists.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILRETYPING_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILRETYPING_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace llvm {
class Function;
class Instruction;
class PHINode;
class Type;
class Value;
} // namespace llvm

namespace opencgc::codegen {

/// The instructions that make or read a value of `type` (dx.op calls'
/// constant operands aside), definitions before uses except through phis;
/// none when one lies in an unreachable block, where it would get no twin.
std::optional<llvm::SmallVector<llvm::Instruction *>>
collectRetyped(llvm::Function &function, llvm::Type *type);

/// Gives each new phi the twins of its old phi's incoming values, replaces
/// the instructions that only read `type` by their twins, and erases every
/// instruction of `retyped`.
void replaceRetyped(
    llvm::ArrayRef<llvm::Instruction *> retyped,
    llvm::ArrayRef<std::pair<llvm::PHINode *, llvm::PHINode *>> phis,
    llvm::function_ref<llvm::Value *(llvm::Value *)> twinOf, llvm::Type *type);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILRETYPING_H
