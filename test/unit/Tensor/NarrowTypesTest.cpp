//===- NarrowTypesTest.cpp - float8, float4, int4 and int2 codes ----------===//
//
// NarrowTypes.h against the definitions of IR.md and Operators.md (Cast):
// every code of every small float format round-trips, conversions agree
// with a nearest-value search over all codes (ties to the even code),
// saturation, NaN/infinity rules and the packing of 4- and 2-bit types.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Tensor/NarrowTypes.h"
#include "opencgc/Tensor/NpyFile.h"
#include "opencgc/Tensor/Tensor.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <random>

using namespace opencgc;

namespace {

constexpr DType kFloat8Types[] = {DType::Float8E4M3FN, DType::Float8E4M3FNUZ,
                                  DType::Float8E5M2, DType::Float8E5M2FNUZ};

unsigned codeCount(DType dtype) { return 1u << getDTypeBitWidth(dtype); }

/// The code nearest to `value` among all finite codes, ties to the code
/// with an even last bit: round-half-to-even written as a search.
uint8_t nearestCode(DType dtype, double value) {
  int best = -1;
  double bestError = INFINITY;
  for (unsigned code = 0; code < codeCount(dtype); ++code) {
    double candidate = decodeNarrow(dtype, uint8_t(code));
    if (!std::isfinite(candidate))
      continue;
    double error = std::fabs(candidate - value);
    if (error < bestError ||
        (error == bestError && !(code & 1) && (best & 1))) {
      best = int(code);
      bestError = error;
    }
  }
  return uint8_t(best);
}

double maxFinite(DType dtype) {
  double max = 0;
  for (unsigned code = 0; code < codeCount(dtype); ++code) {
    double value = decodeNarrow(dtype, uint8_t(code));
    if (std::isfinite(value))
      max = std::max(max, value);
  }
  return max;
}

TEST(NarrowTypesTest, EveryFloat8CodeRoundTrips) {
  for (DType dtype : kFloat8Types) {
    for (unsigned code = 0; code < 256; ++code) {
      double value = decodeNarrow(dtype, uint8_t(code));
      SCOPED_TRACE(std::string(getDTypeName(dtype)) + " code " +
                   std::to_string(code));
      if (std::isnan(value)) {
        EXPECT_TRUE(
            std::isnan(decodeNarrow(dtype, encodeNarrow(dtype, value))));
        continue;
      }
      for (bool saturate : {true, false}) {
        // Infinity (e5m2 only) saturates to the largest finite value.
        if (std::isinf(value) && saturate)
          continue;
        EXPECT_EQ(encodeNarrow(dtype, value, {saturate}), code);
      }
    }
  }
}

TEST(NarrowTypesTest, Float8SpecialValues) {
  // IR.md: the largest finite values and the NaN/infinity encodings.
  EXPECT_EQ(maxFinite(DType::Float8E4M3FN), 448);
  EXPECT_EQ(maxFinite(DType::Float8E4M3FNUZ), 240);
  EXPECT_EQ(maxFinite(DType::Float8E5M2), 57344);
  EXPECT_EQ(maxFinite(DType::Float8E5M2FNUZ), 57344);
  EXPECT_TRUE(std::isnan(decodeNarrow(DType::Float8E4M3FN, 0x7f)));
  EXPECT_TRUE(std::isnan(decodeNarrow(DType::Float8E4M3FN, 0xff)));
  EXPECT_EQ(decodeNarrow(DType::Float8E4M3FN, 0x7e), 448);
  EXPECT_EQ(decodeNarrow(DType::Float8E4M3FN, 0x01), std::ldexp(1.0, -9));
  EXPECT_EQ(decodeNarrow(DType::Float8E5M2, 0x7c), INFINITY);
  EXPECT_EQ(decodeNarrow(DType::Float8E5M2, 0xfc), -INFINITY);
  EXPECT_EQ(decodeNarrow(DType::Float8E5M2, 0x01), std::ldexp(1.0, -16));
  for (DType fnuz : {DType::Float8E4M3FNUZ, DType::Float8E5M2FNUZ}) {
    EXPECT_TRUE(std::isnan(decodeNarrow(fnuz, 0x80)));
    int nans = 0;
    for (unsigned code = 0; code < 256; ++code)
      nans += std::isnan(decodeNarrow(fnuz, uint8_t(code)));
    EXPECT_EQ(nans, 1) << getDTypeName(fnuz).str();
    // No negative zero.
    EXPECT_EQ(encodeNarrow(fnuz, -0.0), 0);
    EXPECT_EQ(encodeNarrow(fnuz, -1e-30), 0);
  }
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, -0.0), 0x80);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2, -0.0), 0x80);
}

TEST(NarrowTypesTest, Float8Saturation) {
  // Operators.md Cast, the tables for saturate = 1 and 0.
  const double kNaN = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 1e6, {true}), 0x7e);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, -1e6, {true}), 0xfe);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, INFINITY, {true}), 0x7e);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 1e6, {false}), 0x7f);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, -INFINITY, {false}), 0xff);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2, INFINITY, {true}), 0x7b);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2, 1e6, {false}), 0x7c);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2, -1e6, {false}), 0xfc);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FNUZ, -1e6, {true}), 0xff);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FNUZ, 1e6, {false}), 0x80);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2FNUZ, -INFINITY, {false}), 0x80);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2FNUZ, kNaN), 0x80);
  EXPECT_TRUE(std::isnan(decodeNarrow(
      DType::Float8E4M3FN, encodeNarrow(DType::Float8E4M3FN, kNaN))));
  // Rounding decides overflow: 464 is the tie between 448 and 480 (even:
  // 448); anything above rounds past the largest value.
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 464, {false}), 0x7e);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 464.5, {false}), 0x7f);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 464.5, {true}), 0x7e);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2, 61439, {false}), 0x7b);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2, 61440, {false}), 0x7c);
}

TEST(NarrowTypesTest, Float8RoundsHalfToEven) {
  // e4m3fn around 1 (0x38): steps of 1/8.
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 1.0625), 0x38);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 1.0626), 0x39);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 1.1875), 0x3a);
  // Subnormals: 2^-10 is half the smallest subnormal, 3 * 2^-10 the tie
  // between codes 1 and 2.
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, std::ldexp(1.0, -10)), 0x00);
  EXPECT_EQ(encodeNarrow(DType::Float8E4M3FN, 3 * std::ldexp(1.0, -10)), 0x02);
  EXPECT_EQ(encodeNarrow(DType::Float8E5M2, -3 * std::ldexp(1.0, -17)), 0x82);
  // Every value in range against the search over all codes, ties included.
  std::mt19937 random(12);
  for (DType dtype :
       {DType::Float8E4M3FN, DType::Float8E4M3FNUZ, DType::Float8E5M2,
        DType::Float8E5M2FNUZ, DType::Float4E2M1}) {
    double max = maxFinite(dtype);
    std::vector<double> values;
    for (unsigned a = 0; a + 1 < codeCount(dtype); ++a) { // exact ties
      double x = decodeNarrow(dtype, a), y = decodeNarrow(dtype, a + 1);
      if (std::isfinite(x) && std::isfinite(y))
        values.push_back((x + y) / 2);
    }
    std::uniform_real_distribution<double> uniform(-max, max);
    for (int i = 0; i < 20000; ++i)
      values.push_back(uniform(random) / std::ldexp(1.0, i % 20));
    for (double value : values) {
      uint8_t expected = nearestCode(dtype, value);
      uint8_t actual = encodeNarrow(dtype, value);
      if (decodeNarrow(dtype, expected) == 0) // the sign of zero differs
        EXPECT_EQ(decodeNarrow(dtype, actual), 0) << value;
      else
        EXPECT_EQ(actual, expected)
            << getDTypeName(dtype).str() << " " << value;
    }
  }
}

TEST(NarrowTypesTest, Float4E2M1) {
  const double kValues[] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  for (unsigned code = 0; code < 16; ++code) {
    double value = kValues[code & 7] * (code & 8 ? -1 : 1);
    EXPECT_EQ(decodeNarrow(DType::Float4E2M1, code), value);
    if (code != 8) // -0 keeps its sign
      EXPECT_EQ(encodeNarrow(DType::Float4E2M1, value), code);
  }
  EXPECT_EQ(encodeNarrow(DType::Float4E2M1, -0.0), 8);
  // No infinity or NaN: out of range saturates whatever `saturate` says.
  EXPECT_EQ(encodeNarrow(DType::Float4E2M1, 1e6, {false}), 7);
  EXPECT_EQ(encodeNarrow(DType::Float4E2M1, -INFINITY), 15);
  // ONNX's reference maps NaN to 0x8 (test_cast_FLOAT_to_FLOAT4E2M1).
  EXPECT_EQ(
      encodeNarrow(DType::Float4E2M1, std::numeric_limits<double>::quiet_NaN()),
      8);
  EXPECT_EQ(encodeNarrow(DType::Float4E2M1, 5), 6);   // tie 4|6: even
  EXPECT_EQ(encodeNarrow(DType::Float4E2M1, 2.5), 4); // tie 2|3: even
  EXPECT_EQ(encodeNarrow(DType::Float4E2M1, 0.25), 0);
}

TEST(NarrowTypesTest, Float8E8M0) {
  for (unsigned code = 0; code < 255; ++code) {
    EXPECT_EQ(decodeNarrow(DType::Float8E8M0, code),
              std::ldexp(1.0, int(code) - 127));
    for (const char *mode : {"up", "down", "nearest"})
      EXPECT_EQ(encodeNarrow(DType::Float8E8M0,
                             decodeNarrow(DType::Float8E8M0, code),
                             {true, mode}),
                code);
  }
  EXPECT_TRUE(std::isnan(decodeNarrow(DType::Float8E8M0, 0xff)));
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 3, {true, "up"}), 129);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 3, {true, "down"}), 128);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 3, {true, "nearest"}), 129);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 2.9, {true, "nearest"}), 128);
  // Operators.md Cast's e8m0 table.
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 0, {true, "up"}), 0);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 0, {false, "nearest"}), 0xff);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, INFINITY, {true, "up"}), 0xfe);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, INFINITY, {false, "up"}), 0xff);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 1e300, {true, "up"}), 0xfe);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 1e-300, {true, "up"}), 0);
  EXPECT_EQ(encodeNarrow(DType::Float8E8M0, 1e-300, {false, "up"}), 0xff);
}

TEST(NarrowTypesTest, NarrowIntegers) {
  for (int value = -8; value < 8; ++value)
    EXPECT_EQ(decodeNarrow(DType::Int4, encodeNarrow(DType::Int4, value)),
              value);
  for (int value = 0; value < 16; ++value)
    EXPECT_EQ(decodeNarrow(DType::UInt4, encodeNarrow(DType::UInt4, value)),
              value);
  // Float to fixed point truncates, then keeps the low bits.
  EXPECT_EQ(decodeNarrow(DType::Int4, encodeNarrow(DType::Int4, 9.7)), -7);
  EXPECT_EQ(decodeNarrow(DType::Int4, encodeNarrow(DType::Int4, -9.7)), 7);
  EXPECT_EQ(decodeNarrow(DType::UInt4, wrapNarrowInt(DType::UInt4, -1)), 15);
  EXPECT_EQ(decodeNarrow(DType::Int2, wrapNarrowInt(DType::Int2, 2)), -2);
  EXPECT_EQ(decodeNarrow(DType::UInt2, wrapNarrowInt(DType::UInt2, 7)), 3);
}

TEST(NarrowTypesTest, PackedStorage) {
  // Two int4 per byte, the lower index in the low nibble; sizes round up.
  Tensor int4(DType::Int4, {3});
  EXPECT_EQ(int4.getByteSize(), 2u);
  int4.setFromDouble(0, -8);
  int4.setFromDouble(1, 7);
  int4.setFromDouble(2, -1);
  EXPECT_EQ(int4.getBytes()[0], 0x78);
  EXPECT_EQ(int4.getBytes()[1], 0x0f);
  EXPECT_EQ(int4.getAsDouble(0), -8);
  EXPECT_EQ(int4.getAsInt(1), 7);
  EXPECT_EQ(int4.getAsDouble(2), -1);
  Tensor uint2(DType::UInt2, {5});
  EXPECT_EQ(uint2.getByteSize(), 2u);
  for (int i = 0; i < 5; ++i)
    uint2.setFromInt(i, i);
  EXPECT_EQ(uint2.getBytes()[0], 0xe4); // 3,2,1,0 from the top
  EXPECT_EQ(uint2.getBytes()[1], 0x00);
  EXPECT_EQ(uint2.getAsInt(3), 3);
  EXPECT_EQ(getStorageSize(DType::Float4E2M1, 7), 4u);
  EXPECT_EQ(getStorageSize(DType::Float8E5M2, 7), 7u);
}

TEST(NarrowTypesTest, NpyWidensNarrowTypes) {
  // NumPy has no float8 or int4: .npy holds float32 or int8 values.
  Tensor float8(DType::Float8E4M3FN, {2});
  float8.setFromDouble(0, 448);
  float8.setFromDouble(1, -0.5);
  llvm::Expected<Tensor> read = parseNpy(serializeNpy(float8), "float8");
  ASSERT_TRUE(static_cast<bool>(read)) << llvm::toString(read.takeError());
  EXPECT_EQ(read->getDType(), DType::Float32);
  EXPECT_EQ(read->getAsDouble(0), 448);
  EXPECT_EQ(read->getAsDouble(1), -0.5);
  Tensor int4(DType::Int4, {3});
  int4.setFromInt(2, -3);
  llvm::Expected<Tensor> readInt = parseNpy(serializeNpy(int4), "int4");
  ASSERT_TRUE(static_cast<bool>(readInt))
      << llvm::toString(readInt.takeError());
  EXPECT_EQ(readInt->getDType(), DType::Int8);
  EXPECT_EQ(readInt->getAsInt(2), -3);
}

} // namespace
