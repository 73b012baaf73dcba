//===- ContainerDigest.cpp - DXC's container digest -----------------------===//
//
// Implements the "ComputeHashRetail" description of
// shared/reference/dxil-format.md section 1.6: RFC 1321 MD5 compression,
// but the last block holds the 32-bit bit count in word 0 (the tail moves 4
// bytes right to make room) and (n << 1) | 1 in word 15.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Interchange/DxContainer.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/Endian.h"

#include <algorithm>
#include <cassert>

using namespace opencgc;
namespace endian = llvm::support::endian;

namespace {
struct Md5State {
  uint32_t a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;
};
} // namespace

// T[i] = floor(|sin(i + 1)| * 2^32), RFC 1321 section 3.4.
static const uint32_t kSineTable[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a,
    0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
    0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
    0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8,
    0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
    0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
    0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
    0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
    0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

// Left-rotate amounts, per round and step within the round.
static const int kShifts[4][4] = {
    {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

/// The unmodified RFC 1321 compression function over words `x`.
static void compress(Md5State &state, const uint32_t x[16]) {
  uint32_t a = state.a, b = state.b, c = state.c, d = state.d;
  for (unsigned i = 0; i < 64; ++i) {
    unsigned round = i / 16;
    uint32_t f;
    unsigned g;
    switch (round) {
    case 0:
      f = (b & c) | (~b & d);
      g = i;
      break;
    case 1:
      f = (d & b) | (~d & c);
      g = (5 * i + 1) % 16;
      break;
    case 2:
      f = b ^ c ^ d;
      g = (3 * i + 5) % 16;
      break;
    default:
      f = c ^ (b | ~d);
      g = (7 * i) % 16;
      break;
    }
    uint32_t rotated =
        llvm::rotl(a + f + kSineTable[i] + x[g], kShifts[round][i % 4]);
    a = d;
    d = c;
    c = b;
    b += rotated;
  }
  state.a += a;
  state.b += b;
  state.c += c;
  state.d += d;
}

static void loadWords(const uint8_t *block, uint32_t x[16]) {
  for (unsigned i = 0; i < 16; ++i)
    x[i] = endian::read32le(block + 4 * i);
}

ContainerDigest opencgc::computeRetailHash(llvm::ArrayRef<uint8_t> bytes) {
  Md5State state;
  uint32_t x[16];
  size_t fullSize = bytes.size() / 64 * 64;
  for (size_t offset = 0; offset < fullSize; offset += 64) {
    loadWords(bytes.data() + offset, x);
    compress(state, x);
  }

  llvm::ArrayRef<uint8_t> tail = bytes.drop_front(fullSize);
  uint32_t size = static_cast<uint32_t>(bytes.size()); // modulo 2^32
  uint32_t bitCount = size << 3;
  uint32_t lastWord = (size << 1) | 1;
  uint8_t block[64] = {};
  if (tail.size() < 56) {
    // One final block; word 0 is reserved for the bit count.
    std::copy(tail.begin(), tail.end(), block + 4);
    block[4 + tail.size()] = 0x80;
  } else {
    // The tail fills the block; the counts go into a block of their own.
    std::copy(tail.begin(), tail.end(), block);
    block[tail.size()] = 0x80;
    loadWords(block, x);
    compress(state, x);
    std::fill(std::begin(block), std::end(block), 0);
  }
  loadWords(block, x);
  x[0] = bitCount;
  x[15] = lastWord;
  compress(state, x);

  ContainerDigest digest;
  endian::write32le(&digest[0], state.a);
  endian::write32le(&digest[4], state.b);
  endian::write32le(&digest[8], state.c);
  endian::write32le(&digest[12], state.d);
  return digest;
}

ContainerDigest
opencgc::computeContainerDigest(llvm::ArrayRef<uint8_t> container) {
  assert(container.size() >= kDxDigestedOffset && "not a container");
  // Clamped so that release builds stay in bounds on a bad call.
  return computeRetailHash(
      container.drop_front(std::min(container.size(), kDxDigestedOffset)));
}
