//===- AttributeTable.cpp - Function attributes as PARAMATTR blocks -------===//
//
// PARAMATTR_GRP_CODE_ENTRY: [group id, parameter index (0xFFFFFFFF for the
// function), kind, key[, value]...] with kind 0 an enum attribute by its
// ATTR_KIND code, 3 a string key and 4 a string key and value, both
// zero-terminated (LLVM bitcode format documentation, "PARAMATTR_GROUP_BLOCK
// Contents"). LLVM 22 says readnone and readonly as memory effects; they
// are written as the attributes they were.
//
//===----------------------------------------------------------------------===//
#include "AttributeTable.h"

#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace opencgc::bitcode {
namespace {

constexpr uint64_t kFunctionIndex = 0xFFFFFFFF;

/// The ATTR_KIND codes of the enum attributes that are written.
SmallVector<uint64_t> enumAttributeCodes(const Function &function) {
  static const std::pair<Attribute::AttrKind, uint64_t> kCodes[] = {
      {Attribute::AlwaysInline, bitc::ATTR_KIND_ALWAYS_INLINE},
      {Attribute::NoDuplicate, bitc::ATTR_KIND_NO_DUPLICATE},
      {Attribute::NoInline, bitc::ATTR_KIND_NO_INLINE},
      {Attribute::NoReturn, bitc::ATTR_KIND_NO_RETURN},
      {Attribute::NoUnwind, bitc::ATTR_KIND_NO_UNWIND},
  };
  SmallVector<uint64_t> codes;
  for (const auto &[kind, code] : kCodes)
    if (function.hasFnAttribute(kind))
      codes.push_back(code);
  if (function.hasFnAttribute(Attribute::Memory)) {
    MemoryEffects effects = function.getMemoryEffects();
    if (effects.doesNotAccessMemory())
      codes.push_back(bitc::ATTR_KIND_READ_NONE);
    else if (effects.onlyReadsMemory())
      codes.push_back(bitc::ATTR_KIND_READ_ONLY);
  }
  // The 3.7 writer emits a group's attributes in kind order.
  llvm::sort(codes);
  return codes;
}

void appendString(std::vector<uint64_t> &operands, StringRef text) {
  operands.insert(operands.end(), text.bytes_begin(), text.bytes_end());
  operands.push_back(0);
}

std::vector<uint64_t> encodeFunctionAttributes(const Function &function) {
  std::vector<uint64_t> operands;
  for (uint64_t code : enumAttributeCodes(function))
    operands.insert(operands.end(), {0, code});
  for (const Attribute &attribute : function.getAttributes().getFnAttrs()) {
    if (!attribute.isStringAttribute())
      continue;
    bool hasValue = !attribute.getValueAsString().empty();
    operands.push_back(hasValue ? 4 : 3);
    appendString(operands, attribute.getKindAsString());
    if (hasValue)
      appendString(operands, attribute.getValueAsString());
  }
  return operands;
}

} // namespace

AttributeTable::AttributeTable(const Module &module) {
  for (const Function &function : module) {
    std::vector<uint64_t> operands = encodeFunctionAttributes(function);
    if (operands.empty())
      continue;
    auto [found, inserted] = groupIds.emplace(operands, groups.size());
    if (inserted)
      groups.push_back(std::move(operands));
    // One list per group, so the list operand is the group's index + 1.
    lists[&function] = found->second + 1;
  }
}

void AttributeTable::write(BitstreamWriter &stream) const {
  if (groups.empty())
    return;
  stream.EnterSubblock(bitc::PARAMATTR_GROUP_BLOCK_ID, 3);
  for (unsigned i = 0; i < groups.size(); ++i) {
    SmallVector<uint64_t, 16> record = {i + 1, kFunctionIndex};
    record.append(groups[i].begin(), groups[i].end());
    stream.EmitRecord(bitc::PARAMATTR_GRP_CODE_ENTRY, record);
  }
  stream.ExitBlock();
  stream.EnterSubblock(bitc::PARAMATTR_BLOCK_ID, 3);
  for (unsigned i = 0; i < groups.size(); ++i) {
    SmallVector<uint64_t, 1> record = {i + 1};
    stream.EmitRecord(bitc::PARAMATTR_CODE_ENTRY, record);
  }
  stream.ExitBlock();
}

} // namespace opencgc::bitcode
