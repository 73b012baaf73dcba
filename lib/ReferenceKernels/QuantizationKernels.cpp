//===- QuantizationKernels.cpp - Reference quantized layers ---------------===//
//
// Quantized arithmetic follows ONNX: integer products accumulate exactly
// (int32 tensors, int64 accumulators); requantization rounds half to even
// and saturates to the target type.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"
#include "LinalgKernels.h"

#include "opencgc/Dialect/CGCOp/QuantizationOps.h"
#include "opencgc/Tensor/NarrowTypes.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace opencgc::reference {
namespace {

/// The representable range of a quantized element type.
std::pair<double, double> quantizedRange(DType dtype) {
  switch (dtype) {
  case DType::Int8:
    return {-128, 127};
  case DType::UInt8:
    return {0, 255};
  case DType::Int16:
    return {-32768, 32767};
  case DType::UInt16:
    return {0, 65535};
  case DType::Int32:
    return {double(std::numeric_limits<int32_t>::min()),
            double(std::numeric_limits<int32_t>::max())};
  case DType::Int4: // QuantizeLinear-21: clamp to the 4-bit range
    return {-8, 7};
  case DType::UInt4:
    return {0, 15};
  case DType::Int2: // QuantizeLinear-25
    return {-2, 1};
  case DType::UInt2:
    return {0, 3};
  default:
    return {0, 255};
  }
}

double saturate(double value, DType dtype) {
  auto [low, high] = quantizedRange(dtype);
  return std::clamp(value, low, high);
}

/// `value` rounded to `scale`'s element type when that is narrower than
/// float32.
float roundToScaleType(float value, const Tensor &scale) {
  if (scale.getDType() == DType::BFloat16)
    return float(BFloat16(value));
  if (scale.getDType() == DType::Float16)
    return float(Half(value));
  return value;
}

/// The channel along `axis` of row-major element `index`.
int64_t channelOf(llvm::ArrayRef<int64_t> shape, int64_t axis, int64_t index) {
  if (shape.empty())
    return 0;
  int64_t inner = getNumElements(shape.drop_front(axis + 1));
  return (index / inner) % shape[axis];
}

/// The entry of `parameter` that applies to element `index` of a tensor of
/// `shape`: the only one, or the one of its channel along `axis`.
int64_t parameterFor(const Tensor &parameter, llvm::ArrayRef<int64_t> shape,
                     int64_t axis, int64_t index) {
  if (parameter.getNumElements() == 1)
    return 0;
  return channelOf(shape, axis, index);
}

int64_t normalizedAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

/// The entry of a blocked `parameter` (ONNX opset 21) that applies to
/// element `index` of a tensor of `shape`: the same coordinates, except
/// the one along `axis` divided by `blockSize`.
int64_t blockedParameterFor(const Tensor &parameter,
                            llvm::ArrayRef<int64_t> shape, int64_t axis,
                            int64_t blockSize, int64_t index) {
  llvm::ArrayRef<int64_t> blocked = parameter.getShape();
  int64_t offset = 0, stride = 1;
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    int64_t coord = index % shape[d];
    index /= shape[d];
    offset += (d == axis ? coord / blockSize : coord) * stride;
    stride *= blocked[d];
  }
  return offset;
}

/// The scale and zero point entry of element `index` for either layer.
template <typename OpTy>
int64_t linearParameterFor(OpTy op, const Tensor &scale, const Tensor &x,
                           int64_t index) {
  int64_t axis =
      normalizedAxis(static_cast<int64_t>(op.getAxis()), x.getRank());
  if (int64_t blockSize = static_cast<int64_t>(op.getBlockSize()))
    return blockedParameterFor(scale, x.getShape(), axis, blockSize, index);
  return parameterFor(scale, x.getShape(), axis, index);
}

llvm::Expected<TensorList> quantizeLinearKernel(Operation *op,
                                                llvm::ArrayRef<Tensor> in) {
  auto quantize = cast<cgc_op::QuantizeLinearOp>(op);
  Tensor out = allocateResult(op);
  const Tensor &x = in[0], &scale = in[1], &zero = in[2];
  for (int64_t i = 0; i < x.getNumElements(); ++i) {
    int64_t c = linearParameterFor(quantize, scale, x, i);
    // x / scale in the scale's type (float32 unless float16/bfloat16:
    // QuantizeLinear-19 and -23), round half to even, add zp.
    float scaled = roundToScaleType(
        float(x.getAsDouble(i)) / float(scale.getAsDouble(c)), scale);
    DType type = out.getDType();
    if (isFloatDType(type)) {
      // float8/float4 outputs: x / scale + zero_point converted with round
      // half to even, saturating when `saturate` (Operators.md
      // QuantizeLinear).
      double value = double(scaled) + zero.getAsDouble(c);
      storeNarrowCode(type, out.getBytes(), i,
                      encodeNarrow(type, value, {quantize.getSaturate()}));
      continue;
    }
    double value = std::nearbyint(scaled) + double(zero.getAsInt(c));
    out.setFromDouble(i, saturate(value, type));
  }
  return single(out);
}

llvm::Expected<TensorList> dequantizeLinearKernel(Operation *op,
                                                  llvm::ArrayRef<Tensor> in) {
  auto dequantize = cast<cgc_op::DequantizeLinearOp>(op);
  Tensor out = allocateResult(op);
  const Tensor &x = in[0], &scale = in[1], &zero = in[2];
  for (int64_t i = 0; i < x.getNumElements(); ++i) {
    int64_t c = linearParameterFor(dequantize, scale, x, i);
    // float8/float4 inputs subtract as floats, integers exactly.
    float difference = isFloatDType(x.getDType())
                           ? float(x.getAsDouble(i) - zero.getAsDouble(c))
                           : float(x.getAsInt(i) - zero.getAsInt(c));
    float value = difference * float(scale.getAsDouble(c));
    out.setFromDouble(i, value);
  }
  return single(out);
}

/// ONNX DynamicQuantizeLinear, in float32 as the specification writes it.
llvm::Expected<TensorList>
dynamicQuantizeLinearKernel(Operation *op, llvm::ArrayRef<Tensor> in) {
  const Tensor &x = in[0];
  Tensor y = allocateResult(op, 0), scale = allocateResult(op, 1),
         zero = allocateResult(op, 2);
  float low = 0, high = 0;
  for (int64_t i = 0; i < x.getNumElements(); ++i) {
    low = std::min(low, x.getData<float>()[i]);
    high = std::max(high, x.getData<float>()[i]);
  }
  float yScale = (high - low) / 255.0f;
  float zeroPoint =
      yScale == 0 ? 0
                  : std::clamp(std::nearbyint(0 - low / yScale), 0.0f, 255.0f);
  scale.getData<float>()[0] = yScale;
  zero.setFromDouble(0, zeroPoint);
  for (int64_t i = 0; i < x.getNumElements(); ++i) {
    float q = yScale == 0 ? 0 : std::nearbyint(x.getData<float>()[i] / yScale);
    y.setFromDouble(i, std::clamp(q + zeroPoint, 0.0f, 255.0f));
  }
  TensorList results;
  results.push_back(y);
  results.push_back(scale);
  results.push_back(zero);
  return results;
}

/// x - zero_point as int32, the zero point indexed per `channelOf` element.
llvm::Expected<Tensor> centered(Operation *op, const Tensor &x,
                                const Tensor &zero, int64_t channelAxis,
                                llvm::StringRef role) {
  int64_t channels =
      channelAxis < 0 || x.getRank() == 0 ? 1 : x.getShape()[channelAxis];
  if (zero.getNumElements() != 1 && zero.getNumElements() != channels)
    return kernelError(
        op, role + " zero point has " + llvm::Twine(zero.getNumElements()) +
                " entries, expected 1 or " + llvm::Twine(channels));
  Tensor result(DType::Int32, x.getShape());
  for (int64_t i = 0; i < x.getNumElements(); ++i) {
    int64_t c =
        channelAxis < 0 ? 0 : parameterFor(zero, x.getShape(), channelAxis, i);
    result.getData<int32_t>()[i] = int32_t(x.getAsInt(i) - zero.getAsInt(c));
  }
  return result;
}

/// int32 product of the centered operands (a zero points per row of lhs,
/// per column of rhs, as ONNX allows).
llvm::Expected<Tensor> integerMatMul(Operation *op, const Tensor &lhs,
                                     const Tensor &lhsZero, const Tensor &rhs,
                                     const Tensor &rhsZero,
                                     llvm::ArrayRef<int64_t> resultShape) {
  auto a = centered(op, lhs, lhsZero,
                    lhs.getRank() >= 2 ? lhs.getRank() - 2 : -1, "lhs");
  if (!a)
    return a.takeError();
  auto b = centered(op, rhs, rhsZero, rhs.getRank() - 1, "rhs");
  if (!b)
    return b.takeError();
  Tensor product(DType::Int32, resultShape);
  batchedMatMul(*a, *b, product);
  return product;
}

llvm::Expected<TensorList> matmulIntegerKernel(Operation *op,
                                               llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  auto product = integerMatMul(op, in[0], in[2], in[1], in[3], out.getShape());
  if (!product)
    return product.takeError();
  return single(*product);
}

/// Requantizes int32 `acc` with the combined scale of each output channel.
void requantize(const Tensor &acc, const Tensor &inScale,
                const Tensor &weightScale, const Tensor &outScale,
                const Tensor &outZero, int64_t channelAxis, Tensor &out) {
  double outputScale = outScale.getAsDouble(0);
  for (int64_t i = 0; i < acc.getNumElements(); ++i) {
    int64_t c = channelAxis < 0
                    ? 0
                    : parameterFor(weightScale, acc.getShape(), channelAxis, i);
    double scale =
        inScale.getAsDouble(0) * weightScale.getAsDouble(c) / outputScale;
    double value = std::nearbyint(double(acc.getData<int32_t>()[i]) * scale) +
                   double(outZero.getAsInt(0));
    out.setFromDouble(i, saturate(value, out.getDType()));
  }
}

llvm::Expected<TensorList> qlinearMatmulKernel(Operation *op,
                                               llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  auto product = integerMatMul(op, in[0], in[2], in[3], in[5], out.getShape());
  if (!product)
    return product.takeError();
  requantize(*product, in[1], in[4], in[6], in[7],
             out.getRank() > 0 && in[4].getNumElements() > 1 ? out.getRank() - 1
                                                             : -1,
             out);
  return single(out);
}

/// int32 convolution of the centered input and weight, plus `bias`.
template <typename ConvOp>
llvm::Expected<Tensor>
integerConvolution(ConvOp conv, const Tensor &x, const Tensor &xZero,
                   const Tensor &w, const Tensor &wZero, const Tensor *bias,
                   llvm::ArrayRef<int64_t> shape) {
  auto centeredX = centered(conv, x, xZero, -1, "input");
  if (!centeredX)
    return centeredX.takeError();
  auto centeredW = centered(conv, w, wZero, 0, "weight");
  if (!centeredW)
    return centeredW.takeError();
  Tensor out(DType::Int32, shape);
  ConvGeometry g = convGeometry(conv, *centeredX, *centeredW, out);
  convolve<int32_t>(g, centeredX->template getData<int32_t>(),
                    centeredW->template getData<int32_t>(),
                    bias ? bias->getData<int32_t>() : nullptr,
                    out.getData<int32_t>());
  return out;
}

llvm::Expected<TensorList> convIntegerKernel(Operation *op,
                                             llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  auto result =
      integerConvolution(cast<cgc_op::ConvIntegerOp>(op), in[0], in[2], in[1],
                         in[3], nullptr, out.getShape());
  if (!result)
    return result.takeError();
  return single(*result);
}

llvm::Expected<TensorList> qlinearConvKernel(Operation *op,
                                             llvm::ArrayRef<Tensor> in) {
  Tensor out = allocateResult(op);
  const Tensor *bias = in.size() > 8 ? &in[8] : nullptr;
  auto acc = integerConvolution(cast<cgc_op::QLinearConvOp>(op), in[0], in[2],
                                in[3], in[5], bias, out.getShape());
  if (!acc)
    return acc.takeError();
  requantize(*acc, in[1], in[4], in[6], in[7], 1, out);
  return single(out);
}
} // namespace

void registerQuantizationKernels(KernelRegistry &registry) {
  registry.add(cgc_op::QuantizeLinearOp::getOperationName(),
               quantizeLinearKernel);
  registry.add(cgc_op::DequantizeLinearOp::getOperationName(),
               dequantizeLinearKernel);
  registry.add(cgc_op::DynamicQuantizeLinearOp::getOperationName(),
               dynamicQuantizeLinearKernel);
  registry.add(cgc_op::MatMulIntegerOp::getOperationName(),
               matmulIntegerKernel);
  registry.add(cgc_op::ConvIntegerOp::getOperationName(), convIntegerKernel);
  registry.add(cgc_op::QLinearMatMulOp::getOperationName(),
               qlinearMatmulKernel);
  registry.add(cgc_op::QLinearConvOp::getOperationName(), qlinearConvKernel);
}

} // namespace opencgc::reference
