//===- SignalConverters.cpp - ONNX window functions -----------------------===//
//
// HannWindow, HammingWindow and BlackmanWindow depend only on their size,
// which must be known at import time (the window length fixes the output
// shape), so the converters produce the window as an import-time constant.
//
//===----------------------------------------------------------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include <cmath>

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

/// w[n] = a0 - a1 cos(2 pi n / N') + a2 cos(4 pi n / N'), with N' = size
/// for a periodic window and size - 1 for a symmetric one (ONNX opset 17).
template <int A0Num, int A0Den, int A1Num, int A1Den, int A2Num, int A2Den>
llvm::Error convertWindow(ImportContext &ctx) {
  llvm::Expected<Tensor> size = ctx.staticInput(0, "the window size");
  if (!size)
    return size.takeError();
  if (size->getNumElements() != 1)
    return ctx.malformed("the window size must be a scalar");
  int64_t length = size->getAsInt(0);
  if (length < 0)
    return ctx.malformed("negative window size " + llvm::Twine(length));
  std::optional<DType> dtype =
      dtypeFromOnnx(static_cast<int32_t>(ctx.intAttr("output_datatype", 1)));
  if (!dtype)
    return ctx.unsupported("output_datatype " +
                           llvm::Twine(ctx.intAttr("output_datatype", 1)));
  bool periodic = ctx.intAttr("periodic", 1) != 0;
  double denominator = periodic ? double(length) : double(length - 1);
  double a0 = double(A0Num) / A0Den, a1 = double(A1Num) / A1Den,
         a2 = double(A2Num) / A2Den;
  Tensor window(*dtype, {length});
  for (int64_t n = 0; n < length; ++n) {
    double phase = denominator > 0 ? 2 * M_PI * double(n) / denominator : 0;
    // ONNX's reference computes in float32; round through float to match.
    float value = float(a0 - a1 * std::cos(phase) + a2 * std::cos(2 * phase));
    window.setFromDouble(n, value);
  }
  ctx.setOutputConstant(0, window);
  return llvm::Error::success();
}
} // namespace

void registerSignalConverters(ConverterRegistry &registry) {
  registry.add("HannWindow", convertWindow<1, 2, 1, 2, 0, 1>,
               {"output_datatype", "periodic"});
  registry.add("HammingWindow", convertWindow<25, 46, 21, 46, 0, 1>,
               {"output_datatype", "periodic"});
  registry.add("BlackmanWindow", convertWindow<42, 100, 1, 2, 8, 100>,
               {"output_datatype", "periodic"});
}

} // namespace opencgc::onnx_import
