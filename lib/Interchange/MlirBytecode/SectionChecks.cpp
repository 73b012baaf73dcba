//===- SectionChecks.cpp - The table sections of MLIR bytecode ------------===//
//
// The string, properties, dialect and attribute/type offset sections, as
// MLIR 22's BytecodeReader reads them (mlir/lib/Bytecode/Reader), with
// every count bounded by the bytes that could hold it and every index by
// its table (docs/mlir-bytecode-check.md).
//
//===----------------------------------------------------------------------===//
#include "Tables.h"

#include "llvm/ADT/STLExtras.h"

namespace opencgc::mlirbc {

namespace {
/// The dialects a CGC module is written in (D3D12 MLIR programs, "MLIR
/// Interfaces": the cgc dialects over builtin attributes and types). Any
/// other dialect the context happens to have loaded would bring its own
/// bytecode decoders, which this check does not know.
constexpr llvm::StringLiteral kModuleDialects[] = {"builtin", "cgc", "cgc_op",
                                                   "cgc_pattern"};

void checkDialectName(Cursor &section, llvm::StringRef name) {
  if (!llvm::is_contained(kModuleDialects, name))
    section.fail("dialect '" + name +
                 "' is not one a CGC module uses (builtin, cgc, cgc_op, "
                 "cgc_pattern)");
}

/// A dialect's name and, from version 1, its version in a nested section.
void checkDialectEntry(Cursor &section, Tables &tables) {
  uint64_t name;
  bool versioned = false;
  if (tables.version < kDialectVersioning)
    name = section.readIndex("the dialect name", tables.strings.size(),
                             "strings");
  else {
    name = section.readVarIntWithFlag("the dialect name", versioned);
    if (!section.failed() && name >= tables.strings.size())
      section.fail("dialect name " + llvm::Twine(name) +
                   " is out of range: there are " +
                   llvm::Twine(tables.strings.size()) + " strings");
  }
  if (section.failed())
    return;
  checkDialectName(section, tables.strings[name]);
  tables.dialects.push_back(tables.strings[name]);
  if (!versioned)
    return;
  uint8_t id = 0;
  (void)section.readSection(id);
  if (!section.failed() && id != kDialectVersions)
    section.fail("a dialect version must be a DialectVersions (7) section, "
                 "found section " +
                 llvm::Twine(unsigned(id)));
}

/// One dialect's group of operation names.
void checkOpNameGroup(Cursor &section, Tables &tables) {
  uint64_t dialect = section.readIndex(
      "the dialect of an operation name group", tables.dialects.size(),
      "dialects");
  uint64_t count = section.readCount("the number of operation names");
  for (uint64_t i = 0; i < count && !section.failed(); ++i) {
    OpName opName{dialect, false};
    uint64_t name =
        tables.version < kNativePropertiesEncoding
            ? section.readVarInt("an operation name")
            : section.readVarIntWithFlag("an operation name",
                                         opName.wasRegistered);
    if (!section.failed() && name >= tables.strings.size())
      section.fail("operation name " + llvm::Twine(name) +
                   " is out of range: there are " +
                   llvm::Twine(tables.strings.size()) + " strings");
    tables.opNames.push_back(opName);
  }
}

/// The entries of one kind (attributes, then types), in dialect groups
/// that must add up to exactly `total`: MLIR's reader fills a vector of
/// `total` entries from the groups without checking that a group fits.
void checkEntryGroups(Cursor &offsets, llvm::ArrayRef<uint8_t> entryData,
                      uint64_t &entryOffset, uint64_t total,
                      llvm::StringRef kind, const Tables &tables,
                      std::vector<Entry> &entries) {
  while (entries.size() < total && !offsets.failed()) {
    uint64_t dialect = offsets.readIndex(
        ("the dialect of a group of " + kind + "s").str(),
        tables.dialects.size(), "dialects");
    uint64_t count = offsets.readCount(("the size of a group of " + kind +
                                        "s").str());
    uint64_t left = total - entries.size();
    if (!offsets.failed() && count > left)
      offsets.fail("a group of " + llvm::Twine(count) + " " + kind +
                   "s overruns the " + llvm::Twine(left) +
                   " the section declares");
    for (uint64_t i = 0; i < count && !offsets.failed(); ++i) {
      Entry entry{dialect, false, {}};
      uint64_t size = offsets.readVarIntWithFlag(
          ("the size of " + kind + " " + llvm::Twine(entries.size())).str(),
          entry.customEncoding);
      if (!offsets.failed() && size > entryData.size() - entryOffset)
        offsets.fail(kind + " " + llvm::Twine(entries.size()) + " (" +
                     llvm::Twine(size) + " bytes at offset " +
                     llvm::Twine(entryOffset) +
                     ") reaches past the end of the AttrType section (" +
                     llvm::Twine(entryData.size()) + " bytes)");
      if (offsets.failed())
        return;
      entry.data = entryData.slice(entryOffset, size);
      entryOffset += size;
      entries.push_back(entry);
    }
  }
}
} // namespace

void checkStringSection(Cursor section, Tables &tables) {
  // Each string takes a length byte and at least its NUL.
  uint64_t count = section.readCount("the number of strings", 2);
  std::vector<uint64_t> sizes(count);
  // The lengths are written last string first.
  for (uint64_t i = count; i-- > 0 && !section.failed();)
    sizes[i] = section.readVarInt("a string length");
  uint64_t total = 0;
  for (uint64_t size : sizes) {
    if (size == 0 || size > section.remaining() - total) {
      section.fail(size == 0 ? "a string of length 0 has no room for its NUL"
                             : "the string lengths add up to more than the "
                               "section holds");
      return;
    }
    total += size;
  }
  if (total != section.remaining())
    return section.fail("the string lengths add up to " + llvm::Twine(total) +
                        " bytes, but " + llvm::Twine(section.remaining()) +
                        " bytes of string data follow them");
  for (uint64_t size : sizes) {
    llvm::ArrayRef<uint8_t> text = section.readBytes(size, "a string");
    if (section.failed())
      return;
    if (text.back() != 0)
      return section.fail("string " + llvm::Twine(tables.strings.size()) +
                          " does not end with a NUL");
    tables.strings.push_back(
        {reinterpret_cast<const char *>(text.data()), text.size() - 1});
  }
}

void checkPropertiesSection(Cursor section, Tables &tables) {
  if (section.empty())
    return;
  uint64_t count = section.readCount("the number of properties");
  for (uint64_t i = 0; i < count && !section.failed(); ++i)
    (void)section.readBytes(section.readVarInt("the size of a property"),
                      "a property");
  if (!section.empty())
    return section.fail("bytes follow the last of the " +
                        llvm::Twine(count) + " properties");
  tables.numProperties = count;
}

void checkDialectSection(Cursor section, Tables &tables) {
  uint64_t count = section.readCount("the number of dialects");
  for (uint64_t i = 0; i < count && !section.failed(); ++i)
    checkDialectEntry(section, tables);
  if (tables.version >= kElideUnknownBlockArgLocation)
    section.readCount("the number of operation names");
  while (!section.empty())
    checkOpNameGroup(section, tables);
}

void checkAttrTypeOffsets(Cursor offsets, llvm::ArrayRef<uint8_t> entryData,
                          Tables &tables) {
  uint64_t numAttributes = offsets.readCount("the number of attributes");
  uint64_t numTypes = offsets.readCount("the number of types");
  if (!offsets.failed() && numAttributes + numTypes > offsets.remaining())
    return offsets.fail(llvm::Twine(numAttributes) + " attributes and " +
                        llvm::Twine(numTypes) +
                        " types need more sizes than the " +
                        llvm::Twine(offsets.remaining()) +
                        " bytes that follow could hold");
  uint64_t entryOffset = 0;
  checkEntryGroups(offsets, entryData, entryOffset, numAttributes,
                   "attribute", tables, tables.attributes);
  checkEntryGroups(offsets, entryData, entryOffset, numTypes, "type", tables,
                   tables.types);
  if (!offsets.empty())
    offsets.fail("bytes follow the last attribute and type size");
}

} // namespace opencgc::mlirbc
