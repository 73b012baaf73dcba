//===- LegacyBitcodeWriter.h - LLVM 22 modules as typed-pointer bitcode ---===//
//
// libNVVM reads LLVM 7.0.1 bitcode and the DXIL validator LLVM 3.7 bitcode,
// both with typed pointers; LLVM 22 writes neither (opaque pointers, newer
// records). This writer emits an llvm::Module in the legacy record layout,
// giving every pointer a pointee type (docs/bitcode.md):
//  - a kernel parameter's pointee comes from the code generator
//    (PointeeTypes), which knows every buffer's element type;
//  - every other pointer's pointee follows from the instruction that makes
//    it (getelementptr, alloca, a global's value type, address space casts);
//  - where a use needs another pointee (a load of float through an i8*), a
//    bitcast is written before the use: exactly what the opaque pointer
//    means, never a guess about memory.
// Anything the legacy format cannot say (an instruction or constant it has
// no record for) is an error naming it; nothing is silently dropped except
// instruction metadata and attributes, which are optional hints (the LLVM
// 3.7 flavour keeps the function attributes DXIL declares dx.op functions
// with, and fast-math flags).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_BITCODE_LEGACYBITCODEWRITER_H
#define OPENCGC_BITCODE_LEGACYBITCODEWRITER_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>

namespace llvm {
class Function;
class MDNode;
class Module;
class Type;
} // namespace llvm

namespace opencgc::bitcode {

/// The legacy formats. What differs between them is in LegacyFlavour.cpp.
enum class LegacyFlavour {
  /// LLVM 7.0.1, what libNVVM reads (NVVM IR specification, "Bitcode").
  Llvm7,
  /// LLVM 3.7, the bitcode inside a DXIL container, as DXC writes it
  /// (shared/reference/dxil-format.md section 2.2).
  Llvm37,
};

/// The two data layouts DXC writes (reference section 2.2). LLVM 22 cannot
/// parse the legacy one (i8:32), so a module holds the native one or none,
/// and LegacyBitcodeOptions::dataLayout says what is written.
inline constexpr const char *kDxilLegacyDataLayout =
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-"
    "n8:16:32:64";
inline constexpr const char *kDxilNativeLowPrecisionDataLayout =
    "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-"
    "n8:16:32:64";

/// The element types of pointer parameters of defined functions: the one
/// place where the module itself cannot say what a pointer points to.
class PointeeTypes {
public:
  void setParameter(const llvm::Function *function, unsigned argument,
                    llvm::Type *elementType) {
    parameters[{function, argument}] = elementType;
  }
  /// The element type, or null when the code generator gave none.
  llvm::Type *getParameter(const llvm::Function *function,
                           unsigned argument) const {
    return parameters.lookup({function, argument});
  }

  /// The element type of a null or undef pointer that operand `operand` of
  /// metadata tuple `node` names: DXIL resource records carry the HLSL type
  /// as `%T* undef` (reference section 3.2), which an opaque `ptr undef`
  /// shared by every record cannot say.
  void setMetadataOperand(const llvm::MDNode *node, unsigned operand,
                          llvm::Type *elementType) {
    metadataOperands[{node, operand}] = elementType;
  }
  llvm::Type *getMetadataOperand(const llvm::MDNode *node,
                                 unsigned operand) const {
    return metadataOperands.lookup({node, operand});
  }

private:
  llvm::DenseMap<std::pair<const llvm::Function *, unsigned>, llvm::Type *>
      parameters;
  llvm::DenseMap<std::pair<const llvm::MDNode *, unsigned>, llvm::Type *>
      metadataOperands;
};

struct LegacyBitcodeOptions {
  /// The data layout string written; empty writes the module's.
  std::string dataLayout;
};

/// Writes `module` as legacy bitcode of `flavour` into `out`. Errors name
/// the function and instruction (or global, constant) that cannot be said.
llvm::Error writeLegacyBitcode(const llvm::Module &module,
                               const PointeeTypes &pointees,
                               LegacyFlavour flavour,
                               llvm::SmallVectorImpl<char> &out,
                               const LegacyBitcodeOptions &options = {});

} // namespace opencgc::bitcode

#endif // OPENCGC_BITCODE_LEGACYBITCODEWRITER_H
