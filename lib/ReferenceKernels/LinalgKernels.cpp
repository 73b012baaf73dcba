//===- LinalgKernels.cpp - Reference convolution and matrix products ------===//
//
// Accumulation happens in AccumulatorType<T>: float for float16, bfloat16
// and float32, double for float64, 64-bit integers for integer types.
//
//===----------------------------------------------------------------------===//
#include "LinalgKernels.h"
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include <cmath>
#include <vector>

using namespace mlir;

namespace opencgc::reference {
namespace {

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
  if (!batchedMatMul(in[0], in[1], out))
    return unsupportedType(op, in[0].getDType());
  return single(out);
}

/// Gaussian elimination with partial pivoting, in double.
double determinant(std::vector<double> a, int64_t n) {
  double det = 1;
  for (int64_t col = 0; col < n; ++col) {
    int64_t pivot = col;
    for (int64_t row = col + 1; row < n; ++row)
      if (std::fabs(a[row * n + col]) > std::fabs(a[pivot * n + col]))
        pivot = row;
    if (a[pivot * n + col] == 0)
      return 0;
    if (pivot != col) {
      for (int64_t k = 0; k < n; ++k)
        std::swap(a[pivot * n + k], a[col * n + k]);
      det = -det;
    }
    det *= a[col * n + col];
    for (int64_t row = col + 1; row < n; ++row) {
      double factor = a[row * n + col] / a[col * n + col];
      for (int64_t k = col; k < n; ++k)
        a[row * n + k] -= factor * a[col * n + k];
    }
  }
  return det;
}

llvm::Expected<TensorList> detKernel(Operation *op, llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  int64_t n = in[0].getShape().back();
  std::vector<double> matrix(n * n);
  for (int64_t m = 0; m < out.getNumElements(); ++m) {
    for (int64_t i = 0; i < n * n; ++i)
      matrix[i] = in[0].getAsDouble(m * n * n + i);
    out.setFromDouble(m, determinant(matrix, n));
  }
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
      matrixProduct<T>(in[0].getData<T>(), in[1].getData<T>(), acc.data(), m, n,
                       k, transA, transB);
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

bool batchedMatMul(const Tensor &a, const Tensor &b, Tensor &out) {
  // numpy.matmul: promote 1-D operands to matrices.
  Shape aShape(a.getShape()), bShape(b.getShape());
  if (aShape.size() == 1)
    aShape.insert(aShape.begin(), 1);
  if (bShape.size() == 1)
    bShape.push_back(1);
  int64_t m = aShape[aShape.size() - 2], k = aShape.back(), n = bShape.back();
  llvm::ArrayRef<int64_t> aBatch = llvm::ArrayRef(aShape).drop_back(2);
  llvm::ArrayRef<int64_t> bBatch = llvm::ArrayRef(bShape).drop_back(2);
  Shape batch(out.getShape().drop_back((a.getRank() > 1 ? 1 : 0) +
                                       (b.getRank() > 1 ? 1 : 0)));
  std::array<Shape, 2> strides = {broadcastStrides(aBatch, batch),
                                  broadcastStrides(bBatch, batch)};
  bool supported = dispatchDType(a.getDType(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      using Acc = AccumulatorType<T>;
      std::vector<Acc> acc(m * n);
      const T *pa = a.getData<T>(), *pb = b.getData<T>();
      T *o = out.getData<T>();
      forEachIndex<2>(batch, strides, [&](int64_t index, auto &off) {
        std::fill(acc.begin(), acc.end(), Acc(0));
        matrixProduct<T>(pa + off[0] * m * k, pb + off[1] * k * n, acc.data(),
                         m, n, k, false, false);
        for (int64_t i = 0; i < m * n; ++i)
          o[index * m * n + i] = T(static_cast<ComputeType<T>>(acc[i]));
      });
      return true;
    }
  });
  return supported;
}

void registerLinalgKernels(KernelRegistry &registry) {
  registry.add(cgc_op::ConvolutionOp::getOperationName(), convolutionKernel);
  registry.add(cgc_op::MatMulOp::getOperationName(), matmulKernel);
  registry.add(cgc_op::GemmOp::getOperationName(), gemmKernel);
  registry.add(cgc_op::DetOp::getOperationName(), detKernel);
}

} // namespace opencgc::reference
