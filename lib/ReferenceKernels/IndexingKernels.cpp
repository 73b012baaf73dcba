//===- IndexingKernels.cpp - Reference kernels of the indexing family -----===//
//
// Most of these ops only move elements, so they copy raw element bytes and
// work for every dtype; only scatter reductions and one_hot look at values.
// Data-dependent indices are bounds-checked and reported, never trusted.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/IndexingOps.h"

#include <algorithm>
#include <cstring>

using namespace mlir;

namespace opencgc::reference {
namespace {

/// Calls fn(flatIndex, coordinates) for every element of `shape` in
/// row-major order, stopping at the first error.
template <typename Fn>
llvm::Error forEachCoord(ArrayRef<int64_t> shape, Fn &&fn) {
  int64_t total = getNumElements(shape);
  Shape coord(shape.size(), 0);
  for (int64_t i = 0; i < total; ++i) {
    if (llvm::Error err = fn(i, ArrayRef<int64_t>(coord)))
      return err;
    for (size_t d = shape.size(); d-- > 0;) {
      if (++coord[d] < shape[d])
        break;
      coord[d] = 0;
    }
  }
  return llvm::Error::success();
}

/// A data-dependent index, negative values counting from the end.
llvm::Expected<int64_t> resolveIndex(Operation *op, int64_t index, int64_t axis,
                                     int64_t size) {
  int64_t resolved = index < 0 ? index + size : index;
  if (resolved < 0 || resolved >= size)
    return kernelError(
        op, "index " + llvm::Twine(index) + " is out of range for axis " +
                llvm::Twine(axis) + " of size " + llvm::Twine(size));
  return resolved;
}

void copyElement(Tensor &dst, int64_t dstIndex, const Tensor &src,
                 int64_t srcIndex) {
  size_t size = getDTypeSize(src.getDType());
  std::memcpy(dst.getBytes() + dstIndex * size,
              src.getBytes() + srcIndex * size, size);
}

int64_t normalizeAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

llvm::Expected<TensorList> sliceKernel(Operation *op, ArrayRef<Tensor> in) {
  auto slice = cast<cgc_op::SliceOp>(op);
  Tensor out = allocateResult(op);
  ArrayRef<int64_t> shape = in[0].getShape();
  int64_t rank = shape.size();
  llvm::SmallVector<cgc_op::SliceAxis> axes = cgc_op::resolveSliceAxes(slice);
  Shape dense = stridesOf(shape), stride(rank);
  int64_t base = 0;
  for (int64_t d = 0; d < rank; ++d) {
    base += axes[d].start * dense[d];
    stride[d] = axes[d].step * dense[d];
  }
  std::array<Shape, 1> strides = {stride};
  forEachIndex<1>(out.getShape(), strides, [&](int64_t i, auto &off) {
    copyElement(out, i, in[0], base + off[0]);
  });
  return single(out);
}

llvm::Expected<TensorList> splitKernel(Operation *op, ArrayRef<Tensor> in) {
  auto split = cast<cgc_op::SplitOp>(op);
  ArrayRef<int64_t> shape = in[0].getShape();
  int64_t axis = normalizeAxis(split.getAxis(), shape.size());
  size_t element = getDTypeSize(in[0].getDType());
  int64_t outer = getNumElements(shape.take_front(axis));
  int64_t inRow = getNumElements(shape.drop_front(axis)) * element;
  int64_t column = 0;
  TensorList results;
  for (unsigned r = 0; r < op->getNumResults(); ++r) {
    Tensor out = allocateResult(op, r);
    int64_t row = getNumElements(out.getShape().drop_front(axis)) * element;
    for (int64_t o = 0; o < outer && row; ++o)
      std::memcpy(out.getBytes() + o * row,
                  in[0].getBytes() + o * inRow + column, row);
    column += row;
    results.push_back(out);
  }
  return results;
}

llvm::Expected<TensorList> gatherKernel(Operation *op, ArrayRef<Tensor> in) {
  auto gather = cast<cgc_op::GatherOp>(op);
  const Tensor &data = in[0], &indices = in[1];
  Tensor out = allocateResult(op);
  ArrayRef<int64_t> shape = data.getShape();
  int64_t axis = normalizeAxis(gather.getAxis(), shape.size());
  int64_t outer = getNumElements(shape.take_front(axis));
  int64_t inner = getNumElements(shape.drop_front(axis + 1));
  int64_t count = indices.getNumElements(), dim = shape[axis];
  size_t rowBytes = inner * getDTypeSize(data.getDType());
  for (int64_t j = 0; j < count; ++j) {
    llvm::Expected<int64_t> index =
        resolveIndex(op, indices.getAsInt(j), axis, dim);
    if (!index)
      return index.takeError();
    for (int64_t o = 0; o < outer && rowBytes; ++o)
      std::memcpy(out.getBytes() + ((o * count + j) * rowBytes),
                  data.getBytes() + ((o * dim + *index) * rowBytes), rowBytes);
  }
  return single(out);
}

/// Element offset in `shape` of `coord` with the `axis` coordinate
/// replaced by a checked, data-dependent index.
llvm::Expected<int64_t> offsetAlongAxis(Operation *op, ArrayRef<int64_t> shape,
                                        ArrayRef<int64_t> coord, int64_t axis,
                                        int64_t index) {
  llvm::Expected<int64_t> resolved = resolveIndex(op, index, axis, shape[axis]);
  if (!resolved)
    return resolved.takeError();
  Shape dense = stridesOf(shape);
  int64_t offset = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    offset +=
        (static_cast<int64_t>(d) == axis ? *resolved : coord[d]) * dense[d];
  return offset;
}

llvm::Expected<TensorList> gatherElementsKernel(Operation *op,
                                                ArrayRef<Tensor> in) {
  auto gather = cast<cgc_op::GatherElementsOp>(op);
  const Tensor &data = in[0], &indices = in[1];
  Tensor out = allocateResult(op);
  int64_t axis = normalizeAxis(gather.getAxis(), data.getRank());
  llvm::Error err =
      forEachCoord(indices.getShape(),
                   [&](int64_t i, ArrayRef<int64_t> coord) -> llvm::Error {
                     llvm::Expected<int64_t> offset = offsetAlongAxis(
                         op, data.getShape(), coord, axis, indices.getAsInt(i));
                     if (!offset)
                       return offset.takeError();
                     copyElement(out, i, data, *offset);
                     return llvm::Error::success();
                   });
  if (err)
    return std::move(err);
  return single(out);
}

/// Applies a scatter reduction: dst[i] = reduce(dst[i], src[j]).
void reduceInto(Tensor &dst, int64_t i, const Tensor &src, int64_t j,
                StringRef reduction) {
  if (reduction == "none") {
    copyElement(dst, i, src, j);
    return;
  }
  dispatchDType(dst.getDType(), [&](auto zero) {
    using T = decltype(zero);
    using C = ComputeType<T>;
    C a = static_cast<C>(dst.getData<T>()[i]);
    C b = static_cast<C>(src.getData<T>()[j]);
    C result = a;
    if constexpr (std::is_same_v<T, bool>) {
      result = reduction == "add" || reduction == "max" ? (a || b) : (a && b);
    } else if (reduction == "add") {
      result = a + b;
    } else if (reduction == "mul") {
      result = a * b;
    } else if (reduction == "max") {
      result = std::max(a, b);
    } else if (reduction == "min") {
      result = std::min(a, b);
    }
    dst.getData<T>()[i] = T(result);
  });
}

llvm::Expected<TensorList> scatterElementsKernel(Operation *op,
                                                 ArrayRef<Tensor> in) {
  auto scatter = cast<cgc_op::ScatterElementsOp>(op);
  const Tensor &indices = in[1], &updates = in[2];
  Tensor out = in[0].clone();
  int64_t axis = normalizeAxis(scatter.getAxis(), out.getRank());
  StringRef reduction = scatter.getReduction();
  llvm::Error err =
      forEachCoord(indices.getShape(),
                   [&](int64_t i, ArrayRef<int64_t> coord) -> llvm::Error {
                     llvm::Expected<int64_t> offset = offsetAlongAxis(
                         op, out.getShape(), coord, axis, indices.getAsInt(i));
                     if (!offset)
                       return offset.takeError();
                     reduceInto(out, *offset, updates, i, reduction);
                     return llvm::Error::success();
                   });
  if (err)
    return std::move(err);
  return single(out);
}

/// Element offset (within one batch of `data`) of an index tuple of
/// `indices` starting at element `first`; dimensions from `dimBase` on.
llvm::Expected<int64_t> tupleOffset(Operation *op, const Tensor &indices,
                                    int64_t first, int64_t length,
                                    ArrayRef<int64_t> dataShape,
                                    int64_t dimBase) {
  Shape dense = stridesOf(dataShape.drop_front(dimBase));
  int64_t offset = 0;
  for (int64_t k = 0; k < length; ++k) {
    int64_t axis = dimBase + k;
    llvm::Expected<int64_t> index =
        resolveIndex(op, indices.getAsInt(first + k), axis, dataShape[axis]);
    if (!index)
      return index.takeError();
    offset += *index * dense[k];
  }
  return offset;
}

llvm::Expected<TensorList> gatherNDKernel(Operation *op, ArrayRef<Tensor> in) {
  auto gather = cast<cgc_op::GatherNDOp>(op);
  const Tensor &data = in[0], &indices = in[1];
  Tensor out = allocateResult(op);
  ArrayRef<int64_t> dataShape = data.getShape();
  ArrayRef<int64_t> indShape = indices.getShape();
  int64_t b = gather.getBatchDims(), length = indShape.back();
  int64_t batches = getNumElements(dataShape.take_front(b));
  int64_t batchSize = getNumElements(dataShape.drop_front(b));
  int64_t tuples = getNumElements(indShape.drop_front(b).drop_back());
  int64_t sliceSize = getNumElements(dataShape.drop_front(b + length));
  size_t element = getDTypeSize(data.getDType());
  for (int64_t batch = 0; batch < batches; ++batch) {
    for (int64_t t = 0; t < tuples; ++t) {
      int64_t tuple = batch * tuples + t;
      llvm::Expected<int64_t> offset =
          tupleOffset(op, indices, tuple * length, length, dataShape, b);
      if (!offset)
        return offset.takeError();
      if (sliceSize)
        std::memcpy(out.getBytes() + tuple * sliceSize * element,
                    data.getBytes() + (batch * batchSize + *offset) * element,
                    sliceSize * element);
    }
  }
  return single(out);
}

llvm::Expected<TensorList> scatterNDKernel(Operation *op, ArrayRef<Tensor> in) {
  auto scatter = cast<cgc_op::ScatterNDOp>(op);
  const Tensor &indices = in[1], &updates = in[2];
  Tensor out = in[0].clone();
  ArrayRef<int64_t> indShape = indices.getShape();
  int64_t length = indShape.back();
  int64_t tuples = getNumElements(indShape.drop_back());
  int64_t sliceSize = getNumElements(out.getShape().drop_front(length));
  StringRef reduction = scatter.getReduction();
  for (int64_t t = 0; t < tuples; ++t) {
    llvm::Expected<int64_t> offset =
        tupleOffset(op, indices, t * length, length, out.getShape(), 0);
    if (!offset)
      return offset.takeError();
    for (int64_t e = 0; e < sliceSize; ++e)
      reduceInto(out, *offset + e, updates, t * sliceSize + e, reduction);
  }
  return single(out);
}

/// The input coordinate that output coordinate `c` (already shifted by the
/// begin padding) reads in reflect, edge or wrap mode (Pad-19 adds wrap:
/// the data repeats as on a torus, Operators.md, Pad).
int64_t padSource(int64_t c, int64_t dim, StringRef mode) {
  if (mode == "edge")
    return std::clamp<int64_t>(c, 0, dim - 1);
  if (mode == "wrap")
    return ((c % dim) + dim) % dim;
  if (dim == 1)
    return 0;
  int64_t period = 2 * (dim - 1);
  c = ((c % period) + period) % period;
  return c < dim ? c : period - c;
}

llvm::Expected<TensorList> padKernel(Operation *op, ArrayRef<Tensor> in) {
  auto pad = cast<cgc_op::PadOp>(op);
  Tensor out = allocateResult(op);
  const Tensor &input = in[0];
  ArrayRef<int64_t> shape = input.getShape();
  int64_t rank = shape.size();
  Shape pads = intArray(pad.getPadsAttr(), 2 * rank, 0);
  StringRef mode = pad.getMode();
  Shape dense = stridesOf(shape);
  Tensor fill(input.getDType(), Shape{1});
  if (in.size() > 1)
    copyElement(fill, 0, in[1], 0);
  else
    fill.setFromDouble(0, pad.getValue().convertToDouble());
  llvm::Error err = forEachCoord(
      out.getShape(), [&](int64_t i, ArrayRef<int64_t> coord) -> llvm::Error {
        int64_t offset = 0;
        for (int64_t d = 0; d < rank; ++d) {
          int64_t c = coord[d] - pads[d];
          if (c < 0 || c >= shape[d]) {
            if (mode == "constant") {
              copyElement(out, i, fill, 0);
              return llvm::Error::success();
            }
            c = padSource(c, shape[d], mode);
          }
          offset += c * dense[d];
        }
        copyElement(out, i, input, offset);
        return llvm::Error::success();
      });
  if (err)
    return std::move(err);
  return single(out);
}

llvm::Expected<TensorList> expandKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  std::array<Shape, 1> strides = {
      broadcastStrides(in[0].getShape(), out.getShape())};
  forEachIndex<1>(out.getShape(), strides, [&](int64_t i, auto &off) {
    copyElement(out, i, in[0], off[0]);
  });
  return single(out);
}

llvm::Expected<TensorList> tileKernel(Operation *op, ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  ArrayRef<int64_t> shape = in[0].getShape();
  Shape dense = stridesOf(shape);
  llvm::Error err = forEachCoord(
      out.getShape(), [&](int64_t i, ArrayRef<int64_t> coord) -> llvm::Error {
        int64_t offset = 0;
        for (size_t d = 0; d < shape.size(); ++d)
          offset += (coord[d] % shape[d]) * dense[d];
        copyElement(out, i, in[0], offset);
        return llvm::Error::success();
      });
  if (err)
    return std::move(err);
  return single(out);
}

llvm::Expected<TensorList> oneHotKernel(Operation *op, ArrayRef<Tensor> in) {
  auto oneHot = cast<cgc_op::OneHotOp>(op);
  const Tensor &indices = in[0], &values = in[1];
  Tensor out = allocateResult(op);
  int64_t depth = oneHot.getDepth();
  int64_t axis = normalizeAxis(oneHot.getAxis(), out.getRank());
  Shape dense = stridesOf(indices.getShape());
  llvm::Error err = forEachCoord(
      out.getShape(), [&](int64_t i, ArrayRef<int64_t> coord) -> llvm::Error {
        int64_t offset = 0, k = 0;
        for (size_t d = 0; d < coord.size(); ++d)
          if (static_cast<int64_t>(d) != axis)
            offset += coord[d] * dense[k++];
        // ONNX: indices are cast to integers; negative ones count from
        // depth, and out-of-range ones select nothing.
        int64_t index = static_cast<int64_t>(indices.getAsDouble(offset));
        if (index < 0)
          index += depth;
        copyElement(out, i, values, index == coord[axis] ? 1 : 0);
        return llvm::Error::success();
      });
  if (err)
    return std::move(err);
  return single(out);
}

llvm::Expected<TensorList> triluKernel(Operation *op, ArrayRef<Tensor> in) {
  auto trilu = cast<cgc_op::TriluOp>(op);
  Tensor out = allocateResult(op);
  ArrayRef<int64_t> shape = in[0].getShape();
  int64_t rank = shape.size(), k = trilu.getK();
  bool upper = trilu.getUpper();
  llvm::Error err = forEachCoord(
      shape, [&](int64_t i, ArrayRef<int64_t> coord) -> llvm::Error {
        int64_t diagonal = coord[rank - 1] - coord[rank - 2];
        if (upper ? diagonal >= k : diagonal <= k)
          copyElement(out, i, in[0], i);
        return llvm::Error::success();
      });
  if (err)
    return std::move(err);
  return single(out);
}

llvm::Expected<TensorList> reverseSequenceKernel(Operation *op,
                                                 llvm::ArrayRef<Tensor> in) {
  auto reverse = cast<cgc_op::ReverseSequenceOp>(op);
  const Tensor &x = in[0], &lens = in[1];
  Tensor out = x.clone();
  int64_t batchAxis = static_cast<int64_t>(reverse.getBatchAxis());
  int64_t timeAxis = static_cast<int64_t>(reverse.getTimeAxis());
  int64_t steps = x.getShape()[timeAxis];
  Shape strides = stridesOf(x.getShape());
  size_t element = getDTypeSize(x.getDType());
  // Elements of one (batch, time) slice: everything after the first two
  // axes, contiguous.
  int64_t slice = strides[1];
  for (int64_t b = 0; b < x.getShape()[batchAxis]; ++b) {
    int64_t length = lens.getAsInt(b);
    if (length < 0 || length > steps)
      return kernelError(op, "sequence_lens[" + llvm::Twine(b) +
                                 "] = " + llvm::Twine(length) +
                                 " is outside [0, " + llvm::Twine(steps) + "]");
    for (int64_t t = 0; t < length; ++t) {
      int64_t from = b * strides[batchAxis] + t * strides[timeAxis];
      int64_t to =
          b * strides[batchAxis] + (length - 1 - t) * strides[timeAxis];
      std::memcpy(out.getBytes() + to * element, x.getBytes() + from * element,
                  slice * element);
    }
  }
  return single(out);
}
} // namespace

void registerIndexingKernels(KernelRegistry &registry) {
  registry.add(cgc_op::ReverseSequenceOp::getOperationName(),
               reverseSequenceKernel);
  registry.add(cgc_op::SliceOp::getOperationName(), sliceKernel);
  registry.add(cgc_op::SplitOp::getOperationName(), splitKernel);
  registry.add(cgc_op::GatherOp::getOperationName(), gatherKernel);
  registry.add(cgc_op::GatherElementsOp::getOperationName(),
               gatherElementsKernel);
  registry.add(cgc_op::GatherNDOp::getOperationName(), gatherNDKernel);
  registry.add(cgc_op::ScatterElementsOp::getOperationName(),
               scatterElementsKernel);
  registry.add(cgc_op::ScatterNDOp::getOperationName(), scatterNDKernel);
  registry.add(cgc_op::PadOp::getOperationName(), padKernel);
  registry.add(cgc_op::ExpandOp::getOperationName(), expandKernel);
  registry.add(cgc_op::TileOp::getOperationName(), tileKernel);
  registry.add(cgc_op::OneHotOp::getOperationName(), oneHotKernel);
  registry.add(cgc_op::TriluOp::getOperationName(), triluKernel);
}

} // namespace opencgc::reference
