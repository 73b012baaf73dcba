//===- ScalarOps.cpp - cgc_op ops as scalar arith/math code ---------------===//
//
// Semantics follow the reference kernels (lib/ReferenceKernels), computed
// in f32. NaN-propagating minimumf/maximumf stand in for numpy's
// "NaN wins" max/min.
//
//===----------------------------------------------------------------------===//
#include "ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/LogicOps.h"
#include "opencgc/Dialect/CGCOp/MathOps.h"
#include "opencgc/Dialect/CGCOp/NormalizationOps.h"
#include "llvm/ADT/StringMap.h"

#include <cmath>
#include <limits>

using namespace mlir;
using arith::CmpFPredicate;

namespace opencgc::codegen {
namespace {

/// Shorthands for the scalar code of one op.
struct Emitter {
  OpBuilder &b;
  Location loc;

  Value f(double value) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value max(Value x, Value y) {
    return arith::MaximumFOp::create(b, loc, x, y);
  }
  Value min(Value x, Value y) {
    return arith::MinimumFOp::create(b, loc, x, y);
  }
  Value cmp(CmpFPredicate predicate, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }
  Value expm1(Value x) { return math::ExpM1Op::create(b, loc, x); }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value tanh(Value x) {
    // |x| > 10 rounds to +-1 in f32; clamping keeps a GLSL-style
    // (e^2x - 1) / (e^2x + 1) expansion away from inf / inf.
    Value large = math::TanhOp::create(b, loc, min(max(x, f(-10)), f(10)));
    // That expansion also loses the digits of small x (1e-3 relative at
    // 1e-4: Mish at -10, ONNX test_mish, on Vulkan); below 0.1 the series
    // x - x^3/3 + 2x^5/15 is within 6e-8 relative.
    Value x2 = mul(x, x);
    Value series =
        mul(x, add(f(1), mul(x2, add(f(-1.0 / 3), mul(x2, f(2.0 / 15))))));
    return select(cmp(CmpFPredicate::OLT, abs(x), f(0.1)), series, large);
  }
  Value boolean(bool value) {
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), value);
  }
};

double attr(llvm::APFloat value) { return value.convertToDouble(); }

template <typename MathOp>
Value unaryMath(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return MathOp::create(b, loc, in[0]);
}

template <typename ArithOp>
Value binaryArith(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return ArithOp::create(b, loc, in[0], in[1]);
}

template <CmpFPredicate predicate>
Value compare(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return Emitter{b, loc}.cmp(predicate, in[0], in[1]);
}

/// Left fold of a variadic op's operands.
template <typename ArithOp>
Value fold(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Value value = in[0];
  for (Value next : in.drop_front())
    value = ArithOp::create(b, loc, value, next);
  return value;
}

Value mean(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  return e.div(fold<arith::AddFOp>(b, loc, op, in), e.f(in.size()));
}

Value relu(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Emitter e{b, loc};
  return e.select(e.cmp(CmpFPredicate::OGT, in[0], e.f(0)), in[0], e.f(0));
}

Value sigmoid(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Emitter e{b, loc};
  return e.div(e.f(1), e.add(e.f(1), e.exp(e.neg(in[0]))));
}

Value tanhOp(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return Emitter{b, loc}.tanh(in[0]);
}

Value gelu(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  Value x = in[0];
  Value inner;
  if (cast<cgc_op::GeluOp>(op).getApproximate() == "tanh") {
    Value cube = e.mul(e.mul(x, x), x);
    inner = e.tanh(e.mul(e.f(std::sqrt(2.0 / M_PI)),
                         e.add(x, e.mul(e.f(0.044715), cube))));
  } else {
    inner = math::ErfOp::create(b, loc, e.div(x, e.f(std::sqrt(2.0))));
  }
  return e.mul(e.mul(e.f(0.5), x), e.add(e.f(1), inner));
}

/// Inference batch_normalization at one element, its [C] parameters read
/// at the element's channel: (x - mean) * (scale / sqrt(variance +
/// epsilon)) + bias, as the reference kernel.
Value batchNormalization(OpBuilder &b, Location loc, Operation *op,
                         ValueRange in) {
  Emitter e{b, loc};
  double epsilon = attr(cast<cgc_op::BatchNormalizationOp>(op).getEpsilon());
  Value stdDev = math::SqrtOp::create(b, loc, e.add(in[4], e.f(epsilon)));
  return e.add(e.mul(e.sub(in[0], in[3]), e.div(in[1], stdDev)), in[2]);
}

Value neg(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return Emitter{b, loc}.neg(in[0]);
}

Value reciprocal(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Emitter e{b, loc};
  return e.div(e.f(1), in[0]);
}

Value sign(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  // Zero and NaN map to themselves.
  Emitter e{b, loc};
  Value x = in[0];
  Value negative = e.select(e.cmp(CmpFPredicate::OLT, x, e.f(0)), e.f(-1), x);
  return e.select(e.cmp(CmpFPredicate::OGT, x, e.f(0)), e.f(1), negative);
}

/// log1p(y) that keeps the digits of small y: log(u) * y / (u - 1) with
/// u = 1 + y, and y itself where u rounds to 1 (Goldberg, "What every
/// computer scientist should know about floating-point arithmetic").
/// math.log1p lowers to log(1 + y) for SPIR-V, which made softplus(-10)
/// (and Mish there, ONNX test_mish) 3e-3 off relatively on Vulkan.
Value preciseLog1p(Emitter &e, Value y) {
  Value u = e.add(e.f(1), y);
  Value uMinusOne = e.sub(u, e.f(1));
  Value scaled = e.div(e.mul(math::LogOp::create(e.b, e.loc, u), y), uMinusOne);
  return e.select(e.cmp(CmpFPredicate::OEQ, uMinusOne, e.f(0)), y, scaled);
}

Value softplus(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  // x + log1p(e^-x) for x > 0 keeps e^x from overflowing.
  Emitter e{b, loc};
  Value x = in[0];
  Value positive = e.add(x, preciseLog1p(e, e.exp(e.neg(x))));
  Value other = preciseLog1p(e, e.exp(x));
  return e.select(e.cmp(CmpFPredicate::OGT, x, e.f(0)), positive, other);
}

Value softsign(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Emitter e{b, loc};
  return e.div(in[0], e.add(e.f(1), e.abs(in[0])));
}

Value hardSwish(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Emitter e{b, loc};
  Value x = in[0];
  Value gate = e.max(e.f(0), e.min(e.f(1), e.add(e.div(x, e.f(6)), e.f(0.5))));
  return e.mul(x, gate);
}

Value elu(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  Value x = in[0];
  double alpha = attr(cast<cgc_op::EluOp>(op).getAlpha());
  return e.select(e.cmp(CmpFPredicate::OGE, x, e.f(0)), x,
                  e.mul(e.f(alpha), e.expm1(x)));
}

Value selu(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  auto selu = cast<cgc_op::SeluOp>(op);
  Value x = in[0];
  Value value = e.select(e.cmp(CmpFPredicate::OGT, x, e.f(0)), x,
                         e.mul(e.f(attr(selu.getAlpha())), e.expm1(x)));
  return e.mul(e.f(attr(selu.getGamma())), value);
}

Value leakyRelu(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  Value x = in[0];
  double alpha = attr(cast<cgc_op::LeakyReluOp>(op).getAlpha());
  return e.select(e.cmp(CmpFPredicate::OGE, x, e.f(0)), x,
                  e.mul(e.f(alpha), x));
}

Value hardSigmoid(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  auto hard = cast<cgc_op::HardSigmoidOp>(op);
  Value linear = e.add(e.mul(e.f(attr(hard.getAlpha())), in[0]),
                       e.f(attr(hard.getBeta())));
  return e.max(e.f(0), e.min(e.f(1), linear));
}

Value thresholdedRelu(OpBuilder &b, Location loc, Operation *op,
                      ValueRange in) {
  Emitter e{b, loc};
  double alpha = attr(cast<cgc_op::ThresholdedReluOp>(op).getAlpha());
  return e.select(e.cmp(CmpFPredicate::OGT, in[0], e.f(alpha)), in[0], e.f(0));
}

Value celu(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  Value x = in[0];
  double alpha = attr(cast<cgc_op::CeluOp>(op).getAlpha());
  Value negative = e.mul(e.f(alpha), e.expm1(e.div(x, e.f(alpha))));
  return e.add(e.max(e.f(0), x), e.min(e.f(0), negative));
}

Value shrink(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  auto shrink = cast<cgc_op::ShrinkOp>(op);
  double bias = attr(shrink.getBias()), lambd = attr(shrink.getLambd());
  Value x = in[0];
  Value above = e.select(e.cmp(CmpFPredicate::OGT, x, e.f(lambd)),
                         e.sub(x, e.f(bias)), e.f(0));
  return e.select(e.cmp(CmpFPredicate::OLT, x, e.f(-lambd)),
                  e.add(x, e.f(bias)), above);
}

Value prelu(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Emitter e{b, loc};
  return e.select(e.cmp(CmpFPredicate::OGE, in[0], e.f(0)), in[0],
                  e.mul(in[1], in[0]));
}

/// C pow on top of a pow that is only defined for positive bases (GLSL):
/// negative bases need an integer exponent (odd ones negate), zero bases
/// give 0 or inf, and x^0 is 1 even for NaN.
Value powOp(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Emitter e{b, loc};
  Value x = in[0], y = in[1];
  Value magnitude = math::PowFOp::create(b, loc, e.abs(x), y);
  Value integral =
      e.cmp(CmpFPredicate::OEQ, math::FloorOp::create(b, loc, y), y);
  Value half = e.mul(y, e.f(0.5));
  Value odd = arith::AndIOp::create(
      b, loc, integral,
      e.cmp(CmpFPredicate::ONE, math::FloorOp::create(b, loc, half), half));
  Value negativeBase =
      e.select(integral, e.select(odd, e.neg(magnitude), magnitude),
               e.f(std::numeric_limits<double>::quiet_NaN()));
  Value zeroBase = e.select(e.cmp(CmpFPredicate::OGT, y, e.f(0)), e.f(0),
                            e.f(std::numeric_limits<double>::infinity()));
  Value result =
      e.select(e.cmp(CmpFPredicate::OLT, x, e.f(0)), negativeBase, magnitude);
  result = e.select(e.cmp(CmpFPredicate::OEQ, x, e.f(0)), zeroBase, result);
  return e.select(e.cmp(CmpFPredicate::OEQ, y, e.f(0)), e.f(1), result);
}

Value roundOp(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  // ONNX Round: halves to even.
  return math::RoundEvenOp::create(b, loc, in[0]);
}

/// A static clip bound, or null for none (absent or infinite).
Value clipAttrBound(Emitter &e, FloatAttr bound) {
  if (!bound || std::isinf(bound.getValueAsDouble()))
    return {};
  return e.f(bound.getValueAsDouble());
}

Value clip(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  auto clip = cast<cgc_op::ClipOp>(op);
  // Bound operands fill the sides without attributes, min first.
  size_t next = 1;
  Value lo = clipAttrBound(e, clip.getMinValueAttr());
  if (!clip.getMinValueAttr() && next < in.size())
    lo = in[next++];
  Value hi = clipAttrBound(e, clip.getMaxValueAttr());
  if (!clip.getMaxValueAttr() && next < in.size())
    hi = in[next++];
  // Min first, then max, so min > max gives max.
  Value value = in[0];
  if (lo)
    value = e.select(e.cmp(CmpFPredicate::OLT, value, lo), lo, value);
  if (hi)
    value = e.select(e.cmp(CmpFPredicate::OGT, value, hi), hi, value);
  return value;
}

Value where(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return Emitter{b, loc}.select(in[0], in[1], in[2]);
}

Value notOp(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Emitter e{b, loc};
  return arith::XOrIOp::create(b, loc, in[0], e.boolean(true));
}

Value isNan(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return Emitter{b, loc}.cmp(CmpFPredicate::UNO, in[0], in[0]);
}

Value isInf(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  auto isInf = cast<cgc_op::IsInfOp>(op);
  double inf = std::numeric_limits<double>::infinity();
  Value result = e.boolean(false);
  if (isInf.getDetectPositive())
    result = arith::OrIOp::create(b, loc, result,
                                  e.cmp(CmpFPredicate::OEQ, in[0], e.f(inf)));
  if (isInf.getDetectNegative())
    result = arith::OrIOp::create(b, loc, result,
                                  e.cmp(CmpFPredicate::OEQ, in[0], e.f(-inf)));
  return result;
}

Value integerZero(OpBuilder &b, Location loc, Value like) {
  return arith::ConstantIntOp::create(b, loc, like.getType(), 0);
}

/// The scalar type of integer element type `element` (i64 or i32), or
/// null for any other.
Type integerScalarType(OpBuilder &b, Type element) {
  if (isa<cgc::Int64Type>(element))
    return b.getI64Type();
  if (isa<cgc::Int32Type>(element))
    return b.getI32Type();
  return {};
}

/// Integer to integer sign-extends or truncates (wraps, as the reference).
Value castInteger(OpBuilder &b, Location loc, Value x, Type to) {
  unsigned from = x.getType().getIntOrFloatBitWidth();
  if (from == 1) // bool: 0 or 1
    return arith::ExtUIOp::create(b, loc, to, x);
  if (from == to.getIntOrFloatBitWidth())
    return x;
  if (from < to.getIntOrFloatBitWidth())
    return arith::ExtSIOp::create(b, loc, to, x);
  return arith::TruncIOp::create(b, loc, to, x);
}

/// Float <-> float rounds through the target type; bool is x != 0; an
/// integer scalar (i32, i64) converts to float by rounding and from float
/// by truncation toward zero (ONNX leaves values out of range undefined).
Value castOp(OpBuilder &b, Location loc, Operation *op, ValueRange in) {
  Emitter e{b, loc};
  Type to = cast<cgc_op::CastOp>(op).getTo();
  Value x = in[0];
  bool fromBool = x.getType().isInteger(1);
  bool fromInteger = x.getType().isInteger() && !fromBool;
  if (isa<cgc::BoolType>(to)) {
    if (fromInteger)
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x,
                                   integerZero(b, loc, x));
    return fromBool ? x : e.cmp(CmpFPredicate::UNE, x, e.f(0));
  }
  if (Type integer = integerScalarType(b, to)) {
    if (fromBool || fromInteger)
      return castInteger(b, loc, x, integer);
    return arith::FPToSIOp::create(b, loc, integer, x);
  }
  if (fromBool)
    return e.select(x, e.f(1), e.f(0));
  if (fromInteger)
    x = arith::SIToFPOp::create(b, loc, b.getF32Type(), x);
  if (isa<cgc::Float16Type>(to)) {
    Value half = arith::TruncFOp::create(b, loc, b.getF16Type(), x);
    return arith::ExtFOp::create(b, loc, b.getF32Type(), half);
  }
  return x;
}

// Integer ops, wrapping on overflow as the reference's two's complement.
// Division and mod stay on the reference device: a zero divisor is an
// error there, which a kernel cannot report (and traps on the host grids).

Value integerNeg(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return arith::SubIOp::create(b, loc, integerZero(b, loc, in[0]), in[0]);
}

Value integerAbs(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         in[0], integerZero(b, loc, in[0]));
  return arith::SelectOp::create(b, loc, negative,
                                 integerNeg(b, loc, nullptr, in), in[0]);
}

Value integerSign(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  Value x = in[0], zero = integerZero(b, loc, x);
  Value positive = arith::ExtUIOp::create(
      b, loc, x.getType(),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, x, zero));
  Value negative = arith::ExtUIOp::create(
      b, loc, x.getType(),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero));
  return arith::SubIOp::create(b, loc, positive, negative);
}

template <arith::CmpIPredicate predicate>
Value compareIntegers(OpBuilder &b, Location loc, Operation *, ValueRange in) {
  return arith::CmpIOp::create(b, loc, predicate, in[0], in[1]);
}

const llvm::StringMap<ScalarOpInfo> &integerScalarOps() {
  using R = TypeRule;
  using P = arith::CmpIPredicate;
  static const llvm::StringMap<ScalarOpInfo> ops = {
      {"add", {R::Integer, binaryArith<arith::AddIOp>}},
      {"sub", {R::Integer, binaryArith<arith::SubIOp>}},
      {"mul", {R::Integer, binaryArith<arith::MulIOp>}},
      {"neg", {R::Integer, integerNeg}},
      {"abs", {R::Integer, integerAbs}},
      {"sign", {R::Integer, integerSign}},
      {"max", {R::Integer, fold<arith::MaxSIOp>}},
      {"min", {R::Integer, fold<arith::MinSIOp>}},
      {"where", {R::Where, where}},
      {"equal", {R::IntegerCompare, compareIntegers<P::eq>}},
      {"greater", {R::IntegerCompare, compareIntegers<P::sgt>}},
      {"greater_or_equal", {R::IntegerCompare, compareIntegers<P::sge>}},
      {"less", {R::IntegerCompare, compareIntegers<P::slt>}},
      {"less_or_equal", {R::IntegerCompare, compareIntegers<P::sle>}},
      {"cast", {R::Cast, castOp}},
  };
  return ops;
}

const llvm::StringMap<ScalarOpInfo> &scalarOps() {
  using R = TypeRule;
  static const llvm::StringMap<ScalarOpInfo> ops = {
      {"add", {R::Float, binaryArith<arith::AddFOp>}},
      {"sub", {R::Float, binaryArith<arith::SubFOp>}},
      {"mul", {R::Float, binaryArith<arith::MulFOp>}},
      {"div", {R::Float, binaryArith<arith::DivFOp>}},
      // Float mod always has fmod = 1 (shape inference enforces it): C fmod.
      {"mod", {R::Float, binaryArith<arith::RemFOp>}},
      {"pow", {R::Float, powOp}},
      {"relu", {R::Float, relu}},
      {"sigmoid", {R::Float, sigmoid}},
      {"tanh", {R::Float, tanhOp}},
      {"gelu", {R::Float, gelu}},
      {"abs", {R::Float, unaryMath<math::AbsFOp>}},
      {"neg", {R::Float, neg}},
      {"sign", {R::Float, sign}},
      {"ceil", {R::Float, unaryMath<math::CeilOp>}},
      {"floor", {R::Float, unaryMath<math::FloorOp>}},
      {"round", {R::Float, roundOp}},
      {"reciprocal", {R::Float, reciprocal}},
      {"sqrt", {R::Float, unaryMath<math::SqrtOp>}},
      {"exp", {R::Float, unaryMath<math::ExpOp>}},
      {"log", {R::Float, unaryMath<math::LogOp>}},
      {"erf", {R::Float, unaryMath<math::ErfOp>}},
      {"sin", {R::Float, unaryMath<math::SinOp>}},
      {"cos", {R::Float, unaryMath<math::CosOp>}},
      {"tan", {R::Float, unaryMath<math::TanOp>}},
      {"asin", {R::Float, unaryMath<math::AsinOp>}},
      {"acos", {R::Float, unaryMath<math::AcosOp>}},
      {"atan", {R::Float, unaryMath<math::AtanOp>}},
      {"sinh", {R::Float, unaryMath<math::SinhOp>}},
      {"cosh", {R::Float, unaryMath<math::CoshOp>}},
      {"asinh", {R::Float, unaryMath<math::AsinhOp>}},
      {"acosh", {R::Float, unaryMath<math::AcoshOp>}},
      {"atanh", {R::Float, unaryMath<math::AtanhOp>}},
      {"softplus", {R::Float, softplus}},
      {"softsign", {R::Float, softsign}},
      {"hard_swish", {R::Float, hardSwish}},
      {"elu", {R::Float, elu}},
      {"selu", {R::Float, selu}},
      {"leaky_relu", {R::Float, leakyRelu}},
      {"hard_sigmoid", {R::Float, hardSigmoid}},
      {"thresholded_relu", {R::Float, thresholdedRelu}},
      {"celu", {R::Float, celu}},
      {"shrink", {R::Float, shrink}},
      {"prelu", {R::Float, prelu}},
      {"max", {R::Float, fold<arith::MaximumFOp>}},
      {"min", {R::Float, fold<arith::MinimumFOp>}},
      {"sum", {R::Float, fold<arith::AddFOp>}},
      {"mean", {R::Float, mean}},
      {"clip", {R::Float, clip}},
      {"where", {R::Where, where}},
      {"equal", {R::Compare, compare<CmpFPredicate::OEQ>}},
      {"greater", {R::Compare, compare<CmpFPredicate::OGT>}},
      {"greater_or_equal", {R::Compare, compare<CmpFPredicate::OGE>}},
      {"less", {R::Compare, compare<CmpFPredicate::OLT>}},
      {"less_or_equal", {R::Compare, compare<CmpFPredicate::OLE>}},
      {"is_nan", {R::Compare, isNan}},
      {"is_inf", {R::Compare, isInf}},
      {"not", {R::Bool, notOp}},
      {"and", {R::Bool, binaryArith<arith::AndIOp>}},
      {"or", {R::Bool, binaryArith<arith::OrIOp>}},
      {"xor", {R::Bool, binaryArith<arith::XOrIOp>}},
      {"cast", {R::Cast, castOp}},
      // Per channel, not numpy broadcasting: only the kernels that read its
      // parameters through isChannelParameter accept it (checkPerElementOp).
      {"batch_normalization", {R::Float, batchNormalization}},
  };
  return ops;
}

} // namespace

bool computesOnIntegers(Operation *op) {
  auto isInteger = [](Type type) {
    auto tensor = dyn_cast<cgc::TensorType>(type);
    return tensor &&
           isa<cgc::Int64Type, cgc::Int32Type>(tensor.getElementType());
  };
  if (isa<cgc_op::CastOp>(op))
    return llvm::any_of(op->getResultTypes(), isInteger);
  return llvm::any_of(op->getOperandTypes(), isInteger) ||
         llvm::any_of(op->getResultTypes(), isInteger);
}

const ScalarOpInfo *lookupScalarOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("cgc_op."))
    return nullptr;
  const llvm::StringMap<ScalarOpInfo> &ops =
      computesOnIntegers(op) ? integerScalarOps() : scalarOps();
  auto it = ops.find(name);
  return it == ops.end() ? nullptr : &it->second;
}

} // namespace opencgc::codegen
