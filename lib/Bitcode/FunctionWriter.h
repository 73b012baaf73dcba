//===- FunctionWriter.h - One function block of legacy bitcode --*- C++ -*-===//
//
// Walks a function twice with the same decisions: once to plan (intern
// every type, number every value, including the bitcasts typed pointers
// need), once to emit its FUNCTION_BLOCK.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_FUNCTIONWRITER_H
#define OPENCGC_LIB_BITCODE_FUNCTIONWRITER_H

#include "LegacyFlavour.h"
#include "LegacyTypeTable.h"
#include "ModuleValues.h"
#include "PointeeInference.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace llvm {
class BasicBlock;
class BitstreamWriter;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace opencgc::bitcode {

class FunctionWriter {
public:
  FunctionWriter(const llvm::Function &function, const ModuleValues &module,
                 PointeeInference &inference, LegacyTypeTable &types,
                 const FlavourTraits &flavour, WriterErrors &errors)
      : function(function), module(module), inference(inference), types(types),
        flavour(flavour), errors(errors) {}

  void plan() { walk(nullptr); }
  void write(llvm::BitstreamWriter &stream) { walk(&stream); }

private:
  /// A value as a record names it: its id and legacy type.
  struct Operand {
    unsigned id;
    unsigned type;
  };

  void walk(llvm::BitstreamWriter *stream);
  void writeInstruction(const llvm::Instruction &instruction);
  bool writeMemoryAccess(const llvm::Instruction &instruction);
  bool writeArithmetic(const llvm::Instruction &instruction);
  bool writeControlFlow(const llvm::Instruction &instruction);
  bool writeAggregateAccess(const llvm::Instruction &instruction);
  void writeAlloca(const llvm::Instruction &instruction);
  void writeAtomicRmw(const llvm::Instruction &instruction);
  void writeCompareExchange(const llvm::Instruction &instruction);
  void writeCall(const llvm::Instruction &instruction);
  /// The flags operand of a binary operator or compare: nuw/nsw/exact, and
  /// fast-math flags where the flavour writes them.
  uint64_t flagsOf(const llvm::Instruction &instruction) const;
  void writePhi(const llvm::Instruction &instruction);

  /// `value` as an operand of type `expected`: a pointer with another
  /// pointee is bitcast first (a record before the instruction's).
  Operand use(const llvm::Value *value,
              std::optional<unsigned> expected = std::nullopt);
  unsigned idOf(const llvm::Value *value) const;
  bool isForward(const Operand &operand) const { return operand.id >= nextId; }
  void pushValue(llvm::SmallVectorImpl<uint64_t> &record,
                 const Operand &operand) const;
  void pushValueAndType(llvm::SmallVectorImpl<uint64_t> &record,
                        const Operand &operand) const;
  void emit(unsigned code, llvm::ArrayRef<uint64_t> record);
  /// Gives the instruction just emitted its value id, if it has a value.
  void define(const llvm::Instruction &instruction);
  void fail(const llvm::Instruction &instruction, const llvm::Twine &why);

  const llvm::Function &function;
  const ModuleValues &module;
  PointeeInference &inference;
  LegacyTypeTable &types;
  const FlavourTraits &flavour;
  WriterErrors &errors;
  llvm::BitstreamWriter *stream = nullptr;
  /// Arguments and instructions, numbered by the planning walk.
  llvm::DenseMap<const llvm::Value *, unsigned> localIds;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> blockIds;
  unsigned nextId = 0;
};

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_FUNCTIONWRITER_H
