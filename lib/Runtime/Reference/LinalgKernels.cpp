//===- LinalgKernels.cpp - Reference convolution and matrix products ------===//
//
// Accumulation happens in AccumulatorType<T>: float for float16, bfloat16
// and float32, double for float64, 64-bit integers for integer types.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include <vector>

using namespace mlir;

namespace opencgc::reference {
namespace {

template <typename T>
using AccumulatorType = std::conditional_t<
    std::is_floating_point_v<ComputeType<T>>, ComputeType<T>,
    std::conditional_t<std::is_signed_v<ComputeType<T>>, int64_t, uint64_t>>;

llvm::Error unsupportedType(Operation *op, DType dtype) {
  return kernelError(op, "no reference kernel for element type " +
                             getDTypeName(dtype));
}

/// Convolution geometry with spatial dimensions padded to three.
struct ConvGeometry {
  int64_t batch, inChannels, outChannels, groups;
  std::array<int64_t, 3> in, out, kernel, stride, dilation, padBegin;
};

ConvGeometry convGeometry(cgc_op::ConvolutionOp conv, const Tensor &x,
                          const Tensor &w, const Tensor &y) {
  size_t spatial = x.getRank() - 2;
  Shape strides = intArray(conv.getStridesAttr(), spatial, 1);
  Shape dilations = intArray(conv.getDilationsAttr(), spatial, 1);
  Shape begin = intArray(conv.getStartPaddingAttr(), spatial, 0);
  ConvGeometry g;
  g.batch = x.getShape()[0];
  g.inChannels = x.getShape()[1];
  g.outChannels = w.getShape()[0];
  g.groups = static_cast<int64_t>(conv.getGroup());
  for (size_t d = 0; d < 3; ++d) {
    size_t lead = 3 - spatial;
    bool real = d >= lead;
    g.in[d] = real ? x.getShape()[2 + d - lead] : 1;
    g.out[d] = real ? y.getShape()[2 + d - lead] : 1;
    g.kernel[d] = real ? w.getShape()[2 + d - lead] : 1;
    g.stride[d] = real ? strides[d - lead] : 1;
    g.dilation[d] = real ? dilations[d - lead] : 1;
    g.padBegin[d] = real ? begin[d - lead] : 0;
  }
  return g;
}

/// Adds w * x over every output position of one (output channel, input
/// channel, kernel tap) triple; out-of-range input taps are padding.
template <typename T, typename Acc>
void accumulateTap(const ConvGeometry &g, const T *plane, Acc weight,
                   std::array<int64_t, 3> tap, Acc *acc) {
  for (int64_t o0 = 0; o0 < g.out[0]; ++o0) {
    int64_t i0 = o0 * g.stride[0] - g.padBegin[0] + tap[0] * g.dilation[0];
    if (i0 < 0 || i0 >= g.in[0])
      continue;
    for (int64_t o1 = 0; o1 < g.out[1]; ++o1) {
      int64_t i1 = o1 * g.stride[1] - g.padBegin[1] + tap[1] * g.dilation[1];
      if (i1 < 0 || i1 >= g.in[1])
        continue;
      const T *row = plane + (i0 * g.in[1] + i1) * g.in[2];
      Acc *outRow = acc + (o0 * g.out[1] + o1) * g.out[2];
      for (int64_t o2 = 0; o2 < g.out[2]; ++o2) {
        int64_t i2 =
            o2 * g.stride[2] - g.padBegin[2] + tap[2] * g.dilation[2];
        if (i2 >= 0 && i2 < g.in[2])
          outRow[o2] += weight * Acc(ComputeType<T>(row[i2]));
      }
    }
  }
}

template <typename T>
void convolve(const ConvGeometry &g, const T *x, const T *w, const T *bias,
              T *y) {
  using Acc = AccumulatorType<T>;
  int64_t inPlane = g.in[0] * g.in[1] * g.in[2];
  int64_t outPlane = g.out[0] * g.out[1] * g.out[2];
  int64_t taps = g.kernel[0] * g.kernel[1] * g.kernel[2];
  int64_t groupIn = g.inChannels / g.groups;
  int64_t groupOut = g.outChannels / g.groups;
  std::vector<Acc> acc(outPlane);
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t m = 0; m < g.outChannels; ++m) {
      Acc initial = bias ? Acc(ComputeType<T>(bias[m])) : Acc(0);
      std::fill(acc.begin(), acc.end(), initial);
      int64_t group = m / groupOut;
      for (int64_t c = 0; c < groupIn; ++c) {
        const T *plane =
            x + (n * g.inChannels + group * groupIn + c) * inPlane;
        const T *weights = w + (m * groupIn + c) * taps;
        for (int64_t t = 0; t < taps; ++t) {
          std::array<int64_t, 3> tap = {t / (g.kernel[1] * g.kernel[2]),
                                        (t / g.kernel[2]) % g.kernel[1],
                                        t % g.kernel[2]};
          accumulateTap(g, plane, Acc(ComputeType<T>(weights[t])), tap,
                        acc.data());
        }
      }
      T *out = y + (n * g.outChannels + m) * outPlane;
      for (int64_t i = 0; i < outPlane; ++i)
        out[i] = T(static_cast<ComputeType<T>>(acc[i]));
    }
  }
}

llvm::Expected<TensorList> convolutionKernel(Operation *op,
                                             llvm::ArrayRef<Tensor> in) {
  auto conv = cast<cgc_op::ConvolutionOp>(op);
  Tensor out = allocateResult(op);
  ConvGeometry g = convGeometry(conv, in[0], in[1], out);
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      const T *bias = in.size() > 2 ? in[2].getData<T>() : nullptr;
      convolve<T>(g, in[0].getData<T>(), in[1].getData<T>(), bias,
                  out.getData<T>());
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

/// C[m x n] (+)= A[m x k] * B[k x n] for row-major matrices with the given
/// row strides; `transA`/`transB` read the operands transposed.
template <typename T>
void matrixProduct(const T *a, const T *b, AccumulatorType<T> *c, int64_t m,
                   int64_t n, int64_t k, bool transA, bool transB) {
  using Acc = AccumulatorType<T>;
  for (int64_t i = 0; i < m; ++i) {
    Acc *row = c + i * n;
    for (int64_t p = 0; p < k; ++p) {
      Acc av = Acc(ComputeType<T>(transA ? a[p * m + i] : a[i * k + p]));
      if (!transB) {
        const T *brow = b + p * n;
        for (int64_t j = 0; j < n; ++j)
          row[j] += av * Acc(ComputeType<T>(brow[j]));
      } else {
        for (int64_t j = 0; j < n; ++j)
          row[j] += av * Acc(ComputeType<T>(b[j * k + p]));
      }
    }
  }
}

llvm::Expected<TensorList> matmulKernel(Operation *op,
                                        llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  // numpy.matmul: promote 1-D operands to matrices.
  Shape aShape(in[0].getShape()), bShape(in[1].getShape());
  if (aShape.size() == 1)
    aShape.insert(aShape.begin(), 1);
  if (bShape.size() == 1)
    bShape.push_back(1);
  int64_t m = aShape[aShape.size() - 2], k = aShape.back(), n = bShape.back();
  llvm::ArrayRef<int64_t> aBatch = llvm::ArrayRef(aShape).drop_back(2);
  llvm::ArrayRef<int64_t> bBatch = llvm::ArrayRef(bShape).drop_back(2);
  Shape batch(out.getShape().drop_back(
      (in[0].getRank() > 1 ? 1 : 0) + (in[1].getRank() > 1 ? 1 : 0)));
  std::array<Shape, 2> strides = {broadcastStrides(aBatch, batch),
                                  broadcastStrides(bBatch, batch)};
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      using Acc = AccumulatorType<T>;
      std::vector<Acc> acc(m * n);
      const T *a = in[0].getData<T>(), *b = in[1].getData<T>();
      T *o = out.getData<T>();
      forEachIndex<2>(batch, strides, [&](int64_t index, auto &off) {
        std::fill(acc.begin(), acc.end(), Acc(0));
        matrixProduct<T>(a + off[0] * m * k, b + off[1] * k * n, acc.data(),
                         m, n, k, false, false);
        for (int64_t i = 0; i < m * n; ++i)
          o[index * m * n + i] = T(static_cast<ComputeType<T>>(acc[i]));
      });
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

llvm::Expected<TensorList> gemmKernel(Operation *op,
                                      llvm::ArrayRef<Tensor> in) {
  auto gemm = cast<cgc_op::GemmOp>(op);
  Tensor out = allocateResult(op);
  bool transA = gemm.getTransA(), transB = gemm.getTransB();
  int64_t m = out.getShape()[0], n = out.getShape()[1];
  int64_t k = in[0].getShape()[transA ? 0 : 1];
  double alpha = gemm.getAlpha().convertToDouble();
  double beta = gemm.getBeta().convertToDouble();
  std::optional<Shape> cStrides;
  if (in.size() > 2)
    cStrides = broadcastStrides(in[2].getShape(), out.getShape());
  bool supported = dispatchDType(in[0].getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      using Acc = AccumulatorType<T>;
      using C = ComputeType<T>;
      std::vector<Acc> acc(m * n, Acc(0));
      matrixProduct<T>(in[0].getData<T>(), in[1].getData<T>(), acc.data(), m,
                       n, k, transA, transB);
      T *o = out.getData<T>();
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          double value = alpha * double(acc[i * n + j]);
          if (cStrides)
            value += beta * double(C(in[2].getData<T>()[i * (*cStrides)[0] +
                                                        j * (*cStrides)[1]]));
          o[i * n + j] = T(static_cast<C>(value));
        }
      return true;
    }
  });
  if (!supported)
    return unsupportedType(op, in[0].getDType());
  return single(out);
}
} // namespace

void registerLinalgKernels(KernelRegistry &registry) {
  registry.add(cgc_op::ConvolutionOp::getOperationName(), convolutionKernel);
  registry.add(cgc_op::MatMulOp::getOperationName(), matmulKernel);
  registry.add(cgc_op::GemmOp::getOperationName(), gemmKernel);
}

} // namespace opencgc::reference
