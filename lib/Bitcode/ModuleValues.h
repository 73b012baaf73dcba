//===- ModuleValues.h - Module-level value numbering ------------*- C++ -*-===//
//
// Value ids of the module block: global variables, then functions, then
// every constant any function, initializer or metadata uses (all written in
// the module's constants block, so function blocks carry none).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_MODULEVALUES_H
#define OPENCGC_LIB_BITCODE_MODULEVALUES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace llvm {
class Constant;
class Value;
} // namespace llvm

namespace opencgc::bitcode {

struct ModuleValues {
  llvm::DenseMap<const llvm::Value *, unsigned> ids;
  /// Constants in emission order: operands before the constants using them.
  std::vector<const llvm::Constant *> constants;
  unsigned size() const { return ids.size(); }
};

/// Constants a function's records name that are not its operands: the
/// -0.0 an `fneg` is written with, a shufflevector's mask as a vector.
void forEachImpliedConstant(const llvm::Value *instruction,
                            llvm::function_ref<void(const llvm::Constant *)>);

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_MODULEVALUES_H
