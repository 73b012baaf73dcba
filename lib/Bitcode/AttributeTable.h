//===- AttributeTable.h - Function attributes, PARAMATTR blocks -*- C++ -*-===//
//
// The attribute blocks of LLVM 3.7 bitcode: a PARAMATTR_GROUP_BLOCK with
// one group per distinct set of function attributes, and a PARAMATTR_BLOCK
// with one list per group; a FUNCTION record names its list (index + 1).
// Only function attributes are written, and of those only what DXIL uses
// (nounwind, readnone, readonly, noduplicate, noinline, alwaysinline,
// noreturn and string attributes): the rest are optional hints.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_ATTRIBUTETABLE_H
#define OPENCGC_LIB_BITCODE_ATTRIBUTETABLE_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <map>
#include <vector>

namespace llvm {
class BitstreamWriter;
class Function;
class Module;
} // namespace llvm

namespace opencgc::bitcode {

class AttributeTable {
public:
  /// Groups the function attributes of every function of `module`.
  explicit AttributeTable(const llvm::Module &module);

  /// The FUNCTION record's paramattr operand: list index + 1, 0 for none.
  unsigned getListOperand(const llvm::Function &function) const {
    return lists.lookup(&function);
  }

  /// Writes both blocks; nothing when no function has attributes.
  void write(llvm::BitstreamWriter &stream) const;

private:
  /// Each group's attribute operands (after its id and parameter index).
  std::vector<std::vector<uint64_t>> groups;
  std::map<std::vector<uint64_t>, unsigned> groupIds;
  llvm::DenseMap<const llvm::Function *, unsigned> lists;
};

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_ATTRIBUTETABLE_H
