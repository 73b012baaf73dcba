//===- ElementwiseKernels.cpp - Reference elementwise layers --------------===//
//
// Binary ops broadcast multidirectionally (numpy rules); unary ops map each
// element. Arithmetic happens in ComputeType<T> (float for float16 and
// bfloat16) and rounds once on store.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include <cmath>

using namespace mlir;

namespace opencgc::reference {
namespace {

template <typename T> constexpr bool isArithmetic() {
  return !std::is_same_v<T, bool>;
}
template <typename T> constexpr bool isFloating() {
  return std::is_floating_point_v<ComputeType<T>>;
}

/// Applies `fn(a, b)` with broadcasting; `Supported<T>` filters types.
template <template <typename> class Fn>
llvm::Expected<TensorList> binaryKernel(Operation *op,
                                        llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  std::array<Shape, 2> strides = {
      broadcastStrides(in[0].getShape(), out.getShape()),
      broadcastStrides(in[1].getShape(), out.getShape())};
  std::optional<std::string> failure;
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (!Fn<T>::supported) {
      return false;
    } else {
      using C = ComputeType<T>;
      const T *a = in[0].getData<T>(), *b = in[1].getData<T>();
      T *o = out.getData<T>();
      forEachIndex<2>(out.getShape(), strides, [&](int64_t i, auto &off) {
        std::optional<C> value = Fn<T>::apply(C(a[off[0]]), C(b[off[1]]));
        if (!value) {
          failure = "integer division by zero";
          return;
        }
        o[i] = T(*value);
      });
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  if (failure)
    return kernelError(op, *failure);
  return single(out);
}

template <typename T> struct AddFn {
  static constexpr bool supported = isArithmetic<T>();
  template <typename C> static std::optional<C> apply(C a, C b) {
    return C(a + b);
  }
};
template <typename T> struct SubFn {
  static constexpr bool supported = isArithmetic<T>();
  template <typename C> static std::optional<C> apply(C a, C b) {
    return C(a - b);
  }
};
template <typename T> struct MulFn {
  static constexpr bool supported = isArithmetic<T>();
  template <typename C> static std::optional<C> apply(C a, C b) {
    return C(a * b);
  }
};
template <typename T> struct DivFn {
  static constexpr bool supported = isArithmetic<T>();
  template <typename C> static std::optional<C> apply(C a, C b) {
    if constexpr (std::is_integral_v<C>)
      if (b == 0)
        return std::nullopt;
    return C(a / b);
  }
};

/// Applies `Fn<T>::apply(x)` to every element.
template <template <typename> class Fn>
llvm::Expected<TensorList> unaryKernel(Operation *op,
                                       llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (!Fn<T>::supported) {
      return false;
    } else {
      using C = ComputeType<T>;
      const T *x = in[0].getData<T>();
      T *o = out.getData<T>();
      for (int64_t i = 0, e = out.getNumElements(); i < e; ++i)
        o[i] = T(Fn<T>::apply(op, C(x[i])));
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

template <typename T> struct ReluFn {
  static constexpr bool supported =
      isFloating<T>() || std::is_signed_v<ComputeType<T>>;
  template <typename C> static C apply(Operation *, C x) {
    return x > C(0) ? x : C(0);
  }
};
template <typename T> struct SigmoidFn {
  static constexpr bool supported = isFloating<T>();
  template <typename C> static C apply(Operation *, C x) {
    return C(1) / (C(1) + std::exp(-x));
  }
};
template <typename T> struct TanhFn {
  static constexpr bool supported = isFloating<T>();
  template <typename C> static C apply(Operation *, C x) {
    return std::tanh(x);
  }
};
template <typename T> struct GeluFn {
  static constexpr bool supported = isFloating<T>();
  template <typename C> static C apply(Operation *op, C x) {
    if (cast<cgc_op::GeluOp>(op).getApproximate() == "tanh") {
      C inner = C(std::sqrt(2.0 / M_PI)) * (x + C(0.044715) * x * x * x);
      return C(0.5) * x * (C(1) + std::tanh(inner));
    }
    return C(0.5) * x * (C(1) + std::erf(x / C(std::sqrt(2.0))));
  }
};

llvm::Expected<TensorList> softmaxKernel(Operation *op,
                                         llvm::ArrayRef<Tensor> in) {
  auto softmax = cast<cgc_op::SoftmaxOp>(op);
  Tensor out = allocateResult(op);
  llvm::ArrayRef<int64_t> shape = in[0].getShape();
  int64_t rank = shape.size();
  int64_t axis = static_cast<int64_t>(softmax.getAxis());
  axis = axis < 0 ? axis + rank : axis;
  int64_t outer = getNumElements(shape.take_front(axis));
  int64_t extent = shape[axis];
  int64_t inner = getNumElements(shape.drop_front(axis + 1));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      int64_t base = o * extent * inner + i;
      double maximum = -INFINITY, sum = 0;
      for (int64_t k = 0; k < extent; ++k)
        maximum = std::max(maximum, in[0].getAsDouble(base + k * inner));
      for (int64_t k = 0; k < extent; ++k)
        sum += std::exp(in[0].getAsDouble(base + k * inner) - maximum);
      for (int64_t k = 0; k < extent; ++k)
        out.setFromDouble(
            base + k * inner,
            std::exp(in[0].getAsDouble(base + k * inner) - maximum) / sum);
    }
  }
  return single(out);
}
} // namespace

void registerElementwiseKernels(KernelRegistry &registry) {
  registry.add(cgc_op::AddOp::getOperationName(), binaryKernel<AddFn>);
  registry.add(cgc_op::SubOp::getOperationName(), binaryKernel<SubFn>);
  registry.add(cgc_op::MulOp::getOperationName(), binaryKernel<MulFn>);
  registry.add(cgc_op::DivOp::getOperationName(), binaryKernel<DivFn>);
  registry.add(cgc_op::ReluOp::getOperationName(), unaryKernel<ReluFn>);
  registry.add(cgc_op::SigmoidOp::getOperationName(), unaryKernel<SigmoidFn>);
  registry.add(cgc_op::TanhOp::getOperationName(), unaryKernel<TanhFn>);
  registry.add(cgc_op::GeluOp::getOperationName(), unaryKernel<GeluFn>);
  registry.add(cgc_op::SoftmaxOp::getOperationName(), softmaxKernel);
}

} // namespace opencgc::reference
