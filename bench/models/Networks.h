//===- Networks.h - The benchmark CNNs as ONNX models -----------*- C++ -*-===//
//
// The four model families of issue 13's benchmark, at 1x3x224x224 with 1000
// classes: ResNet-50 (bottlenecks, residual adds), MobileNetV2 (inverted
// residuals, depthwise convolutions, ReLU6), a SqueezeNet 1.1 (fire modules:
// concats of 1x1 and 3x3 expansions) and a DenseNet-121 (every layer's
// output concatenated to its input, pre-activation batch norms).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_BENCH_MODELS_NETWORKS_H
#define OPENCGC_BENCH_MODELS_NETWORKS_H

#include "onnx/onnx_pb.h"

#include <functional>
#include <string>
#include <vector>

namespace opencgc::bench {

struct GeneratedModel {
  onnx::ModelProto model;
  /// Multiply-adds of one inference (convolutions and the classifier).
  int64_t multiplyAdds = 0;
};

struct NetworkRecipe {
  std::string name;
  std::function<GeneratedModel()> build;
};

/// resnet50, mobilenetv2, squeezenet, densenet121.
std::vector<NetworkRecipe> getBenchmarkNetworks();

} // namespace opencgc::bench

#endif // OPENCGC_BENCH_MODELS_NETWORKS_H
