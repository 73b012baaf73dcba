//===- HalfFloatTest.cpp - float16 and bfloat16 conversions ---------------===//
//
// Half and BFloat16 from DType.h: exact values, rounding to nearest even,
// subnormals, overflow and NaN. Half is also checked against the compiler's
// _Float16 where it has one; BFloat16 against a reference rounding written
// here from the definition.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Tensor/DType.h"

#include "llvm/ADT/bit.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace opencgc;

namespace {

float fromBits(uint32_t bits) { return llvm::bit_cast<float>(bits); }
uint32_t toBits(float value) { return llvm::bit_cast<uint32_t>(value); }

bool isHalfNaN(uint16_t bits) {
  return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0;
}

//===----------------------------------------------------------------------===//
// Half
//===----------------------------------------------------------------------===//

TEST(HalfFloatTest, HalfExactValues) {
  std::pair<float, uint16_t> cases[] = {
      {0.0f, 0x0000},      {-0.0f, 0x8000},      {1.0f, 0x3c00},
      {-2.0f, 0xc000},     {0.5f, 0x3800},       {65504.0f, 0x7bff},
      {-65504.0f, 0xfbff}, {0x1p-14f, 0x0400},   {0x1p-24f, 0x0001},
      {-0x1p-24f, 0x8001}, {0x3ffp-24f, 0x03ff}, {1.0f + 0x1p-10f, 0x3c01},
  };
  for (auto [value, bits] : cases) {
    EXPECT_EQ(Half::fromFloat(value), bits) << value;
    EXPECT_EQ(toBits(Half::toFloat(bits)), toBits(value)) << value;
  }
}

TEST(HalfFloatTest, HalfOverflowsToInfinity) {
  EXPECT_EQ(Half::fromFloat(65519.0f), 0x7bff); // below the midpoint
  EXPECT_EQ(Half::fromFloat(65520.0f), 0x7c00); // midpoint, rounds to even
  EXPECT_EQ(Half::fromFloat(1e9f), 0x7c00);
  EXPECT_EQ(Half::fromFloat(-1e9f), 0xfc00);
  EXPECT_EQ(Half::fromFloat(std::numeric_limits<float>::max()), 0x7c00);
  EXPECT_EQ(Half::fromFloat(INFINITY), 0x7c00);
  EXPECT_EQ(Half::fromFloat(-INFINITY), 0xfc00);
  EXPECT_EQ(Half::toFloat(0x7c00), INFINITY);
  EXPECT_EQ(Half::toFloat(0xfc00), -INFINITY);
}

TEST(HalfFloatTest, HalfUnderflowsToSignedZero) {
  EXPECT_EQ(Half::fromFloat(0x1p-25f), 0x0000); // midpoint, rounds to even
  EXPECT_EQ(Half::fromFloat(-0x1p-25f), 0x8000);
  EXPECT_EQ(Half::fromFloat(0x1.000002p-25f), 0x0001); // just above it
  EXPECT_EQ(Half::fromFloat(0x1p-30f), 0x0000);
  EXPECT_EQ(Half::fromFloat(0x1p-149f), 0x0000); // float subnormal
  EXPECT_EQ(Half::fromFloat(-0x1p-149f), 0x8000);
}

TEST(HalfFloatTest, HalfRoundsHalfToEven) {
  // Midpoints between neighbours: down to the even mantissa, up to it.
  EXPECT_EQ(Half::fromFloat(1.0f + 0x1p-11f), 0x3c00);
  EXPECT_EQ(Half::fromFloat(1.0f + 3 * 0x1p-11f), 0x3c02);
  EXPECT_EQ(Half::fromFloat(0x1.000002p+0f + 0x1p-11f), 0x3c01);
  // In the subnormal range: 1.5 and 2.5 units of 2^-24.
  EXPECT_EQ(Half::fromFloat(1.5f * 0x1p-24f), 0x0002);
  EXPECT_EQ(Half::fromFloat(2.5f * 0x1p-24f), 0x0002);
  // Rounding carries from the largest subnormal into the smallest normal
  // and from a full mantissa into the next exponent.
  EXPECT_EQ(Half::fromFloat(1023.5f * 0x1p-24f), 0x0400);
  EXPECT_EQ(Half::fromFloat(2.0f - 0x1p-12f), 0x4000);
}

TEST(HalfFloatTest, HalfKeepsNaN) {
  EXPECT_TRUE(isHalfNaN(Half::fromFloat(NAN)));
  EXPECT_TRUE(isHalfNaN(Half::fromFloat(-NAN)));
  EXPECT_EQ(Half::fromFloat(-NAN) & 0x8000, 0x8000);
  // A payload only in the low float bits must not become infinity.
  EXPECT_TRUE(isHalfNaN(Half::fromFloat(fromBits(0x7f800001))));
  EXPECT_TRUE(std::isnan(Half::toFloat(0x7e00)));
  EXPECT_TRUE(std::isnan(Half::toFloat(0xfc01)));
}

TEST(HalfFloatTest, EveryHalfRoundTripsThroughFloat) {
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    float value = Half::toFloat(bits);
    if (isHalfNaN(bits)) {
      EXPECT_TRUE(std::isnan(value)) << bits;
      EXPECT_TRUE(isHalfNaN(Half::fromFloat(value))) << bits;
      continue;
    }
    ASSERT_EQ(Half::fromFloat(value), bits) << std::hex << bits;
  }
}

#ifdef __FLT16_MANT_DIG__
uint16_t oracleHalf(float value) {
  return llvm::bit_cast<uint16_t>(static_cast<_Float16>(value));
}

TEST(HalfFloatTest, HalfMatchesCompilerFloat16) {
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    if (isHalfNaN(bits))
      continue;
    _Float16 half = llvm::bit_cast<_Float16>(static_cast<uint16_t>(bits));
    ASSERT_EQ(toBits(Half::toFloat(bits)), toBits(static_cast<float>(half)))
        << std::hex << bits;
  }
  // Floats on and next to every midpoint between neighbouring halves, and a
  // sweep of all float bit patterns.
  auto check = [](float value) {
    if (!std::isnan(value))
      ASSERT_EQ(Half::fromFloat(value), oracleHalf(value))
          << std::hexfloat << value;
  };
  for (uint32_t bits = 0; bits < 0x7bff; ++bits) {
    float mid = (Half::toFloat(bits) + Half::toFloat(bits + 1)) / 2;
    for (float value :
         {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY)}) {
      check(value);
      check(-value);
    }
  }
  for (uint64_t bits = 0; bits <= 0xffffffff; bits += 4093)
    check(fromBits(static_cast<uint32_t>(bits)));
}
#endif

//===----------------------------------------------------------------------===//
// BFloat16
//===----------------------------------------------------------------------===//

/// Round to nearest even of the top 16 bits, from the definition: pick the
/// nearer of the two bfloat16 neighbours, the even one on a tie.
uint16_t referenceBFloat16(float value) {
  uint32_t bits = toBits(value);
  uint32_t down = bits & 0xffff0000;
  if ((bits & 0xffff) == 0)
    return down >> 16;
  uint32_t up = down + 0x10000;
  double toDown = std::fabs(double(value) - double(fromBits(down)));
  double toUp = std::fabs(double(fromBits(up)) - double(value));
  if ((up & 0x7f800000) == 0x7f800000) // up is infinity: compare with 2^128
    toUp =
        std::fabs(std::ldexp(std::copysign(1.0, value), 128) - double(value));
  if (toDown != toUp)
    return (toDown < toUp ? down : up) >> 16;
  return ((down >> 16) & 1 ? up : down) >> 16;
}

TEST(HalfFloatTest, BFloat16ExactValues) {
  std::pair<float, uint16_t> cases[] = {
      {0.0f, 0x0000},
      {-0.0f, 0x8000},
      {1.0f, 0x3f80},
      {-2.0f, 0xc000},
      {INFINITY, 0x7f80},
      {-INFINITY, 0xff80},
      {fromBits(0x00010000), 0x0001}, // smallest subnormal
      {fromBits(0x7f7f0000), 0x7f7f}, // largest finite
  };
  for (auto [value, bits] : cases) {
    EXPECT_EQ(BFloat16::fromFloat(value), bits) << value;
    EXPECT_EQ(toBits(BFloat16::toFloat(bits)), toBits(value)) << value;
  }
}

TEST(HalfFloatTest, BFloat16RoundsHalfToEven) {
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x3f808000)), 0x3f80); // tie, even
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x3f818000)), 0x3f82); // tie, up
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x3f808001)), 0x3f81);
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x3f807fff)), 0x3f80);
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x00008000)), 0x0000); // subnormal
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x80018000)), 0x8002);
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x3fffffff)), 0x4000); // carry
}

TEST(HalfFloatTest, BFloat16OverflowsToInfinity) {
  EXPECT_EQ(BFloat16::fromFloat(std::numeric_limits<float>::max()), 0x7f80);
  EXPECT_EQ(BFloat16::fromFloat(-std::numeric_limits<float>::max()), 0xff80);
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x7f7f7fff)), 0x7f7f);
  EXPECT_EQ(BFloat16::fromFloat(fromBits(0x7f7f8000)), 0x7f80); // tie to even
}

TEST(HalfFloatTest, BFloat16KeepsNaN) {
  for (uint32_t bits :
       {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu, 0xff800001u}) {
    uint16_t result = BFloat16::fromFloat(fromBits(bits));
    EXPECT_EQ(result & 0x7f80, 0x7f80) << std::hex << bits;
    EXPECT_NE(result & 0x7f, 0) << std::hex << bits;
    EXPECT_EQ(result & 0x8000, (bits >> 16) & 0x8000) << std::hex << bits;
  }
}

TEST(HalfFloatTest, BFloat16MatchesReferenceRounding) {
  for (uint64_t bits = 0; bits <= 0xffffffff; bits += 251) {
    float value = fromBits(static_cast<uint32_t>(bits));
    if (std::isnan(value))
      continue;
    ASSERT_EQ(BFloat16::fromFloat(value), referenceBFloat16(value))
        << std::hex << bits;
  }
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    float value = BFloat16::toFloat(bits);
    if (!std::isnan(value))
      ASSERT_EQ(BFloat16::fromFloat(value), bits) << std::hex << bits;
  }
}

} // namespace
