//===- Compare.h - Compares a replayed region with its capture --*- C++ -*-===//
//
// Byte for byte by default. Another driver or GPU may round float results
// differently, so a tolerance compares 32-bit words as floats within a
// number of units in the last place instead.
//
//===----------------------------------------------------------------------===//

#ifndef OPENCGC_REPLAY_COMPARE_H
#define OPENCGC_REPLAY_COMPARE_H

#include <cstdint>
#include <optional>
#include <vector>

namespace replay {

/// Where a region differs: its first differing byte and how many differ.
struct Difference {
  uint64_t firstOffset = 0;
  uint64_t bytes = 0;
  /// Read as float32 words, the largest distance in ULPs between two
  /// differing finite words, and whether a NaN or infinity differs: how far
  /// apart the results are, where another GPU rounds differently.
  uint64_t largestUlps = 0;
  bool nonFiniteDiffers = false;
  /// The largest absolute difference between two differing finite words,
  /// and the largest finite magnitude recorded in the region: ULPs alone
  /// overstate differences in values near zero (a sum that cancels).
  double largestAbsolute = 0;
  double largestRecorded = 0;
};

/// Compares `actual` with `expected` (of equal size): byte for byte when
/// `ulps` is empty, else as float32 words within that many ULPs (a trailing
/// partial word byte for byte). Nothing when they match.
std::optional<Difference> compareRegion(const std::vector<uint8_t> &actual,
                                        const std::vector<uint8_t> &expected,
                                        std::optional<uint32_t> ulps);

/// Whether two float32 bit patterns lie within `ulps` units in the last
/// place: NaNs equal any NaN, infinities only themselves, +0 equals -0.
bool floatsWithinUlps(uint32_t a, uint32_t b, uint32_t ulps);

} // namespace replay

#endif // OPENCGC_REPLAY_COMPARE_H
