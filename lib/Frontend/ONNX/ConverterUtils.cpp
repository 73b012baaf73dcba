//===- ConverterUtils.cpp - Helpers shared by ONNX converters -------------===//
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

using namespace mlir;

namespace opencgc::onnx_import {

llvm::Expected<Value> inputOrFilled(ImportContext &ctx, unsigned index,
                                    llvm::StringRef name,
                                    llvm::ArrayRef<int64_t> shape,
                                    double fill) {
  if (ctx.hasInput(index))
    return ctx.input(index);
  llvm::Expected<DType> dtype = ctx.inputDType(0);
  if (!dtype)
    return dtype.takeError();
  if (llvm::Error error = ctx.checkImportConstant(*dtype, shape, name))
    return std::move(error);
  Tensor value(*dtype, shape);
  for (int64_t i = 0; i < value.getNumElements(); ++i)
    value.setFromDouble(i, fill);
  return ctx.syntheticConstant(name, std::move(value));
}

llvm::Error setResult(ImportContext &ctx, llvm::Expected<Value> result) {
  if (!result)
    return result.takeError();
  ctx.setOutput(0, *result);
  return llvm::Error::success();
}

llvm::Expected<SmallVector<Value>> inputValues(ImportContext &ctx,
                                               unsigned count) {
  SmallVector<Value> values;
  for (unsigned i = 0; i < count; ++i) {
    llvm::Expected<Value> value = ctx.input(i);
    if (!value)
      return value.takeError();
    values.push_back(*value);
  }
  return values;
}

llvm::ArrayRef<int64_t> shapeOf(Value value) {
  return cast<cgc::TensorType>(value.getType()).getShape();
}

llvm::Expected<Shape> spatialInts(ImportContext &ctx, llvm::StringRef name,
                                  size_t count, int64_t fill) {
  std::optional<std::vector<int64_t>> values = ctx.intsAttr(name);
  if (!values)
    return Shape(count, fill);
  if (values->size() != count)
    return ctx.malformed("attribute '" + name + "' has " +
                         llvm::Twine(values->size()) + " values, expected " +
                         llvm::Twine(count));
  return Shape(values->begin(), values->end());
}

llvm::Expected<Padding> resolvePadding(ImportContext &ctx,
                                       llvm::ArrayRef<int64_t> spatialIn,
                                       llvm::ArrayRef<int64_t> kernel,
                                       llvm::ArrayRef<int64_t> strides,
                                       llvm::ArrayRef<int64_t> dilations) {
  size_t count = spatialIn.size();
  std::string autoPad = ctx.stringAttr("auto_pad", "NOTSET");
  Padding padding{Shape(count, 0), Shape(count, 0)};
  if (autoPad == "NOTSET") {
    std::optional<std::vector<int64_t>> pads = ctx.intsAttr("pads");
    if (!pads)
      return padding;
    if (pads->size() != 2 * count)
      return ctx.malformed("attribute 'pads' has " + llvm::Twine(pads->size()) +
                           " values, expected " + llvm::Twine(2 * count));
    padding.begin.assign(pads->begin(), pads->begin() + count);
    padding.end.assign(pads->begin() + count, pads->end());
    return padding;
  }
  if (autoPad == "VALID")
    return padding;
  if (autoPad != "SAME_UPPER" && autoPad != "SAME_LOWER")
    return ctx.unsupported("auto_pad '" + autoPad + "'");
  for (size_t d = 0; d < count; ++d) {
    int64_t out = (spatialIn[d] + strides[d] - 1) / strides[d];
    int64_t span = (kernel[d] - 1) * dilations[d] + 1;
    int64_t total =
        std::max<int64_t>(0, (out - 1) * strides[d] + span - spatialIn[d]);
    int64_t small = total / 2, large = total - small;
    padding.begin[d] = autoPad == "SAME_UPPER" ? small : large;
    padding.end[d] = total - padding.begin[d];
  }
  return padding;
}

llvm::Expected<Value> reshapeTo(ImportContext &ctx, Value value,
                                llvm::ArrayRef<int64_t> shape) {
  if (shapeOf(value) == shape)
    return value;
  return ctx.create<cgc_op::ReshapeOp>(
      {value},
      {ctx.namedAttr("shape", ctx.i64Array(shape)),
       ctx.namedAttr("allow_zero", ctx.getBuilder().getBoolAttr(true))});
}

llvm::Expected<Value> alignLegacyBroadcast(ImportContext &ctx, Value lhs,
                                           Value rhs) {
  if (ctx.getOpset() >= 7 || !ctx.intAttr("broadcast", 0))
    return rhs;
  int64_t lhsRank = shapeOf(lhs).size(), rhsRank = shapeOf(rhs).size();
  int64_t axis = ctx.intAttr("axis", lhsRank - rhsRank);
  axis = axis < 0 ? axis + lhsRank : axis;
  if (axis < 0 || axis + rhsRank > lhsRank)
    return ctx.malformed("broadcast axis " + llvm::Twine(axis) +
                         " does not fit ranks " + llvm::Twine(lhsRank) +
                         " and " + llvm::Twine(rhsRank));
  Shape aligned(shapeOf(rhs));
  aligned.append(lhsRank - axis - rhsRank, 1);
  return reshapeTo(ctx, rhs, aligned);
}

llvm::Error rejectOutput(ImportContext &ctx, unsigned index,
                         llvm::StringRef what) {
  const onnx::NodeProto &node = ctx.getNode();
  if (static_cast<int>(index) < node.output_size() &&
      !node.output(index).empty())
    return ctx.unsupported("output " + what + " is not supported");
  return llvm::Error::success();
}

} // namespace opencgc::onnx_import
