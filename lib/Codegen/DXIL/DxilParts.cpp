//===- DxilParts.cpp - Decoding the DXIL, PSV0 and SFI0 parts -------------===//
//
// Every read goes through PartReader, which refuses to run past the part.
//
//===----------------------------------------------------------------------===//
#include "DxilParts.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

/// A cursor over a part's bytes; reads past the end fail with `what`.
class PartReader {
public:
  PartReader(ArrayRef<uint8_t> bytes, StringRef part)
      : bytes(bytes), part(part) {}

  Expected<uint32_t> u32(StringRef what) {
    ArrayRef<uint8_t> field;
    if (Error error = take(4, what).moveInto(field))
      return std::move(error);
    return support::endian::read32le(field.data());
  }
  Expected<ArrayRef<uint8_t>> take(uint64_t size, StringRef what) {
    if (size > bytes.size() - offset)
      return createStringError(
          formatv("{0} ends at byte {1}, inside {2} ({3} bytes needed)", part,
                  bytes.size(), what, size)
              .str());
    ArrayRef<uint8_t> field = bytes.slice(offset, size);
    offset += size;
    return field;
  }
  size_t remaining() const { return bytes.size() - offset; }

private:
  ArrayRef<uint8_t> bytes;
  StringRef part;
  size_t offset = 0;
};

uint32_t read32(ArrayRef<uint8_t> bytes, size_t offset) {
  return support::endian::read32le(bytes.data() + offset);
}

} // namespace

Expected<DxilProgramHeader> parseDxilProgramHeader(ArrayRef<uint8_t> part) {
  // Six u32 fields; BitcodeOffset counts from DxilMagic at byte 8.
  if (part.size() < 24)
    return createStringError("DXIL part has " + Twine(part.size()) +
                             " bytes, less than its 24-byte program header");
  DxilProgramHeader header;
  header.programVersion = read32(part, 0);
  header.sizeInUint32 = read32(part, 4);
  if (read32(part, 8) != kDxilMagic)
    return createStringError("DXIL part's program header has no DXIL magic");
  header.dxilVersion = read32(part, 12);
  header.bitcodeOffset = read32(part, 16);
  header.bitcodeSize = read32(part, 20);
  uint64_t begin = 8 + uint64_t(header.bitcodeOffset);
  if (begin > part.size() || header.bitcodeSize > part.size() - begin)
    return createStringError(
        formatv("DXIL part's bitcode [{0}, {1}) runs past the part's {2} bytes",
                begin, begin + header.bitcodeSize, part.size())
            .str());
  header.bitcode = part.slice(begin, header.bitcodeSize);
  return header;
}

unsigned PsvInfo::version() const {
  for (unsigned version = 4; version > 0; --version)
    if (runtimeInfoSize >= getPsvRuntimeInfoSize(version))
      return version;
  return 0;
}

uint32_t getPsvRuntimeInfoSize(unsigned version) {
  static const uint32_t sizes[] = {24, 36, 48, 52, 56};
  return sizes[version > 4 ? 4 : version];
}

unsigned getPsvVersionForValidator(unsigned major, unsigned minor) {
  if (major != 1)
    return major > 1 ? 4 : 0;
  if (minor < 1)
    return 0;
  if (minor < 6)
    return 1;
  if (minor < 8)
    return 2;
  return minor < 10 ? 3 : 4;
}

namespace {

/// The RuntimeInfo fields a compute shader uses (reference 1.5 offsets).
void decodeRuntimeInfo(ArrayRef<uint8_t> info, PsvInfo &psv) {
  psv.stageInfo = info.take_front(16);
  psv.minWaveLaneCount = read32(info, 16);
  psv.maxWaveLaneCount = read32(info, 20);
  if (psv.version() >= 1) {
    psv.shaderStage = info[24];
    psv.usesViewId = info[25];
    for (unsigned i = 0; i < 4; ++i)
      psv.signatureCounts[i] = info[28 + i];
    for (unsigned i = 0; i < 4; ++i)
      psv.signatureCounts[4 + i] = info[32 + i];
  }
  if (psv.version() >= 2)
    for (unsigned i = 0; i < 3; ++i)
      psv.numThreads[i] = read32(info, 36 + 4 * i);
  if (psv.version() >= 3)
    psv.entryNameOffset = read32(info, 48);
  if (psv.version() >= 4)
    psv.groupSharedBytes = read32(info, 52);
}

Error readResources(PartReader &reader, PsvInfo &psv) {
  uint32_t count;
  if (Error error = reader.u32("ResourceCount").moveInto(count))
    return error;
  if (count == 0)
    return Error::success();
  if (Error error =
          reader.u32("ResourceBindInfoSize").moveInto(psv.resourceStride))
    return error;
  uint32_t expected = psv.version() >= 2 ? 24 : 16;
  if (psv.resourceStride < expected)
    return createStringError(formatv("PSV0 resource records are {0} bytes; "
                                     "version {1} needs {2}",
                                     psv.resourceStride, psv.version(),
                                     expected)
                                 .str());
  for (uint32_t i = 0; i < count; ++i) {
    ArrayRef<uint8_t> record;
    if (Error error = reader.take(psv.resourceStride, "a resource record")
                          .moveInto(record))
      return error;
    PsvResource resource;
    resource.type = read32(record, 0);
    resource.space = read32(record, 4);
    resource.lowerBound = read32(record, 8);
    resource.upperBound = read32(record, 12);
    if (psv.version() >= 2) {
      resource.kind = read32(record, 16);
      resource.flags = read32(record, 20);
    }
    psv.resources.push_back(resource);
  }
  return Error::success();
}

Error readTables(PartReader &reader, PsvInfo &psv) {
  uint32_t size;
  if (Error error = reader.u32("StringTableSize").moveInto(size))
    return error;
  ArrayRef<uint8_t> table;
  if (Error error = reader.take(size, "the string table").moveInto(table))
    return error;
  psv.stringTable =
      StringRef(reinterpret_cast<const char *>(table.data()), table.size());
  if (Error error = reader.u32("SemanticIndexTableEntries")
                        .moveInto(psv.semanticIndexCount))
    return error;
  ArrayRef<uint8_t> indices;
  return reader
      .take(4 * uint64_t(psv.semanticIndexCount), "the semantic index table")
      .moveInto(indices);
}

} // namespace

Expected<PsvInfo> parsePsv0(ArrayRef<uint8_t> part) {
  PartReader reader(part, "PSV0");
  PsvInfo psv;
  if (Error error = reader.u32("RuntimeInfoSize").moveInto(psv.runtimeInfoSize))
    return std::move(error);
  if (psv.runtimeInfoSize < getPsvRuntimeInfoSize(0))
    return createStringError("PSV0 RuntimeInfoSize " +
                             Twine(psv.runtimeInfoSize) +
                             " is smaller than version 0's 24 bytes");
  ArrayRef<uint8_t> info;
  if (Error error =
          reader.take(psv.runtimeInfoSize, "RuntimeInfo").moveInto(info))
    return std::move(error);
  decodeRuntimeInfo(info, psv);
  if (Error error = readResources(reader, psv))
    return std::move(error);
  if (psv.version() >= 1)
    if (Error error = readTables(reader, psv))
      return std::move(error);
  psv.trailingBytes = reader.remaining();
  return psv;
}

} // namespace opencgc::codegen
