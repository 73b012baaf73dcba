//===- DType.h - Element types of runtime tensors ---------------*- C++ -*-===//
//
// The runtime's mirror of the CGC element types (!cgc.float32, ...), with the
// storage types kernels compute on. float16 and bfloat16 are stored as their
// 16-bit patterns and computed in float.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_DTYPE_H
#define OPENCGC_RUNTIME_DTYPE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>
#include <optional>

namespace mlir {
class MLIRContext;
class Type;
} // namespace mlir

namespace opencgc {

enum class DType : uint8_t {
  Float16,
  BFloat16,
  Float32,
  Float64,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Bool,
  // ONNX's narrow types (IR.md "Elemental types"). Float8 codes take one
  // byte each; the 4- and 2-bit types are packed low bits first. Only cast,
  // quantize_linear, dequantize_linear, bitcast and reshape take them
  // (isNarrowDType); dispatchDType hands their codes out as uint8_t.
  Float8E4M3FN,
  Float8E4M3FNUZ,
  Float8E5M2,
  Float8E5M2FNUZ,
  Float8E8M0,
  Float4E2M1,
  Int4,
  UInt4,
  Int2,
  UInt2,
};

/// Bytes one element occupies (1 for the packed sub-byte types: use
/// getStorageSize for whole tensors).
size_t getDTypeSize(DType dtype);
/// Bits one element occupies (4 or 2 for the packed types).
unsigned getDTypeBitWidth(DType dtype);
/// Bytes `count` elements occupy, sub-byte types packed and rounded up.
uint64_t getStorageSize(DType dtype, uint64_t count);
/// True for float8, float4, int4/uint4, int2/uint2: the types only the
/// conversion layers compute on.
bool isNarrowDType(DType dtype);
/// True for the types stored several to a byte.
inline bool isPackedDType(DType dtype) { return getDTypeBitWidth(dtype) < 8; }
/// The CGC spelling without the dialect prefix: "float32", "int8", ...
llvm::StringRef getDTypeName(DType dtype);
std::optional<DType> parseDTypeName(llvm::StringRef name);
bool isFloatDType(DType dtype);
bool isSignedIntDType(DType dtype);
bool isUnsignedIntDType(DType dtype);

/// Conversions to and from the cgc element types.
std::optional<DType> dtypeFromElementType(mlir::Type type);
mlir::Type getElementType(mlir::MLIRContext *context, DType dtype);

/// IEEE 754 half precision, stored as bits, converted through float.
struct Half {
  uint16_t bits = 0;
  Half() = default;
  Half(float value) : bits(fromFloat(value)) {}
  operator float() const { return toFloat(bits); }
  static uint16_t fromFloat(float value);
  static float toFloat(uint16_t bits);
};

/// bfloat16: the top half of a float32, rounded to nearest even.
struct BFloat16 {
  uint16_t bits = 0;
  BFloat16() = default;
  BFloat16(float value) : bits(fromFloat(value)) {}
  operator float() const { return toFloat(bits); }
  static uint16_t fromFloat(float value);
  static float toFloat(uint16_t bits) {
    uint32_t word = static_cast<uint32_t>(bits) << 16;
    float value;
    std::memcpy(&value, &word, sizeof(value));
    return value;
  }
};

/// The C++ type kernels use for arithmetic on a storage type.
template <typename T> struct ComputeTypeOf { using type = T; };
template <> struct ComputeTypeOf<Half> { using type = float; };
template <> struct ComputeTypeOf<BFloat16> { using type = float; };
template <typename T> using ComputeType = typename ComputeTypeOf<T>::type;

/// Calls `fn(T{})` with the storage type of `dtype` (bool is stored as
/// uint8_t-sized `bool`).
template <typename Fn> decltype(auto) dispatchDType(DType dtype, Fn &&fn) {
  switch (dtype) {
  case DType::Float16:
    return fn(Half{});
  case DType::BFloat16:
    return fn(BFloat16{});
  case DType::Float32:
    return fn(float{});
  case DType::Float64:
    return fn(double{});
  case DType::Int8:
    return fn(int8_t{});
  case DType::Int16:
    return fn(int16_t{});
  case DType::Int32:
    return fn(int32_t{});
  case DType::Int64:
    return fn(int64_t{});
  case DType::UInt8:
    return fn(uint8_t{});
  case DType::UInt16:
    return fn(uint16_t{});
  case DType::UInt32:
    return fn(uint32_t{});
  case DType::UInt64:
    return fn(uint64_t{});
  case DType::Bool:
    return fn(bool{});
  case DType::Float8E4M3FN:
  case DType::Float8E4M3FNUZ:
  case DType::Float8E5M2:
  case DType::Float8E5M2FNUZ:
  case DType::Float8E8M0:
  case DType::Float4E2M1:
  case DType::Int4:
  case DType::UInt4:
  case DType::Int2:
  case DType::UInt2:
    return fn(uint8_t{}); // raw codes; see isNarrowDType
  }
  return fn(float{});
}

} // namespace opencgc

#endif // OPENCGC_RUNTIME_DTYPE_H
