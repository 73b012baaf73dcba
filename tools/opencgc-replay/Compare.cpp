//===- Compare.cpp - Compares a replayed region with its capture ----------===//

#include "Compare.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace replay {

namespace {

bool isNaN(uint32_t bits) { return (bits & 0x7fffffffu) > 0x7f800000u; }
bool isInfinity(uint32_t bits) { return (bits & 0x7fffffffu) == 0x7f800000u; }

float toFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

/// Maps float bits onto a line where adjacent floats are adjacent integers
/// (negative floats below zero, both zeros at 0), so ULPs are a difference.
int64_t toOrdered(uint32_t bits) {
  int64_t magnitude = bits & 0x7fffffffu;
  return (bits & 0x80000000u) ? -magnitude : magnitude;
}

/// Counts differing bytes of [offset, offset + size) into `difference`.
void addBytes(const uint8_t *actual, const uint8_t *expected, uint64_t offset,
              uint64_t size, std::optional<Difference> &difference) {
  for (uint64_t i = offset; i < offset + size; ++i) {
    if (actual[i] == expected[i])
      continue;
    if (!difference)
      difference = Difference{i, 0};
    ++difference->bytes;
  }
}

/// Records how far apart the float32 words at `word` are.
void addDistance(const uint8_t *actual, const uint8_t *expected, uint64_t word,
                 Difference &difference) {
  uint32_t a, b;
  std::memcpy(&a, actual + 4 * word, 4);
  std::memcpy(&b, expected + 4 * word, 4);
  if (!isNaN(b) && !isInfinity(b))
    difference.largestRecorded =
        std::max(difference.largestRecorded, std::fabs(double(toFloat(b))));
  if (a == b || (isNaN(a) && isNaN(b)))
    return;
  if (isNaN(a) || isNaN(b) || isInfinity(a) || isInfinity(b)) {
    difference.nonFiniteDiffers = true;
    return;
  }
  int64_t distance = toOrdered(a) - toOrdered(b);
  uint64_t magnitude = uint64_t(distance < 0 ? -distance : distance);
  if (magnitude > difference.largestUlps)
    difference.largestUlps = magnitude;
  difference.largestAbsolute =
      std::max(difference.largestAbsolute,
               std::fabs(double(toFloat(a)) - double(toFloat(b))));
}

/// Fills in the float32 distances of a region that differs.
void measureDistances(const std::vector<uint8_t> &actual,
                      const std::vector<uint8_t> &expected,
                      Difference &difference) {
  for (uint64_t word = 0; word < expected.size() / 4; ++word)
    addDistance(actual.data(), expected.data(), word, difference);
}

} // namespace

bool floatsWithinUlps(uint32_t a, uint32_t b, uint32_t ulps) {
  if (a == b || (isNaN(a) && isNaN(b)))
    return true;
  if (isNaN(a) || isNaN(b) || isInfinity(a) || isInfinity(b))
    return false;
  int64_t distance = toOrdered(a) - toOrdered(b);
  return (distance < 0 ? -distance : distance) <= int64_t(ulps);
}

std::optional<Difference> compareRegion(const std::vector<uint8_t> &actual,
                                        const std::vector<uint8_t> &expected,
                                        std::optional<uint32_t> ulps) {
  std::optional<Difference> difference;
  uint64_t size = expected.size();
  if (!ulps) {
    addBytes(actual.data(), expected.data(), 0, size, difference);
    if (difference)
      measureDistances(actual, expected, *difference);
    return difference;
  }
  uint64_t words = size / 4;
  for (uint64_t word = 0; word < words; ++word) {
    uint32_t a, b;
    std::memcpy(&a, actual.data() + 4 * word, 4);
    std::memcpy(&b, expected.data() + 4 * word, 4);
    if (!floatsWithinUlps(a, b, *ulps))
      addBytes(actual.data(), expected.data(), 4 * word, 4, difference);
  }
  addBytes(actual.data(), expected.data(), 4 * words, size - 4 * words,
           difference);
  if (difference)
    measureDistances(actual, expected, *difference);
  return difference;
}

} // namespace replay
