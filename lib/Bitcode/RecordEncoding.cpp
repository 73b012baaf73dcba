//===- RecordEncoding.cpp - Operand encodings shared by the records -------===//
#include "RecordEncoding.h"

#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace opencgc::bitcode {

unsigned encodeAlignment(MaybeAlign alignment) {
  return alignment ? Log2(*alignment) + 1 : 0;
}

std::optional<unsigned> encodeCast(unsigned opcode) {
  switch (opcode) {
  case Instruction::Trunc:
    return bitc::CAST_TRUNC;
  case Instruction::ZExt:
    return bitc::CAST_ZEXT;
  case Instruction::SExt:
    return bitc::CAST_SEXT;
  case Instruction::FPToUI:
    return bitc::CAST_FPTOUI;
  case Instruction::FPToSI:
    return bitc::CAST_FPTOSI;
  case Instruction::UIToFP:
    return bitc::CAST_UITOFP;
  case Instruction::SIToFP:
    return bitc::CAST_SITOFP;
  case Instruction::FPTrunc:
    return bitc::CAST_FPTRUNC;
  case Instruction::FPExt:
    return bitc::CAST_FPEXT;
  case Instruction::PtrToInt:
    return bitc::CAST_PTRTOINT;
  case Instruction::IntToPtr:
    return bitc::CAST_INTTOPTR;
  case Instruction::BitCast:
    return bitc::CAST_BITCAST;
  case Instruction::AddrSpaceCast:
    return bitc::CAST_ADDRSPACECAST;
  default:
    return std::nullopt;
  }
}

std::optional<unsigned> encodeBinaryOperator(unsigned opcode) {
  switch (opcode) {
  case Instruction::Add:
  case Instruction::FAdd:
    return bitc::BINOP_ADD;
  case Instruction::Sub:
  case Instruction::FSub:
    return bitc::BINOP_SUB;
  case Instruction::Mul:
  case Instruction::FMul:
    return bitc::BINOP_MUL;
  case Instruction::UDiv:
    return bitc::BINOP_UDIV;
  case Instruction::SDiv:
  case Instruction::FDiv:
    return bitc::BINOP_SDIV;
  case Instruction::URem:
    return bitc::BINOP_UREM;
  case Instruction::SRem:
  case Instruction::FRem:
    return bitc::BINOP_SREM;
  case Instruction::Shl:
    return bitc::BINOP_SHL;
  case Instruction::LShr:
    return bitc::BINOP_LSHR;
  case Instruction::AShr:
    return bitc::BINOP_ASHR;
  case Instruction::And:
    return bitc::BINOP_AND;
  case Instruction::Or:
    return bitc::BINOP_OR;
  case Instruction::Xor:
    return bitc::BINOP_XOR;
  default:
    return std::nullopt;
  }
}

/// nuw/nsw and exact, which both formats know.
uint64_t encodeWrapFlags(const Instruction &instruction) {
  uint64_t flags = 0;
  if (const auto *overflowing =
          dyn_cast<OverflowingBinaryOperator>(&instruction)) {
    if (overflowing->hasNoUnsignedWrap())
      flags |= 1 << bitc::OBO_NO_UNSIGNED_WRAP;
    if (overflowing->hasNoSignedWrap())
      flags |= 1 << bitc::OBO_NO_SIGNED_WRAP;
  } else if (const auto *exact =
                 dyn_cast<PossiblyExactOperator>(&instruction)) {
    if (exact->isExact())
      flags |= 1 << bitc::PEO_EXACT;
  }
  return flags;
}

uint64_t encodeFastMath37(const Instruction &instruction) {
  if (!isa<FPMathOperator>(instruction))
    return 0;
  // LLVM 3.7 lib/Bitcode/LLVMBitCodes.h, FastMathMap.
  constexpr uint64_t unsafeAlgebra = 1, noNaNs = 2, noInfs = 4,
                     noSignedZeros = 8, allowReciprocal = 16;
  if (instruction.isFast())
    return unsafeAlgebra | noNaNs | noInfs | noSignedZeros | allowReciprocal;
  uint64_t flags = 0;
  if (instruction.hasNoNaNs())
    flags |= noNaNs;
  if (instruction.hasNoInfs())
    flags |= noInfs;
  if (instruction.hasNoSignedZeros())
    flags |= noSignedZeros;
  if (instruction.hasAllowReciprocal())
    flags |= allowReciprocal;
  return flags;
}

uint64_t encodeSignedInteger(int64_t value) {
  // Sign in the low bit, magnitude above it ("emitSignedInt64").
  return value >= 0 ? uint64_t(value) << 1 : (uint64_t(-value) << 1) | 1;
}

unsigned encodeOrdering(AtomicOrdering ordering) {
  switch (ordering) {
  case AtomicOrdering::NotAtomic:
    return bitc::ORDERING_NOTATOMIC;
  case AtomicOrdering::Unordered:
    return bitc::ORDERING_UNORDERED;
  case AtomicOrdering::Monotonic:
    return bitc::ORDERING_MONOTONIC;
  case AtomicOrdering::Acquire:
    return bitc::ORDERING_ACQUIRE;
  case AtomicOrdering::Release:
    return bitc::ORDERING_RELEASE;
  case AtomicOrdering::AcquireRelease:
    return bitc::ORDERING_ACQREL;
  case AtomicOrdering::SequentiallyConsistent:
    return bitc::ORDERING_SEQCST;
  }
  return bitc::ORDERING_SEQCST;
}

std::optional<unsigned> encodeRmwOperation(AtomicRMWInst::BinOp op) {
  switch (op) {
  case AtomicRMWInst::Xchg:
    return bitc::RMW_XCHG;
  case AtomicRMWInst::Add:
    return bitc::RMW_ADD;
  case AtomicRMWInst::Sub:
    return bitc::RMW_SUB;
  case AtomicRMWInst::And:
    return bitc::RMW_AND;
  case AtomicRMWInst::Nand:
    return bitc::RMW_NAND;
  case AtomicRMWInst::Or:
    return bitc::RMW_OR;
  case AtomicRMWInst::Xor:
    return bitc::RMW_XOR;
  case AtomicRMWInst::Max:
    return bitc::RMW_MAX;
  case AtomicRMWInst::Min:
    return bitc::RMW_MIN;
  case AtomicRMWInst::UMax:
    return bitc::RMW_UMAX;
  case AtomicRMWInst::UMin:
    return bitc::RMW_UMIN;
  default:
    return std::nullopt;
  }
}

std::optional<unsigned> encodeSyncScope(SyncScope::ID scope) {
  // LLVM 3.7's SynchronizationScope: SingleThread = 0, CrossThread = 1;
  // LLVM 5 to 22 keep the two ids.
  if (scope == SyncScope::SingleThread)
    return 0;
  if (scope == SyncScope::System)
    return 1;
  return std::nullopt;
}

unsigned encodeLinkage(const GlobalValue &global) {
  switch (global.getLinkage()) {
  case GlobalValue::ExternalLinkage:
    return 0;
  case GlobalValue::WeakAnyLinkage:
    return 16;
  case GlobalValue::AppendingLinkage:
    return 2;
  case GlobalValue::InternalLinkage:
    return 3;
  case GlobalValue::LinkOnceAnyLinkage:
    return 18;
  case GlobalValue::ExternalWeakLinkage:
    return 7;
  case GlobalValue::CommonLinkage:
    return 8;
  case GlobalValue::PrivateLinkage:
    return 9;
  case GlobalValue::WeakODRLinkage:
    return 17;
  case GlobalValue::LinkOnceODRLinkage:
    return 19;
  case GlobalValue::AvailableExternallyLinkage:
    return 12;
  }
  return 0;
}

} // namespace opencgc::bitcode
