//===- KernelUtils.h - Helpers shared by reference kernels ------*- C++ -*-===//
#ifndef OPENCGC_LIB_REFERENCEKERNELS_KERNELUTILS_H
#define OPENCGC_LIB_REFERENCEKERNELS_KERNELUTILS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "opencgc/ReferenceKernels/KernelRegistry.h"
#include "opencgc/Tensor/Tensor.h"

namespace opencgc::reference {

/// A zero-filled tensor of the op's `index`-th result type.
Tensor allocateResult(mlir::Operation *op, unsigned index = 0);

/// An error naming the op and its location.
llvm::Error kernelError(mlir::Operation *op, const llvm::Twine &message);

/// The error for an element type a kernel does not handle.
llvm::Error unsupportedType(mlir::Operation *op, DType dtype);

/// Row-major strides of a shape.
Shape stridesOf(llvm::ArrayRef<int64_t> shape);

/// Strides to read an input of `inShape` broadcast to `outShape`
/// (right-aligned; 0 along broadcast dimensions).
Shape broadcastStrides(llvm::ArrayRef<int64_t> inShape,
                       llvm::ArrayRef<int64_t> outShape);

/// Calls fn(outIndex, offsets[0..N)) for every element of `outShape` in
/// row-major order, where offsets[k] advances by strides[k].
template <size_t N, typename Fn>
void forEachIndex(llvm::ArrayRef<int64_t> outShape,
                  const std::array<Shape, N> &strides, Fn &&fn) {
  int64_t total = getNumElements(outShape);
  if (total == 0)
    return;
  size_t rank = outShape.size();
  Shape counter(rank, 0);
  std::array<int64_t, N> offsets{};
  for (int64_t index = 0; index < total; ++index) {
    fn(index, offsets);
    for (size_t d = rank; d-- > 0;) {
      for (size_t k = 0; k < N; ++k)
        offsets[k] += strides[k][d];
      if (++counter[d] < outShape[d])
        break;
      for (size_t k = 0; k < N; ++k)
        offsets[k] -= strides[k][d] * outShape[d];
      counter[d] = 0;
    }
  }
}

/// Integer array attribute values, or `count` copies of `fill` when absent.
Shape intArray(mlir::ArrayAttr attr, size_t count, int64_t fill);

/// Wraps a single tensor as a kernel result.
inline llvm::Expected<TensorList> single(Tensor tensor) {
  TensorList results;
  results.push_back(std::move(tensor));
  return results;
}

} // namespace opencgc::reference

#endif // OPENCGC_LIB_REFERENCEKERNELS_KERNELUTILS_H
