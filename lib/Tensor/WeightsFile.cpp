//===- WeightsFile.cpp - Named constant tensors beside the IR -------------===//
//
// Layout (docs/weights-format.md), all integers little-endian:
//   header: "CGCWGHTS", u32 version, u32 tensor count, u64 file size
//   table:  per tensor u32 name length, name, u8 dtype code, u8 rank,
//           u16 reserved (0), u64 dims[rank], u64 data offset, u64 data size
//   data:   each tensor's bytes at a 64-byte aligned offset after the table
//
//===----------------------------------------------------------------------===//

#include "opencgc/Tensor/WeightsFile.h"

#include "opencgc/Tensor/TensorChecks.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <numeric>

using namespace opencgc;
namespace endian = llvm::support::endian;

// Tensor bytes are in host order; the file stores little-endian data.
static_assert(llvm::sys::IsLittleEndianHost,
              "weights I/O assumes a little-endian host");

static constexpr llvm::StringLiteral kMagic("CGCWGHTS");
static constexpr size_t kHeaderSize = 24;
static constexpr uint64_t kDataAlignment = 64;
/// A table entry's bytes besides its name and dims.
static constexpr size_t kEntryFixedSize = 4 + 1 + 1 + 2 + 8 + 8;
static constexpr size_t kMaxRank = UINT8_MAX;

namespace {

/// dtype codes are ONNX's TensorProto.DataType numbers, so that the
/// importer and ONNX tooling agree with the file without a second table.
struct DTypeCode {
  uint8_t code;
  DType dtype;
};

const DTypeCode kDTypeCodes[] = {
    {1, DType::Float32},
    {2, DType::UInt8},
    {3, DType::Int8},
    {4, DType::UInt16},
    {5, DType::Int16},
    {6, DType::Int32},
    {7, DType::Int64},
    {9, DType::Bool},
    {10, DType::Float16},
    {11, DType::Float64},
    {12, DType::UInt32},
    {13, DType::UInt64},
    {16, DType::BFloat16},
    {17, DType::Float8E4M3FN},
    {18, DType::Float8E4M3FNUZ},
    {19, DType::Float8E5M2},
    {20, DType::Float8E5M2FNUZ},
    {21, DType::UInt4},
    {22, DType::Int4},
    {23, DType::Float4E2M1},
    {24, DType::Float8E8M0},
    {25, DType::UInt2},
    {26, DType::Int2},
};

/// A table entry as read, before its data range is checked.
struct Entry {
  std::string name;
  DType dtype;
  Shape shape;
  uint64_t offset;
  uint64_t size;
};

} // namespace

static uint8_t getDTypeCode(DType dtype) {
  for (const DTypeCode &entry : kDTypeCodes)
    if (entry.dtype == dtype)
      return entry.code;
  llvm_unreachable("every DType has a weights code");
}

static std::optional<DType> dtypeFromCode(uint8_t code) {
  for (const DTypeCode &entry : kDTypeCodes)
    if (entry.code == code)
      return entry.dtype;
  return std::nullopt;
}

static bool isUTF8(llvm::StringRef text) {
  const auto *begin = reinterpret_cast<const llvm::UTF8 *>(text.begin());
  const auto *end = reinterpret_cast<const llvm::UTF8 *>(text.end());
  return llvm::isLegalUTF8String(&begin, end);
}

static llvm::Error fileError(llvm::StringRef name, const llvm::Twine &message) {
  return llvm::createStringError(name + ": " + message);
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

static llvm::Error checkForWriting(const NamedTensors &tensors) {
  if (tensors.size() > UINT32_MAX)
    return llvm::createStringError("too many tensors for a weights file");
  llvm::StringMap<size_t> seen;
  for (auto [index, named] : llvm::enumerate(tensors)) {
    const auto &[name, tensor] = named;
    std::string what = "tensor #" + std::to_string(index);
    if (name.empty())
      return llvm::createStringError(what + " has an empty name");
    if (name.size() > UINT32_MAX)
      return llvm::createStringError(what + ": name is longer than 1 GiB");
    if (!isUTF8(name))
      return llvm::createStringError(what + ": name is not valid UTF-8");
    if (!seen.try_emplace(name, index).second)
      return llvm::createStringError("duplicate tensor name '" + name +
                                     "' (tensors #" + llvm::Twine(seen[name]) +
                                     " and #" + llvm::Twine(index) + ")");
    if (!tensor.isValid())
      return llvm::createStringError("tensor '" + name + "' has no storage");
    if (tensor.getRank() > static_cast<int64_t>(kMaxRank))
      return llvm::createStringError("tensor '" + name + "' has rank " +
                                     llvm::Twine(tensor.getRank()) +
                                     "; weights files allow at most 255");
  }
  return llvm::Error::success();
}

static size_t getTableSize(const NamedTensors &tensors) {
  size_t size = 0;
  for (const auto &[name, tensor] : tensors)
    size += kEntryFixedSize + name.size() + 8 * tensor.getRank();
  return size;
}

/// Appends `value` as a `size`-byte little-endian integer.
static void append(std::vector<uint8_t> &out, uint64_t value, size_t size) {
  for (size_t i = 0; i < size; ++i)
    out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

static void appendEntry(std::vector<uint8_t> &out, llvm::StringRef name,
                        const Tensor &tensor, uint64_t dataOffset) {
  append(out, name.size(), 4);
  out.insert(out.end(), name.begin(), name.end());
  append(out, getDTypeCode(tensor.getDType()), 1);
  append(out, tensor.getRank(), 1);
  append(out, 0, 2); // reserved
  for (int64_t dim : tensor.getShape())
    append(out, static_cast<uint64_t>(dim), 8);
  append(out, dataOffset, 8);
  append(out, tensor.getByteSize(), 8);
}

llvm::Expected<std::vector<uint8_t>>
opencgc::serializeWeights(const NamedTensors &tensors) {
  if (llvm::Error err = checkForWriting(tensors))
    return std::move(err);
  // Data offsets: each tensor 64-byte aligned, in order, after the table.
  std::vector<uint64_t> offsets;
  uint64_t end = kHeaderSize + getTableSize(tensors);
  for (const auto &[name, tensor] : tensors) {
    offsets.push_back(llvm::alignTo(end, kDataAlignment));
    end = offsets.back() + tensor.getByteSize();
  }

  std::vector<uint8_t> out(kMagic.begin(), kMagic.end());
  append(out, kWeightsFormatVersion, 4);
  append(out, tensors.size(), 4);
  append(out, end, 8);
  for (auto [index, named] : llvm::enumerate(tensors))
    appendEntry(out, named.first, named.second, offsets[index]);
  out.resize(end, 0); // zero padding and room for the data
  for (auto [index, named] : llvm::enumerate(tensors))
    if (size_t size = named.second.getByteSize())
      std::memcpy(&out[offsets[index]], named.second.getBytes(), size);
  return out;
}

llvm::Error opencgc::writeWeights(const NamedTensors &tensors,
                                  llvm::StringRef path) {
  llvm::Expected<std::vector<uint8_t>> bytes = serializeWeights(tensors);
  if (!bytes)
    return fileError(path, "cannot write weights: " +
                               llvm::toString(bytes.takeError()));
  llvm::Error err = llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os.write(reinterpret_cast<const char *>(bytes->data()), bytes->size());
    return llvm::Error::success();
  });
  if (err)
    return fileError(path, "cannot write: " + llvm::toString(std::move(err)));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

namespace {

/// Bounds-checked little-endian reads through the header and table.
class ByteReader {
public:
  ByteReader(llvm::ArrayRef<uint8_t> bytes, llvm::StringRef fileName)
      : bytes(bytes), fileName(fileName) {}

  size_t getOffset() const { return offset; }
  /// Fails unless `size` more bytes, described by `what`, are present.
  llvm::Error need(uint64_t size, const llvm::Twine &what) const {
    if (size <= bytes.size() - offset)
      return llvm::Error::success();
    return fileError(fileName, "truncated: " + what + " needs " +
                                   llvm::Twine(size) +
                                   " bytes at byte offset " +
                                   llvm::Twine(offset) + " but the file has " +
                                   llvm::Twine(bytes.size()) + " bytes");
  }
  uint64_t read(size_t size) {
    uint64_t value = 0;
    for (size_t i = 0; i < size; ++i)
      value |= static_cast<uint64_t>(bytes[offset + i]) << (8 * i);
    offset += size;
    return value;
  }
  llvm::StringRef readString(size_t size) {
    llvm::StringRef text = llvm::toStringRef(bytes.slice(offset, size));
    offset += size;
    return text;
  }

private:
  llvm::ArrayRef<uint8_t> bytes;
  llvm::StringRef fileName;
  size_t offset = 0;
};

/// Reads and checks the header and the table.
class TableParser {
public:
  TableParser(llvm::ArrayRef<uint8_t> bytes, llvm::StringRef fileName)
      : bytes(bytes), fileName(fileName), reader(bytes, fileName) {}

  llvm::Expected<std::vector<Entry>> parse();
  size_t getTableEnd() const { return reader.getOffset(); }

private:
  llvm::Expected<uint32_t> parseHeader();
  llvm::Error parseEntry(size_t index, std::vector<Entry> &entries);
  llvm::Error parseTypeAndShape(Entry &entry, const llvm::Twine &what);
  llvm::Error error(const llvm::Twine &message) const {
    return fileError(fileName, message);
  }

  llvm::ArrayRef<uint8_t> bytes;
  llvm::StringRef fileName;
  ByteReader reader;
  llvm::StringMap<size_t> names;
};

} // namespace

llvm::Expected<uint32_t> TableParser::parseHeader() {
  if (llvm::Error err = reader.need(kHeaderSize, "the header"))
    return std::move(err);
  if (reader.readString(kMagic.size()) != kMagic)
    return error("not a weights file (no CGCWGHTS magic)");
  uint32_t version = reader.read(4);
  if (version != kWeightsFormatVersion)
    return error("unsupported weights format version " + llvm::Twine(version) +
                 " (this reader supports " +
                 llvm::Twine(kWeightsFormatVersion) + ")");
  uint32_t count = reader.read(4);
  uint64_t fileSize = reader.read(8);
  if (fileSize > bytes.size())
    return error("truncated: the header gives the file size as " +
                 llvm::Twine(fileSize) + " bytes but there are only " +
                 llvm::Twine(bytes.size()));
  if (fileSize < bytes.size())
    return error(llvm::Twine(bytes.size() - fileSize) +
                 " unexpected bytes after the end of the file (byte offset " +
                 llvm::Twine(fileSize) + ") given in the header");
  // Bounds the table before anything is allocated for it.
  if (count > (bytes.size() - kHeaderSize) / (kEntryFixedSize + 1))
    return error("the header claims " + llvm::Twine(count) +
                 " tensors, more than a " + llvm::Twine(bytes.size()) +
                 "-byte file can describe");
  return count;
}

llvm::Expected<std::vector<Entry>> TableParser::parse() {
  llvm::Expected<uint32_t> count = parseHeader();
  if (!count)
    return count.takeError();
  std::vector<Entry> entries;
  entries.reserve(*count);
  for (uint32_t index = 0; index < *count; ++index)
    if (llvm::Error err = parseEntry(index, entries))
      return std::move(err);
  return entries;
}

llvm::Error TableParser::parseEntry(size_t index, std::vector<Entry> &entries) {
  size_t entryOffset = reader.getOffset();
  std::string what = "tensor #" + std::to_string(index) +
                     " (table entry at byte offset " +
                     std::to_string(entryOffset) + ")";
  if (llvm::Error err = reader.need(4, "the name length of " + what))
    return err;
  uint32_t nameSize = reader.read(4);
  if (llvm::Error err = reader.need(nameSize, "the name of " + what))
    return err;
  Entry entry;
  entry.name = reader.readString(nameSize).str();
  if (entry.name.empty())
    return error(what + " has an empty name");
  if (!isUTF8(entry.name))
    return error("the name of " + what + " is not valid UTF-8");
  auto [it, inserted] = names.try_emplace(entry.name, index);
  if (!inserted)
    return error("duplicate tensor name '" + entry.name + "' (tensors #" +
                 llvm::Twine(it->second) + " and #" + llvm::Twine(index) + ")");
  what = "tensor '" + entry.name + "' (table entry at byte offset " +
         std::to_string(entryOffset) + ")";
  if (llvm::Error err = parseTypeAndShape(entry, what))
    return err;
  entries.push_back(std::move(entry));
  return llvm::Error::success();
}

llvm::Error TableParser::parseTypeAndShape(Entry &entry,
                                           const llvm::Twine &what) {
  if (llvm::Error err = reader.need(4, "the dtype and rank of " + what))
    return err;
  uint8_t code = reader.read(1);
  uint8_t rank = reader.read(1);
  uint16_t reserved = reader.read(2);
  std::optional<DType> dtype = dtypeFromCode(code);
  if (!dtype)
    return error(what + " has unknown dtype code " +
                 llvm::Twine(unsigned(code)));
  entry.dtype = *dtype;
  if (reserved != 0)
    return error(what + " has reserved field " + llvm::Twine(reserved) +
                 "; it must be 0");
  if (llvm::Error err = reader.need(8 * size_t(rank) + 16,
                                    "the shape and data range of " + what))
    return err;
  for (uint8_t dim = 0; dim < rank; ++dim) {
    uint64_t value = reader.read(8);
    if (value > static_cast<uint64_t>(INT64_MAX))
      return error(what + ": dimension " + llvm::Twine(unsigned(dim)) + " (" +
                   llvm::Twine(value) + ") does not fit in int64");
    entry.shape.push_back(static_cast<int64_t>(value));
  }
  entry.offset = reader.read(8);
  entry.size = reader.read(8);
  llvm::Expected<int64_t> count =
      checkNumElements(entry.shape, *dtype, fileName + ": " + what);
  if (!count)
    return count.takeError();
  uint64_t expected = getStorageSize(*dtype, *count); // sub-byte: packed
  if (entry.size != expected)
    return error(what + ": data size is " + llvm::Twine(entry.size) +
                 " bytes but " + getDTypeName(*dtype) + " " +
                 formatShape(entry.shape) + " needs " + llvm::Twine(expected));
  return llvm::Error::success();
}

/// Checks that every data range is aligned, after the table, inside the file
/// and disjoint from the others.
static llvm::Error checkDataRanges(llvm::ArrayRef<Entry> entries,
                                   uint64_t tableEnd, uint64_t fileSize,
                                   llvm::StringRef fileName) {
  for (const Entry &entry : entries) {
    std::string what = "tensor '" + entry.name + "'";
    if (entry.offset % kDataAlignment != 0)
      return fileError(fileName, what + ": data offset " +
                                     llvm::Twine(entry.offset) +
                                     " is not a multiple of 64");
    if (entry.offset < tableEnd)
      return fileError(fileName,
                       what + ": data offset " + llvm::Twine(entry.offset) +
                           " is inside the header or table, which end at "
                           "byte offset " +
                           llvm::Twine(tableEnd));
    if (entry.offset > fileSize || entry.size > fileSize - entry.offset)
      return fileError(fileName, what + ": data of " + llvm::Twine(entry.size) +
                                     " bytes at byte offset " +
                                     llvm::Twine(entry.offset) +
                                     " runs past the end of the file (" +
                                     llvm::Twine(fileSize) + " bytes)");
  }
  std::vector<size_t> order(entries.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::erase_if(order, [&](size_t i) { return entries[i].size == 0; });
  llvm::sort(order, [&](size_t a, size_t b) {
    return entries[a].offset < entries[b].offset;
  });
  for (size_t i = 1; i < order.size(); ++i) {
    const Entry &prev = entries[order[i - 1]], &next = entries[order[i]];
    if (next.offset < prev.offset + prev.size)
      return fileError(fileName, "the data of tensors '" + prev.name +
                                     "' (byte offset " +
                                     llvm::Twine(prev.offset) + ", " +
                                     llvm::Twine(prev.size) + " bytes) and '" +
                                     next.name + "' (byte offset " +
                                     llvm::Twine(next.offset) + ") overlap");
  }
  return llvm::Error::success();
}

static llvm::Expected<Tensor> loadTensor(const Entry &entry,
                                         llvm::ArrayRef<uint8_t> bytes,
                                         llvm::StringRef fileName) {
  llvm::ArrayRef<uint8_t> data = bytes.slice(entry.offset, entry.size);
  if (entry.dtype == DType::Bool)
    if (std::optional<size_t> bad = findInvalidBoolByte(data))
      return fileError(
          fileName, "tensor '" + entry.name + "': bool element " +
                        llvm::Twine(*bad) + " is " +
                        llvm::Twine(static_cast<unsigned>(data[*bad])) +
                        " at byte offset " + llvm::Twine(entry.offset + *bad) +
                        "; bools must be 0 or 1");
  Tensor tensor(entry.dtype, entry.shape);
  if (!data.empty())
    std::memcpy(tensor.getBytes(), data.data(), data.size());
  return tensor;
}

llvm::Expected<NamedTensors>
opencgc::parseWeights(llvm::ArrayRef<uint8_t> bytes,
                      llvm::StringRef nameForErrors) {
  TableParser parser(bytes, nameForErrors);
  llvm::Expected<std::vector<Entry>> entries = parser.parse();
  if (!entries)
    return entries.takeError();
  if (llvm::Error err = checkDataRanges(*entries, parser.getTableEnd(),
                                        bytes.size(), nameForErrors))
    return std::move(err);
  NamedTensors tensors;
  tensors.reserve(entries->size());
  for (Entry &entry : *entries) {
    llvm::Expected<Tensor> tensor = loadTensor(entry, bytes, nameForErrors);
    if (!tensor)
      return tensor.takeError();
    tensors.emplace_back(std::move(entry.name), std::move(*tensor));
  }
  return tensors;
}

llvm::Expected<NamedTensors> opencgc::readWeights(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return fileError(path, "cannot read: " + buffer.getError().message());
  return parseWeights(llvm::arrayRefFromStringRef((*buffer)->getBuffer()),
                      path);
}
