//===- SignalConverters.cpp - ONNX signal processing ----------------------===//
//
// HannWindow, HammingWindow and BlackmanWindow depend only on their size,
// which must be known at import time (the window length fixes the output
// shape), so the converters produce the window as an import-time constant.
// DFT and STFT become cgc_op.dft and cgc_op.stft, with their axes and
// lengths known at import time.
//
//===----------------------------------------------------------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/ReductionOps.h"

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

/// DFT: axis is an attribute (default 1) in version 17 and an optional
/// scalar input (default -2) from version 20; dft_length an optional scalar
/// input, by default the axis' extent, or 2 * (extent - 1) for the
/// one-sided inverse (Operators.md, DFT).
llvm::Error convertDft(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  ArrayRef<int64_t> shape = shapeOf(*input);
  int64_t rank = shape.size();
  int64_t axis = ctx.intAttr("axis", 1);
  if (ctx.getOpVersion() >= 20) {
    axis = -2;
    if (ctx.hasInput(2)) {
      llvm::Expected<Tensor> given = ctx.staticInput(2, "DFT axis");
      if (!given)
        return given.takeError();
      axis = given->getAsInt(0);
    }
  }
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank - 1)
    return ctx.malformed("DFT axis out of range for rank " + llvm::Twine(rank));
  bool inverse = ctx.intAttr("inverse", 0) != 0;
  bool onesided = ctx.intAttr("onesided", 0) != 0;
  int64_t length = onesided && inverse ? 2 * (shape[axis] - 1) : shape[axis];
  if (ctx.hasInput(1)) {
    llvm::Expected<Tensor> given = ctx.staticInput(1, "DFT dft_length");
    if (!given)
      return given.takeError();
    length = given->getAsInt(0);
  }
  Builder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::DftOp>(
          {*input}, {ctx.namedAttr("axis", b.getI64IntegerAttr(axis)),
                     ctx.namedAttr("dft_length", b.getI64IntegerAttr(length)),
                     ctx.namedAttr("inverse", b.getBoolAttr(inverse)),
                     ctx.namedAttr("onesided", b.getBoolAttr(onesided))}));
}

/// A static scalar input as an integer.
llvm::Expected<int64_t> staticInt(ImportContext &ctx, unsigned index,
                                  StringRef what) {
  llvm::Expected<Tensor> given = ctx.staticInput(index, what);
  if (!given)
    return given.takeError();
  if (given->getNumElements() != 1)
    return ctx.malformed(what + " must hold one value");
  return given->getAsInt(0);
}

/// STFT (opset 17): frame_step and frame_length known at import; without
/// a window every frame is taken as is (a window of ones), and without
/// frame_length the window's length is the frame's.
llvm::Error convertStft(ImportContext &ctx) {
  llvm::Expected<Value> signal = ctx.input(0);
  if (!signal)
    return signal.takeError();
  llvm::Expected<int64_t> step = staticInt(ctx, 1, "STFT frame_step");
  if (!step)
    return step.takeError();
  std::optional<Value> window;
  if (ctx.hasInput(2)) {
    llvm::Expected<Value> given = ctx.input(2);
    if (!given)
      return given.takeError();
    window = *given;
  }
  int64_t length = window ? shapeOf(*window)[0] : 0;
  if (ctx.hasInput(3)) {
    llvm::Expected<int64_t> given = staticInt(ctx, 3, "STFT frame_length");
    if (!given)
      return given.takeError();
    if (window && *given != length)
      return ctx.malformed("STFT frame_length differs from the window's");
    length = *given;
  }
  if (length < 1)
    return ctx.malformed("STFT needs a window or frame_length");
  if (!window) {
    llvm::Expected<DType> dtype = ctx.inputDType(0);
    if (!dtype)
      return dtype.takeError();
    Tensor ones(*dtype, {length});
    for (int64_t n = 0; n < length; ++n)
      ones.setFromDouble(n, 1.0);
    window = ctx.syntheticConstant("window", std::move(ones));
  }
  Builder &b = ctx.getBuilder();
  return setResult(
      ctx,
      ctx.create<cgc_op::StftOp>(
          {*signal, *window},
          {ctx.namedAttr("frame_step", b.getI64IntegerAttr(*step)),
           ctx.namedAttr("onesided",
                         b.getBoolAttr(ctx.intAttr("onesided", 1) != 0))}));
}
} // namespace

void registerSignalConverters(ConverterRegistry &registry) {
  registry.add("HannWindow", convertWindow<1, 2, 1, 2, 0, 1>,
               {"output_datatype", "periodic"});
  registry.add("HammingWindow", convertWindow<25, 46, 21, 46, 0, 1>,
               {"output_datatype", "periodic"});
  registry.add("STFT", convertStft, {"onesided"});
  registry.add("DFT", convertDft, {"axis", "inverse", "onesided"}, upTo(20));
  registry.add("BlackmanWindow", convertWindow<42, 100, 1, 2, 8, 100>,
               {"output_datatype", "periodic"});
}

} // namespace opencgc::onnx_import
