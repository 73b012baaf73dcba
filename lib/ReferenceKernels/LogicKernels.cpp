//===- LogicKernels.cpp - Reference kernels of the logic family ------===//
//
// All ops broadcast their operands (numpy rules). Each kernel dispatches on
// the storage type, computes in ComputeType<T> (float for float16 and
// bfloat16) and rounds once on store. The per-op arithmetic is a small
// functor; the loops are shared.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/LogicOps.h"
#include "opencgc/Tensor/NarrowTypes.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace opencgc::reference {
namespace {

/// For every input, the offset of the element each output element reads.
std::vector<std::vector<int64_t>> broadcastOffsets(ArrayRef<Tensor> in,
                                                   ArrayRef<int64_t> outShape) {
  std::vector<std::vector<int64_t>> offsets;
  for (const Tensor &tensor : in) {
    std::vector<int64_t> &list = offsets.emplace_back();
    list.reserve(getNumElements(outShape));
    forEachIndex<1>(outShape, {broadcastStrides(tensor.getShape(), outShape)},
                    [&](int64_t, auto &off) { list.push_back(off[0]); });
  }
  return offsets;
}

/// Rounds a double to float16/bfloat16 to nearest even. The types convert
/// from float, and double -> float -> 16 bits can round twice, so the
/// neighbours of the first guess are checked against the exact value.
template <typename Narrow> Narrow roundToNarrow(double value) {
  Narrow guess(static_cast<float>(value));
  if (!std::isfinite(value) || !std::isfinite(float(guess)))
    return guess;
  Narrow best = guess;
  double bestError = std::fabs(double(float(guess)) - value);
  for (int delta : {-1, 1}) {
    Narrow neighbour;
    neighbour.bits = static_cast<uint16_t>(guess.bits + delta);
    if (!std::isfinite(float(neighbour)))
      continue;
    double error = std::fabs(double(float(neighbour)) - value);
    if (error < bestError || (error == bestError && !(neighbour.bits & 1))) {
      best = neighbour;
      bestError = error;
    }
  }
  return best;
}

/// Converts one value to storage type `To`, following numpy's casts:
/// bool is x != 0, float to integer truncates toward zero.
template <typename To, typename From> To convertElement(From value) {
  using C = ComputeType<To>;
  if constexpr (std::is_same_v<To, bool>) {
    return value != From(0);
  } else if constexpr (std::is_integral_v<C> &&
                       std::is_floating_point_v<From>) {
    // ONNX leaves NaN, infinities and values outside the int64/uint64 range
    // undefined (and C++ too); we give 0. Other values truncate, then wrap
    // into narrower types as numpy does.
    constexpr double kTwo63 = 9223372036854775808.0, kTwo64 = 2 * kTwo63;
    if (!std::isfinite(value) || value < -kTwo63 || value >= kTwo64)
      return To(0);
    if (value < kTwo63)
      return To(static_cast<C>(static_cast<int64_t>(value)));
    return To(static_cast<C>(static_cast<uint64_t>(value)));
  } else if constexpr (!std::is_same_v<To, C> && std::is_same_v<From, double>) {
    return roundToNarrow<To>(value); // float16 and bfloat16
  } else {
    return To(static_cast<C>(value));
  }
}

//===----------------------------------------------------------------------===//
// Broadcast maps: out[i] = Fn(op, a[i], b[i], ...)
//===----------------------------------------------------------------------===//

/// Same-type operands and result; Fn<T>::apply(op, a, b) on ComputeType<T>
/// values returns nullopt for undefined inputs (integer division by zero).
template <template <typename> class Fn>
llvm::Expected<TensorList> sameTypeKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  auto offsets = broadcastOffsets(in, out.getShape());
  bool undefined = false;
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (!Fn<T>::supported) {
      return false;
    } else {
      using C = ComputeType<T>;
      const T *a = in[0].getData<T>(), *b = in[1].getData<T>();
      T *o = out.getData<T>();
      for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
        std::optional<C> value =
            Fn<T>::apply(op, C(a[offsets[0][i]]), C(b[offsets[1][i]]));
        undefined |= !value;
        o[i] = value ? T(*value) : T();
      }
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  if (undefined)
    return kernelError(op, "integer division by zero");
  return single(out);
}

template <typename T> struct ModFn {
  static constexpr bool supported = !std::is_same_v<T, bool>;
  template <typename C> static std::optional<C> apply(Operation *op, C a, C b) {
    if constexpr (std::is_floating_point_v<C>) {
      // Inference only admits fmod = 1 for floats: C fmod.
      return C(std::fmod(a, b));
    } else {
      if (b == 0)
        return std::nullopt;
      if constexpr (std::is_signed_v<C>) {
        if (b == -1) // Avoids the INT_MIN % -1 overflow; the result is 0.
          return C(0);
      }
      C r = C(a % b);
      // fmod = 0: numpy/Python mod takes the sign of the divisor.
      if (cast<cgc_op::ModOp>(op).getFmod() == 0 && r != 0 &&
          ((r < 0) != (b < 0)))
        r = C(r + b);
      return r;
    }
  }
};

template <typename T> struct BitShiftFn {
  static constexpr bool supported =
      std::is_unsigned_v<T> && !std::is_same_v<T, bool>;
  template <typename C> static std::optional<C> apply(Operation *op, C a, C b) {
    // Shifting by the width or more is undefined in C++; all bits leave.
    if (b >= C(sizeof(C) * 8))
      return C(0);
    bool left = cast<cgc_op::BitShiftOp>(op).getDirection() == "LEFT";
    return left ? C(a << b) : C(a >> b);
  }
};

template <typename T> struct AndFn {
  static constexpr bool supported = std::is_same_v<T, bool>;
  static std::optional<bool> apply(Operation *, bool a, bool b) {
    return a && b;
  }
};
template <typename T> struct OrFn {
  static constexpr bool supported = std::is_same_v<T, bool>;
  static std::optional<bool> apply(Operation *, bool a, bool b) {
    return a || b;
  }
};
template <typename T> struct XorFn {
  static constexpr bool supported = std::is_same_v<T, bool>;
  static std::optional<bool> apply(Operation *, bool a, bool b) {
    return a != b;
  }
};

/// ONNX BitwiseAnd/Or/Xor (opset 18): integer operands of one type.
template <typename T>
constexpr bool kIsInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <typename T> struct BitwiseAndFn {
  static constexpr bool supported = kIsInteger<T>;
  template <typename C> static std::optional<C> apply(Operation *, C a, C b) {
    return C(a & b);
  }
};
template <typename T> struct BitwiseOrFn {
  static constexpr bool supported = kIsInteger<T>;
  template <typename C> static std::optional<C> apply(Operation *, C a, C b) {
    return C(a | b);
  }
};
template <typename T> struct BitwiseXorFn {
  static constexpr bool supported = kIsInteger<T>;
  template <typename C> static std::optional<C> apply(Operation *, C a, C b) {
    return C(a ^ b);
  }
};

/// ONNX BitwiseNot: the complement of every bit of an integer.
llvm::Expected<TensorList> bitwiseNotKernel(Operation *op,
                                            ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (!kIsInteger<T>) {
      return false;
    } else {
      const T *a = in[0].getData<T>();
      T *o = out.getData<T>();
      for (int64_t i = 0, e = out.getNumElements(); i < e; ++i)
        o[i] = T(~a[i]);
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

/// Same-type operands, bool result: Cmp{}(a, b) on ComputeType<T> values.
template <typename Cmp>
llvm::Expected<TensorList> compareKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  auto offsets = broadcastOffsets(in, out.getShape());
  dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    using C = ComputeType<T>;
    const T *a = in[0].getData<T>(), *b = in[1].getData<T>();
    bool *o = out.getData<bool>();
    for (int64_t i = 0, e = out.getNumElements(); i < e; ++i)
      o[i] = Cmp{}(C(a[offsets[0][i]]), C(b[offsets[1][i]]));
  });
  return single(out);
}

/// Integer power by squaring (wrapping like numpy); negative exponents give
/// 0 except for bases 1 and -1 (numpy raises; ONNX leaves it open).
template <typename C> C integerPower(C base, int64_t exponent) {
  if (exponent < 0) {
    if (base == C(1))
      return C(1);
    if constexpr (std::is_signed_v<C>)
      if (base == C(-1))
        return (exponent & 1) ? C(-1) : C(1);
    return C(0);
  }
  using U = std::make_unsigned_t<C>;
  U result = 1, factor = static_cast<U>(base);
  for (uint64_t e = exponent; e; e >>= 1) {
    if (e & 1)
      result = static_cast<U>(result * factor);
    factor = static_cast<U>(factor * factor);
  }
  return static_cast<C>(result);
}

/// Pow: base type T, exponent type E, result T.
llvm::Expected<TensorList> powKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  auto offsets = broadcastOffsets(in, out.getShape());
  bool supported = dispatchDType(in[0].getDType(), [&](auto zeroBase) {
    using T = decltype(zeroBase);
    using C = ComputeType<T>;
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      return dispatchDType(in[1].getDType(), [&](auto zeroExp) {
        using E = decltype(zeroExp);
        using CE = ComputeType<E>;
        if constexpr (std::is_same_v<E, bool>) {
          return false;
        } else {
          const T *a = in[0].getData<T>();
          const E *b = in[1].getData<E>();
          T *o = out.getData<T>();
          for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
            C base = C(a[offsets[0][i]]);
            CE exponent = CE(b[offsets[1][i]]);
            if constexpr (std::is_integral_v<C> && std::is_integral_v<CE>)
              o[i] = T(integerPower(base, static_cast<int64_t>(exponent)));
            else if constexpr (std::is_integral_v<C>)
              o[i] =
                  convertElement<T>(std::pow(double(base), double(exponent)));
            else
              o[i] = T(C(std::pow(base, C(exponent))));
          }
          return true;
        }
      });
    }
  });
  if (!supported)
    return kernelError(op, "no reference kernel for element types " +
                               getDTypeName(in[0].getDType()) + " and " +
                               getDTypeName(in[1].getDType()));
  return single(out);
}

//===----------------------------------------------------------------------===//
// Variadic: out = fold(Fn, inputs), then Fn::finish
//===----------------------------------------------------------------------===//

template <typename C> bool isNaN(C value) {
  if constexpr (std::is_floating_point_v<C>)
    return std::isnan(value);
  return false;
}

struct MaxFn {
  template <typename C> static C combine(C a, C b) {
    // numpy.maximum: a NaN operand wins.
    if (isNaN(a) || isNaN(b))
      return isNaN(a) ? a : b;
    return a < b ? b : a;
  }
  template <typename C> static C finish(C value, size_t) { return value; }
};
struct MinFn {
  template <typename C> static C combine(C a, C b) {
    if (isNaN(a) || isNaN(b))
      return isNaN(a) ? a : b;
    return b < a ? b : a;
  }
  template <typename C> static C finish(C value, size_t) { return value; }
};
struct SumFn {
  template <typename C> static C combine(C a, C b) { return C(a + b); }
  template <typename C> static C finish(C value, size_t) { return value; }
};
struct MeanFn {
  template <typename C> static C combine(C a, C b) { return C(a + b); }
  template <typename C> static C finish(C value, size_t count) {
    return C(value / C(count));
  }
};

template <typename Fn>
llvm::Expected<TensorList> variadicKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  auto offsets = broadcastOffsets(in, out.getShape());
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    using C = ComputeType<T>;
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      T *o = out.getData<T>();
      for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
        C value = C(in[0].getData<T>()[offsets[0][i]]);
        for (size_t k = 1; k < in.size(); ++k)
          value = Fn::combine(value, C(in[k].getData<T>()[offsets[k][i]]));
        o[i] = T(Fn::finish(value, in.size()));
      }
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

//===----------------------------------------------------------------------===//
// Where, clip, cast
//===----------------------------------------------------------------------===//

llvm::Expected<TensorList> whereKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  auto offsets = broadcastOffsets(in, out.getShape());
  const bool *condition = in[0].getData<bool>();
  dispatchDType(in[1].getDType(), [&](auto zero) {
    using T = decltype(zero);
    const T *x = in[1].getData<T>(), *y = in[2].getData<T>();
    T *o = out.getData<T>();
    for (int64_t i = 0, e = out.getNumElements(); i < e; ++i)
      o[i] = condition[offsets[0][i]] ? x[offsets[1][i]] : y[offsets[2][i]];
  });
  return single(out);
}

/// One side of a clip: a static attribute, a bound operand, or no limit.
template <typename C>
std::optional<C> clipBound(FloatAttr attr, const Tensor *operand) {
  if (operand)
    return dispatchDType(operand->getDType(), [&](auto zero) {
      using T = decltype(zero);
      return C(ComputeType<T>(operand->getData<T>()[0]));
    });
  if (!attr || std::isinf(attr.getValueAsDouble()))
    return std::nullopt;
  return convertElement<C>(attr.getValueAsDouble());
}

llvm::Expected<TensorList> clipKernel(Operation *op, ArrayRef<Tensor> in) {
  auto clip = cast<cgc_op::ClipOp>(op);
  Tensor out = allocateResult(op);
  // Bound operands fill the sides without attributes, min first.
  size_t next = 1;
  const Tensor *minOperand = nullptr, *maxOperand = nullptr;
  if (!clip.getMinValueAttr() && next < in.size())
    minOperand = &in[next++];
  if (!clip.getMaxValueAttr() && next < in.size())
    maxOperand = &in[next++];
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    using C = ComputeType<T>;
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      std::optional<C> lo = clipBound<C>(clip.getMinValueAttr(), minOperand);
      std::optional<C> hi = clipBound<C>(clip.getMaxValueAttr(), maxOperand);
      const T *x = in[0].getData<T>();
      T *o = out.getData<T>();
      for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
        C value = C(x[i]);
        // ONNX applies min first, then max (so min > max gives max).
        if (lo && value < *lo)
          value = *lo;
        if (hi && value > *hi)
          value = *hi;
        o[i] = T(value);
      }
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

/// ONNX BitCast: the same bytes read as the result's element type.
llvm::Expected<TensorList> bitCastKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  if (getDTypeBitWidth(out.getDType()) != getDTypeBitWidth(in[0].getDType()))
    return kernelError(op, "element sizes differ");
  return single(in[0].bitcast(out.getDType()).clone());
}

/// Cast to or from a narrow type (float8, float4, int4, int2), element by
/// element through double, which holds every value of either side exactly.
void castNarrow(cgc_op::CastOp op, const Tensor &x, Tensor &out) {
  DType from = x.getDType(), to = out.getDType();
  NarrowCastOptions options{op.getSaturate(), op.getRoundMode()};
  bool fromFloat = isFloatDType(from);
  for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
    if (!isNarrowDType(to)) {
      double value = x.getAsDouble(i);
      dispatchDType(to, [&](auto zeroTo) {
        using To = decltype(zeroTo);
        out.getData<To>()[i] = convertElement<To>(value);
      });
    } else if (isFloatDType(to)) {
      storeNarrowCode(to, out.getBytes(), i,
                      encodeNarrow(to, x.getAsDouble(i), options));
    } else if (fromFloat) { // float to fixed point truncates
      storeNarrowCode(to, out.getBytes(), i,
                      encodeNarrow(to, x.getAsDouble(i), options));
    } else if (from == DType::Bool) {
      storeNarrowCode(to, out.getBytes(), i, x.getAsInt(i) != 0);
    } else { // fixed point keeps the low bits (Operators.md Cast)
      storeNarrowCode(to, out.getBytes(), i, wrapNarrowInt(to, x.getAsInt(i)));
    }
  }
}

llvm::Expected<TensorList> castKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  if (isNarrowDType(in[0].getDType()) || isNarrowDType(out.getDType())) {
    castNarrow(cast<cgc_op::CastOp>(op), in[0], out);
    return single(out);
  }
  dispatchDType(in[0].getDType(), [&](auto zeroFrom) {
    using From = decltype(zeroFrom);
    dispatchDType(out.getDType(), [&](auto zeroTo) {
      using To = decltype(zeroTo);
      const From *x = in[0].getData<From>();
      To *o = out.getData<To>();
      for (int64_t i = 0, e = out.getNumElements(); i < e; ++i)
        o[i] = convertElement<To>(ComputeType<From>(x[i]));
    });
  });
  return single(out);
}

} // namespace

void registerLogicKernels(KernelRegistry &registry) {
  using namespace cgc_op;
  registry.add(PowOp::getOperationName(), powKernel);
  registry.add(ModOp::getOperationName(), sameTypeKernel<ModFn>);
  registry.add(BitShiftOp::getOperationName(), sameTypeKernel<BitShiftFn>);
  registry.add(AndOp::getOperationName(), sameTypeKernel<AndFn>);
  registry.add(OrOp::getOperationName(), sameTypeKernel<OrFn>);
  registry.add(XorOp::getOperationName(), sameTypeKernel<XorFn>);
  registry.add(BitwiseAndOp::getOperationName(), sameTypeKernel<BitwiseAndFn>);
  registry.add(BitwiseOrOp::getOperationName(), sameTypeKernel<BitwiseOrFn>);
  registry.add(BitwiseXorOp::getOperationName(), sameTypeKernel<BitwiseXorFn>);
  registry.add(BitwiseNotOp::getOperationName(), bitwiseNotKernel);
  registry.add(EqualOp::getOperationName(), compareKernel<std::equal_to<>>);
  registry.add(GreaterOp::getOperationName(), compareKernel<std::greater<>>);
  registry.add(GreaterOrEqualOp::getOperationName(),
               compareKernel<std::greater_equal<>>);
  registry.add(LessOp::getOperationName(), compareKernel<std::less<>>);
  registry.add(LessOrEqualOp::getOperationName(),
               compareKernel<std::less_equal<>>);
  registry.add(MaxOp::getOperationName(), variadicKernel<MaxFn>);
  registry.add(MinOp::getOperationName(), variadicKernel<MinFn>);
  registry.add(SumOp::getOperationName(), variadicKernel<SumFn>);
  registry.add(MeanOp::getOperationName(), variadicKernel<MeanFn>);
  registry.add(WhereOp::getOperationName(), whereKernel);
  registry.add(ClipOp::getOperationName(), clipKernel);
  registry.add(CastOp::getOperationName(), castKernel);
  registry.add(BitCastOp::getOperationName(), bitCastKernel);
}

} // namespace opencgc::reference
