//===- InferenceUtils.h - Helpers for cgc_op shape inference ----*- C++ -*-===//
//
// Shared by the ShapeInference/*Inference.cpp files of every op family.
// Inference runs while parsing (result types left out) and while verifying,
// so these helpers report malformed input instead of assuming it away.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DIALECT_CGCOP_INFERENCEUTILS_H
#define OPENCGC_LIB_DIALECT_CGCOP_INFERENCEUTILS_H

#include "mlir/IR/Diagnostics.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace opencgc::cgc_op {
using namespace mlir;
using cgc::TensorType;

using Shape = SmallVector<int64_t, 4>;

inline std::string shapeStr(ArrayRef<int64_t> shape) {
  return shape.empty() ? std::string("scalar")
                       : llvm::join(llvm::map_range(shape,
                                                    [](int64_t d) {
                                                      return std::to_string(d);
                                                    }),
                                    "x");
}

/// Inference state of one op: where to report errors and what to call it.
class Inferrer {
public:
  Inferrer(std::optional<Location> loc, StringRef opName, MLIRContext *ctx)
      : loc(loc), opName(opName), ctx(ctx) {}

  template <typename... Args> LogicalResult fail(Args &&...args) const {
    return emitOptionalError(loc, "'", opName, "' ",
                             std::forward<Args>(args)...);
  }

  LogicalResult checkOperandCount(ValueRange operands, size_t min,
                                  size_t max) const {
    if (operands.size() >= min && operands.size() <= max)
      return success();
    if (min == max)
      return fail("expects ", min, " operands, got ", operands.size());
    return fail("expects ", min, " to ", max, " operands, got ",
                operands.size());
  }

  /// The type of the only operand of a one-operand op (after checking that
  /// there is exactly one).
  FailureOr<TensorType> singleTensor(ValueRange operands,
                                     StringRef role) const {
    if (failed(checkOperandCount(operands, 1, 1)))
      return failure();
    return tensor(operands[0], role);
  }

  /// The operand's tensor type, or an error naming the operand.
  FailureOr<TensorType> tensor(Value value, StringRef role) const {
    auto type = dyn_cast_or_null<TensorType>(value ? value.getType() : Type());
    if (!type) {
      (void)fail("operand '", role, "' must be a !cgc.tensor, got ",
                 value ? value.getType() : Type());
      return failure();
    }
    return type;
  }

  LogicalResult sameElementType(TensorType a, TensorType b, StringRef roleA,
                                StringRef roleB) const {
    if (a.getElementType() == b.getElementType())
      return success();
    return fail("operands '", roleA, "' and '", roleB,
                "' have different element types ", a.getElementType(), " and ",
                b.getElementType());
  }

  LogicalResult requireFloat(TensorType type, StringRef role) const {
    if (cgc::isFloatElement(type.getElementType()))
      return success();
    return fail("operand '", role,
                "' must have a floating-point element "
                "type, got ",
                type.getElementType());
  }

  /// An integer array attribute with one value per spatial dimension,
  /// `defaultValue` everywhere when absent.
  FailureOr<Shape> spatialArray(ArrayAttr attr, StringRef name, size_t count,
                                int64_t defaultValue, int64_t minValue) const {
    Shape values(count, defaultValue);
    if (!attr)
      return values;
    if (attr.size() != count) {
      (void)fail("attribute '", name, "' has ", attr.size(),
                 " values, expected ", count, " (one per spatial dimension)");
      return failure();
    }
    for (auto [i, element] : llvm::enumerate(attr)) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer || integer.getInt() < minValue) {
        (void)fail("attribute '", name, "' must hold integers >= ", minValue,
                   ", got ", element);
        return failure();
      }
      values[i] = integer.getInt();
    }
    return values;
  }

  /// Normalizes a possibly negative axis into [0, rank).
  FailureOr<int64_t> axis(int64_t value, int64_t rank, StringRef name) const {
    if (value < -rank || value >= rank) {
      (void)fail("attribute '", name, "' = ", value,
                 " is out of range for rank ", rank);
      return failure();
    }
    return value < 0 ? value + rank : value;
  }

  LogicalResult result(ArrayRef<int64_t> shape, Type elementType,
                       SmallVectorImpl<Type> &results) const {
    results.push_back(TensorType::get(ctx, shape, elementType,
                                      /*isConstant=*/false));
    return success();
  }

private:
  std::optional<Location> loc;
  StringRef opName;
  MLIRContext *ctx;
};

/// Multidirectional (numpy) broadcasting of two shapes.
inline FailureOr<Shape> broadcast(const Inferrer &inf, ArrayRef<int64_t> a,
                                  ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1) {
      (void)inf.fail("cannot broadcast shapes ", shapeStr(a), " and ",
                     shapeStr(b), ": dimension ", i, " is ", da, " vs ", db);
      return failure();
    }
    out[i] = da == 1 ? db : da;
  }
  return out;
}

/// Output extent of a sliding window (convolution, pooling).
inline int64_t windowExtent(int64_t input, int64_t padBegin, int64_t padEnd,
                            int64_t kernel, int64_t stride, int64_t dilation,
                            bool ceilMode) {
  int64_t span = dilation * (kernel - 1) + 1;
  int64_t padded = input + padBegin + padEnd - span;
  if (padded < 0)
    return 0;
  int64_t out =
      (ceilMode ? (padded + stride - 1) / stride : padded / stride) + 1;
  // ONNX: with ceil_mode the last window must start inside the input or
  // its begin padding.
  if (ceilMode && (out - 1) * stride >= input + padBegin)
    --out;
  return out;
}

struct WindowParams {
  Shape strides, dilations, begin, end;
};

template <typename AdaptorT>
FailureOr<WindowParams> windowParams(const Inferrer &inf, AdaptorT adaptor,
                                     size_t spatial) {
  WindowParams p;
  auto strides =
      inf.spatialArray(adaptor.getStridesAttr(), "strides", spatial, 1, 1);
  auto dilations =
      inf.spatialArray(adaptor.getDilationsAttr(), "dilations", spatial, 1, 1);
  auto begin = inf.spatialArray(adaptor.getStartPaddingAttr(), "start_padding",
                                spatial, 0, 0);
  auto end = inf.spatialArray(adaptor.getEndPaddingAttr(), "end_padding",
                              spatial, 0, 0);
  if (failed(strides) || failed(dilations) || failed(begin) || failed(end))
    return failure();
  return WindowParams{*strides, *dilations, *begin, *end};
}

/// Output shape N x channels x windows of a convolution or pooling.
inline FailureOr<Shape> windowedShape(const Inferrer &inf,
                                      ArrayRef<int64_t> input, int64_t channels,
                                      ArrayRef<int64_t> kernel,
                                      const WindowParams &p, bool ceilMode) {
  Shape out = {input[0], channels};
  for (size_t i = 0; i < kernel.size(); ++i) {
    int64_t extent = windowExtent(input[i + 2], p.begin[i], p.end[i], kernel[i],
                                  p.strides[i], p.dilations[i], ceilMode);
    if (extent < 1) {
      (void)inf.fail("window of size ", kernel[i], " (dilation ",
                     p.dilations[i], ") does not fit spatial dimension ", i,
                     " of extent ", input[i + 2], " with padding ", p.begin[i],
                     "+", p.end[i]);
      return failure();
    }
    out.push_back(extent);
  }
  return out;
}

/// numpy.matmul result shape: 1-D operands are promoted to matrices (and
/// the added dimension dropped again), batch dimensions broadcast.
inline FailureOr<Shape> matmulShape(const Inferrer &inf, ArrayRef<int64_t> lhs,
                                    ArrayRef<int64_t> rhs) {
  Shape a(lhs), b(rhs);
  if (a.empty() || b.empty()) {
    (void)inf.fail("operands must have rank >= 1, got ", shapeStr(a), " and ",
                   shapeStr(b));
    return failure();
  }
  bool vecA = a.size() == 1, vecB = b.size() == 1;
  if (vecA)
    a.insert(a.begin(), 1);
  if (vecB)
    b.push_back(1);
  int64_t m = a[a.size() - 2], k = a.back(), kb = b[b.size() - 2], n = b.back();
  if (k != kb) {
    (void)inf.fail("contraction dimensions differ: lhs ", shapeStr(lhs),
                   " has K=", k, ", rhs ", shapeStr(rhs), " has K=", kb);
    return failure();
  }
  auto batch = broadcast(inf, ArrayRef<int64_t>(a).drop_back(2),
                         ArrayRef<int64_t>(b).drop_back(2));
  if (failed(batch))
    return failure();
  Shape out = *batch;
  if (!vecA)
    out.push_back(m);
  if (!vecB)
    out.push_back(n);
  return out;
}

/// ONNX Conv result shape for input `x` (N x C x spatial...) and weight `w`
/// (M x C/group x kernel...), with the window attributes and `group` of any
/// convolution-like op (convolution, conv_integer, qlinear_conv).
template <typename AdaptorT>
FailureOr<Shape> convolutionShape(const Inferrer &inf, ArrayRef<int64_t> x,
                                  ArrayRef<int64_t> w, AdaptorT adaptor) {
  if (x.size() < 3 || w.size() != x.size()) {
    (void)inf.fail("expects input (N x C x spatial...) and weight "
                   "(M x C/group x kernel...) of equal rank >= 3, got ",
                   shapeStr(x), " and ", shapeStr(w));
    return failure();
  }
  int64_t group = static_cast<int64_t>(adaptor.getGroup());
  if (group < 1 || x[1] % group != 0 || w[1] * group != x[1] ||
      w[0] % group != 0) {
    (void)inf.fail("input has ", x[1], " channels and weight ", shapeStr(w),
                   " with group ", group, "; expected input channels = ",
                   "weight dim 1 x group and output channels divisible by "
                   "group");
    return failure();
  }
  auto params = windowParams(inf, adaptor, x.size() - 2);
  if (failed(params))
    return failure();
  return windowedShape(inf, x, w[0], w.drop_front(2), *params, false);
}

inline Shape toShape(ArrayAttr attr) {
  Shape values;
  for (Attribute element : attr)
    values.push_back(cast<IntegerAttr>(element).getInt());
  return values;
}

inline LogicalResult requireIntegers(const Inferrer &inf, ArrayAttr attr,
                                     StringRef name) {
  if (!attr)
    return inf.fail("needs attribute '", name, "'");
  for (Attribute element : attr)
    if (!isa<IntegerAttr>(element))
      return inf.fail("attribute '", name, "' must hold integers, got ",
                      element);
  return success();
}

template <typename OpTy>
Inferrer makeInferrer(std::optional<Location> loc, MLIRContext *ctx) {
  return Inferrer(loc, OpTy::getOperationName(), ctx);
}

} // namespace opencgc::cgc_op

#endif // OPENCGC_LIB_DIALECT_CGCOP_INFERENCEUTILS_H
