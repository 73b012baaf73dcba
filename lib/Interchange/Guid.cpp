//===- Guid.cpp - Windows-style GUIDs -------------------------------------===//

#include "opencgc/Interchange/Guid.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cstring>

using namespace opencgc;
namespace endian = llvm::support::endian;

bool Guid::operator==(const Guid &other) const {
  return data1 == other.data1 && data2 == other.data2 && data3 == other.data3 &&
         std::memcmp(data4, other.data4, sizeof(data4)) == 0;
}

std::string Guid::str() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  os << '{' << llvm::format_hex_no_prefix(data1, 8, /*Upper=*/true) << '-'
     << llvm::format_hex_no_prefix(data2, 4, true) << '-'
     << llvm::format_hex_no_prefix(data3, 4, true) << '-';
  for (int i = 0; i < 8; ++i) {
    if (i == 2)
      os << '-';
    os << llvm::format_hex_no_prefix(data4[i], 2, true);
  }
  os << '}';
  return result;
}

/// Parses exactly `digits` hex digits from the front of `text`.
static bool consumeHex(llvm::StringRef &text, size_t digits, uint64_t &value) {
  if (text.size() < digits)
    return false;
  llvm::StringRef field = text.take_front(digits);
  if (!llvm::all_of(field, llvm::isHexDigit))
    return false;
  field.getAsInteger(16, value);
  text = text.drop_front(digits);
  return true;
}

std::optional<Guid> Guid::parse(llvm::StringRef text) {
  text = text.trim();
  if (text.consume_front("{") && !text.consume_back("}"))
    return std::nullopt;
  // Group widths of 8-4-4-4-12 hex digits; data4 spans the last two groups.
  Guid guid;
  uint64_t value = 0;
  if (!consumeHex(text, 8, value) || !text.consume_front("-"))
    return std::nullopt;
  guid.data1 = static_cast<uint32_t>(value);
  if (!consumeHex(text, 4, value) || !text.consume_front("-"))
    return std::nullopt;
  guid.data2 = static_cast<uint16_t>(value);
  if (!consumeHex(text, 4, value) || !text.consume_front("-"))
    return std::nullopt;
  guid.data3 = static_cast<uint16_t>(value);
  for (int i = 0; i < 8; ++i) {
    if (i == 2 && !text.consume_front("-"))
      return std::nullopt;
    if (!consumeHex(text, 2, value))
      return std::nullopt;
    guid.data4[i] = static_cast<uint8_t>(value);
  }
  if (!text.empty())
    return std::nullopt;
  return guid;
}

std::array<uint8_t, Guid::kSize> Guid::toBytes() const {
  std::array<uint8_t, kSize> bytes;
  endian::write32le(&bytes[0], data1);
  endian::write16le(&bytes[4], data2);
  endian::write16le(&bytes[6], data3);
  std::copy(std::begin(data4), std::end(data4), bytes.begin() + 8);
  return bytes;
}

Guid Guid::fromBytes(llvm::ArrayRef<uint8_t> bytes) {
  assert(bytes.size() >= kSize && "a GUID needs 16 bytes");
  Guid guid;
  guid.data1 = endian::read32le(&bytes[0]);
  guid.data2 = endian::read16le(&bytes[4]);
  guid.data3 = endian::read16le(&bytes[6]);
  std::copy(bytes.begin() + 8, bytes.begin() + kSize, guid.data4);
  return guid;
}
