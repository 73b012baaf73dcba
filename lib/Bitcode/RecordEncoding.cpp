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

/// nuw/nsw and exact, which both formats know; fast-math flags are not
/// written (their bit layout changed between the formats).
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

uint64_t encodeSignedInteger(int64_t value) {
  // Sign in the low bit, magnitude above it ("emitSignedInt64").
  return value >= 0 ? uint64_t(value) << 1 : (uint64_t(-value) << 1) | 1;
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
