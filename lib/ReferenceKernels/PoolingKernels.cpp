//===- PoolingKernels.cpp - Reference pooling and upsampling --------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace opencgc::reference {
namespace {

/// Window geometry with spatial dimensions padded to three.
struct WindowGeometry {
  int64_t planes; // N * C
  std::array<int64_t, 3> in, out, window, stride, dilation, padBegin, padEnd;
};

template <typename PoolOp>
WindowGeometry windowGeometry(PoolOp pool, const Tensor &x, const Tensor &y) {
  size_t spatial = x.getRank() - 2;
  Shape window = intArray(pool.getWindowSizeAttr(), spatial, 1);
  Shape strides = intArray(pool.getStridesAttr(), spatial, 1);
  Shape dilations = intArray(pool.getDilationsAttr(), spatial, 1);
  Shape begin = intArray(pool.getStartPaddingAttr(), spatial, 0);
  Shape end = intArray(pool.getEndPaddingAttr(), spatial, 0);
  WindowGeometry g;
  g.planes = x.getShape()[0] * x.getShape()[1];
  size_t lead = 3 - spatial;
  for (size_t d = 0; d < 3; ++d) {
    bool real = d >= lead;
    size_t s = d - lead;
    g.in[d] = real ? x.getShape()[2 + s] : 1;
    g.out[d] = real ? y.getShape()[2 + s] : 1;
    g.window[d] = real ? window[s] : 1;
    g.stride[d] = real ? strides[s] : 1;
    g.dilation[d] = real ? dilations[s] : 1;
    g.padBegin[d] = real ? begin[s] : 0;
    g.padEnd[d] = real ? end[s] : 0;
  }
  return g;
}

/// Calls visit(inputOffset) for every input element under the window at
/// output position `o` and returns how many window taps fall inside the
/// padded input (for count_include_pad).
template <typename Visit>
int64_t visitWindow(const WindowGeometry &g, std::array<int64_t, 3> o,
                    Visit &&visit) {
  int64_t paddedTaps = 0;
  for (int64_t k0 = 0; k0 < g.window[0]; ++k0) {
    int64_t i0 = o[0] * g.stride[0] - g.padBegin[0] + k0 * g.dilation[0];
    for (int64_t k1 = 0; k1 < g.window[1]; ++k1) {
      int64_t i1 = o[1] * g.stride[1] - g.padBegin[1] + k1 * g.dilation[1];
      for (int64_t k2 = 0; k2 < g.window[2]; ++k2) {
        int64_t i2 = o[2] * g.stride[2] - g.padBegin[2] + k2 * g.dilation[2];
        bool inPadded = i0 < g.in[0] + g.padEnd[0] &&
                        i1 < g.in[1] + g.padEnd[1] &&
                        i2 < g.in[2] + g.padEnd[2];
        paddedTaps += inPadded;
        if (i0 >= 0 && i0 < g.in[0] && i1 >= 0 && i1 < g.in[1] && i2 >= 0 &&
            i2 < g.in[2])
          visit((i0 * g.in[1] + i1) * g.in[2] + i2);
      }
    }
  }
  return paddedTaps;
}

/// Runs `reduce(plane, outPosition)` for every output element.
template <typename Reduce>
void forEachWindow(const WindowGeometry &g, Tensor &out, Reduce &&reduce) {
  int64_t inPlane = g.in[0] * g.in[1] * g.in[2];
  int64_t index = 0;
  for (int64_t p = 0; p < g.planes; ++p)
    for (int64_t o0 = 0; o0 < g.out[0]; ++o0)
      for (int64_t o1 = 0; o1 < g.out[1]; ++o1)
        for (int64_t o2 = 0; o2 < g.out[2]; ++o2)
          out.setFromDouble(index++, reduce(p * inPlane, {o0, o1, o2}));
}

llvm::Expected<TensorList> maxPoolingKernel(Operation *op,
                                            llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  WindowGeometry g = windowGeometry(cast<cgc_op::MaxPoolingOp>(op), in[0], out);
  const Tensor &x = in[0];
  forEachWindow(g, out, [&](int64_t base, std::array<int64_t, 3> o) {
    double best = -std::numeric_limits<double>::infinity();
    visitWindow(g, o, [&](int64_t offset) {
      best = std::max(best, x.getAsDouble(base + offset));
    });
    return best;
  });
  return single(out);
}

/// Like max pooling, plus the flat input index of each maximum (the first
/// one on ties; padding is never selected).
llvm::Expected<TensorList>
maxPoolingWithIndicesKernel(Operation *op, llvm::ArrayRef<Tensor> in) {
  auto pool = cast<cgc_op::MaxPoolingWithIndicesOp>(op);
  Tensor out = allocateResult(op, 0), indices = allocateResult(op, 1);
  WindowGeometry g = windowGeometry(pool, in[0], out);
  bool columnMajor = pool.getStorageOrder() == 1;
  int64_t inPlane = g.in[0] * g.in[1] * g.in[2];
  // The index of a row-major plane offset in the requested storage order.
  auto storageIndex = [&](int64_t flat) {
    if (!columnMajor)
      return flat;
    int64_t plane = flat / inPlane, offset = flat % inPlane;
    int64_t i2 = offset % g.in[2], i1 = (offset / g.in[2]) % g.in[1],
            i0 = offset / (g.in[1] * g.in[2]);
    return plane * inPlane + (i2 * g.in[1] + i1) * g.in[0] + i0;
  };
  const Tensor &x = in[0];
  int64_t index = 0;
  forEachWindow(g, out, [&](int64_t base, std::array<int64_t, 3> o) {
    double best = -std::numeric_limits<double>::infinity();
    int64_t where = -1;
    visitWindow(g, o, [&](int64_t offset) {
      double v = x.getAsDouble(base + offset);
      if (where < 0 || v > best) {
        best = v;
        where = base + offset;
      }
    });
    indices.setFromInt(index++, storageIndex(where));
    return best;
  });
  TensorList results;
  results.push_back(out);
  results.push_back(indices);
  return results;
}

llvm::Expected<TensorList> averagePoolingKernel(Operation *op,
                                                llvm::ArrayRef<Tensor> in) {
  auto pool = cast<cgc_op::AveragePoolingOp>(op);
  Tensor out = allocateResult(op);
  WindowGeometry g = windowGeometry(pool, in[0], out);
  bool includePad = pool.getCountIncludePad();
  const Tensor &x = in[0];
  forEachWindow(g, out, [&](int64_t base, std::array<int64_t, 3> o) {
    double sum = 0;
    int64_t count = 0;
    int64_t paddedTaps = visitWindow(g, o, [&](int64_t offset) {
      sum += x.getAsDouble(base + offset);
      ++count;
    });
    int64_t divisor = includePad ? paddedTaps : count;
    return divisor ? sum / divisor : 0.0;
  });
  return single(out);
}

/// Nearest: input index floor(o / scale). Linear: asymmetric coordinates
/// (x_in = x_out / scale), clamped at the border, separably per dimension.
template <typename UpsampleOp>
llvm::Expected<TensorList> upsampleKernel(Operation *op,
                                          llvm::ArrayRef<Tensor> in) {
  auto upsample = cast<UpsampleOp>(op);
  Tensor out = allocateResult(op);
  const Tensor &x = in[0];
  size_t rank = x.getRank();
  Shape scales(2, 1);
  Shape spatial = intArray(upsample.getScaleSizeAttr(), rank - 2, 1);
  scales.append(spatial.begin(), spatial.end());
  bool linear = upsample.getMode() == "linear";
  Shape inStrides = stridesOf(x.getShape());
  Shape outIndex(rank, 0);
  for (int64_t index = 0, e = out.getNumElements(); index < e; ++index) {
    int64_t rest = index;
    for (size_t d = rank; d-- > 0;) {
      outIndex[d] = rest % out.getShape()[d];
      rest /= out.getShape()[d];
    }
    // Accumulate over the 2^rank corners (weight 0 corners are skipped).
    double value = 0;
    for (int64_t corner = 0; corner < (int64_t(1) << rank); ++corner) {
      double weight = 1;
      int64_t offset = 0;
      for (size_t d = 0; d < rank && weight != 0; ++d) {
        bool upper = (corner >> d) & 1;
        double position = double(outIndex[d]) / double(scales[d]);
        int64_t lower = static_cast<int64_t>(std::floor(position));
        double fraction = linear ? position - lower : 0;
        int64_t source = std::min(lower + (upper ? 1 : 0), x.getShape()[d] - 1);
        weight *= upper ? fraction : 1 - fraction;
        offset += source * inStrides[d];
      }
      if (weight != 0)
        value += weight * x.getAsDouble(offset);
    }
    out.setFromDouble(index, value);
  }
  return single(out);
}
} // namespace

void registerPoolingKernels(KernelRegistry &registry) {
  registry.add(cgc_op::MaxPoolingOp::getOperationName(), maxPoolingKernel);
  registry.add(cgc_op::MaxPoolingWithIndicesOp::getOperationName(),
               maxPoolingWithIndicesKernel);
  registry.add(cgc_op::AveragePoolingOp::getOperationName(),
               averagePoolingKernel);
  registry.add(cgc_op::UpsampleOp::getOperationName(),
               upsampleKernel<cgc_op::UpsampleOp>);
  registry.add(cgc_op::Upsample2dOp::getOperationName(),
               upsampleKernel<cgc_op::Upsample2dOp>);
}

} // namespace opencgc::reference
