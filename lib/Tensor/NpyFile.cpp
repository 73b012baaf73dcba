//===- NpyFile.cpp - NumPy .npy tensors -----------------------------------===//
//
// Layout (NumPy's format.py documents it): "\x93NUMPY", u8 major, u8 minor,
// the header length (u16 in 1.0, u32 in 2.0 and 3.0, little-endian), the
// header (a Python dict literal, space padded, ending in '\n'), the data.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Tensor/NpyFile.h"

#include "opencgc/Tensor/TensorChecks.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cstring>

using namespace opencgc;
namespace endian = llvm::support::endian;

// Tensor bytes are in host order and .npy data we write is little-endian.
static_assert(llvm::sys::IsLittleEndianHost,
              "npy I/O assumes a little-endian host");

static constexpr llvm::StringLiteral kMagic("\x93NUMPY");
/// NumPy pads the header so that the data starts 64-byte aligned.
static constexpr size_t kAlignment = 64;

/// A header character for an error message: 'x', or its hex code when it
/// is not printable, so that binary garbage stays readable.
static std::string quoteChar(char c) {
  if (llvm::isPrint(c))
    return std::string("'") + c + "'";
  return "byte 0x" + llvm::utohexstr(static_cast<uint8_t>(c), false, 2);
}

/// A header string for an error message, quoted and escaped.
static std::string quoteString(llvm::StringRef text) {
  std::string quoted = "'";
  llvm::raw_string_ostream os(quoted);
  llvm::printEscapedString(text, os);
  os << "'";
  return quoted;
}

//===----------------------------------------------------------------------===//
// dtype descriptors
//===----------------------------------------------------------------------===//

namespace {

/// One supported element type as NumPy spells it, without the byte order.
struct NpyType {
  llvm::StringLiteral code;
  DType dtype;
};

const NpyType kNpyTypes[] = {
    {"f2", DType::Float16}, {"f4", DType::Float32}, {"f8", DType::Float64},
    {"i1", DType::Int8},    {"i2", DType::Int16},   {"i4", DType::Int32},
    {"i8", DType::Int64},   {"u1", DType::UInt8},   {"u2", DType::UInt16},
    {"u4", DType::UInt32},  {"u8", DType::UInt64},  {"b1", DType::Bool},
};

/// What a header's 'descr' means for us.
struct Descr {
  DType dtype;
  bool bigEndian;
};

/// What the header dict says.
struct NpyHeader {
  Descr descr{DType::Float32, false};
  Shape shape;
};

} // namespace

static llvm::Expected<Descr> parseDescr(llvm::StringRef text) {
  llvm::StringRef code = text;
  char order = '=';
  if (!code.empty() && llvm::StringRef("<>|=").contains(code.front())) {
    order = code.front();
    code = code.drop_front();
  }
  if (code == "?") // NumPy's one-character code for bool.
    code = "b1";
  for (const NpyType &type : kNpyTypes)
    if (code == type.code)
      return Descr{type.dtype, order == '>' && getDTypeSize(type.dtype) > 1};
  if (code.starts_with("O"))
    return llvm::createStringError(
        "dtype " + quoteString(text) +
        " holds pickled Python objects; not supported");
  return llvm::createStringError(
      "unsupported dtype " + quoteString(text) +
      " (supported: f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1)");
}

static llvm::StringRef getNpyCode(DType dtype) {
  // NumPy has no bfloat16, float8, float4, int4 or int2; serializeNpy
  // widens them to float32, int8 or uint8, which hold every value exactly.
  if (dtype == DType::BFloat16 || (isNarrowDType(dtype) && isFloatDType(dtype)))
    return "f4";
  if (isNarrowDType(dtype))
    return isSignedIntDType(dtype) ? "i1" : "u1";
  for (const NpyType &type : kNpyTypes)
    if (type.dtype == dtype)
      return type.code;
  llvm_unreachable("every DType but bfloat16 has an npy code");
}

//===----------------------------------------------------------------------===//
// Header dict parser
//===----------------------------------------------------------------------===//

namespace {

/// Parses the subset of Python literal syntax that .npy headers use:
///   {'descr': <str>, 'fortran_order': <True|False>, 'shape': <int tuple>}
/// in any key order, with optional trailing commas, either quote style and
/// Python 2 'L' suffixes on integers. Every other construct is an error.
class HeaderParser {
public:
  HeaderParser(llvm::StringRef text, size_t fileOffset,
               llvm::StringRef fileName)
      : text(text), fileOffset(fileOffset), fileName(fileName) {}

  llvm::Expected<NpyHeader> parse();

private:
  llvm::Error error(const llvm::Twine &message) const {
    return llvm::createStringError(fileName + ": npy header: " + message +
                                   " at byte offset " +
                                   llvm::Twine(fileOffset + pos));
  }
  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[pos]; }
  void skipSpace();
  bool consume(char c);
  llvm::Error expect(char c);
  bool consumeWord(llvm::StringRef word);

  llvm::Error parseEntry(NpyHeader &header, llvm::StringSet<> &seen);
  llvm::Expected<std::string> parseString();
  llvm::Error parseDescrValue(NpyHeader &header);
  llvm::Error parseFortranOrder();
  llvm::Error parseShape(Shape &shape);
  llvm::Expected<int64_t> parseDim(size_t index);

  llvm::StringRef text;
  size_t pos = 0;
  size_t fileOffset;
  llvm::StringRef fileName;
};

} // namespace

void HeaderParser::skipSpace() {
  while (!atEnd() && llvm::StringRef(" \t\r\n\f\v").contains(text[pos]))
    ++pos;
}

bool HeaderParser::consume(char c) {
  skipSpace();
  if (peek() != c)
    return false;
  ++pos;
  return true;
}

llvm::Error HeaderParser::expect(char c) {
  if (consume(c))
    return llvm::Error::success();
  if (atEnd())
    return error("expected '" + llvm::Twine(c) + "' but the header ended");
  return error("expected '" + llvm::Twine(c) + "', found " + quoteChar(peek()));
}

/// Consumes a Python keyword such as True, not a prefix of a longer name.
bool HeaderParser::consumeWord(llvm::StringRef word) {
  skipSpace();
  llvm::StringRef rest = text.substr(pos);
  if (!rest.starts_with(word))
    return false;
  if (rest.size() > word.size() &&
      (llvm::isAlnum(rest[word.size()]) || rest[word.size()] == '_'))
    return false;
  pos += word.size();
  return true;
}

llvm::Expected<NpyHeader> HeaderParser::parse() {
  NpyHeader header;
  llvm::StringSet<> seen;
  if (llvm::Error err = expect('{'))
    return std::move(err);
  while (!consume('}')) {
    if (llvm::Error err = parseEntry(header, seen))
      return std::move(err);
    if (!consume(',') && peek() != '}') {
      if (atEnd())
        return error("expected ',' or '}' but the header ended");
      return error("expected ',' or '}', found " + quoteChar(peek()));
    }
  }
  skipSpace();
  if (!atEnd())
    return error("unexpected " + quoteChar(peek()) + " after the header dict");
  for (llvm::StringRef key : {"descr", "fortran_order", "shape"})
    if (!seen.contains(key))
      return error("the header dict has no '" + key + "' key");
  return header;
}

llvm::Error HeaderParser::parseEntry(NpyHeader &header,
                                     llvm::StringSet<> &seen) {
  skipSpace();
  size_t keyPos = pos;
  llvm::Expected<std::string> key = parseString();
  if (!key)
    return key.takeError();
  if (!seen.insert(*key).second) {
    pos = keyPos;
    return error("duplicate key " + quoteString(*key));
  }
  if (llvm::Error err = expect(':'))
    return err;
  skipSpace();
  if (*key == "descr")
    return parseDescrValue(header);
  if (*key == "fortran_order")
    return parseFortranOrder();
  if (*key == "shape")
    return parseShape(header.shape);
  pos = keyPos;
  return error("unexpected key " + quoteString(*key) +
               " (expected 'descr', 'fortran_order' and 'shape')");
}

llvm::Expected<std::string> HeaderParser::parseString() {
  skipSpace();
  char quote = peek();
  if (quote != '\'' && quote != '"') {
    if (atEnd())
      return error("expected a string but the header ended");
    return error("expected a quoted string, found " + quoteChar(quote));
  }
  size_t start = ++pos;
  for (; !atEnd() && text[pos] != quote; ++pos) {
    // No valid key or dtype needs escapes or line breaks.
    if (text[pos] == '\\')
      return error("escape sequences in strings are not supported");
    if (text[pos] == '\n')
      return error("line break inside a string");
  }
  if (atEnd()) {
    pos = start - 1;
    return error("unterminated string");
  }
  return text.slice(start, pos++).str();
}

llvm::Error HeaderParser::parseDescrValue(NpyHeader &header) {
  if (peek() == '[')
    return error("structured dtypes (a list 'descr') are not supported");
  size_t valuePos = pos;
  llvm::Expected<std::string> value = parseString();
  if (!value)
    return value.takeError();
  llvm::Expected<Descr> descr = parseDescr(*value);
  if (!descr) {
    pos = valuePos;
    return error(llvm::toString(descr.takeError()));
  }
  header.descr = *descr;
  return llvm::Error::success();
}

llvm::Error HeaderParser::parseFortranOrder() {
  if (consumeWord("False"))
    return llvm::Error::success();
  size_t valuePos = pos;
  if (consumeWord("True")) {
    pos = valuePos;
    return error("'fortran_order' is True: Fortran-order (column-major) "
                 "arrays are not supported; save np.ascontiguousarray(a)");
  }
  return error("'fortran_order' must be True or False");
}

llvm::Error HeaderParser::parseShape(Shape &shape) {
  if (!consume('('))
    return error("'shape' must be a tuple of integers such as (3, 4)");
  size_t open = pos - 1;
  bool sawComma = false;
  while (!consume(')')) {
    llvm::Expected<int64_t> dim = parseDim(shape.size());
    if (!dim)
      return dim.takeError();
    shape.push_back(*dim);
    sawComma = consume(',');
    if (sawComma || peek() == ')')
      continue;
    if (atEnd())
      return error("'shape' tuple is not closed");
    return error("expected ',' or ')' in 'shape', found " + quoteChar(peek()));
  }
  // In Python "(3)" is the integer 3, not a tuple; NumPy rejects it too.
  if (shape.size() == 1 && !sawComma) {
    pos = open;
    return error("'shape' (" + llvm::Twine(shape[0]) +
                 ") is an integer, not a tuple; write (" +
                 llvm::Twine(shape[0]) + ",)");
  }
  return llvm::Error::success();
}

llvm::Expected<int64_t> HeaderParser::parseDim(size_t index) {
  skipSpace();
  if (peek() == '-')
    return error("dimension " + llvm::Twine(index) + " of 'shape' is negative");
  if (!llvm::isDigit(peek()))
    return error("expected an integer dimension in 'shape'");
  int64_t value = 0;
  for (; llvm::isDigit(peek()); ++pos)
    if (llvm::MulOverflow<int64_t>(value, 10, value) ||
        llvm::AddOverflow<int64_t>(value, text[pos] - '0', value))
      return error("dimension " + llvm::Twine(index) +
                   " of 'shape' does not fit in 64 bits");
  if (peek() == 'L' || peek() == 'l') // Written by Python 2.
    ++pos;
  return value;
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

static llvm::Error fileError(llvm::StringRef name, const llvm::Twine &message) {
  return llvm::createStringError(name + ": " + message);
}

namespace {
/// Where the header text and the data are in a file.
struct Preamble {
  llvm::StringRef headerText;
  size_t headerOffset;
  size_t dataOffset;
};
} // namespace

static llvm::Expected<Preamble> parsePreamble(llvm::ArrayRef<uint8_t> bytes,
                                              llvm::StringRef name) {
  if (bytes.size() < kMagic.size() + 2)
    return fileError(name, "too short for a .npy file (" +
                               llvm::Twine(bytes.size()) + " bytes)");
  if (llvm::toStringRef(bytes.take_front(kMagic.size())) != kMagic)
    return fileError(name, "not a .npy file (no \\x93NUMPY magic)");
  uint8_t major = bytes[6], minor = bytes[7];
  if (major < 1 || major > 3 || minor != 0)
    return fileError(name, "unsupported .npy format version " +
                               llvm::Twine(unsigned(major)) + "." +
                               llvm::Twine(unsigned(minor)) +
                               " (supported: 1.0, 2.0, 3.0)");
  // 1.0 stores a u16 header length, 2.0 and 3.0 a u32.
  size_t lengthSize = major == 1 ? 2 : 4;
  size_t headerOffset = 8 + lengthSize;
  if (bytes.size() < headerOffset)
    return fileError(name, "truncated: the header length ends at byte "
                           "offset " +
                               llvm::Twine(headerOffset) +
                               " but the file has " +
                               llvm::Twine(bytes.size()) + " bytes");
  size_t headerLength =
      major == 1 ? endian::read16le(&bytes[8]) : endian::read32le(&bytes[8]);
  if (headerLength > bytes.size() - headerOffset)
    return fileError(name, "truncated: the " + llvm::Twine(headerLength) +
                               "-byte header ends at byte offset " +
                               llvm::Twine(headerOffset + headerLength) +
                               " but the file has " +
                               llvm::Twine(bytes.size()) + " bytes");
  llvm::StringRef text =
      llvm::toStringRef(bytes.slice(headerOffset, headerLength));
  return Preamble{text, headerOffset, headerOffset + headerLength};
}

static llvm::Error checkDataSize(llvm::ArrayRef<uint8_t> bytes,
                                 size_t dataOffset, int64_t needed,
                                 const NpyHeader &header,
                                 llvm::StringRef name) {
  size_t available = bytes.size() - dataOffset;
  std::string what = (llvm::Twine(getDTypeName(header.descr.dtype)) + " " +
                      formatShape(header.shape))
                         .str();
  if (available < static_cast<uint64_t>(needed))
    return fileError(
        name, "truncated: the " + what + " data needs " + llvm::Twine(needed) +
                  " bytes from byte offset " + llvm::Twine(dataOffset) +
                  " but only " + llvm::Twine(available) + " remain");
  if (available > static_cast<uint64_t>(needed))
    return fileError(name, llvm::Twine(available - needed) +
                               " unexpected bytes after the " + what +
                               " data, which ends at byte offset " +
                               llvm::Twine(dataOffset + needed));
  return llvm::Error::success();
}

static llvm::Error checkBools(llvm::ArrayRef<uint8_t> data, size_t dataOffset,
                              llvm::StringRef name) {
  std::optional<size_t> bad = findInvalidBoolByte(data);
  if (!bad)
    return llvm::Error::success();
  return fileError(name, "bool element " + llvm::Twine(*bad) + " is " +
                             llvm::Twine(static_cast<unsigned>(data[*bad])) +
                             " at byte offset " +
                             llvm::Twine(dataOffset + *bad) +
                             "; bools must be 0 or 1");
}

static void swapElements(Tensor &tensor) {
  size_t size = getDTypeSize(tensor.getDType());
  uint8_t *bytes = tensor.getBytes();
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    std::reverse(bytes + i * size, bytes + (i + 1) * size);
}

llvm::Expected<Tensor> opencgc::parseNpy(llvm::ArrayRef<uint8_t> bytes,
                                         llvm::StringRef nameForErrors) {
  llvm::Expected<Preamble> preamble = parsePreamble(bytes, nameForErrors);
  if (!preamble)
    return preamble.takeError();
  llvm::Expected<NpyHeader> header =
      HeaderParser(preamble->headerText, preamble->headerOffset, nameForErrors)
          .parse();
  if (!header)
    return header.takeError();

  DType dtype = header->descr.dtype;
  llvm::Expected<int64_t> count = checkNumElements(
      header->shape, dtype, nameForErrors + ": npy header 'shape'");
  if (!count)
    return count.takeError();
  int64_t byteSize = static_cast<int64_t>(getStorageSize(dtype, *count));
  if (llvm::Error err = checkDataSize(bytes, preamble->dataOffset, byteSize,
                                      *header, nameForErrors))
    return std::move(err);

  llvm::ArrayRef<uint8_t> data = bytes.drop_front(preamble->dataOffset);
  if (dtype == DType::Bool)
    if (llvm::Error err = checkBools(data, preamble->dataOffset, nameForErrors))
      return std::move(err);
  Tensor tensor(dtype, header->shape);
  if (byteSize)
    std::memcpy(tensor.getBytes(), data.data(), byteSize);
  if (header->descr.bigEndian)
    swapElements(tensor);
  return tensor;
}

llvm::Expected<Tensor> opencgc::readNpy(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return fileError(path, "cannot read: " + buffer.getError().message());
  return parseNpy(llvm::arrayRefFromStringRef((*buffer)->getBuffer()), path);
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

/// The header dict exactly as NumPy writes it (keys sorted, trailing ", ").
static std::string formatHeaderDict(const Tensor &tensor) {
  DType dtype = tensor.getDType();
  char order = getNpyCode(dtype).ends_with("1") ? '|' : '<';
  std::string dict;
  llvm::raw_string_ostream os(dict);
  os << "{'descr': '" << order << getNpyCode(dtype)
     << "', 'fortran_order': False, 'shape': (";
  llvm::interleave(tensor.getShape(), os, ", ");
  os << (tensor.getRank() == 1 ? ",), }" : "), }");
  return dict;
}

/// Magic, version, header length, dict, padding and '\n'.
static std::vector<uint8_t> buildHeader(llvm::StringRef dict) {
  // Version 1.0 if its u16 header length suffices.
  size_t lengthSize = 2;
  size_t total = llvm::alignTo(8 + lengthSize + dict.size() + 1, kAlignment);
  if (total - 8 - lengthSize > UINT16_MAX) {
    lengthSize = 4;
    total = llvm::alignTo(8 + lengthSize + dict.size() + 1, kAlignment);
  }
  std::vector<uint8_t> header(kMagic.begin(), kMagic.end());
  header.push_back(lengthSize == 2 ? 1 : 2);
  header.push_back(0);
  size_t headerLength = total - 8 - lengthSize;
  header.resize(8 + lengthSize);
  if (lengthSize == 2)
    endian::write16le(&header[8], static_cast<uint16_t>(headerLength));
  else
    endian::write32le(&header[8], static_cast<uint32_t>(headerLength));
  header.insert(header.end(), dict.begin(), dict.end());
  header.resize(total - 1, ' ');
  header.push_back('\n');
  return header;
}

std::vector<uint8_t> opencgc::serializeNpy(const Tensor &tensor) {
  assert(tensor.isValid() && "serializeNpy needs a tensor with storage");
  std::vector<uint8_t> bytes = buildHeader(formatHeaderDict(tensor));
  size_t dataOffset = bytes.size();
  DType dtype = tensor.getDType();
  if (dtype != DType::BFloat16 && !isNarrowDType(dtype)) {
    const uint8_t *data = tensor.getBytes();
    bytes.insert(bytes.end(), data, data + tensor.getByteSize());
    return bytes;
  }
  if (isNarrowDType(dtype) && !isFloatDType(dtype)) { // int4/int2 as bytes
    for (int64_t i = 0; i < tensor.getNumElements(); ++i)
      bytes.push_back(static_cast<uint8_t>(tensor.getAsInt(i)));
    return bytes;
  }
  bytes.resize(dataOffset + tensor.getNumElements() * sizeof(float));
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    endian::write32le(
        &bytes[dataOffset + i * sizeof(float)],
        llvm::bit_cast<uint32_t>(static_cast<float>(tensor.getAsDouble(i))));
  return bytes;
}

llvm::Error opencgc::writeNpy(const Tensor &tensor, llvm::StringRef path) {
  if (!tensor.isValid())
    return fileError(path, "cannot write an empty (default-constructed) "
                           "Tensor as .npy");
  std::vector<uint8_t> bytes = serializeNpy(tensor);
  llvm::Error err = llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
    return llvm::Error::success();
  });
  if (err)
    return fileError(path, "cannot write: " + llvm::toString(std::move(err)));
  return llvm::Error::success();
}
