//===- ConverterUtils.h - Helpers shared by ONNX converters -----*- C++ -*-===//
#ifndef OPENCGC_LIB_FRONTEND_ONNX_CONVERTERUTILS_H
#define OPENCGC_LIB_FRONTEND_ONNX_CONVERTERUTILS_H

#include "ImportContext.h"

namespace opencgc::onnx_import {

/// The static shape of an IR value.
llvm::ArrayRef<int64_t> shapeOf(mlir::Value value);

/// Explicit begin/end paddings of a sliding window from ONNX's `auto_pad`
/// and `pads` attributes (static shapes make SAME_* computable here).
struct Padding {
  Shape begin, end;
};
llvm::Expected<Padding> resolvePadding(ImportContext &ctx,
                                       llvm::ArrayRef<int64_t> spatialIn,
                                       llvm::ArrayRef<int64_t> kernel,
                                       llvm::ArrayRef<int64_t> strides,
                                       llvm::ArrayRef<int64_t> dilations);

/// An ints attribute with one value per spatial dimension, or `fill`.
llvm::Expected<Shape> spatialInts(ImportContext &ctx, llvm::StringRef name,
                                  size_t count, int64_t fill);

/// Reshapes `value` to `shape` with a cgc_op.reshape (no-op if equal).
llvm::Expected<mlir::Value> reshapeTo(ImportContext &ctx, mlir::Value value,
                                      llvm::ArrayRef<int64_t> shape);

/// Fails with an unsupported-error when the node defines output `index`
/// (for optional outputs we do not compute).
llvm::Error rejectOutput(ImportContext &ctx, unsigned index,
                         llvm::StringRef what);

/// Defines output 0 from a created op's result, or forwards its error.
llvm::Error setResult(ImportContext &ctx, llvm::Expected<mlir::Value> result);

/// Input `index`, or where the node leaves it out a constant of `shape` in
/// input 0's element type filled with `fill` (a bias of zeros, a mask of
/// ones).
llvm::Expected<mlir::Value> inputOrFilled(ImportContext &ctx, unsigned index,
                                          llvm::StringRef name,
                                          llvm::ArrayRef<int64_t> shape,
                                          double fill);

/// Inputs [0, count) as IR values.
llvm::Expected<llvm::SmallVector<mlir::Value>> inputValues(ImportContext &ctx,
                                                           unsigned count);

/// Softmax, LogSoftmax, Hardmax: before opset 13 the input is flattened to
/// 2-D at `axis` (default 1) and each row is normalized; from 13 on the op
/// works along `axis` (default -1).
template <typename OpTy> llvm::Error convertSoftmaxLike(ImportContext &ctx) {
  llvm::Expected<mlir::Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  auto axisAttr = [&](int64_t axis) {
    return ctx.namedAttr("axis", ctx.getBuilder().getI64IntegerAttr(axis));
  };
  if (ctx.getOpset() >= 13)
    return setResult(
        ctx, ctx.create<OpTy>({*input}, {axisAttr(ctx.intAttr("axis", -1))}));
  llvm::ArrayRef<int64_t> shape = shapeOf(*input);
  int64_t rank = shape.size();
  int64_t axis = ctx.intAttr("axis", 1);
  if (axis < -rank || axis > rank)
    return ctx.malformed("axis " + llvm::Twine(axis) +
                         " is out of range for rank " + llvm::Twine(rank));
  axis = axis < 0 ? axis + rank : axis;
  Shape flat = {getNumElements(shape.take_front(axis)),
                getNumElements(shape.drop_front(axis))};
  llvm::Expected<mlir::Value> rows = reshapeTo(ctx, *input, flat);
  if (!rows)
    return rows.takeError();
  llvm::Expected<mlir::Value> normalized =
      ctx.create<OpTy>({*rows}, {axisAttr(1)});
  if (!normalized)
    return normalized.takeError();
  return setResult(ctx, reshapeTo(ctx, *normalized, shape));
}

/// Converts a one-input, one-output node to `OpTy` with no attributes.
template <typename OpTy> llvm::Error convertUnary(ImportContext &ctx) {
  llvm::Expected<mlir::Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  return setResult(ctx, ctx.create<OpTy>({*input}));
}

/// Before opset 7, binary ops broadcast only with `broadcast=1`, aligning
/// the right operand at `axis`; this reshapes it so numpy rules agree.
llvm::Expected<mlir::Value>
alignLegacyBroadcast(ImportContext &ctx, mlir::Value lhs, mlir::Value rhs);

/// Converts a two-input, one-output node to `OpTy` with no attributes.
template <typename OpTy> llvm::Error convertBinary(ImportContext &ctx) {
  llvm::Expected<mlir::Value> lhs = ctx.input(0);
  if (!lhs)
    return lhs.takeError();
  llvm::Expected<mlir::Value> rhs = ctx.input(1);
  if (!rhs)
    return rhs.takeError();
  rhs = alignLegacyBroadcast(ctx, *lhs, *rhs);
  if (!rhs)
    return rhs.takeError();
  return setResult(ctx, ctx.create<OpTy>({*lhs, *rhs}));
}

} // namespace opencgc::onnx_import

#endif // OPENCGC_LIB_FRONTEND_ONNX_CONVERTERUTILS_H
