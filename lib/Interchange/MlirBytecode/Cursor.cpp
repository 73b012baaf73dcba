//===- Cursor.cpp - Reading MLIR bytecode fields, checked -----------------===//
#include "Cursor.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <cstring>

namespace opencgc::mlirbc {

/// The padding byte of aligned sections (mlir/Bytecode/Encoding.h).
constexpr uint8_t kAlignmentByte = 0xCB;
/// Largest alignment a section may ask for: MLIR's reader takes it as an
/// unsigned, and no writer asks for more than a page or so.
constexpr uint64_t kMaxAlignment = uint64_t(1) << 16;

uint64_t Cursor::fileOffset() const {
  return uint64_t(bytes.data() - state->bufferStart) + position;
}

void Cursor::fail(const llvm::Twine &what) { failAt(fileOffset(), what); }

void Cursor::failAt(uint64_t offset, const llvm::Twine &what) {
  if (!failed())
    state->error =
        ("byte " + llvm::Twine(offset) + " (" + part + "): " + what).str();
  position = bytes.size();
}

uint8_t Cursor::readByte(llvm::StringRef what) {
  if (empty()) {
    fail("the data ends where " + what + " should be");
    return 0;
  }
  return bytes[position++];
}

uint64_t Cursor::readVarInt(llvm::StringRef what) {
  if (empty()) {
    fail("the data ends where " + what + " should be");
    return 0;
  }
  uint8_t first = bytes[position];
  unsigned extra = first == 0 ? 8 : llvm::countr_zero(first);
  if (remaining() < 1 + uint64_t(extra)) {
    fail(what + " is a " + llvm::Twine(extra + 1) +
         "-byte varint, but only " + llvm::Twine(remaining()) +
         " bytes remain");
    return 0;
  }
  uint64_t value = 0;
  for (unsigned i = 0; i < extra; ++i)
    value |= uint64_t(bytes[position + 1 + i]) << (8 * i);
  position += 1 + extra;
  if (first == 0)
    return value;
  // The first byte's bits above the marker are the low bits of the value.
  return (value << (7 - extra)) | (uint64_t(first) >> (extra + 1));
}

uint64_t Cursor::readVarIntWithFlag(llvm::StringRef what, bool &flag) {
  uint64_t value = readVarInt(what);
  flag = value & 1;
  return value >> 1;
}

int64_t Cursor::readSignedVarInt(llvm::StringRef what) {
  uint64_t value = readVarInt(what);
  return int64_t((value >> 1) ^ (~(value & 1) + 1));
}

llvm::ArrayRef<uint8_t> Cursor::readBytes(uint64_t size,
                                          llvm::StringRef what) {
  if (size > remaining()) {
    fail(what + " is " + llvm::Twine(size) + " bytes, but only " +
         llvm::Twine(remaining()) + " remain");
    return {};
  }
  llvm::ArrayRef<uint8_t> result = bytes.slice(position, size);
  position += size;
  return result;
}

uint64_t Cursor::readCount(llvm::StringRef what, uint64_t minBytesEach) {
  uint64_t count = readVarInt(what);
  if (!failed() && count > remaining() / minBytesEach) {
    fail(what + " is " + llvm::Twine(count) + ", more than the " +
         llvm::Twine(remaining()) + " bytes that follow could hold");
    return 0;
  }
  return count;
}

uint64_t Cursor::readIndex(llvm::StringRef what, uint64_t limit,
                           llvm::StringRef table) {
  uint64_t index = readVarInt(what);
  if (!failed() && index >= limit) {
    fail(what + " " + llvm::Twine(index) + " is out of range: there are " +
         llvm::Twine(limit) + " " + table);
    return 0;
  }
  return index;
}

void Cursor::alignTo(uint64_t alignment) {
  if (!llvm::isPowerOf2_64(alignment) || alignment > kMaxAlignment) {
    fail("alignment " + llvm::Twine(alignment) +
         " is not a power of two up to " + llvm::Twine(kMaxAlignment));
    return;
  }
  // MLIR's reader refuses an alignment the buffer itself does not have.
  if (reinterpret_cast<uintptr_t>(state->bufferStart) & (alignment - 1)) {
    fail("alignment " + llvm::Twine(alignment) +
         " is more than the buffer's own alignment");
    return;
  }
  while (!failed() &&
         (reinterpret_cast<uintptr_t>(bytes.data() + position) &
          (alignment - 1)) != 0)
    if (readByte("alignment padding") != kAlignmentByte && !failed())
      fail("alignment padding must be 0xCB bytes");
}

llvm::ArrayRef<uint8_t> Cursor::readSection(uint8_t &id) {
  uint8_t idAndAligned = readByte("a section id");
  uint64_t length = readVarInt("the section length");
  id = idAndAligned & 0x7f;
  if (idAndAligned & 0x80)
    alignTo(readVarInt("the section alignment"));
  return readBytes(length, "the section");
}

llvm::StringRef Cursor::readNullTerminated(llvm::StringRef what) {
  llvm::ArrayRef<uint8_t> rest = bytes.drop_front(failed() ? bytes.size()
                                                           : position);
  const uint8_t *nul = static_cast<const uint8_t *>(
      rest.empty() ? nullptr : std::memchr(rest.data(), 0, rest.size()));
  if (!nul) {
    fail(what + " has no terminating NUL");
    return {};
  }
  llvm::StringRef text(reinterpret_cast<const char *>(rest.data()),
                       nul - rest.data());
  position += text.size() + 1;
  return text;
}

} // namespace opencgc::mlirbc
