//===- MathConverters.cpp - ONNX converters of the math family -----===//
//
// The math ops name their attributes as ONNX does and default them as ONNX
// does (MathOps.td), so one template converts them all: it copies each
// attribute the node sets, typed like the op's default value.
//
//===----------------------------------------------------------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/MathOps.h"

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

/// Converts a one-input node to `OpTy`, copying the node's attributes that
/// the op declares: ONNX floats become f32 attributes, ONNX ints flags
/// (IsInf's detect_negative/detect_positive).
template <typename OpTy> llvm::Error convertMath(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  NamedAttrList defaults;
  OperationName(OpTy::getOperationName(), ctx.getContext())
      .populateDefaultAttrs(defaults);
  SmallVector<NamedAttribute> attrs;
  Builder &builder = ctx.getBuilder();
  for (NamedAttribute attr : defaults) {
    StringRef name = attr.getName().strref();
    if (!ctx.findAttr(name))
      continue;
    if (isa<BoolAttr>(attr.getValue()))
      attrs.push_back(
          ctx.namedAttr(name, builder.getBoolAttr(ctx.intAttr(name, 1) != 0)));
    else
      attrs.push_back(
          ctx.namedAttr(name, builder.getF32FloatAttr(ctx.floatAttr(name, 0))));
  }
  return setResult(ctx, ctx.create<OpTy>({*input}, attrs));
}

/// Mish (opset 18) = x * tanh(softplus(x)) (Operators.md, Mish), built
/// from ops the backends fuse as one elementwise chain.
llvm::Error convertMish(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::Expected<Value> softplus = ctx.create<cgc_op::SoftplusOp>({*x});
  if (!softplus)
    return softplus.takeError();
  llvm::Expected<Value> tanh = ctx.create<cgc_op::TanhOp>({*softplus});
  if (!tanh)
    return tanh.takeError();
  return setResult(ctx, ctx.create<cgc_op::MulOp>({*x, *tanh}));
}

/// x * sigmoid(alpha * x), alpha the node's attribute (default 1).
llvm::Expected<Value> swishOf(ImportContext &ctx, Value x) {
  llvm::Expected<Value> scaled = x;
  float alpha = ctx.floatAttr("alpha", 1.0f);
  if (alpha != 1.0f) {
    llvm::Expected<DType> dtype = ctx.inputDType(0);
    if (!dtype)
      return dtype.takeError();
    Tensor factor(*dtype, {});
    factor.setFromDouble(0, alpha);
    scaled = ctx.create<cgc_op::MulOp>(
        {x, ctx.syntheticConstant("alpha", std::move(factor))});
    if (!scaled)
      return scaled.takeError();
  }
  llvm::Expected<Value> gate = ctx.create<cgc_op::SigmoidOp>({*scaled});
  if (!gate)
    return gate.takeError();
  return ctx.create<cgc_op::MulOp>({x, *gate});
}

/// Swish (opset 24) = x * sigmoid(alpha * x) (Operators.md, Swish).
llvm::Error convertSwish(ImportContext &ctx) {
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  return setResult(ctx, swishOf(ctx, *x));
}

/// SwiGLU (opset 28) = Swish_alpha(A) * B with A and B of one shape
/// (Operators.md, SwiGLU: "broadcasting is not applied").
llvm::Error convertSwiGlu(ImportContext &ctx) {
  llvm::Expected<Value> gate = ctx.input(0);
  if (!gate)
    return gate.takeError();
  llvm::Expected<Value> linear = ctx.input(1);
  if (!linear)
    return linear.takeError();
  if (shapeOf(*gate) != shapeOf(*linear))
    return ctx.malformed("SwiGLU inputs A and B must have one shape");
  llvm::Expected<Value> swish = swishOf(ctx, *gate);
  if (!swish)
    return swish.takeError();
  return setResult(ctx, ctx.create<cgc_op::MulOp>({*swish, *linear}));
}

/// PRelu broadcasts slope unidirectionally from opset 7 on. Before, a 1-D
/// slope held one value per channel (dimension 1), so it is reshaped to
/// C x 1 x ... x 1 for numpy rules to agree.
llvm::Error convertPRelu(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  llvm::Expected<Value> slope = ctx.input(1);
  if (!slope)
    return slope.takeError();
  llvm::ArrayRef<int64_t> x = shapeOf(*input), s = shapeOf(*slope);
  if (ctx.getOpset() < 7 && s.size() == 1 && x.size() >= 2 && s[0] != 1 &&
      s[0] == x[1]) {
    Shape perChannel(x.size() - 1, 1);
    perChannel[0] = s[0];
    slope = reshapeTo(ctx, *slope, perChannel);
    if (!slope)
      return slope.takeError();
  }
  return setResult(ctx, ctx.create<cgc_op::PReluOp>({*input, *slope}));
}

} // namespace

void registerMathConverters(ConverterRegistry &registry) {
  // The versions of opsets 20, 22 and 28 only added element types
  // (bfloat16, float8; Celu-28 float16/double/bfloat16; Changelog.md).
  // Opset 1 versions carried `consumed_inputs`, a hint for in-place
  // execution without effect on the result.
  registry.add("Abs", convertMath<cgc_op::AbsOp>, {"consumed_inputs"});
  registry.add("Neg", convertMath<cgc_op::NegOp>, {"consumed_inputs"});
  registry.add("Sign", convertMath<cgc_op::SignOp>);
  registry.add("Ceil", convertMath<cgc_op::CeilOp>, {"consumed_inputs"});
  registry.add("Floor", convertMath<cgc_op::FloorOp>, {"consumed_inputs"});
  registry.add("Round", convertMath<cgc_op::RoundOp>, {}, upTo(22));
  registry.add("Reciprocal", convertMath<cgc_op::ReciprocalOp>,
               {"consumed_inputs"});
  registry.add("Sqrt", convertMath<cgc_op::SqrtOp>, {"consumed_inputs"});
  registry.add("Exp", convertMath<cgc_op::ExpOp>, {"consumed_inputs"});
  registry.add("Log", convertMath<cgc_op::LogOp>, {"consumed_inputs"});
  registry.add("Erf", convertMath<cgc_op::ErfOp>);
  registry.add("Sin", convertMath<cgc_op::SinOp>, {}, upTo(22));
  registry.add("Cos", convertMath<cgc_op::CosOp>, {}, upTo(22));
  registry.add("Tan", convertMath<cgc_op::TanOp>, {}, upTo(22));
  registry.add("Asin", convertMath<cgc_op::AsinOp>, {}, upTo(22));
  registry.add("Acos", convertMath<cgc_op::AcosOp>, {}, upTo(22));
  registry.add("Atan", convertMath<cgc_op::AtanOp>, {}, upTo(22));
  registry.add("Sinh", convertMath<cgc_op::SinhOp>, {}, upTo(22));
  registry.add("Cosh", convertMath<cgc_op::CoshOp>, {}, upTo(22));
  registry.add("Asinh", convertMath<cgc_op::AsinhOp>, {}, upTo(22));
  registry.add("Acosh", convertMath<cgc_op::AcoshOp>, {}, upTo(22));
  registry.add("Atanh", convertMath<cgc_op::AtanhOp>, {}, upTo(22));
  registry.add("Not", convertMath<cgc_op::NotOp>);
  registry.add("IsNaN", convertMath<cgc_op::IsNanOp>, {}, upTo(20));
  registry.add("IsInf", convertMath<cgc_op::IsInfOp>,
               {"detect_negative", "detect_positive"}, upTo(20));
  registry.add("Softplus", convertMath<cgc_op::SoftplusOp>, {}, upTo(22));
  registry.add("Softsign", convertMath<cgc_op::SoftsignOp>, {}, upTo(22));
  registry.add("HardSwish", convertMath<cgc_op::HardSwishOp>, {}, upTo(22));
  registry.add("Mish", convertMish, {}, upTo(22));
  registry.add("Swish", convertSwish, {"alpha"});
  registry.add("SwiGLU", convertSwiGlu, {"alpha"});
  registry.add("Elu", convertMath<cgc_op::EluOp>, {"alpha", "consumed_inputs"},
               upTo(22));
  registry.add("Selu", convertMath<cgc_op::SeluOp>,
               {"alpha", "gamma", "consumed_inputs"}, upTo(22));
  registry.add("LeakyRelu", convertMath<cgc_op::LeakyReluOp>,
               {"alpha", "consumed_inputs"});
  registry.add("HardSigmoid", convertMath<cgc_op::HardSigmoidOp>,
               {"alpha", "beta", "consumed_inputs"}, upTo(22));
  registry.add("ThresholdedRelu", convertMath<cgc_op::ThresholdedReluOp>,
               {"alpha"}, upTo(22));
  registry.add("Celu", convertMath<cgc_op::CeluOp>, {"alpha"}, upTo(28));
  registry.add("Shrink", convertMath<cgc_op::ShrinkOp>, {"bias", "lambd"});
  registry.add("PRelu", convertPRelu, {"consumed_inputs"});
}

} // namespace opencgc::onnx_import
