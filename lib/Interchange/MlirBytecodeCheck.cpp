//===- MlirBytecodeCheck.cpp - MLIR bytecode checked before reading -------===//
//
// The header and the top-level sections, then each section's own checks
// (MlirBytecode/), in the order MLIR 22's reader processes them. See
// docs/mlir-bytecode-check.md for the format and the reader's defects.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Interchange/MlirBytecodeCheck.h"

#include "MlirBytecode/Tables.h"

#include <cstring>
#include <optional>

using namespace opencgc::mlirbc;

namespace opencgc {

namespace {
constexpr const char *kSectionNames[kNumSections] = {
    "String section",          "Dialect section",
    "AttrType section",        "AttrTypeOffset section",
    "IR section",              "Resource section",
    "ResourceOffset section",  "DialectVersions section",
    "Properties section"};

using Sections = std::optional<llvm::ArrayRef<uint8_t>>[kNumSections];

/// The top-level sections, each at most once, the required ones present.
void readSections(Cursor &file, uint64_t version, Sections &sections) {
  while (!file.empty()) {
    uint64_t offset = file.fileOffset();
    uint8_t id = 0;
    llvm::ArrayRef<uint8_t> data = file.readSection(id);
    if (file.failed())
      return;
    if (id >= kNumSections)
      return file.failAt(offset, "section id " + llvm::Twine(unsigned(id)) +
                                     " is not one of MLIR's " +
                                     llvm::Twine(unsigned(kNumSections)));
    if (sections[id])
      return file.failAt(offset, llvm::Twine("a second ") +
                                     kSectionNames[id]);
    sections[id] = data;
  }
  for (uint8_t id : {kString, kDialect, kAttrType, kAttrTypeOffset, kIR})
    if (!sections[id])
      return file.fail(llvm::Twine("the ") + kSectionNames[id] +
                       " is missing");
  if (version >= kNativePropertiesEncoding && !sections[kProperties])
    return file.fail("the Properties section is missing");
  if (sections[kResource].has_value() != sections[kResourceOffset].has_value())
    file.fail("a Resource section needs a ResourceOffset section and the "
              "reverse");
}

/// MLIR writes both resource sections, empty: no external resource group
/// and no dialect resources. A CGC module has none to carry (its weights
/// travel in .cgcw files), so no more is accepted.
void checkNoResources(Cursor offsets, Cursor resources) {
  uint64_t externalGroups = offsets.readVarInt("the number of resource groups");
  if (offsets.failed())
    return;
  if (externalGroups != 0 || !offsets.empty() || !resources.empty())
    offsets.fail("resources: a CGC module carries none (its weights travel in "
                 ".cgcw files)");
}
} // namespace

bool hasMlirBytecodeMagic(llvm::ArrayRef<uint8_t> bytes) {
  return bytes.size() >= 4 && std::memcmp(bytes.data(), "ML\xefR", 4) == 0;
}

llvm::Error checkMlirBytecode(llvm::ArrayRef<uint8_t> bytes) {
  CheckState state;
  state.bufferStart = bytes.data();
  Cursor file(state, bytes, "header");
  if (!hasMlirBytecodeMagic(bytes))
    file.fail("the magic \"ML\\xefR\" is missing");
  (void)file.readBytes(4, "the magic");
  Tables tables;
  tables.version = file.readVarInt("the bytecode version");
  if (!file.failed() && tables.version > kNewestVersion)
    file.fail("bytecode version " + llvm::Twine(tables.version) +
              " is newer than " + llvm::Twine(uint64_t(kNewestVersion)) +
              ", the newest MLIR 22 reads");
  file.readNullTerminated("the producer");
  Sections sections;
  readSections(file, tables.version, sections);
  auto section = [&](SectionId id) {
    return file.sub(sections[id].value_or(llvm::ArrayRef<uint8_t>()),
                    kSectionNames[id]);
  };
  if (!state.error)
    checkStringSection(section(kString), tables);
  if (!state.error && sections[kProperties])
    checkPropertiesSection(section(kProperties), tables);
  if (!state.error)
    checkDialectSection(section(kDialect), tables);
  if (!state.error && sections[kResourceOffset])
    checkNoResources(section(kResourceOffset), section(kResource));
  if (!state.error)
    checkAttrTypeOffsets(section(kAttrTypeOffset), *sections[kAttrType],
                         tables);
  if (!state.error)
    checkAttrTypeEntries(section(kAttrType), tables);
  if (!state.error)
    checkIRSection(section(kIR), tables);
  if (state.error)
    return llvm::createStringError("MLIR bytecode: " + *state.error);
  return llvm::Error::success();
}

} // namespace opencgc
