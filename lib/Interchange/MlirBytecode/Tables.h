//===- Tables.h - What the sections of MLIR bytecode declare ----*- C++ -*-===//
//
// The tables a bytecode buffer's sections declare (strings, dialects,
// operation names, attribute and type entries, properties), filled in by
// the section checks and read by the entry and IR checks, which must know
// every table's size to check the indices into it.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_INTERCHANGE_MLIRBYTECODE_TABLES_H
#define OPENCGC_LIB_INTERCHANGE_MLIRBYTECODE_TABLES_H

#include "Cursor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace opencgc::mlirbc {

/// Bytecode versions (mlir/Bytecode/Encoding.h) whose layout differs.
enum Version : uint64_t {
  kDialectVersioning = 1,
  kLazyLoading = 2,
  kUseListOrdering = 3,
  kElideUnknownBlockArgLocation = 4,
  kNativePropertiesEncoding = 5,
  kNewestVersion = 6,
};

/// Section ids (mlir/Bytecode/Encoding.h).
enum SectionId : uint8_t {
  kString = 0,
  kDialect = 1,
  kAttrType = 2,
  kAttrTypeOffset = 3,
  kIR = 4,
  kResource = 5,
  kResourceOffset = 6,
  kDialectVersions = 7,
  kProperties = 8,
  kNumSections = 9,
};

/// One attribute or type entry of the AttrType section.
struct Entry {
  uint64_t dialect = 0;
  /// Encoded by its dialect (else as assembly text).
  bool customEncoding = false;
  llvm::ArrayRef<uint8_t> data;
};

struct OpName {
  uint64_t dialect = 0;
  /// Registered when written (from version 5; before, unknown).
  bool wasRegistered = false;
};

struct Tables {
  uint64_t version = 0;
  std::vector<llvm::StringRef> strings;
  std::vector<llvm::StringRef> dialects;
  std::vector<OpName> opNames;
  std::vector<Entry> attributes, types;
  uint64_t numProperties = 0;
};

/// The section checks, in the order MLIR's reader processes sections.
void checkStringSection(Cursor section, Tables &tables);
void checkPropertiesSection(Cursor section, Tables &tables);
void checkDialectSection(Cursor section, Tables &tables);
void checkAttrTypeOffsets(Cursor offsets, llvm::ArrayRef<uint8_t> entries,
                          Tables &tables);
/// Every attribute and type entry: the builtin dialect's own encodings
/// field by field, assembly text up to its NUL, and no entry that refers
/// back to itself.
void checkAttrTypeEntries(Cursor anchor, const Tables &tables);
void checkIRSection(Cursor section, const Tables &tables);

} // namespace opencgc::mlirbc

#endif // OPENCGC_LIB_INTERCHANGE_MLIRBYTECODE_TABLES_H
