//===- DxContainer.cpp - Generic DX Container reader and writer -----------===//
//
// Header and part table per shared/reference/dxil-format.md section 1.2.
// The reader treats every field as hostile: all offsets are checked in 64-bit
// arithmetic before any byte is read.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Interchange/DxContainer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <numeric>

using namespace opencgc;
namespace endian = llvm::support::endian;

//===----------------------------------------------------------------------===//
// FourCC
//===----------------------------------------------------------------------===//

std::string opencgc::fourCCToString(uint32_t fourCC) {
  std::string result;
  for (unsigned i = 0; i < 4; ++i) {
    uint8_t byte = (fourCC >> (8 * i)) & 0xff;
    if (llvm::isPrint(byte) && byte != '\\')
      result += static_cast<char>(byte);
    else
      result += llvm::formatv("\\x{0:x-2}", unsigned(byte)).str();
  }
  return result;
}

//===----------------------------------------------------------------------===//
// DxContainerView
//===----------------------------------------------------------------------===//

const DxPart *DxContainerView::findPart(uint32_t partFourCC) const {
  for (const DxPart &part : parts)
    if (part.fourCC == partFourCC)
      return &part;
  return nullptr;
}

size_t DxContainerView::countParts(uint32_t partFourCC) const {
  return llvm::count_if(
      parts, [&](const DxPart &part) { return part.fourCC == partFourCC; });
}

bool DxContainerView::isUnsigned() const {
  return llvm::all_of(digest, [](uint8_t byte) { return byte == 0; });
}

bool DxContainerView::isContiguous() const {
  uint64_t expected = kDxContainerHeaderSize + 4 * uint64_t(parts.size());
  for (const DxPart &part : parts) {
    if (part.offset != expected)
      return false;
    expected = part.endOffset();
  }
  return expected == containerSize;
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

static llvm::Error malformed(const llvm::Twine &message) {
  return llvm::createStringError(
      std::make_error_code(std::errc::illegal_byte_sequence),
      "malformed DX container: " + message);
}

static std::string range(uint64_t begin, uint64_t end) {
  return llvm::formatv("[{0}, {1})", begin, end).str();
}

/// "44 58 42 43" for the bytes of 'DXBC'.
static std::string spacedHex(llvm::ArrayRef<uint8_t> bytes) {
  std::string result;
  for (uint8_t byte : bytes) {
    if (!result.empty())
      result += ' ';
    result += llvm::formatv("{0:x-2}", unsigned(byte)).str();
  }
  return result;
}

static llvm::Error checkMagic(llvm::ArrayRef<uint8_t> bytes) {
  uint32_t fourCC = endian::read32le(bytes.data());
  if (fourCC == kDxContainerFourCC)
    return llvm::Error::success();
  return malformed(
      llvm::formatv("bad magic '{0}' (bytes {1}) at offset 0, expected 'DXBC'",
                    fourCCToString(fourCC), spacedHex(bytes.take_front(4))));
}

static llvm::Error checkContainerSize(uint32_t declared, size_t actual) {
  if (declared == actual)
    return llvm::Error::success();
  if (declared > actual)
    return malformed(llvm::formatv(
        "truncated: ContainerSizeInBytes (offset 24) is {0} but the buffer "
        "holds only {1} bytes",
        declared, actual));
  return malformed(llvm::formatv(
      "{0} trailing bytes: ContainerSizeInBytes (offset 24) is {1} but the "
      "buffer holds {2} bytes",
      actual - declared, declared, actual));
}

static llvm::Expected<DxContainerView>
parseHeader(llvm::ArrayRef<uint8_t> bytes) {
  if (bytes.size() < kDxContainerHeaderSize)
    return malformed(
        llvm::formatv("{0} bytes is shorter than the {1}-byte container header",
                      bytes.size(), kDxContainerHeaderSize));
  if (llvm::Error err = checkMagic(bytes))
    return std::move(err);

  DxContainerView view;
  view.bytes = bytes;
  view.fourCC = kDxContainerFourCC;
  std::copy_n(bytes.begin() + kDxDigestOffset, view.digest.size(),
              view.digest.begin());
  view.majorVersion = endian::read16le(&bytes[20]);
  view.minorVersion = endian::read16le(&bytes[22]);
  view.containerSize = endian::read32le(&bytes[24]);
  if (view.majorVersion != kDxContainerMajorVersion)
    return malformed(llvm::formatv(
        "unsupported container version {0}.{1} at offset 20 (only major "
        "version {2} is supported)",
        view.majorVersion, view.minorVersion, kDxContainerMajorVersion));
  if (llvm::Error err = checkContainerSize(view.containerSize, bytes.size()))
    return std::move(err);
  return view;
}

/// Reads part `index` whose header is at `offset`, after the offset table
/// that ends at `tableEnd`.
static llvm::Expected<DxPart> parsePart(llvm::ArrayRef<uint8_t> bytes,
                                        size_t index, uint32_t offset,
                                        uint64_t tableEnd) {
  uint64_t size = bytes.size();
  if (offset < tableEnd)
    return malformed(llvm::formatv(
        "part {0} offset {1} points into the header and offset table {2}",
        index, offset, range(0, tableEnd)));
  uint64_t dataBegin = uint64_t(offset) + kDxPartHeaderSize;
  if (dataBegin > size)
    return malformed(llvm::formatv(
        "part {0} header {1} runs past the end of the {2}-byte container",
        index, range(offset, dataBegin), size));

  DxPart part;
  part.fourCC = endian::read32le(&bytes[offset]);
  part.offset = offset;
  uint32_t partSize = endian::read32le(&bytes[offset + 4]);
  uint64_t dataEnd = dataBegin + partSize;
  if (dataEnd > size)
    return malformed(llvm::formatv(
        "part {0} ('{1}') data {2} of size {3} runs past the end of the "
        "{4}-byte container",
        index, fourCCToString(part.fourCC), range(dataBegin, dataEnd), partSize,
        size));
  part.data = bytes.slice(dataBegin, partSize);
  return part;
}

static std::string describePart(const DxContainerView &view, size_t index) {
  const DxPart &part = view.parts[index];
  return llvm::formatv("{0} ('{1}', {2})", index, fourCCToString(part.fourCC),
                       range(part.offset, part.endOffset()))
      .str();
}

/// Parts may sit in any order and leave gaps, but must not share bytes.
static llvm::Error checkOverlaps(const DxContainerView &view) {
  std::vector<size_t> order(view.parts.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](size_t lhs, size_t rhs) {
    return view.parts[lhs].offset < view.parts[rhs].offset;
  });
  for (size_t i = 1; i < order.size(); ++i) {
    const DxPart &prev = view.parts[order[i - 1]];
    if (prev.endOffset() > view.parts[order[i]].offset)
      return malformed(llvm::formatv("parts {0} and {1} overlap",
                                     describePart(view, order[i - 1]),
                                     describePart(view, order[i])));
  }
  return llvm::Error::success();
}

llvm::Expected<DxContainerView>
opencgc::parseDxContainer(llvm::ArrayRef<uint8_t> bytes) {
  llvm::Expected<DxContainerView> view = parseHeader(bytes);
  if (!view)
    return view.takeError();

  uint32_t partCount = endian::read32le(&bytes[28]);
  uint64_t tableEnd = kDxContainerHeaderSize + 4 * uint64_t(partCount);
  if (tableEnd > bytes.size())
    return malformed(llvm::formatv(
        "part count {0} (offset 28) needs an offset table at {1}, past the "
        "end of the {2}-byte container",
        partCount, range(kDxContainerHeaderSize, tableEnd), bytes.size()));

  view->parts.reserve(partCount);
  for (uint32_t i = 0; i < partCount; ++i) {
    uint32_t offset = endian::read32le(&bytes[kDxContainerHeaderSize + 4 * i]);
    llvm::Expected<DxPart> part = parsePart(bytes, i, offset, tableEnd);
    if (!part)
      return part.takeError();
    view->parts.push_back(*part);
  }
  if (llvm::Error err = checkOverlaps(*view))
    return std::move(err);
  return view;
}

//===----------------------------------------------------------------------===//
// Digest status
//===----------------------------------------------------------------------===//

DigestStatus opencgc::getDigestStatus(const DxContainerView &view) {
  if (view.isUnsigned())
    return DigestStatus::Unsigned;
  return computeContainerDigest(view.bytes) == view.digest
             ? DigestStatus::Valid
             : DigestStatus::Mismatch;
}

llvm::StringRef opencgc::getDigestStatusName(DigestStatus status) {
  switch (status) {
  case DigestStatus::Unsigned:
    return "unsigned";
  case DigestStatus::Valid:
    return "valid";
  case DigestStatus::Mismatch:
    return "mismatch";
  }
  llvm_unreachable("unknown digest status");
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

void DxContainerWriter::addPart(uint32_t fourCC, std::vector<uint8_t> data) {
  parts.push_back({fourCC, std::move(data)});
}

static void appendU32(std::vector<uint8_t> &out, uint32_t value) {
  uint8_t buffer[4];
  endian::write32le(buffer, value);
  out.insert(out.end(), std::begin(buffer), std::end(buffer));
}

std::vector<uint8_t> DxContainerWriter::finish(bool sign) const {
  uint64_t size = kDxContainerHeaderSize + 4 * uint64_t(parts.size());
  std::vector<uint32_t> offsets;
  for (const Part &part : parts) {
    offsets.push_back(static_cast<uint32_t>(size));
    size += kDxPartHeaderSize + part.data.size();
    if (size > UINT32_MAX)
      llvm::report_fatal_error("DX container would exceed 4 GiB");
  }

  std::vector<uint8_t> out(kDxContainerHeaderSize, 0);
  out.reserve(size);
  endian::write32le(&out[0], kDxContainerFourCC);
  endian::write16le(&out[20], kDxContainerMajorVersion);
  endian::write16le(&out[22], 0);
  endian::write32le(&out[24], static_cast<uint32_t>(size));
  endian::write32le(&out[28], static_cast<uint32_t>(parts.size()));
  for (uint32_t offset : offsets)
    appendU32(out, offset);
  for (const Part &part : parts) {
    appendU32(out, part.fourCC);
    appendU32(out, static_cast<uint32_t>(part.data.size()));
    out.insert(out.end(), part.data.begin(), part.data.end());
  }

  if (sign) {
    ContainerDigest digest = computeContainerDigest(out);
    std::copy(digest.begin(), digest.end(), out.begin() + kDxDigestOffset);
  }
  return out;
}
