//===- Cursor.h - Reading MLIR bytecode fields, checked ----------*- C++ -*-===//
//
// A position in one part of an MLIR bytecode buffer that reads the format's
// fields (docs/mlir-bytecode-check.md) as MLIR 22's EncodingReader does,
// but never trusts them: the first field out of range records an error
// naming the byte and the part, and from then on every read returns zero
// and every cursor is empty, so that loops over counts end at once.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_INTERCHANGE_MLIRBYTECODE_CURSOR_H
#define OPENCGC_LIB_INTERCHANGE_MLIRBYTECODE_CURSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <optional>
#include <string>

namespace opencgc::mlirbc {

/// What every cursor over one buffer shares: where the buffer starts (for
/// byte offsets and alignment) and the first error.
struct CheckState {
  const uint8_t *bufferStart = nullptr;
  std::optional<std::string> error;
};

class Cursor {
public:
  Cursor(CheckState &state, llvm::ArrayRef<uint8_t> bytes,
         const llvm::Twine &part)
      : state(&state), bytes(bytes), part(part.str()) {}

  bool failed() const { return state->error.has_value(); }
  bool empty() const { return failed() || position == bytes.size(); }
  uint64_t remaining() const {
    return failed() ? 0 : bytes.size() - position;
  }
  /// Offset of the next byte from the start of the buffer.
  uint64_t fileOffset() const;
  llvm::StringRef getPart() const { return part; }

  /// Records "byte N (PART): WHAT" unless an error was recorded already.
  void fail(const llvm::Twine &what);
  /// The same at an earlier `fileOffset` of this part.
  void failAt(uint64_t fileOffset, const llvm::Twine &what);

  uint8_t readByte(llvm::StringRef what);
  /// MLIR's PrefixVarInt: the trailing zeros of the first byte count the
  /// bytes that follow; a zero first byte is followed by 8 bytes.
  uint64_t readVarInt(llvm::StringRef what);
  /// A varint whose low bit is a flag: (value << 1) | flag.
  uint64_t readVarIntWithFlag(llvm::StringRef what, bool &flag);
  /// A zigzag-encoded signed varint.
  int64_t readSignedVarInt(llvm::StringRef what);
  llvm::ArrayRef<uint8_t> readBytes(uint64_t size, llvm::StringRef what);
  /// A count of elements that each take at least `minBytesEach` bytes of
  /// what remains: a larger one cannot be met by the input, and the reader
  /// would allocate for it before finding out.
  uint64_t readCount(llvm::StringRef what, uint64_t minBytesEach = 1);
  /// An index below `limit` (`limit` entries of `table`).
  uint64_t readIndex(llvm::StringRef what, uint64_t limit,
                     llvm::StringRef table);
  /// Skips 0xCB padding up to an address multiple of `alignment`, which
  /// must be a power of two no larger than the buffer start's alignment.
  void alignTo(uint64_t alignment);
  /// A section header (id with the alignment flag, length, alignment) and
  /// its data.
  llvm::ArrayRef<uint8_t> readSection(uint8_t &id);
  /// Bytes up to a NUL, which must be there; the NUL is consumed.
  llvm::StringRef readNullTerminated(llvm::StringRef what);

  /// A cursor over `data` (inside this buffer) named `subPart`.
  Cursor sub(llvm::ArrayRef<uint8_t> data, const llvm::Twine &subPart) const {
    return Cursor(*state, data, subPart);
  }

private:
  CheckState *state;
  llvm::ArrayRef<uint8_t> bytes;
  std::string part;
  uint64_t position = 0;
};

} // namespace opencgc::mlirbc

#endif // OPENCGC_LIB_INTERCHANGE_MLIRBYTECODE_CURSOR_H
