//===- DataMovementConverters.cpp - ONNX shape and layout ops -------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Frontend/ONNX/TensorProto.h"

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

llvm::Error convertReshape(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  std::vector<int64_t> shape;
  if (ctx.getOpset() >= 5) {
    llvm::Expected<Tensor> given = ctx.staticInput(1, "the target shape");
    if (!given)
      return given.takeError();
    shape = given->toIntVector();
  } else if (auto attr = ctx.intsAttr("shape")) {
    shape = *attr;
  }
  OpBuilder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::ReshapeOp>(
          {*x}, {ctx.namedAttr("shape", ctx.i64Array(shape)),
                 ctx.namedAttr("allow_zero",
                               b.getBoolAttr(ctx.intAttr("allowzero", 0)))}));
}

llvm::Error convertFlatten(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::ArrayRef<int64_t> shape = shapeOf(*x);
  int64_t rank = shape.size();
  int64_t axis = ctx.intAttr("axis", 1);
  if (axis < -rank || axis > rank)
    return ctx.malformed("axis " + llvm::Twine(axis) +
                         " is out of range for rank " + llvm::Twine(rank));
  axis = axis < 0 ? axis + rank : axis;
  return setResult(ctx, reshapeTo(ctx, *x,
                                  {getNumElements(shape.take_front(axis)),
                                   getNumElements(shape.drop_front(axis))}));
}

/// The axes of Squeeze/Unsqueeze: an attribute before opset 13, an input
/// from 13 on.
llvm::Expected<std::optional<std::vector<int64_t>>> axesOf(ImportContext &ctx) {
  if (ctx.getOpset() < 13)
    return ctx.intsAttr("axes");
  if (!ctx.hasInput(1))
    return std::optional<std::vector<int64_t>>();
  llvm::Expected<Tensor> axes = ctx.staticInput(1, "axes");
  if (!axes)
    return axes.takeError();
  return std::optional<std::vector<int64_t>>(axes->toIntVector());
}

llvm::Error convertSqueeze(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  auto axes = axesOf(ctx);
  if (!axes)
    return axes.takeError();
  llvm::ArrayRef<int64_t> shape = shapeOf(*x);
  int64_t rank = shape.size();
  std::vector<bool> drop(rank, false);
  if (!*axes) {
    for (int64_t d = 0; d < rank; ++d)
      drop[d] = shape[d] == 1;
  } else {
    for (int64_t axis : **axes) {
      int64_t d = axis < 0 ? axis + rank : axis;
      if (d < 0 || d >= rank || shape[d] != 1)
        return ctx.malformed("cannot squeeze axis " + llvm::Twine(axis) +
                             " of shape " + formatShape(shape));
      drop[d] = true;
    }
  }
  Shape out;
  for (int64_t d = 0; d < rank; ++d)
    if (!drop[d])
      out.push_back(shape[d]);
  return setResult(ctx, reshapeTo(ctx, *x, out));
}

llvm::Error convertUnsqueeze(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  auto axes = axesOf(ctx);
  if (!axes)
    return axes.takeError();
  if (!*axes)
    return ctx.malformed("Unsqueeze needs axes");
  llvm::ArrayRef<int64_t> shape = shapeOf(*x);
  int64_t rank = shape.size() + (*axes)->size();
  std::vector<bool> inserted(rank, false);
  for (int64_t axis : **axes) {
    int64_t d = axis < 0 ? axis + rank : axis;
    if (d < 0 || d >= rank || inserted[d])
      return ctx.malformed("invalid Unsqueeze axis " + llvm::Twine(axis));
    inserted[d] = true;
  }
  Shape out;
  size_t next = 0;
  for (int64_t d = 0; d < rank; ++d)
    out.push_back(inserted[d] ? 1 : shape[next++]);
  return setResult(ctx, reshapeTo(ctx, *x, out));
}

llvm::Error convertTranspose(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  SmallVector<NamedAttribute> attrs;
  if (auto perm = ctx.intsAttr("perm"))
    attrs.push_back(ctx.namedAttr("perm", ctx.i64Array(*perm)));
  return setResult(ctx, ctx.create<cgc_op::TransposeOp>({*x}, attrs));
}

llvm::Error convertConcat(ImportContext &ctx) {
  SmallVector<Value> inputs;
  for (unsigned i = 0; i < ctx.getNumInputs(); ++i) {
    llvm::Expected<Value> value = ctx.input(i);
    if (!value)
      return value.takeError();
    inputs.push_back(*value);
  }
  if (!ctx.findAttr("axis"))
    return ctx.malformed("missing attribute 'axis'");
  return setResult(
      ctx,
      ctx.create<cgc_op::ConcatOp>(
          inputs, {ctx.namedAttr("axis", ctx.getBuilder().getI64IntegerAttr(
                                             ctx.intAttr("axis", 0)))}));
}

/// A scalar or 1-D tensor from a list of numbers.
template <typename T>
Tensor makeTensor(DType dtype, llvm::ArrayRef<T> values, bool scalar) {
  Shape shape;
  if (!scalar)
    shape.push_back(values.size());
  Tensor tensor(dtype, shape);
  for (auto [i, v] : llvm::enumerate(values)) {
    if constexpr (std::is_floating_point_v<T>)
      tensor.setFromDouble(i, v);
    else
      tensor.setFromInt(i, v);
  }
  return tensor;
}

llvm::Error convertConstant(ImportContext &ctx) {
  for (const onnx::AttributeProto &attr : ctx.getNode().attribute()) {
    llvm::StringRef name = attr.name();
    if (name == "value") {
      llvm::Expected<Tensor> value =
          tensorFromProto(attr.t(), "Constant value");
      if (!value)
        return value.takeError();
      ctx.setOutputConstant(0, *value);
    } else if (name == "value_float") {
      float v = attr.f();
      ctx.setOutputConstant(0, makeTensor<float>(DType::Float32, v, true));
    } else if (name == "value_floats") {
      std::vector<float> v(attr.floats().begin(), attr.floats().end());
      ctx.setOutputConstant(0, makeTensor<float>(DType::Float32, v, false));
    } else if (name == "value_int") {
      int64_t v = attr.i();
      ctx.setOutputConstant(0, makeTensor<int64_t>(DType::Int64, v, true));
    } else if (name == "value_ints") {
      std::vector<int64_t> v(attr.ints().begin(), attr.ints().end());
      ctx.setOutputConstant(0, makeTensor<int64_t>(DType::Int64, v, false));
    } else {
      return ctx.unsupported("Constant attribute '" + name + "'");
    }
    return llvm::Error::success();
  }
  return ctx.malformed("Constant has no value attribute");
}

llvm::Error convertShape(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::ArrayRef<int64_t> shape = shapeOf(*x);
  int64_t rank = shape.size();
  auto clampIndex = [&](int64_t i) {
    i = i < 0 ? i + rank : i;
    return std::clamp<int64_t>(i, 0, rank);
  };
  int64_t start = clampIndex(ctx.intAttr("start", 0));
  int64_t end = clampIndex(ctx.intAttr("end", rank));
  std::vector<int64_t> dims(shape.begin() + start,
                            shape.begin() + std::max(start, end));
  ctx.setOutputConstant(0, makeTensor<int64_t>(DType::Int64, dims, false));
  return llvm::Error::success();
}

llvm::Error convertSize(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  int64_t size = getNumElements(shapeOf(*x));
  ctx.setOutputConstant(0, makeTensor<int64_t>(DType::Int64, size, true));
  return llvm::Error::success();
}

/// Dropout at inference time, or in training with ratio 0, is the
/// identity; the mask is all true. Training with a non-zero ratio draws
/// random numbers, which a reproducible reference cannot match.
llvm::Error convertDropout(ImportContext &ctx) {
  if (ctx.getNumInputs() > 2 && ctx.hasInput(2)) {
    llvm::Expected<Tensor> training = ctx.staticInput(2, "training_mode");
    if (!training)
      return training.takeError();
    bool isTraining = training->getNumElements() && training->getAsInt(0);
    double ratio = 0.5;
    if (isTraining && ctx.hasInput(1)) {
      llvm::Expected<Tensor> given = ctx.staticInput(1, "ratio");
      if (!given)
        return given.takeError();
      ratio = given->getNumElements() ? given->getAsDouble(0) : 0.5;
    }
    if (isTraining && ratio != 0)
      return ctx.unsupported("Dropout in training mode with a non-zero "
                             "ratio (random)");
  }
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  ctx.setOutput(0, *x);
  Tensor mask(DType::Bool, shapeOf(*x));
  for (int64_t i = 0; i < mask.getNumElements(); ++i)
    mask.setFromInt(i, 1);
  ctx.setOutputConstant(1, mask);
  return llvm::Error::success();
}
} // namespace

void registerDataMovementConverters(ConverterRegistry &registry) {
  // The versions of opsets 19 to 25 of these ops only add element types
  // (float8, int4, float4e2m1, float8e8m0, int2; Changelog.md); values of
  // types we lack are refused where tensors are read.
  registry.add("Reshape", convertReshape, {"allowzero", "shape"}, upTo(25));
  registry.add("Flatten", convertFlatten, {"axis"}, upTo(25));
  registry.add("Squeeze", convertSqueeze, {"axes"}, upTo(25));
  registry.add("Unsqueeze", convertUnsqueeze, {"axes"}, upTo(25));
  registry.add("Transpose", convertTranspose, {"perm"}, upTo(25));
  registry.add("Concat", convertConcat, {"axis"});
  registry.add("Constant", convertConstant,
               {"value", "value_float", "value_floats", "value_int",
                "value_ints", "value_string", "value_strings", "sparse_value"},
               upTo(25));
  registry.add("Shape", convertShape, {"start", "end"}, upTo(25));
  registry.add("Size", convertSize, {}, upTo(25));
  registry.add("Dropout", convertDropout, {"ratio", "seed", "is_test"},
               upTo(22));
}

} // namespace opencgc::onnx_import
