//===- LegacyTypeTable.h - Types with pointees, in record order -*- C++ -*-===//
//
// The TYPE_BLOCK of legacy bitcode: every type the module uses, with a
// pointee for each pointer, numbered so a type's parts come before it.
// Types are interned while the writer plans, then emitted all at once.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_LEGACYTYPETABLE_H
#define OPENCGC_LIB_BITCODE_LEGACYTYPETABLE_H

#include "WriterErrors.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace llvm {
class BitstreamWriter;
class Type;
} // namespace llvm

namespace opencgc::bitcode {

class LegacyTypeTable {
public:
  explicit LegacyTypeTable(WriterErrors &errors) : errors(errors) {}

  /// The id of a type. A pointer nested in it (a struct field, a function
  /// parameter) points to i8, the untyped pointer of legacy LLVM.
  unsigned get(llvm::Type *type);
  unsigned getPointer(unsigned pointee, unsigned addressSpace);
  unsigned getFunction(unsigned result, llvm::ArrayRef<unsigned> parameters,
                       bool isVarArg);
  unsigned getI8();

  bool isPointer(unsigned id) const;
  unsigned getPointee(unsigned id) const;
  unsigned getAddressSpace(unsigned id) const;
  /// A function type's parameter types, or an empty list for other types.
  std::vector<unsigned> getParameters(unsigned id) const;

  size_t size() const { return entries.size(); }

  /// Writes the TYPE_BLOCK_NEW with every interned type.
  void emit(llvm::BitstreamWriter &stream) const;

private:
  struct Entry {
    unsigned code;
    std::vector<uint64_t> operands;
    /// Named structs: the STRUCT_NAME record before the body.
    std::string name;
  };
  unsigned intern(unsigned code, std::vector<uint64_t> operands,
                  std::string name = {});
  unsigned getUncached(llvm::Type *type);

  WriterErrors &errors;
  std::vector<Entry> entries;
  std::map<std::tuple<unsigned, std::vector<uint64_t>, std::string>, unsigned>
      interned;
  llvm::DenseMap<llvm::Type *, unsigned> plainTypes;
};

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_LEGACYTYPETABLE_H
