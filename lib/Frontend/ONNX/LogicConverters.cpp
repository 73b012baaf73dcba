//===- LogicConverters.cpp - ONNX converters of the logic family -----===//
//
// Pow, Mod, BitShift, BitwiseAnd/Or/Xor/Not, the logic and comparison
// ops, Max/Min/Sum/Mean, Where, Clip, Cast and CastLike. Opset differences
// handled here: legacy `broadcast`/`axis` attributes (opset < 7), Clip
// bounds as attributes (opset < 11) or optional inputs, Cast's `to` as a
// string (opset < 6).
//
//===----------------------------------------------------------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/LogicOps.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

/// Creates `OpTy` from the node's inputs and attributes and defines output 0.
template <typename OpTy>
llvm::Error emit(ImportContext &ctx, ValueRange operands,
                 ArrayRef<NamedAttribute> attrs = {}) {
  return setResult(ctx, ctx.create<OpTy>(operands, attrs));
}

template <typename OpTy> llvm::Error convertVariadic(ImportContext &ctx) {
  auto inputs = inputValues(ctx, ctx.getNumInputs());
  if (!inputs)
    return inputs.takeError();
  return emit<OpTy>(ctx, *inputs);
}

llvm::Error convertMod(ImportContext &ctx) {
  auto inputs = inputValues(ctx, ctx.getNumInputs());
  if (!inputs)
    return inputs.takeError();
  return emit<cgc_op::ModOp>(
      ctx, *inputs,
      {ctx.namedAttr(
          "fmod", ctx.getBuilder().getI64IntegerAttr(ctx.intAttr("fmod", 0)))});
}

llvm::Error convertBitShift(ImportContext &ctx) {
  auto inputs = inputValues(ctx, ctx.getNumInputs());
  if (!inputs)
    return inputs.takeError();
  if (!ctx.findAttr("direction"))
    return ctx.malformed("BitShift needs attribute 'direction'");
  return emit<cgc_op::BitShiftOp>(
      ctx, *inputs,
      {ctx.namedAttr("direction", ctx.getBuilder().getStringAttr(
                                      ctx.stringAttr("direction", "")))});
}

llvm::Error convertWhere(ImportContext &ctx) {
  auto inputs = inputValues(ctx, ctx.getNumInputs());
  if (!inputs)
    return inputs.takeError();
  return emit<cgc_op::WhereOp>(ctx, *inputs);
}

/// Clip before opset 11: bounds are the float attributes min and max.
/// From 11 on they are optional inputs, static when known at import time.
llvm::Error convertClip(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  OpBuilder &b = ctx.getBuilder();
  SmallVector<NamedAttribute> attrs;
  SmallVector<Value> operands = {*input};
  if (ctx.getOpset() < 11) {
    if (ctx.findAttr("min"))
      attrs.push_back(ctx.namedAttr(
          "min_value", b.getF64FloatAttr(ctx.floatAttr("min", 0))));
    if (ctx.findAttr("max"))
      attrs.push_back(ctx.namedAttr(
          "max_value", b.getF64FloatAttr(ctx.floatAttr("max", 0))));
    return emit<cgc_op::ClipOp>(ctx, operands, attrs);
  }
  SmallVector<Value> dynamic;
  bool hasDynamic = false;
  for (auto [index, name] :
       {std::pair<unsigned, StringRef>{1, "min_value"}, {2, "max_value"}}) {
    if (!ctx.hasInput(index)) {
      // No limit; spelled as an infinite attribute only when the other side
      // is an operand, so the operands stay unambiguous.
      double unbounded = index == 1 ? -INFINITY : INFINITY;
      attrs.push_back(ctx.namedAttr(name, b.getF64FloatAttr(unbounded)));
      continue;
    }
    llvm::Expected<Tensor> bound = ctx.staticInput(index, name);
    if (bound && bound->getNumElements() == 1) {
      attrs.push_back(
          ctx.namedAttr(name, b.getF64FloatAttr(bound->getAsDouble(0))));
      continue;
    }
    llvm::consumeError(bound.takeError());
    llvm::Expected<Value> value = ctx.input(index);
    if (!value)
      return value.takeError();
    operands.push_back(*value);
    hasDynamic = true;
  }
  if (!hasDynamic) // Attributes only: infinities are the default anyway.
    llvm::erase_if(attrs, [](NamedAttribute attr) {
      return std::isinf(cast<FloatAttr>(attr.getValue()).getValueAsDouble());
    });
  return emit<cgc_op::ClipOp>(ctx, operands, attrs);
}

/// The element type an ONNX Cast targets: `to` is a TensorProto data type,
/// or its name as a string before opset 6.
llvm::Expected<DType> castTarget(ImportContext &ctx) {
  const onnx::AttributeProto *to = ctx.findAttr("to");
  if (!to)
    return ctx.malformed("Cast needs attribute 'to'");
  int64_t dataType = ctx.intAttr("to", 0);
  if (to->type() == onnx::AttributeProto::STRING) {
    std::string name = ctx.stringAttr("to", "");
    onnx::TensorProto::DataType parsed;
    if (!onnx::TensorProto::DataType_Parse(name, &parsed))
      return ctx.malformed("Cast target '" + name + "' is not a data type");
    dataType = parsed;
  }
  std::optional<DType> dtype = dtypeFromOnnx(static_cast<int32_t>(dataType));
  if (!dtype)
    return ctx.unsupported("Cast to ONNX data type " + llvm::Twine(dataType) +
                           " is not supported");
  return *dtype;
}

llvm::Error emitCast(ImportContext &ctx, DType target) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  Type element = getElementType(ctx.getContext(), target);
  llvm::SmallVector<NamedAttribute, 3> attrs = {
      ctx.namedAttr("to", TypeAttr::get(element))};
  // Cast-19 `saturate` and Cast-24 `round_mode`: float8 targets only.
  if (ctx.findAttr("saturate"))
    attrs.push_back(ctx.namedAttr(
        "saturate",
        BoolAttr::get(ctx.getContext(), ctx.intAttr("saturate", 1) != 0)));
  if (ctx.findAttr("round_mode")) {
    std::string mode = ctx.stringAttr("round_mode", "up");
    if (mode != "up" && mode != "down" && mode != "nearest")
      return ctx.malformed("Cast round_mode '" + mode +
                           "' is not up, down or nearest");
    attrs.push_back(
        ctx.namedAttr("round_mode", StringAttr::get(ctx.getContext(), mode)));
  }
  return emit<cgc_op::CastOp>(ctx, {*input}, attrs);
}

/// BitCast (opset 26): the bits of each element as the type `to` names,
/// which must be as wide (checked by the op).
llvm::Error convertBitCast(ImportContext &ctx) {
  llvm::Expected<DType> target = castTarget(ctx);
  if (!target)
    return target.takeError();
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  Type element = getElementType(ctx.getContext(), *target);
  return emit<cgc_op::BitCastOp>(ctx, {*input},
                                 {ctx.namedAttr("to", TypeAttr::get(element))});
}

llvm::Error convertCast(ImportContext &ctx) {
  llvm::Expected<DType> target = castTarget(ctx);
  if (!target)
    return target.takeError();
  return emitCast(ctx, *target);
}

llvm::Error convertCastLike(ImportContext &ctx) {
  llvm::Expected<DType> target = ctx.inputDType(1);
  if (!target)
    return target.takeError();
  return emitCast(ctx, *target);
}

} // namespace

void registerLogicConverters(ConverterRegistry &registry) {
  using namespace cgc_op;
  // Opset < 7 binary ops carry the legacy broadcast attributes.
  const std::initializer_list<llvm::StringRef> legacy = {"broadcast", "axis"};
  registry.add("Pow", convertBinary<PowOp>, legacy);
  registry.add("And", convertBinary<AndOp>, legacy);
  registry.add("Or", convertBinary<OrOp>, legacy);
  registry.add("Xor", convertBinary<XorOp>, legacy);
  // Equal-19 adds strings, which we refuse as values.
  registry.add("Equal", convertBinary<EqualOp>, legacy, upTo(19));
  registry.add("Greater", convertBinary<GreaterOp>, legacy);
  registry.add("GreaterOrEqual", convertBinary<GreaterOrEqualOp>);
  registry.add("Less", convertBinary<LessOp>, legacy);
  registry.add("LessOrEqual", convertBinary<LessOrEqualOp>);
  registry.add("Mod", convertMod, {"fmod"});
  registry.add("BitShift", convertBitShift, {"direction"});
  // Opset 18: integer tensors of one type, numpy broadcasting.
  registry.add("BitwiseAnd", convertBinary<BitwiseAndOp>);
  registry.add("BitwiseOr", convertBinary<BitwiseOrOp>);
  registry.add("BitwiseXor", convertBinary<BitwiseXorOp>);
  registry.add("BitwiseNot", convertUnary<BitwiseNotOp>);
  registry.add("BitCast", convertBitCast, {"to"});
  // consumed_inputs (opset 1) is a legacy memory hint without semantics.
  registry.add("Max", convertVariadic<MaxOp>, {"consumed_inputs"});
  registry.add("Min", convertVariadic<MinOp>, {"consumed_inputs"});
  registry.add("Sum", convertVariadic<SumOp>, {"consumed_inputs"});
  registry.add("Mean", convertVariadic<MeanOp>, {"consumed_inputs"});
  registry.add("Where", convertWhere);
  registry.add("Clip", convertClip, {"min", "max", "consumed_inputs"});
  // Cast and CastLike: 19 adds float8 and `saturate`, 21 int4, 23
  // float4e2m1, 24 float8e8m0 and `round_mode`, 25 int2 (Changelog.md).
  // saturate and round_mode only apply to float8 targets (emitCast).
  registry.add("Cast", convertCast, {"to", "saturate", "round_mode"}, upTo(25));
  registry.add("CastLike", convertCastLike, {"saturate", "round_mode"},
               upTo(25));
}

} // namespace opencgc::onnx_import
