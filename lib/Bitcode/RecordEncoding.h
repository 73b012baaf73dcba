//===- RecordEncoding.h - Operand encodings shared by the records -*- C++
//-*-===//
//
// The numeric codes of opcodes, flags, alignments, integers and linkages
// in legacy records (the same in LLVM 3.7 and 7.0).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_RECORDENCODING_H
#define OPENCGC_LIB_BITCODE_RECORDENCODING_H

#include "llvm/Support/Alignment.h"

#include <cstdint>
#include <optional>

namespace llvm {
class GlobalValue;
class Instruction;
} // namespace llvm

namespace opencgc::bitcode {

/// log2(alignment) + 1, 0 for none.
unsigned encodeAlignment(llvm::MaybeAlign alignment);
/// CAST_* of an LLVM cast opcode.
std::optional<unsigned> encodeCast(unsigned opcode);
/// BINOP_* of an LLVM binary opcode (integer and float share codes).
std::optional<unsigned> encodeBinaryOperator(unsigned opcode);
/// nuw/nsw/exact bits; fast-math flags are not written (their layout
/// changed between the formats).
uint64_t encodeWrapFlags(const llvm::Instruction &instruction);
uint64_t encodeSignedInteger(int64_t value);
unsigned encodeLinkage(const llvm::GlobalValue &global);

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_RECORDENCODING_H
