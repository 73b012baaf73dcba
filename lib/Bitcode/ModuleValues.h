//===- ModuleValues.h - Module-level value numbering ------------*- C++ -*-===//
//
// Value ids of the module block: global variables, then functions, then
// every constant any function, initializer or metadata uses (all written in
// the module's constants block, so function blocks carry none). A null or
// undef pointer that metadata names with a pointee of its own (a DXIL
// resource record's `%T* undef`) is a constant of its own. Inline assembly
// (NVVM's route to PTX instructions without an intrinsic, such as
// mma.sync) is a constant too in the legacy format.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_MODULEVALUES_H
#define OPENCGC_LIB_BITCODE_MODULEVALUES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace llvm {
class Constant;
class Type;
class Value;
} // namespace llvm

namespace opencgc::bitcode {

struct ModuleConstant {
  /// A Constant or an InlineAsm.
  const llvm::Value *constant;
  /// What a null or undef pointer points to where metadata gave it a
  /// pointee (PointeeTypes::setMetadataOperand); null otherwise.
  llvm::Type *pointee = nullptr;
};

struct ModuleValues {
  llvm::DenseMap<const llvm::Value *, unsigned> ids;
  /// The values of `ids` in id order, so that planning interns types in
  /// the same order on every run (a DenseMap of pointers has no order).
  std::vector<const llvm::Value *> inOrder;
  /// Constants in emission order: operands before the constants using them.
  std::vector<ModuleConstant> constants;
  /// The ids of null or undef pointers with a pointee metadata gave them,
  /// by (constant, pointee).
  llvm::DenseMap<std::pair<const llvm::Constant *, llvm::Type *>, unsigned>
      typedConstants;
  /// How many module values there are (the first function-local id).
  unsigned count = 0;

  unsigned size() const { return count; }
  /// Gives `value` the next id.
  unsigned add(const llvm::Value *value) {
    ids[value] = count;
    inOrder.push_back(value);
    return count++;
  }
};

/// Constants a function's records name that are not its operands: the
/// -0.0 an `fneg` is written with, a shufflevector's mask as a vector.
void forEachImpliedConstant(const llvm::Value *instruction,
                            llvm::function_ref<void(const llvm::Constant *)>);

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_MODULEVALUES_H
