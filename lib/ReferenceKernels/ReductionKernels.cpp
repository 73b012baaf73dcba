//===- ReductionKernels.cpp - Reference kernels of the reduction family
//------===//
//
// Reductions accumulate in double for floats and in int64 for integers (and
// in double for the kinds that need real arithmetic: l2, log_sum,
// log_sum_exp), then round once on store. Axis-wise ops view the input as
// outer x extent x inner around their axis.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/ReductionOps.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

using namespace mlir;

namespace opencgc::reference {
namespace {

int64_t normalizeAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

/// The input viewed as outer x extent x inner around `axis`.
struct AxisView {
  int64_t outer, extent, inner;
  AxisView(ArrayRef<int64_t> shape, int64_t axis)
      : outer(getNumElements(shape.take_front(axis))), extent(shape[axis]),
        inner(getNumElements(shape.drop_front(axis + 1))) {}
  /// Linear index of element k of line (o, i).
  int64_t at(int64_t o, int64_t i, int64_t k) const {
    return (o * extent + k) * inner + i;
  }
  /// Calls fn(o, i) for every line along the axis.
  template <typename Fn> void forEachLine(Fn &&fn) const {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i)
        fn(o, i);
  }
};

//===----------------------------------------------------------------------===//
// Reductions over axes
//===----------------------------------------------------------------------===//

enum class ReduceKind {
  Sum,
  Mean,
  Max,
  Min,
  Prod,
  L1,
  L2,
  LogSum,
  LogSumExp,
  SumSquare
};

template <typename A> A initialValue(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::Max:
    return std::is_floating_point_v<A> ? -std::numeric_limits<A>::infinity()
                                       : std::numeric_limits<A>::lowest();
  case ReduceKind::Min:
    return std::is_floating_point_v<A> ? std::numeric_limits<A>::infinity()
                                       : std::numeric_limits<A>::max();
  case ReduceKind::Prod:
    return A(1);
  default:
    return A(0);
  }
}

/// One accumulation step; log_sum_exp adds exp(x - shift) where shift is
/// the group's maximum, so large inputs do not overflow.
template <typename A> A accumulate(ReduceKind kind, A acc, A x, A shift) {
  switch (kind) {
  case ReduceKind::Max:
    // Like numpy, a NaN wins.
    return (x > acc || x != x) ? x : acc;
  case ReduceKind::Min:
    return (x < acc || x != x) ? x : acc;
  case ReduceKind::Prod:
    return acc * x;
  case ReduceKind::L1:
    return acc + (x < A(0) ? A(-x) : x);
  case ReduceKind::L2:
  case ReduceKind::SumSquare:
    return acc + x * x;
  case ReduceKind::LogSumExp:
    return acc + A(std::exp(double(x - shift)));
  default:
    return acc + x;
  }
}

double finishDouble(ReduceKind kind, double acc, int64_t count, double shift) {
  switch (kind) {
  case ReduceKind::Mean:
    return acc / double(count);
  case ReduceKind::L2:
    return std::sqrt(acc);
  case ReduceKind::LogSum:
    return std::log(acc);
  case ReduceKind::LogSumExp:
    return std::isinf(shift) ? shift : shift + std::log(acc);
  default:
    return acc;
  }
}

int64_t finishInt(ReduceKind kind, int64_t acc, int64_t count) {
  // numpy's integer mean is a float mean truncated by the cast back.
  if (kind == ReduceKind::Mean)
    return count ? static_cast<int64_t>(double(acc) / double(count)) : 0;
  return acc;
}

/// Reduces `in` into `out`, where outOffset[i] is the output element that
/// input element i contributes to.
template <typename A, typename Read, typename Write>
void reduceInto(ReduceKind kind, ArrayRef<int64_t> outOffset, int64_t outCount,
                Read read, Write write) {
  int64_t count = outCount ? int64_t(outOffset.size()) / outCount : 0;
  std::vector<A> shift(outCount, A(0));
  if (kind == ReduceKind::LogSumExp) {
    shift.assign(outCount, initialValue<A>(ReduceKind::Max));
    for (auto [i, o] : llvm::enumerate(outOffset))
      shift[o] = accumulate<A>(ReduceKind::Max, shift[o], read(i), A(0));
  }
  std::vector<A> acc(outCount, initialValue<A>(kind));
  for (auto [i, o] : llvm::enumerate(outOffset))
    acc[o] = accumulate<A>(kind, acc[o], read(i), shift[o]);
  for (int64_t o = 0; o < outCount; ++o) {
    if constexpr (std::is_floating_point_v<A>)
      write(o, finishDouble(kind, acc[o], count, shift[o]));
    else
      write(o, finishInt(kind, acc[o], count));
  }
}

template <typename OpTy, ReduceKind Kind>
llvm::Expected<TensorList> reduceKernel(Operation *operation,
                                        llvm::ArrayRef<Tensor> in) {
  auto op = cast<OpTy>(operation);
  Tensor out = allocateResult(operation);
  ArrayRef<int64_t> shape = in[0].getShape();
  int64_t rank = shape.size();
  // Strides into the output, 0 along reduced axes.
  SmallVector<bool> reduced(rank, !op.getNoopWithEmptyAxes());
  if (ArrayAttr axes = op.getAxesAttr(); axes && !axes.empty()) {
    reduced.assign(rank, false);
    for (int64_t axis : intArray(axes, 0, 0))
      reduced[normalizeAxis(axis, rank)] = true;
  }
  Shape keptShape(shape);
  for (int64_t d = 0; d < rank; ++d)
    if (reduced[d])
      keptShape[d] = 1;
  Shape strides = stridesOf(keptShape);
  for (int64_t d = 0; d < rank; ++d)
    if (reduced[d])
      strides[d] = 0;
  std::vector<int64_t> outOffset(in[0].getNumElements());
  forEachIndex<1>(shape, {strides},
                  [&](int64_t i, auto &off) { outOffset[i] = off[0]; });
  bool realMath = isFloatDType(in[0].getDType()) || Kind == ReduceKind::L2 ||
                  Kind == ReduceKind::LogSum || Kind == ReduceKind::LogSumExp;
  if (realMath)
    reduceInto<double>(
        Kind, outOffset, out.getNumElements(),
        [&](int64_t i) { return in[0].getAsDouble(i); },
        [&](int64_t o, double v) { out.setFromDouble(o, v); });
  else
    reduceInto<int64_t>(
        Kind, outOffset, out.getNumElements(),
        [&](int64_t i) { return in[0].getAsInt(i); },
        [&](int64_t o, int64_t v) { out.setFromInt(o, v); });
  return single(out);
}

//===----------------------------------------------------------------------===//
// Along one axis
//===----------------------------------------------------------------------===//

/// arg_max / arg_min: the first (or last) index of the extreme value.
template <typename OpTy, bool IsMax>
llvm::Expected<TensorList> argReduceKernel(Operation *operation,
                                           llvm::ArrayRef<Tensor> in) {
  auto op = cast<OpTy>(operation);
  Tensor out = allocateResult(operation);
  ArrayRef<int64_t> shape = in[0].getShape();
  AxisView view(shape, normalizeAxis(op.getAxis(), shape.size()));
  bool last = op.getSelectLastIndex();
  int64_t *result = out.getData<int64_t>();
  dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    using C = ComputeType<T>;
    const T *x = in[0].getData<T>();
    view.forEachLine([&](int64_t o, int64_t i) {
      int64_t best = 0;
      for (int64_t k = 1; k < view.extent; ++k) {
        C candidate = C(x[view.at(o, i, k)]);
        C current = C(x[view.at(o, i, best)]);
        bool better = IsMax ? candidate > current : candidate < current;
        if (better || (last && candidate == current))
          best = k;
      }
      result[o * view.inner + i] = best;
    });
  });
  return single(out);
}

/// out = x - max - log(sum(exp(x - max))) along `axis` (normalized).
void logSoftmaxInto(const Tensor &in, Tensor &out, int64_t axis) {
  AxisView view(in.getShape(), axis);
  view.forEachLine([&](int64_t o, int64_t i) {
    double maximum = -INFINITY, sum = 0;
    for (int64_t k = 0; k < view.extent; ++k)
      maximum = std::max(maximum, in.getAsDouble(view.at(o, i, k)));
    for (int64_t k = 0; k < view.extent; ++k)
      sum += std::exp(in.getAsDouble(view.at(o, i, k)) - maximum);
    double logSum = std::log(sum);
    for (int64_t k = 0; k < view.extent; ++k)
      out.setFromDouble(view.at(o, i, k),
                        in.getAsDouble(view.at(o, i, k)) - maximum - logSum);
  });
}

llvm::Expected<TensorList> logSoftmaxKernel(Operation *operation,
                                            llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::LogSoftmaxOp>(operation);
  Tensor out = allocateResult(operation);
  logSoftmaxInto(in[0], out, normalizeAxis(op.getAxis(), in[0].getRank()));
  return single(out);
}

/// 1 at the first maximum of each line, 0 elsewhere.
llvm::Expected<TensorList> hardmaxKernel(Operation *operation,
                                         llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::HardmaxOp>(operation);
  Tensor out = allocateResult(operation);
  ArrayRef<int64_t> shape = in[0].getShape();
  AxisView view(shape, normalizeAxis(op.getAxis(), shape.size()));
  view.forEachLine([&](int64_t o, int64_t i) {
    if (view.extent == 0)
      return;
    int64_t best = 0;
    for (int64_t k = 1; k < view.extent; ++k)
      if (in[0].getAsDouble(view.at(o, i, k)) >
          in[0].getAsDouble(view.at(o, i, best)))
        best = k;
    out.setFromDouble(view.at(o, i, best), 1.0);
  });
  return single(out);
}

/// Running sums along the axis, in double for floats and int64 otherwise.
llvm::Expected<TensorList> cumSumKernel(Operation *operation,
                                        llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::CumSumOp>(operation);
  Tensor out = allocateResult(operation);
  ArrayRef<int64_t> shape = in[0].getShape();
  AxisView view(shape, normalizeAxis(op.getAxis(), shape.size()));
  bool exclusive = op.getExclusive(), reverse = op.getReverse();
  bool isFloat = isFloatDType(in[0].getDType());
  view.forEachLine([&](int64_t o, int64_t i) {
    double realSum = 0;
    int64_t intSum = 0;
    for (int64_t step = 0; step < view.extent; ++step) {
      int64_t index = view.at(o, i, reverse ? view.extent - 1 - step : step);
      // exclusive: the sum of the elements before this one.
      if (exclusive)
        isFloat ? out.setFromDouble(index, realSum)
                : out.setFromInt(index, intSum);
      realSum += isFloat ? in[0].getAsDouble(index) : 0;
      intSum += isFloat ? 0 : in[0].getAsInt(index);
      if (!exclusive)
        isFloat ? out.setFromDouble(index, realSum)
                : out.setFromInt(index, intSum);
    }
  });
  return single(out);
}

/// Running products along the axis, in double for floats and wrapping
/// 64-bit integers otherwise (ONNX CumProd).
llvm::Expected<TensorList> cumProdKernel(Operation *operation,
                                         llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::CumProdOp>(operation);
  Tensor out = allocateResult(operation);
  ArrayRef<int64_t> shape = in[0].getShape();
  AxisView view(shape, normalizeAxis(op.getAxis(), shape.size()));
  bool exclusive = op.getExclusive(), reverse = op.getReverse();
  bool isFloat = isFloatDType(in[0].getDType());
  view.forEachLine([&](int64_t o, int64_t i) {
    double realProduct = 1;
    uint64_t intProduct = 1; // Unsigned: overflow wraps, as numpy's does.
    auto store = [&](int64_t index) {
      isFloat ? out.setFromDouble(index, realProduct)
              : out.setFromInt(index, static_cast<int64_t>(intProduct));
    };
    for (int64_t step = 0; step < view.extent; ++step) {
      int64_t index = view.at(o, i, reverse ? view.extent - 1 - step : step);
      // exclusive: the product of the elements before this one.
      if (exclusive)
        store(index);
      if (isFloat)
        realProduct *= in[0].getAsDouble(index);
      else
        intProduct *= static_cast<uint64_t>(in[0].getAsInt(index));
      if (!exclusive)
        store(index);
    }
  });
  return single(out);
}

/// ONNX DFT, directly from its definition (Operators.md, DFT) in double;
/// angles reduce k * n modulo the length first to keep them exact.
llvm::Expected<TensorList> dftKernel(Operation *operation,
                                     llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::DftOp>(operation);
  const Tensor &x = in[0];
  Tensor out = allocateResult(operation);
  ArrayRef<int64_t> inShape = x.getShape(), outShape = out.getShape();
  int64_t axis = op.getAxis(), length = op.getDftLength();
  int64_t inComponents = inShape.back(), outComponents = outShape.back();
  int64_t outer = getNumElements(inShape.take_front(axis));
  int64_t inner = getNumElements(inShape.drop_front(axis + 1).drop_back());
  int64_t inExtent = inShape[axis], outExtent = outShape[axis];
  bool inverse = op.getInverse(), onesided = op.getOnesided();
  double sign = inverse ? 1.0 : -1.0;
  // The line's spectrum or signal, zero-padded or cut to dft_length.
  std::vector<double> re(length), im(length);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      auto inAt = [&](int64_t n, int64_t c) {
        return ((o * inExtent + n) * inner + i) * inComponents + c;
      };
      std::fill(re.begin(), re.end(), 0.0);
      std::fill(im.begin(), im.end(), 0.0);
      for (int64_t n = 0; n < std::min(length, inExtent); ++n) {
        re[n] = x.getAsDouble(inAt(n, 0));
        im[n] = inComponents == 2 ? x.getAsDouble(inAt(n, 1)) : 0.0;
      }
      // IRFFT: the missing half is the conjugate mirror of the given one.
      if (onesided && inverse)
        for (int64_t k = inExtent; k < length; ++k)
          if (length - k < inExtent) {
            re[k] = re[length - k];
            im[k] = -im[length - k];
          }
      for (int64_t k = 0; k < outExtent; ++k) {
        double sumRe = 0, sumIm = 0;
        for (int64_t n = 0; n < length; ++n) {
          double angle = sign * 2 * M_PI * ((k * n) % length) / length;
          sumRe += re[n] * std::cos(angle) - im[n] * std::sin(angle);
          sumIm += re[n] * std::sin(angle) + im[n] * std::cos(angle);
        }
        if (inverse) {
          sumRe /= length;
          sumIm /= length;
        }
        int64_t at = ((o * outExtent + k) * inner + i) * outComponents;
        out.setFromDouble(at, sumRe);
        if (outComponents == 2)
          out.setFromDouble(at + 1, sumIm);
      }
    }
  return single(out);
}

/// ONNX STFT: the DFT of each windowed frame, in double.
llvm::Expected<TensorList> stftKernel(Operation *operation,
                                      llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::StftOp>(operation);
  const Tensor &signal = in[0], &window = in[1];
  Tensor out = allocateResult(operation);
  int64_t batch = signal.getShape()[0], samples = signal.getShape()[1];
  int64_t components = signal.getShape()[2], length = window.getShape()[0];
  int64_t frames = out.getShape()[1], bins = out.getShape()[2];
  int64_t step = op.getFrameStep();
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t f = 0; f < frames; ++f)
      for (int64_t k = 0; k < bins; ++k) {
        double sumRe = 0, sumIm = 0;
        for (int64_t n = 0; n < length; ++n) {
          int64_t at = (b * samples + f * step + n) * components;
          double w = window.getAsDouble(n);
          double re = signal.getAsDouble(at) * w;
          double im = components == 2 ? signal.getAsDouble(at + 1) * w : 0;
          double angle = -2 * M_PI * ((k * n) % length) / length;
          sumRe += re * std::cos(angle) - im * std::sin(angle);
          sumIm += re * std::sin(angle) + im * std::cos(angle);
        }
        int64_t at = ((b * frames + f) * bins + k) * 2;
        out.setFromDouble(at, sumRe);
        out.setFromDouble(at + 1, sumIm);
      }
  return single(out);
}

/// The k largest or smallest elements of each line; ties keep the smaller
/// index first, as ONNX specifies.
llvm::Expected<TensorList> topKKernel(Operation *operation,
                                      llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::TopKOp>(operation);
  Tensor values = allocateResult(operation, 0);
  Tensor indices = allocateResult(operation, 1);
  ArrayRef<int64_t> shape = in[0].getShape();
  int64_t axis = normalizeAxis(op.getAxis(), shape.size());
  AxisView view(shape, axis);
  AxisView outView(values.getShape(), axis);
  int64_t k = static_cast<int64_t>(op.getK());
  bool largest = op.getLargest();
  dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    using C = ComputeType<T>;
    const T *x = in[0].getData<T>();
    T *v = values.getData<T>();
    int64_t *idx = indices.getData<int64_t>();
    std::vector<int64_t> order(view.extent);
    view.forEachLine([&](int64_t o, int64_t i) {
      std::iota(order.begin(), order.end(), 0);
      std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        C xa = C(x[view.at(o, i, a)]), xb = C(x[view.at(o, i, b)]);
        if (xa == xb)
          return a < b;
        return largest ? xa > xb : xa < xb;
      });
      for (int64_t j = 0; j < k; ++j) {
        v[outView.at(o, i, j)] = x[view.at(o, i, order[j])];
        idx[outView.at(o, i, j)] = order[j];
      }
    });
  });
  TensorList results;
  results.push_back(std::move(values));
  results.push_back(std::move(indices));
  return results;
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

/// The NLL loss of log-probabilities `logProb` (N x C x d...) against
/// in[1] (targets) with the optional weights in[2], written to result 0.
llvm::Error nllLossInto(Operation *op, const Tensor &logProb,
                        llvm::ArrayRef<Tensor> in, StringRef reduction,
                        std::optional<int64_t> ignoreIndex, Tensor &loss) {
  AxisView view(logProb.getShape(), 1);
  const Tensor &target = in[1];
  bool weighted = in.size() > 2;
  std::vector<double> losses(target.getNumElements(), 0.0);
  double total = 0, weightTotal = 0;
  for (int64_t n = 0; n < view.outer; ++n) {
    for (int64_t i = 0; i < view.inner; ++i) {
      int64_t t = target.getAsInt(n * view.inner + i);
      if (ignoreIndex && t == *ignoreIndex)
        continue;
      if (t < 0 || t >= view.extent)
        return kernelError(op, "target " + llvm::Twine(t) +
                                   " is out of range for " +
                                   llvm::Twine(view.extent) + " classes");
      double w = weighted ? in[2].getAsDouble(t) : 1.0;
      double value = -logProb.getAsDouble(view.at(n, i, t)) * w;
      losses[n * view.inner + i] = value;
      total += value;
      weightTotal += w;
    }
  }
  if (reduction == "none") {
    for (auto [index, value] : llvm::enumerate(losses))
      loss.setFromDouble(index, value);
  } else {
    // mean: the weighted mean over the targets that are not ignored.
    loss.setFromDouble(0, reduction == "sum" ? total : total / weightTotal);
  }
  return llvm::Error::success();
}

std::optional<int64_t> ignoreIndexOf(std::optional<uint64_t> attr) {
  if (!attr)
    return std::nullopt;
  return static_cast<int64_t>(*attr);
}

llvm::Expected<TensorList> nllLossKernel(Operation *operation,
                                         llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::NegativeLogLikelihoodLossOp>(operation);
  Tensor loss = allocateResult(operation, 0);
  if (llvm::Error error = nllLossInto(operation, in[0], in, op.getReduction(),
                                      ignoreIndexOf(op.getIgnoreIndex()), loss))
    return std::move(error);
  return single(loss);
}

llvm::Expected<TensorList>
softmaxCrossEntropyKernel(Operation *operation, llvm::ArrayRef<Tensor> in) {
  auto op = cast<cgc_op::SoftmaxCrossEntropyLossOp>(operation);
  Tensor loss = allocateResult(operation, 0);
  Tensor logProb = allocateResult(operation, 1);
  logSoftmaxInto(in[0], logProb, 1);
  if (llvm::Error error = nllLossInto(operation, logProb, in, op.getReduction(),
                                      ignoreIndexOf(op.getIgnoreIndex()), loss))
    return std::move(error);
  TensorList results;
  results.push_back(std::move(loss));
  results.push_back(std::move(logProb));
  return results;
}

} // namespace

void registerReductionKernels(KernelRegistry &registry) {
  using namespace cgc_op;
#define OPENCGC_REDUCE_KERNEL(OP, KIND)                                        \
  registry.add(OP::getOperationName(), reduceKernel<OP, ReduceKind::KIND>);
  OPENCGC_REDUCE_KERNEL(ReduceSumOp, Sum)
  OPENCGC_REDUCE_KERNEL(ReduceMeanOp, Mean)
  OPENCGC_REDUCE_KERNEL(ReduceMaxOp, Max)
  OPENCGC_REDUCE_KERNEL(ReduceMinOp, Min)
  OPENCGC_REDUCE_KERNEL(ReduceProdOp, Prod)
  OPENCGC_REDUCE_KERNEL(ReduceL1Op, L1)
  OPENCGC_REDUCE_KERNEL(ReduceL2Op, L2)
  OPENCGC_REDUCE_KERNEL(ReduceLogSumOp, LogSum)
  OPENCGC_REDUCE_KERNEL(ReduceLogSumExpOp, LogSumExp)
  OPENCGC_REDUCE_KERNEL(ReduceSumSquareOp, SumSquare)
#undef OPENCGC_REDUCE_KERNEL
  registry.add(ArgMaxOp::getOperationName(), argReduceKernel<ArgMaxOp, true>);
  registry.add(ArgMinOp::getOperationName(), argReduceKernel<ArgMinOp, false>);
  registry.add(LogSoftmaxOp::getOperationName(), logSoftmaxKernel);
  registry.add(HardmaxOp::getOperationName(), hardmaxKernel);
  registry.add(CumSumOp::getOperationName(), cumSumKernel);
  registry.add(CumProdOp::getOperationName(), cumProdKernel);
  registry.add(DftOp::getOperationName(), dftKernel);
  registry.add(StftOp::getOperationName(), stftKernel);
  registry.add(TopKOp::getOperationName(), topKKernel);
  registry.add(NegativeLogLikelihoodLossOp::getOperationName(), nllLossKernel);
  registry.add(SoftmaxCrossEntropyLossOp::getOperationName(),
               softmaxCrossEntropyKernel);
}

} // namespace opencgc::reference
