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

#include "llvm/IR/Instructions.h"

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
/// nuw/nsw/exact bits; fast-math flags are encodeFastMath37's.
uint64_t encodeWrapFlags(const llvm::Instruction &instruction);
/// Fast-math flags in LLVM 3.7's encoding: bit 0 ("unsafe algebra") is
/// `fast`, written with the four flags it implies, as DXC does; nnan, ninf,
/// nsz and arcp are bits 1 to 4 on their own. reassoc, contract and afn
/// (later LLVMs) have no 3.7 form and are dropped. 0 for other operations.
uint64_t encodeFastMath37(const llvm::Instruction &instruction);
uint64_t encodeSignedInteger(int64_t value);
/// ORDERING_* of an atomic ordering.
unsigned encodeOrdering(llvm::AtomicOrdering ordering);
/// RMW_* of the operations LLVM 3.7 has (xchg to umin); none for later ones.
std::optional<unsigned> encodeRmwOperation(llvm::AtomicRMWInst::BinOp op);
/// 0 single thread, 1 cross thread; none for target scopes (LLVM 5).
std::optional<unsigned> encodeSyncScope(llvm::SyncScope::ID scope);
unsigned encodeLinkage(const llvm::GlobalValue &global);

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_RECORDENCODING_H
