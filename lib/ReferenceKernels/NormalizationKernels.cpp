//===- NormalizationKernels.cpp - Reference normalization kernels ---------===//
//
// Statistics (means, variances, norms, sums) are computed in double from
// getAsDouble and rounded once on store, which covers every float element
// type (float16 and bfloat16 included) with one obviously right loop.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/NormalizationOps.h"

#include <cmath>

using namespace mlir;

namespace opencgc::reference {
namespace {

int64_t product(llvm::ArrayRef<int64_t> dims) {
  int64_t result = 1;
  for (int64_t dim : dims)
    result *= dim;
  return result;
}

double attrValue(FloatAttr attr) { return attr.getValueAsDouble(); }

/// Mean and population variance of count values read by `at(i)`.
template <typename At>
std::pair<double, double> moments(int64_t count, At &&at) {
  double sum = 0;
  for (int64_t i = 0; i < count; ++i)
    sum += at(i);
  double mean = count ? sum / count : 0;
  double squares = 0;
  for (int64_t i = 0; i < count; ++i)
    squares += (at(i) - mean) * (at(i) - mean);
  return {mean, count ? squares / count : 0};
}

llvm::Expected<TensorList> batchNormalizationKernel(Operation *op,
                                                    ArrayRef<Tensor> in) {
  auto norm = cast<cgc_op::BatchNormalizationOp>(op);
  double epsilon = attrValue(norm.getEpsilonAttr());
  const Tensor &x = in[0], &scale = in[1], &bias = in[2], &mean = in[3],
               &var = in[4];
  Tensor out = allocateResult(op);
  int64_t batch = x.getShape()[0], channels = x.getShape()[1];
  int64_t inner = product(x.getShape().drop_front(2));
  for (int64_t n = 0, i = 0; n < batch; ++n)
    for (int64_t c = 0; c < channels; ++c) {
      double factor =
          scale.getAsDouble(c) / std::sqrt(var.getAsDouble(c) + epsilon);
      for (int64_t k = 0; k < inner; ++k, ++i)
        out.setFromDouble(i, (x.getAsDouble(i) - mean.getAsDouble(c)) * factor +
                                 bias.getAsDouble(c));
    }
  return single(out);
}

/// Offsets into a parameter of `paramShape` broadcast over `shape`, one per
/// element of `shape` in row-major order.
Shape broadcastOffsets(ArrayRef<int64_t> paramShape, ArrayRef<int64_t> shape) {
  Shape offsets(product(shape));
  forEachIndex<1>(shape, {broadcastStrides(paramShape, shape)},
                  [&](int64_t i, auto &off) { offsets[i] = off[0]; });
  return offsets;
}

llvm::Expected<TensorList> layerNormalizationKernel(Operation *op,
                                                    ArrayRef<Tensor> in) {
  auto norm = cast<cgc_op::LayerNormalizationOp>(op);
  double epsilon = attrValue(norm.getEpsilonAttr());
  const Tensor &x = in[0], &scale = in[1];
  const Tensor *bias = in.size() > 2 ? &in[2] : nullptr;
  int64_t axis = norm.getAxis();
  if (axis < 0)
    axis += x.getRank();
  ArrayRef<int64_t> normalized = x.getShape().drop_front(axis);
  int64_t outer = product(x.getShape().take_front(axis));
  int64_t inner = product(normalized);
  Shape scaleOffsets = broadcastOffsets(scale.getShape(), normalized);
  Shape biasOffsets =
      bias ? broadcastOffsets(bias->getShape(), normalized) : Shape();
  TensorList results = {allocateResult(op, 0), allocateResult(op, 1),
                        allocateResult(op, 2)};
  for (int64_t o = 0; o < outer; ++o) {
    int64_t base = o * inner;
    auto [mean, var] =
        moments(inner, [&](int64_t i) { return x.getAsDouble(base + i); });
    double invStdDev = 1 / std::sqrt(var + epsilon);
    for (int64_t i = 0; i < inner; ++i) {
      double value = (x.getAsDouble(base + i) - mean) * invStdDev *
                     scale.getAsDouble(scaleOffsets[i]);
      if (bias)
        value += bias->getAsDouble(biasOffsets[i]);
      results[0].setFromDouble(base + i, value);
    }
    results[1].setFromDouble(o, mean);
    results[2].setFromDouble(o, invStdDev);
  }
  return results;
}

llvm::Expected<TensorList> instanceNormalizationKernel(Operation *op,
                                                       ArrayRef<Tensor> in) {
  auto norm = cast<cgc_op::InstanceNormalizationOp>(op);
  double epsilon = attrValue(norm.getEpsilonAttr());
  const Tensor &x = in[0], &scale = in[1], &bias = in[2];
  Tensor out = allocateResult(op);
  int64_t channels = x.getShape()[1];
  int64_t planes = x.getShape()[0] * channels;
  int64_t inner = product(x.getShape().drop_front(2));
  for (int64_t p = 0; p < planes; ++p) {
    int64_t base = p * inner, c = p % channels;
    auto [mean, var] =
        moments(inner, [&](int64_t i) { return x.getAsDouble(base + i); });
    double factor = scale.getAsDouble(c) / std::sqrt(var + epsilon);
    for (int64_t i = 0; i < inner; ++i)
      out.setFromDouble(base + i, (x.getAsDouble(base + i) - mean) * factor +
                                      bias.getAsDouble(c));
  }
  return single(out);
}

llvm::Expected<TensorList> lrnKernel(Operation *op, ArrayRef<Tensor> in) {
  auto lrn = cast<cgc_op::LrnOp>(op);
  double alpha = attrValue(lrn.getAlphaAttr());
  double beta = attrValue(lrn.getBetaAttr());
  double bias = attrValue(lrn.getBiasAttr());
  int64_t size = lrn.getSize();
  const Tensor &x = in[0];
  Tensor out = allocateResult(op);
  int64_t batch = x.getShape()[0], channels = x.getShape()[1];
  int64_t inner = product(x.getShape().drop_front(2));
  // ONNX: channels [c - floor((size-1)/2), c + ceil((size-1)/2)].
  int64_t below = (size - 1) / 2, above = size - 1 - below;
  for (int64_t n = 0; n < batch; ++n)
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t k = 0; k < inner; ++k) {
        double squareSum = 0;
        for (int64_t j = std::max<int64_t>(0, c - below),
                     e = std::min(channels - 1, c + above);
             j <= e; ++j) {
          double v = x.getAsDouble((n * channels + j) * inner + k);
          squareSum += v * v;
        }
        int64_t i = (n * channels + c) * inner + k;
        out.setFromDouble(i,
                          x.getAsDouble(i) /
                              std::pow(bias + alpha / size * squareSum, beta));
      }
  return single(out);
}

llvm::Expected<TensorList>
meanVarianceNormalizationKernel(Operation *op, ArrayRef<Tensor> in) {
  auto mvn = cast<cgc_op::MeanVarianceNormalizationOp>(op);
  const Tensor &x = in[0];
  Tensor out = allocateResult(op);
  // Each element belongs to the group its non-reduced coordinates name.
  Shape groupShape(x.getShape());
  for (int64_t axis : intArray(mvn.getAxesAttr(), 0, 0))
    groupShape[axis < 0 ? axis + x.getRank() : axis] = 1;
  int64_t groups = product(groupShape);
  Shape group(x.getNumElements());
  forEachIndex<1>(x.getShape(), {broadcastStrides(groupShape, x.getShape())},
                  [&](int64_t i, auto &off) { group[i] = off[0]; });
  std::vector<double> sum(groups, 0), squares(groups, 0);
  std::vector<int64_t> count(groups, 0);
  for (int64_t i = 0, e = x.getNumElements(); i < e; ++i) {
    sum[group[i]] += x.getAsDouble(i);
    ++count[group[i]];
  }
  for (int64_t g = 0; g < groups; ++g)
    sum[g] = count[g] ? sum[g] / count[g] : 0; // now the mean
  for (int64_t i = 0, e = x.getNumElements(); i < e; ++i) {
    double d = x.getAsDouble(i) - sum[group[i]];
    squares[group[i]] += d * d;
  }
  // ONNX's function body: (X - mean) / (sqrt(variance) + 1e-9).
  for (int64_t i = 0, e = x.getNumElements(); i < e; ++i) {
    int64_t g = group[i];
    double stdDev = std::sqrt(squares[g] / count[g]);
    out.setFromDouble(i, (x.getAsDouble(i) - sum[g]) / (stdDev + 1e-9));
  }
  return single(out);
}

llvm::Expected<TensorList> lpNormalizationKernel(Operation *op,
                                                 ArrayRef<Tensor> in) {
  auto norm = cast<cgc_op::LpNormalizationOp>(op);
  const Tensor &x = in[0];
  Tensor out = allocateResult(op);
  int64_t axis = norm.getAxis();
  if (axis < 0)
    axis += x.getRank();
  int64_t outer = product(x.getShape().take_front(axis));
  int64_t length = x.getShape()[axis];
  int64_t inner = product(x.getShape().drop_front(axis + 1));
  bool l1 = norm.getP() == 1;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < inner; ++k) {
      auto at = [&](int64_t j) { return (o * length + j) * inner + k; };
      double total = 0;
      for (int64_t j = 0; j < length; ++j) {
        double v = x.getAsDouble(at(j));
        total += l1 ? std::abs(v) : v * v;
      }
      double normValue = l1 ? total : std::sqrt(total);
      // A zero norm gives zeros, not 0/0 (Operators.md, LpNormalization).
      for (int64_t j = 0; j < length; ++j)
        out.setFromDouble(
            at(j), normValue == 0 ? 0.0 : x.getAsDouble(at(j)) / normValue);
    }
  return single(out);
}

/// Row-major coordinates of `index` in `shape`.
Shape coordinates(int64_t index, ArrayRef<int64_t> shape) {
  Shape coords(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    coords[d] = index % shape[d];
    index /= shape[d];
  }
  return coords;
}

llvm::Expected<TensorList> lpPoolingKernel(Operation *op, ArrayRef<Tensor> in) {
  auto pool = cast<cgc_op::LpPoolingOp>(op);
  const Tensor &x = in[0];
  Tensor out = allocateResult(op);
  size_t spatial = x.getRank() - 2;
  Shape window = intArray(pool.getWindowSizeAttr(), spatial, 1);
  Shape strides = intArray(pool.getStridesAttr(), spatial, 1);
  Shape dilations = intArray(pool.getDilationsAttr(), spatial, 1);
  Shape begin = intArray(pool.getStartPaddingAttr(), spatial, 0);
  double p = static_cast<double>(pool.getP());
  Shape inStrides = stridesOf(x.getShape());
  int64_t taps = product(window);
  for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
    Shape o = coordinates(i, out.getShape());
    double sum = 0;
    for (int64_t t = 0; t < taps; ++t) {
      Shape k = coordinates(t, window);
      int64_t offset = o[0] * inStrides[0] + o[1] * inStrides[1];
      bool inside = true;
      for (size_t d = 0; d < spatial && inside; ++d) {
        int64_t pos = o[d + 2] * strides[d] - begin[d] + k[d] * dilations[d];
        inside = pos >= 0 && pos < x.getShape()[d + 2];
        offset += pos * inStrides[d + 2];
      }
      // Padding contributes zeros, which add nothing to the sum.
      if (inside)
        sum += std::pow(std::abs(x.getAsDouble(offset)), p);
    }
    out.setFromDouble(i, std::pow(sum, 1 / p));
  }
  return single(out);
}

/// Sums the product of the operands over every assignment of the labels;
/// repeated labels in one operand read its diagonal.
llvm::Expected<TensorList> einsumKernel(Operation *op, ArrayRef<Tensor> in) {
  auto einsum = cast<cgc_op::EinsumOp>(op);
  SmallVector<ArrayRef<int64_t>> shapes;
  for (const Tensor &tensor : in)
    shapes.push_back(tensor.getShape());
  std::string error;
  auto spec =
      cgc_op::EinsumOp::resolveEquation(einsum.getEquation(), shapes, error);
  if (failed(spec))
    return kernelError(op, error);
  // Loop over the output labels, then the summed ones.
  Shape loopLabels(spec->outputLabels);
  for (auto [label, size] : llvm::enumerate(spec->labelSizes))
    if (size >= 0 && !llvm::is_contained(loopLabels, int64_t(label)))
      loopLabels.push_back(label);
  Shape loopShape;
  for (int64_t label : loopLabels)
    loopShape.push_back(spec->labelSizes[label]);
  // strides[k][d]: how operand k's offset moves with loop dimension d
  // (0 where the operand broadcasts a size-1 "..." dimension).
  SmallVector<Shape> strides;
  for (auto [tensor, labels] : llvm::zip(in, spec->inputLabels)) {
    Shape own = stridesOf(tensor.getShape());
    Shape loop(loopLabels.size(), 0);
    for (auto [d, label] : llvm::enumerate(labels)) {
      if (tensor.getShape()[d] == 1 && spec->labelSizes[label] != 1)
        continue;
      loop[llvm::find(loopLabels, label) - loopLabels.begin()] += own[d];
    }
    strides.push_back(loop);
  }
  Tensor out = allocateResult(op);
  bool isFloat = isFloatDType(out.getDType());
  std::vector<double> floatSums(out.getNumElements(), 0);
  std::vector<int64_t> intSums(out.getNumElements(), 0);
  int64_t total = product(loopShape);
  int64_t summed = out.getNumElements() ? total / out.getNumElements() : 0;
  for (int64_t index = 0; index < total; ++index) {
    Shape coords = coordinates(index, loopShape);
    double floatProduct = 1;
    int64_t intProduct = 1;
    for (auto [tensor, stride] : llvm::zip(in, strides)) {
      int64_t offset = 0;
      for (auto [c, s] : llvm::zip(coords, stride))
        offset += c * s;
      if (isFloat)
        floatProduct *= tensor.getAsDouble(offset);
      else
        intProduct *= tensor.getAsInt(offset);
    }
    // Output labels lead the loop, so the output index is index / summed.
    floatSums[index / summed] += floatProduct;
    intSums[index / summed] += intProduct;
  }
  for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
    if (isFloat)
      out.setFromDouble(i, floatSums[i]);
    else
      out.setFromInt(i, intSums[i]);
  }
  return single(out);
}
} // namespace

void registerNormalizationKernels(KernelRegistry &registry) {
  registry.add(cgc_op::BatchNormalizationOp::getOperationName(),
               batchNormalizationKernel);
  registry.add(cgc_op::LayerNormalizationOp::getOperationName(),
               layerNormalizationKernel);
  registry.add(cgc_op::InstanceNormalizationOp::getOperationName(),
               instanceNormalizationKernel);
  registry.add(cgc_op::LrnOp::getOperationName(), lrnKernel);
  registry.add(cgc_op::MeanVarianceNormalizationOp::getOperationName(),
               meanVarianceNormalizationKernel);
  registry.add(cgc_op::LpNormalizationOp::getOperationName(),
               lpNormalizationKernel);
  registry.add(cgc_op::LpPoolingOp::getOperationName(), lpPoolingKernel);
  registry.add(cgc_op::EinsumOp::getOperationName(), einsumKernel);
}

} // namespace opencgc::reference
