//===- LinalgKernels.h - Convolution and matmul loop nests ------*- C++ -*-===//
//
// The loop nests shared by the float, integer and quantized convolutions
// and matrix products. Convolution pads spatial dimensions to three and
// accumulates each (output channel, input channel, kernel tap) triple over
// all output positions in AccumulatorType<T>.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_RUNTIME_REFERENCE_LINALGKERNELS_H
#define OPENCGC_LIB_RUNTIME_REFERENCE_LINALGKERNELS_H

#include "KernelUtils.h"

#include <array>
#include <vector>

namespace opencgc::reference {

template <typename T>
using AccumulatorType = std::conditional_t<
    std::is_floating_point_v<ComputeType<T>>, ComputeType<T>,
    std::conditional_t<std::is_signed_v<ComputeType<T>>, int64_t, uint64_t>>;

/// Convolution geometry with spatial dimensions padded to three.
struct ConvGeometry {
  int64_t batch, inChannels, outChannels, groups;
  std::array<int64_t, 3> in, out, kernel, stride, dilation, padBegin;
};

template <typename ConvOp>
ConvGeometry convGeometry(ConvOp conv, const Tensor &x, const Tensor &w,
                          const Tensor &y) {
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
inline void accumulateTap(const ConvGeometry &g, const T *plane, Acc weight,
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
        int64_t i2 = o2 * g.stride[2] - g.padBegin[2] + tap[2] * g.dilation[2];
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
        const T *plane = x + (n * g.inChannels + group * groupIn + c) * inPlane;
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

/// numpy.matmul of `a` and `b` into `out`, which has the result shape and
/// the operands' element type. Returns false for element types without a
/// kernel (bool).
bool batchedMatMul(const Tensor &a, const Tensor &b, Tensor &out);

} // namespace opencgc::reference

#endif // OPENCGC_LIB_RUNTIME_REFERENCE_LINALGKERNELS_H
