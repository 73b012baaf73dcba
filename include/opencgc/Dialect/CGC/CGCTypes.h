//===- CGCTypes.h - Types of the cgc dialect --------------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_CGC_CGCTYPES_H
#define OPENCGC_DIALECT_CGC_CGCTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

namespace opencgc::cgc {
/// The numeric class of an element type.
enum class ElementKind { Float, SignedInt, UnsignedInt, Bool };
} // namespace opencgc::cgc

#define GET_TYPEDEF_CLASSES
#include "opencgc/Dialect/CGC/CGCTypes.h.inc"

namespace opencgc::cgc {
/// True for the !cgc element types (float32, int8, bool, ...).
bool isElementType(mlir::Type type);
/// Storage width of an element type in bits; 0 if `type` is not one.
unsigned getElementBitWidth(mlir::Type type);
/// Numeric class of an element type; must be an element type.
ElementKind getElementKind(mlir::Type type);
/// True for ONNX's narrow types: float8 (e4m3fn, e4m3fnuz, e5m2, e5m2fnuz,
/// e8m0), float4e2m1, int4/uint4 and int2/uint2, which only the reference
/// device computes on.
bool isNarrowElement(mlir::Type type);
inline bool isFloatElement(mlir::Type type) {
  return isElementType(type) && getElementKind(type) == ElementKind::Float;
}
} // namespace opencgc::cgc

#endif // OPENCGC_DIALECT_CGC_CGCTYPES_H
