//===- Networks.cpp - The benchmark CNNs as ONNX models -------------------===//
//
// Layer sizes as in the papers and torchvision's definitions (ResNet v1.5
// strides on the 3x3 convolution; SqueezeNet 1.1's fire sizes; DenseNet-121
// growth 32, blocks 6/12/24/16). Batch norms that follow a convolution are
// folded into its bias, as exporters write inference models.
//
//===----------------------------------------------------------------------===//
#include "Networks.h"
#include "OnnxModelBuilder.h"

namespace opencgc::bench {
namespace {

using B = OnnxModelBuilder;
const std::vector<int64_t> kImage = {1, 3, 224, 224};
constexpr int64_t kClasses = 1000;

Activation convRelu(B &b, const Activation &x, int64_t channels, int64_t kernel,
                    int64_t stride = 1) {
  return b.relu(b.conv(x, channels, {kernel, stride}));
}

Activation bottleneck(B &b, const Activation &x, int64_t width,
                      int64_t stride) {
  int64_t out = width * 4;
  Activation y = convRelu(b, x, width, 1);
  y = convRelu(b, y, width, 3, stride);
  y = b.conv(y, out, {1});
  Activation shortcut =
      x.shape[1] == out && stride == 1 ? x : b.conv(x, out, {1, stride});
  return b.relu(b.add(y, shortcut));
}

GeneratedModel resnet50() {
  B b("resnet50", kImage);
  Activation x = convRelu(b, b.input(), 64, 7, 2);
  x = b.maxPool(x, 3, 2, 1);
  const int64_t blocks[] = {3, 4, 6, 3};
  for (int stage = 0; stage < 4; ++stage)
    for (int64_t i = 0; i < blocks[stage]; ++i)
      x = bottleneck(b, x, 64 << stage, i == 0 && stage > 0 ? 2 : 1);
  Activation y = b.classifier(x, kClasses);
  return {b.finish(y), b.getMultiplyAdds()};
}

Activation invertedResidual(B &b, const Activation &x, int64_t expansion,
                            int64_t out, int64_t stride) {
  int64_t hidden = x.shape[1] * expansion;
  Activation y = x;
  if (expansion != 1)
    y = b.relu6(b.conv(y, hidden, {1}));
  y = b.relu6(b.conv(y, hidden, {3, stride, hidden}));
  y = b.conv(y, out, {1});
  return stride == 1 && x.shape[1] == out ? b.add(x, y) : y;
}

GeneratedModel mobilenetV2() {
  B b("mobilenetv2", kImage);
  Activation x = b.relu6(b.conv(b.input(), 32, {3, 2}));
  // (expansion t, channels c, repeats n, stride s) of the paper's table 2.
  const int64_t settings[][4] = {{1, 16, 1, 1}, {6, 24, 2, 2}, {6, 32, 3, 2},
                                 {6, 64, 4, 2}, {6, 96, 3, 1}, {6, 160, 3, 2},
                                 {6, 320, 1, 1}};
  for (const auto &[t, c, n, s] : settings)
    for (int64_t i = 0; i < n; ++i)
      x = invertedResidual(b, x, t, c, i == 0 ? s : 1);
  x = b.relu6(b.conv(x, 1280, {1}));
  Activation y = b.classifier(x, kClasses);
  return {b.finish(y), b.getMultiplyAdds()};
}

Activation fire(B &b, const Activation &x, int64_t squeeze, int64_t expand) {
  Activation s = convRelu(b, x, squeeze, 1);
  return b.concat({convRelu(b, s, expand, 1), convRelu(b, s, expand, 3)});
}

GeneratedModel squeezenet() {
  B b("squeezenet", kImage);
  Activation x = convRelu(b, b.input(), 64, 3, 2);
  x = b.maxPool(x, 3, 2, 0);
  x = fire(b, fire(b, x, 16, 64), 16, 64);
  x = b.maxPool(x, 3, 2, 0);
  x = fire(b, fire(b, x, 32, 128), 32, 128);
  x = b.maxPool(x, 3, 2, 0);
  x = fire(b, fire(b, x, 48, 192), 48, 192);
  x = fire(b, fire(b, x, 64, 256), 64, 256);
  // The classifier is a 1x1 convolution to the classes, then the average.
  x = convRelu(b, x, kClasses, 1);
  Activation pooled = b.averagePool(x, x.shape[2], 1);
  return {b.finish(pooled), b.getMultiplyAdds()};
}

Activation denseLayer(B &b, const Activation &x, int64_t growth) {
  Activation y = b.relu(b.batchNorm(x));
  y = b.conv(y, 4 * growth, {1, 1, 1, false});
  y = b.relu(b.batchNorm(y));
  y = b.conv(y, growth, {3, 1, 1, false});
  return b.concat({x, y});
}

GeneratedModel densenet121() {
  B b("densenet121", kImage);
  Activation x = convRelu(b, b.input(), 64, 7, 2);
  x = b.maxPool(x, 3, 2, 1);
  const int64_t layers[] = {6, 12, 24, 16};
  constexpr int64_t growth = 32;
  for (int block = 0; block < 4; ++block) {
    for (int64_t i = 0; i < layers[block]; ++i)
      x = denseLayer(b, x, growth);
    if (block == 3)
      break;
    // Transition: halve the channels, then the resolution.
    x = b.conv(b.relu(b.batchNorm(x)), x.shape[1] / 2, {1, 1, 1, false});
    x = b.averagePool(x, 2, 2);
  }
  x = b.relu(b.batchNorm(x));
  Activation y = b.classifier(x, kClasses);
  return {b.finish(y), b.getMultiplyAdds()};
}

} // namespace

std::vector<NetworkRecipe> getBenchmarkNetworks() {
  return {{"resnet50", resnet50},
          {"mobilenetv2", mobilenetV2},
          {"squeezenet", squeezenet},
          {"densenet121", densenet121}};
}

} // namespace opencgc::bench
