//===- NarrowTypes.h - float8, float4, int4 and int2 codes ------*- C++ -*-===//
//
// Conversions between doubles and the codes of ONNX's narrow element types
// (IR.md "Elemental types", Operators.md Cast), and access to the packed
// sub-byte types (two int4/uint4/float4e2m1 or four int2/uint2 per byte,
// the element with the lower index in the lower bits).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TENSOR_NARROWTYPES_H
#define OPENCGC_TENSOR_NARROWTYPES_H

#include "opencgc/Tensor/DType.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace opencgc {

/// How a conversion to a narrow type treats values out of its range.
struct NarrowCastOptions {
  /// Operators.md Cast: out-of-range values and infinities become the
  /// largest finite value (true) or infinity/NaN (false). Float8 only.
  bool saturate = true;
  /// float8e8m0's rounding (Cast-24 `round_mode`): "up", "down", "nearest".
  llvm::StringRef roundMode = "up";
};

/// The value of `code` (the low bits for packed types) of narrow `dtype`.
double decodeNarrow(DType dtype, uint8_t code);
/// `value` as a code of narrow `dtype`: float types round to nearest even
/// (float8e8m0 as `roundMode` says); integer types truncate toward zero,
/// then wrap (Operators.md Cast: fixed point keeps the low bits).
uint8_t encodeNarrow(DType dtype, double value,
                     const NarrowCastOptions &options = {});
/// `value` (an integer) as a code of the narrow integer type `dtype`,
/// keeping its low bits.
uint8_t wrapNarrowInt(DType dtype, int64_t value);

/// Element `index` of packed (or byte-sized) narrow data.
uint8_t loadNarrowCode(DType dtype, const uint8_t *bytes, int64_t index);
void storeNarrowCode(DType dtype, uint8_t *bytes, int64_t index, uint8_t code);

} // namespace opencgc

#endif // OPENCGC_TENSOR_NARROWTYPES_H
