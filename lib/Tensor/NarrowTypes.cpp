//===- NarrowTypes.cpp - float8, float4, int4 and int2 codes --------------===//
//
// Small floats are described by their field widths and special values
// (IR.md "Elemental types"); conversions from double decompose the value
// exactly (frexp) and round the scaled magnitude with nearbyint, which is
// round-half-to-even in the default floating-point environment.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Tensor/NarrowTypes.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <optional>

namespace opencgc {
namespace {

/// The layout and special values of a small float format.
struct MiniFloat {
  unsigned exponentBits;
  unsigned mantissaBits;
  int bias;
  /// e5m2: all-ones exponent is infinity (mantissa 0) or NaN.
  bool ieeeSpecials;
  /// The fnuz formats: 0x80 is the one NaN, no negative zero, no infinity.
  bool fnuz;
  /// e4m3fn: only S.1111.111 is NaN.
  bool allOnesNaN;
  /// The largest finite code without the sign bit.
  uint8_t maxCode;

  unsigned totalBits() const { return 1 + exponentBits + mantissaBits; }
  uint8_t signBit() const { return uint8_t(1u << (totalBits() - 1)); }
  bool hasNaN() const { return ieeeSpecials || fnuz || allOnesNaN; }
};

constexpr MiniFloat kE4M3FN{4, 3, 7, false, false, true, 0x7e};
constexpr MiniFloat kE4M3FNUZ{4, 3, 8, false, true, false, 0x7f};
constexpr MiniFloat kE5M2{5, 2, 15, true, false, false, 0x7b};
constexpr MiniFloat kE5M2FNUZ{5, 2, 16, false, true, false, 0x7f};
// OCP MX: float4e2m1 has neither infinity nor NaN.
constexpr MiniFloat kE2M1{2, 1, 1, false, false, false, 0x7};

const MiniFloat *getMiniFloat(DType dtype) {
  switch (dtype) {
  case DType::Float8E4M3FN:
    return &kE4M3FN;
  case DType::Float8E4M3FNUZ:
    return &kE4M3FNUZ;
  case DType::Float8E5M2:
    return &kE5M2;
  case DType::Float8E5M2FNUZ:
    return &kE5M2FNUZ;
  case DType::Float4E2M1:
    return &kE2M1;
  default:
    return nullptr;
  }
}

double decodeMagnitude(const MiniFloat &format, uint8_t code) {
  unsigned exponent = code >> format.mantissaBits;
  unsigned mantissa = code & ((1u << format.mantissaBits) - 1);
  int minExponent = 1 - format.bias;
  if (exponent == 0) // subnormal
    return std::ldexp(mantissa, minExponent - int(format.mantissaBits));
  return std::ldexp((1u << format.mantissaBits) | mantissa,
                    int(exponent) - format.bias - int(format.mantissaBits));
}

double decodeMiniFloat(const MiniFloat &format, uint8_t code) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  uint8_t sign = code & format.signBit();
  uint8_t magnitude = code & (format.signBit() - 1);
  if (format.fnuz && code == 0x80)
    return kNaN;
  unsigned exponentMask = (1u << format.exponentBits) - 1;
  if (format.ieeeSpecials &&
      (magnitude >> format.mantissaBits) == exponentMask) {
    if (magnitude & ((1u << format.mantissaBits) - 1))
      return kNaN;
    return sign ? -INFINITY : INFINITY;
  }
  if (format.allOnesNaN && magnitude == format.signBit() - 1)
    return sign ? -kNaN : kNaN;
  double value = decodeMagnitude(format, magnitude);
  return sign ? -value : value;
}

/// The code of a finite magnitude that is exactly representable.
uint8_t encodeExact(const MiniFloat &format, double magnitude) {
  int minExponent = 1 - format.bias;
  if (magnitude < std::ldexp(1.0, minExponent))
    return uint8_t(
        std::ldexp(magnitude, int(format.mantissaBits) - minExponent));
  int exponent;
  std::frexp(magnitude, &exponent); // magnitude = m * 2^exponent, m in [.5,1)
  --exponent;
  double mantissa = std::ldexp(magnitude, int(format.mantissaBits) - exponent) -
                    double(1u << format.mantissaBits);
  return uint8_t(((exponent + format.bias) << format.mantissaBits) |
                 unsigned(mantissa));
}

/// The code for values past the largest finite one (Operators.md Cast's
/// tables): the largest finite value when saturating, else infinity for
/// e5m2 and NaN for the others; float4e2m1 always saturates.
uint8_t encodeOverflow(const MiniFloat &format, bool negative, bool saturate) {
  uint8_t sign = negative ? format.signBit() : 0;
  if (saturate || !format.hasNaN())
    return sign | format.maxCode;
  if (format.fnuz)
    return 0x80;
  if (format.ieeeSpecials) // infinity
    return sign |
           uint8_t(((1u << format.exponentBits) - 1) << format.mantissaBits);
  return sign | uint8_t(format.signBit() - 1); // e4m3fn NaN
}

uint8_t encodeMiniFloat(const MiniFloat &format, double value, bool saturate) {
  bool negative = std::signbit(value);
  uint8_t sign = negative ? format.signBit() : 0;
  if (std::isnan(value)) {
    if (format.fnuz)
      return 0x80;
    // float4e2m1 has no NaN: ONNX's reference (and its Cast node tests)
    // gives 0x8, negative zero, whatever the NaN's sign.
    if (!format.hasNaN())
      return format.signBit();
    return sign | uint8_t(format.signBit() - 1);
  }
  if (std::isinf(value))
    return encodeOverflow(format, negative, saturate);
  double magnitude = std::fabs(value);
  int minExponent = 1 - format.bias;
  int exponent = minExponent;
  if (magnitude != 0) {
    std::frexp(magnitude, &exponent);
    exponent = std::max(exponent - 1, minExponent);
  }
  // Round to a multiple of the spacing of the binade, half to even.
  double spacing = std::ldexp(1.0, exponent - int(format.mantissaBits));
  double rounded = std::nearbyint(magnitude / spacing) * spacing;
  if (rounded > decodeMagnitude(format, format.maxCode))
    return encodeOverflow(format, negative, saturate);
  if (rounded == 0) // the fnuz formats have no negative zero
    return format.fnuz ? 0 : sign;
  return sign | encodeExact(format, rounded);
}

/// float8e8m0: 2^(code - 127), 0xff is NaN; no sign, no zero.
double decodeE8M0(uint8_t code) {
  if (code == 0xff)
    return std::numeric_limits<double>::quiet_NaN();
  return std::ldexp(1.0, int(code) - 127);
}

/// Operators.md Cast-24: `round_mode` picks the power of two, `saturate`
/// clamps to [2^-127, 2^127] (else out of range is NaN).
uint8_t encodeE8M0(double value, const NarrowCastOptions &options) {
  constexpr uint8_t kNaN = 0xff, kMax = 0xfe;
  if (std::isnan(value))
    return kNaN;
  double magnitude = std::fabs(value); // negative values are unspecified
  if (std::isinf(magnitude))
    return options.saturate ? kMax : kNaN;
  if (magnitude == 0)
    return options.saturate ? 0 : kNaN;
  int exponent;
  double fraction = std::frexp(magnitude, &exponent) * 2; // in [1, 2)
  --exponent;
  if (options.roundMode == "up"
          ? fraction > 1
          : options.roundMode == "nearest" && fraction >= 1.5)
    ++exponent;
  int code = exponent + 127;
  if (code < 0 || code > kMax)
    return options.saturate ? (code < 0 ? 0 : kMax) : kNaN;
  return uint8_t(code);
}

/// Integer types: `bits` wide, signed or not.
struct NarrowInt {
  unsigned bits;
  bool isSigned;
};

std::optional<NarrowInt> getNarrowInt(DType dtype) {
  switch (dtype) {
  case DType::Int4:
    return NarrowInt{4, true};
  case DType::UInt4:
    return NarrowInt{4, false};
  case DType::Int2:
    return NarrowInt{2, true};
  case DType::UInt2:
    return NarrowInt{2, false};
  default:
    return std::nullopt;
  }
}

} // namespace

double decodeNarrow(DType dtype, uint8_t code) {
  if (const MiniFloat *format = getMiniFloat(dtype))
    return decodeMiniFloat(*format, code);
  if (dtype == DType::Float8E8M0)
    return decodeE8M0(code);
  std::optional<NarrowInt> integer = getNarrowInt(dtype);
  assert(integer && "decodeNarrow takes a narrow type");
  unsigned mask = (1u << integer->bits) - 1;
  int value = code & mask;
  if (integer->isSigned && (value >> (integer->bits - 1)))
    value -= 1 << integer->bits; // two's complement
  return value;
}

uint8_t wrapNarrowInt(DType dtype, int64_t value) {
  std::optional<NarrowInt> integer = getNarrowInt(dtype);
  assert(integer && "wrapNarrowInt takes a narrow integer type");
  return uint8_t(uint64_t(value) & ((1u << integer->bits) - 1));
}

uint8_t encodeNarrow(DType dtype, double value,
                     const NarrowCastOptions &options) {
  if (const MiniFloat *format = getMiniFloat(dtype))
    return encodeMiniFloat(*format, value, options.saturate);
  if (dtype == DType::Float8E8M0)
    return encodeE8M0(value, options);
  // Float to fixed point truncates; NaN and infinities (undefined in ONNX)
  // give 0, as the wider integer casts do.
  if (!std::isfinite(value) || std::fabs(value) >= 9.2e18)
    return 0;
  return wrapNarrowInt(dtype, static_cast<int64_t>(value));
}

uint8_t loadNarrowCode(DType dtype, const uint8_t *bytes, int64_t index) {
  unsigned bits = getDTypeBitWidth(dtype);
  if (bits >= 8)
    return bytes[index];
  unsigned perByte = 8 / bits;
  unsigned shift = unsigned(index % perByte) * bits;
  return uint8_t((bytes[index / perByte] >> shift) & ((1u << bits) - 1));
}

void storeNarrowCode(DType dtype, uint8_t *bytes, int64_t index, uint8_t code) {
  unsigned bits = getDTypeBitWidth(dtype);
  if (bits >= 8) {
    bytes[index] = code;
    return;
  }
  unsigned perByte = 8 / bits;
  unsigned shift = unsigned(index % perByte) * bits;
  uint8_t mask = uint8_t(((1u << bits) - 1) << shift);
  uint8_t &byte = bytes[index / perByte];
  byte = uint8_t((byte & ~mask) | ((code << shift) & mask));
}

} // namespace opencgc
