//===- PointeeInference.h - What each pointer points to ---------*- C++ -*-===//
//
// Gives every value its legacy type: for a pointer, a pointer to the type
// its producer implies (getelementptr's result element type, an alloca's or
// a global's type, the code generator's element type for a parameter, the
// source's for an address space cast). A pointer whose producer implies
// nothing (null, a loaded or returned pointer) points to i8; its users get
// bitcasts to what they need.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_POINTEEINFERENCE_H
#define OPENCGC_LIB_BITCODE_POINTEEINFERENCE_H

#include "LegacyTypeTable.h"
#include "opencgc/Bitcode/LegacyBitcodeWriter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace opencgc::bitcode {

class PointeeInference {
public:
  PointeeInference(LegacyTypeTable &types, const PointeeTypes &parameters,
                   WriterErrors &errors)
      : types(types), parameters(parameters), errors(errors) {}

  /// The legacy type id of `value`'s type.
  unsigned typeOf(const llvm::Value *value);
  /// The type id a pointer value points to.
  unsigned pointeeOf(const llvm::Value *value);
  /// A function's type with its parameters' pointees.
  unsigned signatureOf(const llvm::Function *function);
  /// The type id of a pointer to `pointee` in `addressSpace`.
  unsigned pointerTo(llvm::Type *pointee, unsigned addressSpace);

private:
  unsigned computePointee(const llvm::Value *value);

  LegacyTypeTable &types;
  const PointeeTypes &parameters;
  WriterErrors &errors;
  llvm::DenseMap<const llvm::Value *, unsigned> pointees;
  llvm::DenseMap<const llvm::Function *, unsigned> signatures;
  /// Phis being inferred: a cycle of phis is broken at the one re-entered.
  llvm::DenseSet<const llvm::Value *> inProgress;
};

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_POINTEEINFERENCE_H
