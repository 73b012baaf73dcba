//===- DType.cpp - Element types of runtime tensors -----------------------===//
#include "opencgc/Tensor/DType.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

namespace opencgc {

size_t getDTypeSize(DType dtype) {
  return dispatchDType(dtype, [](auto value) { return sizeof(value); });
}

llvm::StringRef getDTypeName(DType dtype) {
  switch (dtype) {
  case DType::Float16:
    return "float16";
  case DType::BFloat16:
    return "bfloat16";
  case DType::Float32:
    return "float32";
  case DType::Float64:
    return "float64";
  case DType::Int8:
    return "int8";
  case DType::Int16:
    return "int16";
  case DType::Int32:
    return "int32";
  case DType::Int64:
    return "int64";
  case DType::UInt8:
    return "uint8";
  case DType::UInt16:
    return "uint16";
  case DType::UInt32:
    return "uint32";
  case DType::UInt64:
    return "uint64";
  case DType::Bool:
    return "bool";
  case DType::Float8E4M3FN:
    return "float8e4m3fn";
  case DType::Float8E4M3FNUZ:
    return "float8e4m3fnuz";
  case DType::Float8E5M2:
    return "float8e5m2";
  case DType::Float8E5M2FNUZ:
    return "float8e5m2fnuz";
  case DType::Float8E8M0:
    return "float8e8m0";
  case DType::Float4E2M1:
    return "float4e2m1";
  case DType::Int4:
    return "int4";
  case DType::UInt4:
    return "uint4";
  case DType::Int2:
    return "int2";
  case DType::UInt2:
    return "uint2";
  }
  return "unknown";
}

std::optional<DType> parseDTypeName(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<DType>>(name)
      .Case("float16", DType::Float16)
      .Case("bfloat16", DType::BFloat16)
      .Case("float32", DType::Float32)
      .Case("float64", DType::Float64)
      .Case("int8", DType::Int8)
      .Case("int16", DType::Int16)
      .Case("int32", DType::Int32)
      .Case("int64", DType::Int64)
      .Case("uint8", DType::UInt8)
      .Case("uint16", DType::UInt16)
      .Case("uint32", DType::UInt32)
      .Case("uint64", DType::UInt64)
      .Case("bool", DType::Bool)
      .Case("float8e4m3fn", DType::Float8E4M3FN)
      .Case("float8e4m3fnuz", DType::Float8E4M3FNUZ)
      .Case("float8e5m2", DType::Float8E5M2)
      .Case("float8e5m2fnuz", DType::Float8E5M2FNUZ)
      .Case("float8e8m0", DType::Float8E8M0)
      .Case("float4e2m1", DType::Float4E2M1)
      .Case("int4", DType::Int4)
      .Case("uint4", DType::UInt4)
      .Case("int2", DType::Int2)
      .Case("uint2", DType::UInt2)
      .Default(std::nullopt);
}

bool isFloatDType(DType dtype) {
  return dtype == DType::Float16 || dtype == DType::BFloat16 ||
         dtype == DType::Float32 || dtype == DType::Float64 ||
         dtype == DType::Float8E4M3FN || dtype == DType::Float8E4M3FNUZ ||
         dtype == DType::Float8E5M2 || dtype == DType::Float8E5M2FNUZ ||
         dtype == DType::Float8E8M0 || dtype == DType::Float4E2M1;
}
bool isSignedIntDType(DType dtype) {
  return dtype == DType::Int8 || dtype == DType::Int16 ||
         dtype == DType::Int32 || dtype == DType::Int64 ||
         dtype == DType::Int4 || dtype == DType::Int2;
}
bool isUnsignedIntDType(DType dtype) {
  return dtype == DType::UInt8 || dtype == DType::UInt16 ||
         dtype == DType::UInt32 || dtype == DType::UInt64 ||
         dtype == DType::UInt4 || dtype == DType::UInt2;
}

bool isNarrowDType(DType dtype) { return dtype >= DType::Float8E4M3FN; }

unsigned getDTypeBitWidth(DType dtype) {
  switch (dtype) {
  case DType::Float4E2M1:
  case DType::Int4:
  case DType::UInt4:
    return 4;
  case DType::Int2:
  case DType::UInt2:
    return 2;
  default:
    return 8 * getDTypeSize(dtype);
  }
}

uint64_t getStorageSize(DType dtype, uint64_t count) {
  unsigned bits = getDTypeBitWidth(dtype);
  if (bits >= 8)
    return count * (bits / 8);
  return (count * bits + 7) / 8;
}

std::optional<DType> dtypeFromElementType(mlir::Type type) {
  using namespace cgc;
  return llvm::TypeSwitch<mlir::Type, std::optional<DType>>(type)
      .Case([](Float16Type) { return DType::Float16; })
      .Case([](BFloat16Type) { return DType::BFloat16; })
      .Case([](Float32Type) { return DType::Float32; })
      .Case([](Float64Type) { return DType::Float64; })
      .Case([](Int8Type) { return DType::Int8; })
      .Case([](Int16Type) { return DType::Int16; })
      .Case([](Int32Type) { return DType::Int32; })
      .Case([](Int64Type) { return DType::Int64; })
      .Case([](UInt8Type) { return DType::UInt8; })
      .Case([](UInt16Type) { return DType::UInt16; })
      .Case([](UInt32Type) { return DType::UInt32; })
      .Case([](UInt64Type) { return DType::UInt64; })
      .Case([](BoolType) { return DType::Bool; })
      .Case([](Float8E4M3FNType) { return DType::Float8E4M3FN; })
      .Case([](Float8E4M3FNUZType) { return DType::Float8E4M3FNUZ; })
      .Case([](Float8E5M2Type) { return DType::Float8E5M2; })
      .Case([](Float8E5M2FNUZType) { return DType::Float8E5M2FNUZ; })
      .Case([](Float8E8M0Type) { return DType::Float8E8M0; })
      .Case([](Float4E2M1Type) { return DType::Float4E2M1; })
      .Case([](Int4Type) { return DType::Int4; })
      .Case([](UInt4Type) { return DType::UInt4; })
      .Case([](Int2Type) { return DType::Int2; })
      .Case([](UInt2Type) { return DType::UInt2; })
      .Default([](mlir::Type) { return std::nullopt; });
}

mlir::Type getElementType(mlir::MLIRContext *context, DType dtype) {
  using namespace cgc;
  switch (dtype) {
  case DType::Float16:
    return Float16Type::get(context);
  case DType::BFloat16:
    return BFloat16Type::get(context);
  case DType::Float32:
    return Float32Type::get(context);
  case DType::Float64:
    return Float64Type::get(context);
  case DType::Int8:
    return Int8Type::get(context);
  case DType::Int16:
    return Int16Type::get(context);
  case DType::Int32:
    return Int32Type::get(context);
  case DType::Int64:
    return Int64Type::get(context);
  case DType::UInt8:
    return UInt8Type::get(context);
  case DType::UInt16:
    return UInt16Type::get(context);
  case DType::UInt32:
    return UInt32Type::get(context);
  case DType::UInt64:
    return UInt64Type::get(context);
  case DType::Bool:
    return BoolType::get(context);
  case DType::Float8E4M3FN:
    return Float8E4M3FNType::get(context);
  case DType::Float8E4M3FNUZ:
    return Float8E4M3FNUZType::get(context);
  case DType::Float8E5M2:
    return Float8E5M2Type::get(context);
  case DType::Float8E5M2FNUZ:
    return Float8E5M2FNUZType::get(context);
  case DType::Float8E8M0:
    return Float8E8M0Type::get(context);
  case DType::Float4E2M1:
    return Float4E2M1Type::get(context);
  case DType::Int4:
    return Int4Type::get(context);
  case DType::UInt4:
    return UInt4Type::get(context);
  case DType::Int2:
    return Int2Type::get(context);
  case DType::UInt2:
    return UInt2Type::get(context);
  }
  return {};
}

static uint32_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

static float bitsToFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

uint16_t Half::fromFloat(float value) {
  uint32_t bits = floatBits(value);
  uint16_t sign = (bits >> 16) & 0x8000;
  uint32_t magnitude = bits & 0x7fffffff;
  if (magnitude >= 0x7f800000) // Inf or NaN (keep NaN quiet).
    return sign | 0x7c00 |
           (magnitude > 0x7f800000 ? 0x200 | ((magnitude >> 13) & 0x3ff) : 0);
  if (magnitude >= 0x477ff000) // >= 65520 rounds to infinity.
    return sign | 0x7c00;
  if (magnitude < 0x38800000) { // Below 2^-14: subnormal or zero.
    // Scaling by 2^24 is exact; nearbyint rounds half to even.
    float scaled = bitsToFloat(magnitude) * 16777216.0f;
    return sign | static_cast<uint16_t>(std::nearbyint(scaled));
  }
  uint32_t exponent = ((magnitude >> 23) & 0xff) - 127 + 15;
  uint32_t half = (exponent << 10) | ((magnitude & 0x7fffff) >> 13);
  uint32_t rest = magnitude & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half;
  return sign | static_cast<uint16_t>(half);
}

float Half::toFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0) {
    float value = static_cast<float>(mantissa) / 16777216.0f;
    return sign ? -value : value;
  }
  if (exponent == 31)
    return bitsToFloat(sign | 0x7f800000 | (mantissa << 13));
  return bitsToFloat(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

uint16_t BFloat16::fromFloat(float value) {
  uint32_t bits = floatBits(value);
  if ((bits & 0x7fffffff) > 0x7f800000) // NaN stays a quiet NaN.
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  uint32_t rounding = 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

} // namespace opencgc
