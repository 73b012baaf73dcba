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
  /// A model without inputs yet (addInput), opset 17.
  explicit OnnxModelBuilder(const std::string &name);
  /// The default domain's opset (and the IR version it needs: 11 from
  /// opset 23 on, 10 from 21, else 8).
  void setOpset(int64_t version);

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
  void countMultiplyAdds(int64_t count) { multiplyAdds += count; }

  // The general part, for graphs other than CNNs (Transformers.cpp).

  /// A graph input of ONNX element type `elementType`
  /// (onnx::TensorProto::FLOAT, INT64, ...).
  Activation addInput(const std::string &name, int elementType,
                      std::vector<int64_t> shape);
  /// A fresh value name starting with `prefix`.
  std::string fresh(const std::string &prefix);
  /// A float initializer uniform in offset +- scale, from the fixed seed.
  std::string weight(const std::string &prefix,
                     const std::vector<int64_t> &shape, float scale,
                     float offset = 0);
  /// An int64 initializer holding `values` in `shape` ({} for a scalar).
  std::string int64Constant(const std::vector<int64_t> &values,
                            const std::vector<int64_t> &shape);
  /// A float scalar initializer.
  std::string floatConstant(float value);
  /// An empty initializer named after `prefix`, for the caller to fill.
  onnx::TensorProto *addInitializer(const std::string &prefix);
  /// A node of `type` writing `output`.
  onnx::NodeProto *node(const std::string &type,
                        const std::vector<std::string> &inputs,
                        const std::string &output);
  static void addInt(onnx::NodeProto *node, const std::string &name,
                     int64_t value);
  static void addInts(onnx::NodeProto *node, const std::string &name,
                      const std::vector<int64_t> &values);
  static void addFloat(onnx::NodeProto *node, const std::string &name,
                       float value);
  /// Marks each value a float graph output under its name and returns the
  /// model.
  onnx::ModelProto finishOutputs(const std::vector<Activation> &outputs);

private:
  onnx::ModelProto model;
  onnx::GraphProto *graph;
  Activation inputValue;
  std::mt19937 random{2026};
  int counter = 0;
  int64_t multiplyAdds = 0;
};

} // namespace opencgc::bench

#endif // OPENCGC_BENCH_MODELS_ONNXMODELBUILDER_H
