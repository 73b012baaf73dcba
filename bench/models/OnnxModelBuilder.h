//===- OnnxModelBuilder.h - Writing CNNs as ONNX models ---------*- C++ -*-===//
//
// Builds an ONNX graph node by node through libonnx's protobuf classes, with
// weights drawn from a fixed-seed generator, so that the benchmark models
// are the same bytes on every machine (there is no model zoo to download).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_BENCH_MODELS_ONNXMODELBUILDER_H
#define OPENCGC_BENCH_MODELS_ONNXMODELBUILDER_H

#include "onnx/onnx_pb.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace opencgc::bench {

/// A value of the graph and its NCHW shape.
struct Activation {
  std::string name;
  std::vector<int64_t> shape;
};

struct ConvOptions {
  int64_t kernel = 1;
  int64_t stride = 1;
  int64_t groups = 1;
  /// A bias input (a batch norm folded into the convolution, as exporters
  /// write it); false where a BatchNormalization follows.
  bool bias = true;
};

class OnnxModelBuilder {
public:
  /// A model with one float input `input` of `inputShape`, opset 17.
  OnnxModelBuilder(const std::string &name, std::vector<int64_t> inputShape);

  Activation input() const { return inputValue; }
  Activation conv(const Activation &x, int64_t channels,
                  const ConvOptions &options);
  Activation batchNorm(const Activation &x);
  Activation relu(const Activation &x);
  /// Clip to [0, 6] (MobileNet's ReLU6), bounds as inputs (opset 11 on).
  Activation relu6(const Activation &x);
  Activation maxPool(const Activation &x, int64_t kernel, int64_t stride,
                     int64_t pad);
  Activation averagePool(const Activation &x, int64_t kernel, int64_t stride);
  Activation add(const Activation &a, const Activation &b);
  Activation concat(const std::vector<Activation> &inputs);
  /// GlobalAveragePool, Flatten and a Gemm to `classes` outputs: the head.
  Activation classifier(const Activation &x, int64_t classes);
  /// Marks `x` the graph output `output` and returns the model.
  onnx::ModelProto finish(const Activation &x);

  int64_t getMultiplyAdds() const { return multiplyAdds; }

private:
  std::string fresh(const std::string &prefix);
  std::string weight(const std::string &prefix,
                     const std::vector<int64_t> &shape, float scale,
                     float offset = 0);
  onnx::NodeProto *node(const std::string &type,
                        const std::vector<std::string> &inputs,
                        const std::string &output);

  onnx::ModelProto model;
  onnx::GraphProto *graph;
  Activation inputValue;
  std::mt19937 random{2026};
  int counter = 0;
  int64_t multiplyAdds = 0;
};

} // namespace opencgc::bench

#endif // OPENCGC_BENCH_MODELS_ONNXMODELBUILDER_H
