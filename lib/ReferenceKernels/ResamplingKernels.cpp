//===- ResamplingKernels.cpp - Reference kernels of the resampling family
//--===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

#include <cmath>
#include <cstring>

using namespace mlir;

namespace opencgc::reference {
namespace {

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

/// One input element contributing to an output coordinate.
struct Tap {
  int64_t index;
  double weight;
};

/// The taps of every output coordinate along one dimension; an empty list
/// means "outside the crop", which yields extrapolation_value.
using AxisTaps = std::vector<std::vector<Tap>>;

/// Keys cubic convolution (ONNX cubic_coeff_a) for the 4 points around a
/// sample at fraction `r` in (0, 1] right of the second point.
std::array<double, 4> cubicCoefficients(double r, double a) {
  auto near = [a](double t) { // |t| <= 1
    return ((a + 2) * t - (a + 3)) * t * t + 1;
  };
  auto far = [a](double t) { // 1 < |t| < 2
    return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a;
  };
  return {far(r + 1), near(r), near(1 - r), far(2 - r)};
}

/// The coordinate in the input that output coordinate `o` maps to, or
/// nullopt outside the tf_crop_and_resize crop. Follows the ONNX Resize
/// formulas; `resized` is scale * input length as ONNX's reference uses it.
std::optional<double> sourceCoordinate(StringRef mode, int64_t o,
                                       int64_t length, int64_t outLength,
                                       double scale, double roiStart,
                                       double roiEnd) {
  double resized = scale * double(length);
  double x = double(o);
  if (mode == "asymmetric")
    return x / scale;
  if (mode == "tf_half_pixel_for_nn")
    return (x + 0.5) / scale;
  if (mode == "align_corners")
    return resized == 1 ? 0.0 : x * double(length - 1) / (resized - 1);
  if (mode == "pytorch_half_pixel")
    return resized > 1 ? (x + 0.5) / scale - 0.5 : 0.0;
  if (mode == "half_pixel_symmetric") {
    double adjustment = double(outLength) / resized;
    double offset = double(length) / 2 * (1 - adjustment);
    return offset + (x + 0.5) / scale - 0.5;
  }
  if (mode == "tf_crop_and_resize") {
    double span = (roiEnd - roiStart) * double(length - 1);
    double source = resized == 1 ? span / 2 : x * span / (resized - 1);
    source += roiStart * double(length - 1);
    if (source < 0 || source > double(length - 1))
      return std::nullopt;
    return source;
  }
  return (x + 0.5) / scale - 0.5; // half_pixel
}

/// Resize-18's antialiasing filter when downscaling by `scale` < 1: taps
/// base + i for i in [1 - n/2, n/2], weighted by the linear or cubic kernel
/// at scale * (i - r) and normalized to sum 1 (ONNX's reference,
/// _linear_coeffs_antialias and _cubic_coeffs_antialias).
SmallVector<Tap, 4> antialiasTaps(cgc_op::ResizeOp op, int64_t base, double r,
                                  double scale) {
  bool cubic = op.getMode() == "cubic";
  double a = op.getCubicCoeffA().convertToDouble();
  auto kernel = [&](double t) {
    t = std::abs(t);
    if (!cubic)
      return std::max(0.0, 1 - t);
    if (t <= 1)
      return ((a + 2) * t - (a + 3)) * t * t + 1;
    return t < 2 ? ((a * t - 5 * a) * t + 8 * a) * t - 4 * a : 0.0;
  };
  int64_t start =
      static_cast<int64_t>(std::floor((cubic ? -2 : -1) / scale)) + 1;
  SmallVector<Tap, 4> taps;
  double total = 0;
  for (int64_t i = start; i < 2 - start; ++i) {
    taps.push_back({base + i, kernel(scale * (double(i) - r))});
    total += taps.back().weight;
  }
  for (Tap &tap : taps)
    tap.weight /= total;
  return taps;
}

/// Interpolation weights of the points base, base+1 (nearest, linear) or
/// base-1 .. base+2 (cubic), where the sample lies at base + r, r in (0, 1].
/// An integral sample is taken as r = 1 as ONNX's reference does.
SmallVector<Tap, 4> interpolationTaps(cgc_op::ResizeOp op, double source,
                                      double scale) {
  double base = std::floor(source);
  double r = source - base;
  if (r == 0) {
    base -= 1;
    r = 1;
  }
  int64_t first = static_cast<int64_t>(base);
  StringRef mode = op.getMode();
  if (op.getAntialias() && mode != "nearest" && scale < 1)
    return antialiasTaps(op, first, r, scale);
  if (mode == "linear")
    return {{first, 1 - r}, {first + 1, r}};
  if (mode == "cubic") {
    std::array<double, 4> c =
        cubicCoefficients(r, op.getCubicCoeffA().convertToDouble());
    return {
        {first - 1, c[0]}, {first, c[1]}, {first + 1, c[2]}, {first + 2, c[3]}};
  }
  bool upper;
  StringRef rounding = op.getNearestMode();
  if (r == 1 || rounding == "ceil")
    upper = true;
  else if (rounding == "floor")
    upper = false;
  else if (rounding == "round_prefer_ceil")
    upper = r >= 0.5;
  else
    upper = r > 0.5;
  return {{first + (upper ? 1 : 0), 1.0}};
}

AxisTaps axisTaps(cgc_op::ResizeOp op, size_t dim, int64_t inLength,
                  int64_t outLength) {
  double scale = cast<FloatAttr>(op.getScales()[dim]).getValueAsDouble();
  double roiStart = 0, roiEnd = 1;
  if (ArrayAttr roi = op.getRoiAttr()) {
    size_t rank = roi.size() / 2;
    roiStart = cast<FloatAttr>(roi[dim]).getValueAsDouble();
    roiEnd = cast<FloatAttr>(roi[dim + rank]).getValueAsDouble();
  }
  StringRef transform = op.getCoordinateTransformationMode();
  bool excludeOutside = op.getExcludeOutside();
  AxisTaps result(outLength);
  for (int64_t o = 0; o < outLength; ++o) {
    std::optional<double> source = sourceCoordinate(
        transform, o, inLength, outLength, scale, roiStart, roiEnd);
    if (!source)
      continue;
    SmallVector<Tap, 4> taps = interpolationTaps(op, *source, scale);
    double total = 0;
    for (Tap &tap : taps) {
      bool outside = tap.index < 0 || tap.index >= inLength;
      if (outside && excludeOutside)
        tap.weight = 0;
      // Points past the border repeat the edge value.
      tap.index = std::clamp<int64_t>(tap.index, 0, inLength - 1);
      total += tap.weight;
    }
    for (const Tap &tap : taps)
      if (tap.weight != 0)
        result[o].push_back(
            {tap.index, excludeOutside ? tap.weight / total : tap.weight});
  }
  return result;
}

/// Separable interpolation: every output element is the sum over the
/// product of its per-dimension taps.
llvm::Expected<TensorList> resizeKernel(Operation *op,
                                        llvm::ArrayRef<Tensor> in) {
  auto resize = cast<cgc_op::ResizeOp>(op);
  const Tensor &x = in[0];
  Tensor out = allocateResult(op);
  size_t rank = x.getRank();
  std::vector<AxisTaps> taps;
  for (size_t d = 0; d < rank; ++d)
    taps.push_back(axisTaps(resize, d, x.getShape()[d], out.getShape()[d]));
  Shape inStrides = stridesOf(x.getShape());
  double extrapolation = resize.getExtrapolationValue().convertToDouble();
  Shape outIndex(rank, 0);
  for (int64_t index = 0, e = out.getNumElements(); index < e; ++index) {
    int64_t rest = index;
    bool outside = false;
    for (size_t d = rank; d-- > 0;) {
      outIndex[d] = rest % out.getShape()[d];
      rest /= out.getShape()[d];
      outside |= taps[d][outIndex[d]].empty();
    }
    if (outside) {
      out.setFromDouble(index, extrapolation);
      continue;
    }
    // Walk the product of the taps with a mixed-radix counter.
    Shape which(rank, 0);
    double value = 0;
    while (true) {
      double weight = 1;
      int64_t offset = 0;
      for (size_t d = 0; d < rank; ++d) {
        const Tap &tap = taps[d][outIndex[d]][which[d]];
        weight *= tap.weight;
        offset += tap.index * inStrides[d];
      }
      value += weight * x.getAsDouble(offset);
      size_t d = rank;
      while (d-- > 0) {
        if (++which[d] < int64_t(taps[d][outIndex[d]].size()))
          break;
        which[d] = 0;
      }
      if (d == size_t(-1))
        break;
    }
    if (!isFloatDType(out.getDType()))
      value = std::nearbyint(value);
    out.setFromDouble(index, value);
  }
  return single(out);
}

//===----------------------------------------------------------------------===//
// DepthToSpace, SpaceToDepth
//===----------------------------------------------------------------------===//

/// Copies every element of the N x C x H x W `space` tensor to or from its
/// place in `depth`: space[n][c][h*b+i][w*b+j] <-> depth[n][channel][h][w]
/// where channel = depthChannel(c, i, j).
template <typename ChannelFn>
void moveBlocks(const Tensor &from, Tensor &to, bool toDepth, int64_t b,
                ChannelFn depthChannel) {
  const Tensor &space = toDepth ? from : to;
  const Tensor &depth = toDepth ? to : from;
  ArrayRef<int64_t> s = space.getShape(), dShape = depth.getShape();
  size_t bytes = getDTypeSize(from.getDType());
  const uint8_t *src = from.getBytes();
  uint8_t *dst = to.getBytes();
  for (int64_t n = 0; n < s[0]; ++n)
    for (int64_t c = 0; c < s[1]; ++c)
      for (int64_t y = 0; y < s[2]; ++y)
        for (int64_t x = 0; x < s[3]; ++x) {
          int64_t spaceIndex = ((n * s[1] + c) * s[2] + y) * s[3] + x;
          int64_t channel = depthChannel(c, y % b, x % b);
          int64_t depthIndex =
              ((n * dShape[1] + channel) * dShape[2] + y / b) * dShape[3] +
              x / b;
          int64_t fromIndex = toDepth ? spaceIndex : depthIndex;
          int64_t toIndex = toDepth ? depthIndex : spaceIndex;
          std::memcpy(dst + toIndex * bytes, src + fromIndex * bytes, bytes);
        }
}

llvm::Expected<TensorList> depthToSpaceKernel(Operation *op,
                                              llvm::ArrayRef<Tensor> in) {
  auto d2s = cast<cgc_op::DepthToSpaceOp>(op);
  Tensor out = allocateResult(op);
  int64_t b = d2s.getBlocksize();
  int64_t channels = out.getShape()[1];
  bool crd = d2s.getMode() == "CRD";
  // DCR reshapes depth to [b, b, C'], CRD to [C', b, b] (ONNX DepthToSpace).
  moveBlocks(in[0], out, /*toDepth=*/false, b,
             [&](int64_t c, int64_t i, int64_t j) {
               return crd ? (c * b + i) * b + j : (i * b + j) * channels + c;
             });
  return single(out);
}

llvm::Expected<TensorList> spaceToDepthKernel(Operation *op,
                                              llvm::ArrayRef<Tensor> in) {
  auto s2d = cast<cgc_op::SpaceToDepthOp>(op);
  Tensor out = allocateResult(op);
  int64_t b = s2d.getBlocksize();
  int64_t channels = in[0].getShape()[1];
  moveBlocks(in[0], out, /*toDepth=*/true, b,
             [&](int64_t c, int64_t i, int64_t j) {
               return (i * b + j) * channels + c;
             });
  return single(out);
}

//===----------------------------------------------------------------------===//
// ConvTranspose
//===----------------------------------------------------------------------===//

/// Scatters every input element times the kernel into the output:
/// out[n][g*M'+m][p*stride + k*dilation - start_padding] +=
///   x[n][g*C'+c][p] * w[g*C'+c][m][k].
llvm::Expected<TensorList> convTransposeKernel(Operation *op,
                                               llvm::ArrayRef<Tensor> in) {
  auto conv = cast<cgc_op::ConvTransposeOp>(op);
  const Tensor &x = in[0], &w = in[1];
  Tensor out = allocateResult(op);
  ArrayRef<int64_t> xs = x.getShape(), ws = w.getShape(), os = out.getShape();
  size_t spatial = xs.size() - 2;
  Shape strides = intArray(conv.getStridesAttr(), spatial, 1);
  Shape dilations = intArray(conv.getDilationsAttr(), spatial, 1);
  Shape begin = intArray(conv.getStartPaddingAttr(), spatial, 0);
  int64_t group = conv.getGroup();
  int64_t inPerGroup = xs[1] / group, outPerGroup = ws[1];
  ArrayRef<int64_t> inSpatial = xs.drop_front(2), kernel = ws.drop_front(2),
                    outSpatial = os.drop_front(2);
  int64_t inPlane = getNumElements(inSpatial);
  int64_t kernelPlane = getNumElements(kernel);
  int64_t outPlane = getNumElements(outSpatial);
  Shape outStrides = stridesOf(outSpatial);
  std::vector<double> acc(out.getNumElements(), 0.0);
  // Output offset of every (input position, kernel position), or -1 when it
  // falls outside the (cropped) output.
  std::vector<int64_t> target(inPlane * kernelPlane, -1);
  Shape p(spatial, 0), k(spatial, 0);
  for (int64_t ip = 0; ip < inPlane; ++ip) {
    for (int64_t r = ip, d = spatial; d-- > 0; r /= inSpatial[d])
      p[d] = r % inSpatial[d];
    for (int64_t kp = 0; kp < kernelPlane; ++kp) {
      for (int64_t r = kp, d = spatial; d-- > 0; r /= kernel[d])
        k[d] = r % kernel[d];
      int64_t offset = 0;
      bool inside = true;
      for (size_t d = 0; d < spatial && inside; ++d) {
        int64_t o = p[d] * strides[d] + k[d] * dilations[d] - begin[d];
        inside = o >= 0 && o < outSpatial[d];
        offset += o * outStrides[d];
      }
      if (inside)
        target[ip * kernelPlane + kp] = offset;
    }
  }
  for (int64_t n = 0; n < xs[0]; ++n)
    for (int64_t g = 0; g < group; ++g)
      for (int64_t c = 0; c < inPerGroup; ++c) {
        int64_t ic = g * inPerGroup + c;
        int64_t xBase = (n * xs[1] + ic) * inPlane;
        for (int64_t m = 0; m < outPerGroup; ++m) {
          int64_t oBase = (n * os[1] + g * outPerGroup + m) * outPlane;
          int64_t wBase = (ic * ws[1] + m) * kernelPlane;
          for (int64_t ip = 0; ip < inPlane; ++ip) {
            double value = x.getAsDouble(xBase + ip);
            for (int64_t kp = 0; kp < kernelPlane; ++kp)
              if (int64_t t = target[ip * kernelPlane + kp]; t >= 0)
                acc[oBase + t] += value * w.getAsDouble(wBase + kp);
          }
        }
      }
  for (int64_t index = 0, e = out.getNumElements(); index < e; ++index) {
    double bias =
        in.size() > 2 ? in[2].getAsDouble((index / outPlane) % os[1]) : 0.0;
    out.setFromDouble(index, acc[index] + bias);
  }
  return single(out);
}

/// GridSample on one input plane of any number r of spatial dimensions
/// (GridSample-20, Operators.md): the sampling rules of PyTorch's
/// grid_sample, which produced ONNX's test data; "bilinear" and "bicubic"
/// are N-linear and N-cubic.
class GridSampler {
public:
  GridSampler(cgc_op::GridSampleOp op, ArrayRef<int64_t> extents)
      : extents(extents), alignCorners(op.getAlignCorners()),
        mode(op.getMode()), padding(op.getPaddingMode()) {
    // The range a coordinate may take before it counts as outside.
    low = alignCorners ? 0 : -0.5;
    for (int64_t extent : extents)
      high.push_back(alignCorners ? extent - 1 : extent - 0.5);
  }

  /// The value at normalized position `at`, one coordinate per spatial
  /// dimension, outermost first.
  double sample(const Tensor &x, int64_t plane, ArrayRef<double> at) const {
    SmallVector<double, 3> p;
    for (auto [d, n] : llvm::enumerate(at)) {
      double v = denormalize(n, extents[d]);
      if (mode == "nearest")
        v = std::nearbyint(v); // Halfway rounds to even.
      if (v < low || v > high[d]) {
        if (padding == "border")
          v = std::clamp(v, 0.0, double(extents[d] - 1));
        else if (padding == "reflection")
          v = reflect(v, low, high[d]);
      }
      p.push_back(v);
    }
    if (mode == "nearest") {
      SmallVector<int64_t, 3> index;
      for (double v : p)
        index.push_back(int64_t(v));
      return point(x, plane, index);
    }
    return interpolate(x, plane, p);
  }

private:
  double denormalize(double n, int64_t length) const {
    return alignCorners ? (n + 1) / 2 * (length - 1)
                        : ((n + 1) * length - 1) / 2;
  }

  /// Folds a coordinate back into [lo, hi] as a mirror would.
  static double reflect(double v, double lo, double hi) {
    double range = hi - lo;
    if (range <= 0)
      return lo;
    if (v < lo || v > hi) {
      double distance = v < lo ? lo - v : v - hi;
      int64_t flips = int64_t(distance / range);
      double rest = distance - double(flips) * range;
      bool fromLow = (v < lo) == (flips % 2 == 0);
      return fromLow ? lo + rest : hi - rest;
    }
    return v;
  }

  double point(const Tensor &x, int64_t plane, ArrayRef<int64_t> index) const {
    int64_t offset = plane;
    for (auto [d, given] : llvm::enumerate(index)) {
      int64_t extent = extents[d], i = given;
      if (padding == "zeros") {
        if (i < 0 || i >= extent)
          return 0;
      } else if (padding == "reflection") {
        i = int64_t(reflect(double(i), low, high[d]));
      }
      offset = offset * extent + std::clamp<int64_t>(i, 0, extent - 1);
    }
    return x.getAsDouble(offset);
  }

  /// Cubic convolution weights (A = -0.75) of the four taps around t.
  static std::array<double, 4> cubicWeights(double t) {
    const double a = -0.75;
    auto near = [&](double d) { return ((a + 2) * d - (a + 3)) * d * d + 1; };
    auto far = [&](double d) {
      return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a;
    };
    return {far(t + 1), near(t), near(1 - t), far(2 - t)};
  }

  /// N-linear (2 taps per dimension) or N-cubic (4) interpolation: the sum
  /// over the product of every dimension's taps.
  double interpolate(const Tensor &x, int64_t plane, ArrayRef<double> p) const {
    bool cubic = mode == "bicubic";
    size_t rank = p.size(), taps = cubic ? 4 : 2;
    SmallVector<int64_t, 3> first;
    SmallVector<std::array<double, 4>, 3> weights;
    for (double v : p) {
      double base = std::floor(v), t = v - base;
      first.push_back(int64_t(base) - (cubic ? 1 : 0));
      weights.push_back(cubic ? cubicWeights(t)
                              : std::array<double, 4>{1 - t, t, 0, 0});
    }
    double value = 0;
    SmallVector<int64_t, 3> which(rank, 0), index(rank);
    while (true) {
      double weight = 1;
      for (size_t d = 0; d < rank; ++d) {
        weight *= weights[d][which[d]];
        index[d] = first[d] + which[d];
      }
      if (weight != 0)
        value += weight * point(x, plane, index);
      size_t d = rank;
      while (d-- > 0 && ++which[d] == int64_t(taps))
        which[d] = 0;
      if (d == size_t(-1))
        return value;
    }
  }

  SmallVector<int64_t, 3> extents;
  bool alignCorners;
  llvm::StringRef mode, padding;
  double low;
  SmallVector<double, 3> high;
};

/// Output (n, c, o1..or) samples input plane (n, c) at grid[n, o1..or, :],
/// whose r coordinates list the innermost dimension first.
llvm::Expected<TensorList> gridSampleKernel(Operation *op,
                                            llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  const Tensor &x = in[0], &grid = in[1];
  ArrayRef<int64_t> shape = x.getShape();
  int64_t n = shape[0], c = shape[1];
  size_t rank = shape.size() - 2;
  int64_t points = getNumElements(out.getShape().drop_front(2));
  GridSampler sampler(cast<cgc_op::GridSampleOp>(op), shape.drop_front(2));
  SmallVector<double, 3> at(rank);
  int64_t index = 0;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t o = 0; o < points; ++o) {
        int64_t g = (b * points + o) * int64_t(rank);
        for (size_t d = 0; d < rank; ++d)
          at[rank - 1 - d] = grid.getAsDouble(g + int64_t(d));
        out.setFromDouble(index++, sampler.sample(x, b * c + ch, at));
      }
  return single(out);
}

/// Evenly spaced positions in [-1, 1] along an extent (ONNX AffineGrid):
/// pixel centres at -1 and 1 with align_corners, pixel edges otherwise.
double affinePosition(int64_t i, int64_t extent, bool alignCorners) {
  if (alignCorners)
    return extent == 1 ? -1.0 : -1.0 + 2.0 * i / (extent - 1);
  return -1.0 + (2.0 * i + 1.0) / extent;
}

llvm::Expected<TensorList> affineGridKernel(Operation *op,
                                            llvm::ArrayRef<Tensor> in) {
  auto grid = cast<cgc_op::AffineGridOp>(op);
  Tensor out = allocateResult(op);
  const Tensor &theta = in[0];
  bool align = grid.getAlignCorners();
  Shape size = intArray(grid.getSizeAttr(), 0, 0);
  Shape spatial(size.begin() + 2, size.end());
  int64_t dims = spatial.size(), points = getNumElements(spatial);
  Shape strides = stridesOf(spatial);
  for (int64_t n = 0, index = 0; n < size[0]; ++n)
    for (int64_t p = 0; p < points; ++p) {
      // The homogeneous position is (x, y[, z], 1): x runs along the last
      // spatial dimension (W), y along H, z along D.
      llvm::SmallVector<double, 4> position;
      for (int64_t d = dims; d-- > 0;)
        position.push_back(
            affinePosition((p / strides[d]) % spatial[d], spatial[d], align));
      position.push_back(1.0);
      for (int64_t row = 0; row < dims; ++row) {
        double value = 0;
        for (int64_t col = 0; col <= dims; ++col)
          value += theta.getAsDouble((n * dims + row) * (dims + 1) + col) *
                   position[col];
        out.setFromDouble(index++, value);
      }
    }
  return single(out);
}

/// ONNX Col2Im: each block element adds into the pixel it was taken from.
llvm::Expected<TensorList> col2ImKernel(Operation *op,
                                        llvm::ArrayRef<Tensor> in) {
  auto col2im = cast<cgc_op::Col2ImOp>(op);
  Tensor out = allocateResult(op);
  const Tensor &x = in[0];
  Shape image = intArray(col2im.getImageShapeAttr(), 0, 0);
  Shape block = intArray(col2im.getBlockShapeAttr(), 0, 0);
  size_t dims = image.size();
  Shape strides = intArray(col2im.getStridesAttr(), dims, 1);
  Shape dilations = intArray(col2im.getDilationsAttr(), dims, 1);
  Shape begin = intArray(col2im.getStartPaddingAttr(), dims, 0);
  Shape end = intArray(col2im.getEndPaddingAttr(), dims, 0);
  Shape counts;
  for (size_t d = 0; d < dims; ++d)
    counts.push_back(
        (image[d] + begin[d] + end[d] - dilations[d] * (block[d] - 1) - 1) /
            strides[d] +
        1);
  int64_t batch = x.getShape()[0], channels = out.getShape()[1];
  int64_t blockSize = getNumElements(block), blocks = getNumElements(counts);
  int64_t pixels = getNumElements(image);
  Shape blockStrides = stridesOf(block), countStrides = stridesOf(counts),
        imageStrides = stridesOf(image);
  std::vector<double> sums(out.getNumElements(), 0.0);
  for (int64_t n = 0, index = 0; n < batch; ++n)
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t k = 0; k < blockSize; ++k)
        for (int64_t l = 0; l < blocks; ++l, ++index) {
          int64_t pixel = 0;
          bool inside = true;
          for (size_t d = 0; d < dims && inside; ++d) {
            int64_t pos = (l / countStrides[d]) % counts[d] * strides[d] -
                          begin[d] +
                          (k / blockStrides[d]) % block[d] * dilations[d];
            inside = pos >= 0 && pos < image[d];
            pixel += pos * imageStrides[d];
          }
          if (inside)
            sums[(n * channels + c) * pixels + pixel] += x.getAsDouble(index);
        }
  for (auto [i, sum] : llvm::enumerate(sums))
    out.setFromDouble(i, sum);
  return single(out);
}

/// Bilinear read of plane `plane` at (y, x) in pixels, zero outside: the
/// ONNX reference samples with GridSample (bilinear, zeros,
/// align_corners=1).
double bilinearZero(const Tensor &x, int64_t plane, int64_t height,
                    int64_t width, double y, double xPos) {
  double y0 = std::floor(y), x0 = std::floor(xPos);
  double fy = y - y0, fx = xPos - x0;
  double value = 0;
  for (int dy = 0; dy < 2; ++dy)
    for (int dx = 0; dx < 2; ++dx) {
      int64_t row = static_cast<int64_t>(y0) + dy;
      int64_t col = static_cast<int64_t>(x0) + dx;
      if (row < 0 || row >= height || col < 0 || col >= width)
        continue;
      double weight = (dy ? fy : 1 - fy) * (dx ? fx : 1 - fx);
      value += weight * x.getAsDouble((plane * height + row) * width + col);
    }
  return value;
}

llvm::Expected<TensorList> deformConvKernel(Operation *op,
                                            llvm::ArrayRef<Tensor> in) {
  auto conv = cast<cgc_op::DeformConvOp>(op);
  const Tensor &x = in[0], &w = in[1], &offset = in[2], &bias = in[3],
               &mask = in[4];
  Tensor out = allocateResult(op);
  Shape strides = intArray(conv.getStridesAttr(), 2, 1);
  Shape dilations = intArray(conv.getDilationsAttr(), 2, 1);
  Shape begin = intArray(conv.getStartPaddingAttr(), 2, 0);
  int64_t n = x.getShape()[0], c = x.getShape()[1], h = x.getShape()[2],
          wd = x.getShape()[3];
  int64_t m = w.getShape()[0], cPerGroup = w.getShape()[1],
          kh = w.getShape()[2], kw = w.getShape()[3];
  int64_t oh = out.getShape()[2], ow = out.getShape()[3];
  int64_t mPerGroup = m / conv.getGroup();
  int64_t cPerOffsetGroup = c / conv.getOffsetGroup();
  int64_t taps = kh * kw, plane = oh * ow;
  for (int64_t b = 0, index = 0; b < n; ++b)
    for (int64_t oc = 0; oc < m; ++oc)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j, ++index) {
          double sum = bias.getAsDouble(oc);
          int64_t firstC = oc / mPerGroup * cPerGroup;
          for (int64_t ic = firstC; ic < firstC + cPerGroup; ++ic) {
            int64_t g = ic / cPerOffsetGroup;
            for (int64_t t = 0; t < taps; ++t) {
              // offset holds (dy, dx) per offset group and tap.
              int64_t at = ((b * conv.getOffsetGroup() + g) * taps + t) * 2;
              double dy = offset.getAsDouble((at * plane) + i * ow + j);
              double dx = offset.getAsDouble(((at + 1) * plane) + i * ow + j);
              double y = i * strides[0] - begin[0] + t / kw * dilations[0] + dy;
              double xPos =
                  j * strides[1] - begin[1] + t % kw * dilations[1] + dx;
              double scale = mask.getAsDouble(
                  ((b * conv.getOffsetGroup() + g) * taps + t) * plane +
                  i * ow + j);
              sum += w.getAsDouble((oc * cPerGroup + ic - firstC) * taps + t) *
                     scale * bilinearZero(x, b * c + ic, h, wd, y, xPos);
            }
          }
          out.setFromDouble(index, sum);
        }
  return single(out);
}
} // namespace

void registerResamplingKernels(KernelRegistry &registry) {
  registry.add(cgc_op::ResizeOp::getOperationName(), resizeKernel);
  registry.add(cgc_op::GridSampleOp::getOperationName(), gridSampleKernel);
  registry.add(cgc_op::AffineGridOp::getOperationName(), affineGridKernel);
  registry.add(cgc_op::Col2ImOp::getOperationName(), col2ImKernel);
  registry.add(cgc_op::DeformConvOp::getOperationName(), deformConvKernel);
  registry.add(cgc_op::DepthToSpaceOp::getOperationName(), depthToSpaceKernel);
  registry.add(cgc_op::SpaceToDepthOp::getOperationName(), spaceToDepthKernel);
  registry.add(cgc_op::ConvTransposeOp::getOperationName(),
               convTransposeKernel);
}

} // namespace opencgc::reference
