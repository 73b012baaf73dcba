//===- DataMovementKernels.cpp - Reference reshape, transpose, concat -----===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include <cstring>

using namespace mlir;

namespace opencgc::reference {
namespace {

llvm::Expected<TensorList> reshapeKernel(Operation *op,
                                         llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  if (out.getByteSize())
    std::memcpy(out.getBytes(), in[0].getBytes(), out.getByteSize());
  return single(out);
}

/// Copies elements of `element` bytes: out[i] = in[offset(i)].
void gather(const Tensor &in, Tensor &out, const Shape &inStrides) {
  size_t element = getDTypeSize(in.getDType());
  const uint8_t *src = in.getBytes();
  uint8_t *dst = out.getBytes();
  std::array<Shape, 1> strides = {inStrides};
  forEachIndex<1>(out.getShape(), strides, [&](int64_t i, auto &off) {
    std::memcpy(dst + i * element, src + off[0] * element, element);
  });
}

llvm::Expected<TensorList> transposeKernel(Operation *op,
                                           llvm::ArrayRef<Tensor> in) {
  auto transpose = cast<cgc_op::TransposeOp>(op);
  Tensor out = allocateResult(op);
  size_t rank = in[0].getRank();
  Shape perm;
  if (ArrayAttr attr = transpose.getPermAttr())
    perm = intArray(attr, rank, 0);
  else
    for (size_t d = rank; d-- > 0;)
      perm.push_back(d);
  Shape dense = stridesOf(in[0].getShape());
  Shape strides;
  for (int64_t p : perm)
    strides.push_back(dense[p]);
  gather(in[0], out, strides);
  return single(out);
}

llvm::Expected<TensorList> concatKernel(Operation *op,
                                        llvm::ArrayRef<Tensor> in) {
  auto concat = cast<cgc_op::ConcatOp>(op);
  Tensor out = allocateResult(op);
  int64_t rank = out.getRank();
  int64_t axis = concat.getAxisAttr().getInt();
  axis = axis < 0 ? axis + rank : axis;
  size_t element = getDTypeSize(out.getDType());
  int64_t outer = getNumElements(out.getShape().take_front(axis));
  int64_t outRow = getNumElements(out.getShape().drop_front(axis)) * element;
  int64_t column = 0;
  for (const Tensor &input : in) {
    int64_t row = getNumElements(input.getShape().drop_front(axis)) * element;
    for (int64_t o = 0; o < outer && row; ++o)
      std::memcpy(out.getBytes() + o * outRow + column,
                  input.getBytes() + o * row, row);
    column += row;
  }
  return single(out);
}
} // namespace

void registerDataMovementKernels(KernelRegistry &registry) {
  registry.add(cgc_op::ReshapeOp::getOperationName(), reshapeKernel);
  registry.add(cgc_op::TransposeOp::getOperationName(), transposeKernel);
  registry.add(cgc_op::ConcatOp::getOperationName(), concatKernel);
}

} // namespace opencgc::reference
