//===- MathKernels.cpp - Reference kernels of the math family ------===//
//
// One kernel template maps every element through a functor. A functor is
// built once per op execution (reading the op's attributes), says which
// storage types it supports, and computes in ComputeType<T> (float for
// float16 and bfloat16); activations with float attributes compute in
// double and round once on store.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/MathOps.h"

#include <cmath>

using namespace mlir;

namespace opencgc::reference {
namespace {

template <typename T> constexpr bool isFloating() {
  return std::is_floating_point_v<ComputeType<T>>;
}

/// Supported storage types of a functor, matching the op's inference
/// domain (lib/Dialect/CGCOp/MathInference.cpp).
struct FloatDomain {
  template <typename T> static constexpr bool supports = isFloating<T>();
};
struct SignedDomain {
  template <typename T>
  static constexpr bool supports = isFloating<T>() ||
                                   (std::is_signed_v<T> &&
                                    !std::is_same_v<T, bool>);
};
struct NumericDomain {
  template <typename T>
  static constexpr bool supports = !std::is_same_v<T, bool>;
};
struct BoolDomain {
  template <typename T>
  static constexpr bool supports = std::is_same_v<T, bool>;
};

/// A functor without attributes.
template <typename Domain> struct Stateless : Domain {
  static constexpr bool predicate = false;
  explicit Stateless(Operation *) {}
};

/// Maps `Fn` over the single input; predicates store bool results.
template <typename Fn>
llvm::Expected<TensorList> unaryKernel(Operation *op,
                                       llvm::ArrayRef<Tensor> in) {
  Fn fn(op);
  Tensor out = allocateResult(op);
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (!Fn::template supports<T>) {
      return false;
    } else {
      using C = ComputeType<T>;
      const T *x = in[0].getData<T>();
      int64_t count = out.getNumElements();
      if constexpr (Fn::predicate) {
        bool *o = out.getData<bool>();
        for (int64_t i = 0; i < count; ++i)
          o[i] = fn(C(x[i]));
      } else {
        T *o = out.getData<T>();
        for (int64_t i = 0; i < count; ++i)
          o[i] = T(fn(C(x[i])));
      }
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

// Attribute-free functions: NAME##Fn computes EXPR from `x`.
#define OPENCGC_MATH_FN(NAME, DOMAIN, EXPR)                                    \
  struct NAME##Fn : Stateless<DOMAIN> {                                        \
    using Stateless::Stateless;                                                \
    template <typename C> C operator()(C x) const { return EXPR; }             \
  };
OPENCGC_MATH_FN(Abs, NumericDomain, C(x < C(0) ? C(-x) : x))
OPENCGC_MATH_FN(Neg, SignedDomain, C(-x))
// Zero and NaN map to themselves, as numpy.sign (ONNX's reference) does.
OPENCGC_MATH_FN(Sign, NumericDomain, x > C(0) ? C(1) : x < C(0) ? C(-1) : x)
OPENCGC_MATH_FN(Ceil, FloatDomain, std::ceil(x))
OPENCGC_MATH_FN(Floor, FloatDomain, std::floor(x))
// nearbyint rounds halves to even in the default rounding mode, as ONNX
// Round requires.
OPENCGC_MATH_FN(Round, FloatDomain, std::nearbyint(x))
OPENCGC_MATH_FN(Reciprocal, FloatDomain, C(1) / x)
OPENCGC_MATH_FN(Sqrt, FloatDomain, std::sqrt(x))
OPENCGC_MATH_FN(Exp, FloatDomain, std::exp(x))
OPENCGC_MATH_FN(Log, FloatDomain, std::log(x))
OPENCGC_MATH_FN(Erf, NumericDomain, C(std::erf(double(x))))
OPENCGC_MATH_FN(Sin, FloatDomain, std::sin(x))
OPENCGC_MATH_FN(Cos, FloatDomain, std::cos(x))
OPENCGC_MATH_FN(Tan, FloatDomain, std::tan(x))
OPENCGC_MATH_FN(Asin, FloatDomain, std::asin(x))
OPENCGC_MATH_FN(Acos, FloatDomain, std::acos(x))
OPENCGC_MATH_FN(Atan, FloatDomain, std::atan(x))
OPENCGC_MATH_FN(Sinh, FloatDomain, std::sinh(x))
OPENCGC_MATH_FN(Cosh, FloatDomain, std::cosh(x))
OPENCGC_MATH_FN(Asinh, FloatDomain, std::asinh(x))
OPENCGC_MATH_FN(Acosh, FloatDomain, std::acosh(x))
OPENCGC_MATH_FN(Atanh, FloatDomain, std::atanh(x))
OPENCGC_MATH_FN(Not, BoolDomain, C(!x))
// log1p(e^x) loses nothing for large x where e^x overflows only past ~88.
OPENCGC_MATH_FN(Softplus, FloatDomain,
                C(x > C(0) ? x + std::log1p(std::exp(-x))
                           : std::log1p(std::exp(x))))
OPENCGC_MATH_FN(Softsign, FloatDomain, C(x / (C(1) + std::fabs(x))))
OPENCGC_MATH_FN(HardSwish, FloatDomain,
                C(x *std::max(C(0), std::min(C(1), x / C(6) + C(0.5)))))
#undef OPENCGC_MATH_FN

struct IsNanFn : Stateless<FloatDomain> {
  static constexpr bool predicate = true;
  using Stateless::Stateless;
  template <typename C> bool operator()(C x) const { return std::isnan(x); }
};

struct IsInfFn : FloatDomain {
  static constexpr bool predicate = true;
  bool negative, positive;
  explicit IsInfFn(Operation *op)
      : negative(cast<cgc_op::IsInfOp>(op).getDetectNegative()),
        positive(cast<cgc_op::IsInfOp>(op).getDetectPositive()) {}
  template <typename C> bool operator()(C x) const {
    return std::isinf(x) && (x < C(0) ? negative : positive);
  }
};

/// Base of functors with float attributes, read once from the op; the
/// formula runs in double and rounds once on store.
template <typename Domain = FloatDomain> struct Attributed : Domain {
  static constexpr bool predicate = false;
  static double get(llvm::APFloat value) { return value.convertToDouble(); }
};

// NAME##Fn reads the attributes of NAME##Op into the double fields listed
// last, in INIT, and maps `v` (the element as double) through EXPR.
#define OPENCGC_ATTR_FN(NAME, DOMAIN, INIT, EXPR, ...)                         \
  struct NAME##Fn : Attributed<DOMAIN> {                                       \
    double __VA_ARGS__;                                                        \
    explicit NAME##Fn(Operation *operation) {                                  \
      auto op = cast<cgc_op::NAME##Op>(operation);                             \
      INIT;                                                                    \
    }                                                                          \
    template <typename C> C operator()(C x) const {                            \
      double v = static_cast<double>(x);                                       \
      return C(EXPR);                                                          \
    }                                                                          \
  };
OPENCGC_ATTR_FN(Elu, FloatDomain, alpha = get(op.getAlpha()),
                v >= 0 ? v : alpha * std::expm1(v), alpha)
OPENCGC_ATTR_FN(Selu, FloatDomain,
                (alpha = get(op.getAlpha()), gamma = get(op.getGamma())),
                gamma *(v > 0 ? v : alpha * std::expm1(v)), alpha, gamma)
OPENCGC_ATTR_FN(LeakyRelu, FloatDomain, alpha = get(op.getAlpha()),
                v >= 0 ? v : alpha * v, alpha)
OPENCGC_ATTR_FN(HardSigmoid, FloatDomain,
                (alpha = get(op.getAlpha()), beta = get(op.getBeta())),
                std::max(0.0, std::min(1.0, alpha *v + beta)), alpha, beta)
OPENCGC_ATTR_FN(ThresholdedRelu, FloatDomain, alpha = get(op.getAlpha()),
                v > alpha ? v : 0.0, alpha)
OPENCGC_ATTR_FN(Celu, FloatDomain, alpha = get(op.getAlpha()),
                std::max(0.0, v) + std::min(0.0, alpha *std::expm1(v / alpha)),
                alpha)
// Shrink also takes integers; the result is converted back on store.
OPENCGC_ATTR_FN(Shrink, NumericDomain,
                (bias = get(op.getBias()), lambd = get(op.getLambd())),
                v < -lambd ? v + bias : (v > lambd ? v - bias : 0.0), bias,
                lambd)
#undef OPENCGC_ATTR_FN

/// PRelu: slope is read with strides broadcasting it to the input's shape.
llvm::Expected<TensorList> preluKernel(Operation *op,
                                       llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  std::array<Shape, 2> strides = {
      stridesOf(out.getShape()),
      broadcastStrides(in[1].getShape(), out.getShape())};
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (!NumericDomain::supports<T>) {
      return false;
    } else {
      using C = ComputeType<T>;
      const T *x = in[0].getData<T>(), *slope = in[1].getData<T>();
      T *o = out.getData<T>();
      forEachIndex<2>(out.getShape(), strides, [&](int64_t i, auto &off) {
        C value = C(x[off[0]]);
        o[i] = value < C(0) ? T(value * C(slope[off[1]])) : T(value);
      });
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

} // namespace

void registerMathKernels(KernelRegistry &registry) {
#define OPENCGC_MATH_KERNEL(NAME)                                              \
  registry.add(cgc_op::NAME##Op::getOperationName(), unaryKernel<NAME##Fn>);
  OPENCGC_MATH_KERNEL(Abs)
  OPENCGC_MATH_KERNEL(Neg)
  OPENCGC_MATH_KERNEL(Sign)
  OPENCGC_MATH_KERNEL(Ceil)
  OPENCGC_MATH_KERNEL(Floor)
  OPENCGC_MATH_KERNEL(Round)
  OPENCGC_MATH_KERNEL(Reciprocal)
  OPENCGC_MATH_KERNEL(Sqrt)
  OPENCGC_MATH_KERNEL(Exp)
  OPENCGC_MATH_KERNEL(Log)
  OPENCGC_MATH_KERNEL(Erf)
  OPENCGC_MATH_KERNEL(Sin)
  OPENCGC_MATH_KERNEL(Cos)
  OPENCGC_MATH_KERNEL(Tan)
  OPENCGC_MATH_KERNEL(Asin)
  OPENCGC_MATH_KERNEL(Acos)
  OPENCGC_MATH_KERNEL(Atan)
  OPENCGC_MATH_KERNEL(Sinh)
  OPENCGC_MATH_KERNEL(Cosh)
  OPENCGC_MATH_KERNEL(Asinh)
  OPENCGC_MATH_KERNEL(Acosh)
  OPENCGC_MATH_KERNEL(Atanh)
  OPENCGC_MATH_KERNEL(Not)
  OPENCGC_MATH_KERNEL(IsNan)
  OPENCGC_MATH_KERNEL(IsInf)
  OPENCGC_MATH_KERNEL(Softplus)
  OPENCGC_MATH_KERNEL(Softsign)
  OPENCGC_MATH_KERNEL(HardSwish)
  OPENCGC_MATH_KERNEL(Elu)
  OPENCGC_MATH_KERNEL(Selu)
  OPENCGC_MATH_KERNEL(LeakyRelu)
  OPENCGC_MATH_KERNEL(HardSigmoid)
  OPENCGC_MATH_KERNEL(ThresholdedRelu)
  OPENCGC_MATH_KERNEL(Celu)
  OPENCGC_MATH_KERNEL(Shrink)
#undef OPENCGC_MATH_KERNEL
  registry.add(cgc_op::PReluOp::getOperationName(), preluKernel);
}

} // namespace opencgc::reference
