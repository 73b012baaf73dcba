//===- OnnxModelBuilder.cpp - Writing CNNs as ONNX models -----------------===//
#include "OnnxModelBuilder.h"

#include <cmath>
#include <cstring>

namespace opencgc::bench {
namespace {

void setType(onnx::ValueInfoProto *value, const std::string &name,
             int elementType, const std::vector<int64_t> &shape) {
  value->set_name(name);
  onnx::TypeProto_Tensor *tensor = value->mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(elementType);
  for (int64_t dim : shape)
    tensor->mutable_shape()->add_dim()->set_dim_value(dim);
}

void setFloatType(onnx::ValueInfoProto *value, const std::string &name,
                  const std::vector<int64_t> &shape) {
  setType(value, name, onnx::TensorProto::FLOAT, shape);
}

/// Output size of a window over `size` (ONNX Conv/Pool, no ceil mode).
int64_t windowOutput(int64_t size, int64_t kernel, int64_t stride,
                     int64_t pad) {
  return (size + 2 * pad - kernel) / stride + 1;
}

} // namespace

OnnxModelBuilder::OnnxModelBuilder(const std::string &name) {
  model.set_ir_version(8);
  model.set_producer_name("opencgc-make-models");
  onnx::OperatorSetIdProto *opset = model.add_opset_import();
  opset->set_domain("");
  opset->set_version(17);
  graph = model.mutable_graph();
  graph->set_name(name);
}

void OnnxModelBuilder::setOpset(int64_t version) {
  model.mutable_opset_import(0)->set_version(version);
  model.set_ir_version(version >= 23 ? 11 : version >= 21 ? 10 : 8);
}

OnnxModelBuilder::OnnxModelBuilder(const std::string &name,
                                   std::vector<int64_t> inputShape)
    : OnnxModelBuilder(name) {
  inputValue =
      addInput("input", onnx::TensorProto::FLOAT, std::move(inputShape));
}

Activation OnnxModelBuilder::addInput(const std::string &name, int elementType,
                                      std::vector<int64_t> shape) {
  setType(graph->add_input(), name, elementType, shape);
  return {name, std::move(shape)};
}

void OnnxModelBuilder::addInts(onnx::NodeProto *node, const std::string &name,
                               const std::vector<int64_t> &values) {
  onnx::AttributeProto *attribute = node->add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::INTS);
  for (int64_t value : values)
    attribute->add_ints(value);
}

void OnnxModelBuilder::addInt(onnx::NodeProto *node, const std::string &name,
                              int64_t value) {
  onnx::AttributeProto *attribute = node->add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::INT);
  attribute->set_i(value);
}

void OnnxModelBuilder::addFloat(onnx::NodeProto *node, const std::string &name,
                                float value) {
  onnx::AttributeProto *attribute = node->add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::FLOAT);
  attribute->set_f(value);
}

std::string OnnxModelBuilder::int64Constant(const std::vector<int64_t> &values,
                                            const std::vector<int64_t> &shape) {
  onnx::TensorProto *tensor = graph->add_initializer();
  tensor->set_name(fresh("const"));
  tensor->set_data_type(onnx::TensorProto::INT64);
  for (int64_t dim : shape)
    tensor->add_dims(dim);
  for (int64_t value : values)
    tensor->add_int64_data(value);
  return tensor->name();
}

onnx::TensorProto *OnnxModelBuilder::addInitializer(const std::string &prefix) {
  onnx::TensorProto *tensor = graph->add_initializer();
  tensor->set_name(fresh(prefix));
  return tensor;
}

std::string OnnxModelBuilder::floatConstant(float value) {
  onnx::TensorProto *tensor = graph->add_initializer();
  tensor->set_name(fresh("const"));
  tensor->set_data_type(onnx::TensorProto::FLOAT);
  tensor->add_float_data(value);
  return tensor->name();
}

std::string OnnxModelBuilder::fresh(const std::string &prefix) {
  return prefix + "_" + std::to_string(counter++);
}

std::string OnnxModelBuilder::weight(const std::string &prefix,
                                     const std::vector<int64_t> &shape,
                                     float scale, float offset) {
  onnx::TensorProto *tensor = graph->add_initializer();
  tensor->set_name(fresh(prefix));
  tensor->set_data_type(onnx::TensorProto::FLOAT);
  int64_t count = 1;
  for (int64_t dim : shape) {
    tensor->add_dims(dim);
    count *= dim;
  }
  std::uniform_real_distribution<float> uniform(-scale, scale);
  std::string bytes(count * sizeof(float), '\0');
  for (int64_t i = 0; i < count; ++i) {
    float value = offset + uniform(random);
    std::memcpy(&bytes[i * sizeof(float)], &value, sizeof(float));
  }
  tensor->set_raw_data(std::move(bytes));
  return tensor->name();
}

onnx::NodeProto *OnnxModelBuilder::node(const std::string &type,
                                        const std::vector<std::string> &inputs,
                                        const std::string &output) {
  onnx::NodeProto *result = graph->add_node();
  result->set_op_type(type);
  result->set_name(output);
  for (const std::string &input : inputs)
    result->add_input(input);
  result->add_output(output);
  return result;
}

Activation OnnxModelBuilder::conv(const Activation &x, int64_t channels,
                                  const ConvOptions &options) {
  int64_t inChannels = x.shape[1] / options.groups;
  int64_t kernel = options.kernel, pad = kernel / 2;
  // Uniform weights of He variance keep activations in range through
  // 50 layers.
  float scale = std::sqrt(6.0f / float(inChannels * kernel * kernel));
  std::vector<std::string> inputs = {
      x.name, weight("w", {channels, inChannels, kernel, kernel}, scale)};
  if (options.bias)
    inputs.push_back(weight("b", {channels}, 0.05f));
  Activation y{fresh("conv"),
               {x.shape[0], channels,
                windowOutput(x.shape[2], kernel, options.stride, pad),
                windowOutput(x.shape[3], kernel, options.stride, pad)}};
  onnx::NodeProto *conv = node("Conv", inputs, y.name);
  addInts(conv, "kernel_shape", {kernel, kernel});
  addInts(conv, "strides", {options.stride, options.stride});
  addInts(conv, "pads", {pad, pad, pad, pad});
  if (options.groups != 1)
    addInt(conv, "group", options.groups);
  multiplyAdds += y.shape[1] * y.shape[2] * y.shape[3] * inChannels * kernel *
                  kernel * y.shape[0];
  return y;
}

Activation OnnxModelBuilder::batchNorm(const Activation &x) {
  int64_t c = x.shape[1];
  Activation y{fresh("bn"), x.shape};
  node("BatchNormalization",
       {x.name, weight("gamma", {c}, 0.1f, 1.0f), weight("beta", {c}, 0.1f),
        weight("mean", {c}, 0.1f), weight("var", {c}, 0.1f, 1.0f)},
       y.name);
  return y;
}

Activation OnnxModelBuilder::relu(const Activation &x) {
  Activation y{fresh("relu"), x.shape};
  node("Relu", {x.name}, y.name);
  return y;
}

Activation OnnxModelBuilder::relu6(const Activation &x) {
  Activation y{fresh("relu6"), x.shape};
  node("Clip", {x.name, weight("min", {}, 0.0f), weight("max", {}, 0.0f, 6.0f)},
       y.name);
  return y;
}

Activation OnnxModelBuilder::maxPool(const Activation &x, int64_t kernel,
                                     int64_t stride, int64_t pad) {
  Activation y{fresh("maxpool"),
               {x.shape[0], x.shape[1],
                windowOutput(x.shape[2], kernel, stride, pad),
                windowOutput(x.shape[3], kernel, stride, pad)}};
  onnx::NodeProto *pool = node("MaxPool", {x.name}, y.name);
  addInts(pool, "kernel_shape", {kernel, kernel});
  addInts(pool, "strides", {stride, stride});
  addInts(pool, "pads", {pad, pad, pad, pad});
  return y;
}

Activation OnnxModelBuilder::averagePool(const Activation &x, int64_t kernel,
                                         int64_t stride) {
  Activation y{fresh("avgpool"),
               {x.shape[0], x.shape[1],
                windowOutput(x.shape[2], kernel, stride, 0),
                windowOutput(x.shape[3], kernel, stride, 0)}};
  onnx::NodeProto *pool = node("AveragePool", {x.name}, y.name);
  addInts(pool, "kernel_shape", {kernel, kernel});
  addInts(pool, "strides", {stride, stride});
  return y;
}

Activation OnnxModelBuilder::add(const Activation &a, const Activation &b) {
  Activation y{fresh("add"), a.shape};
  node("Add", {a.name, b.name}, y.name);
  return y;
}

Activation OnnxModelBuilder::concat(const std::vector<Activation> &inputs) {
  Activation y{fresh("concat"), inputs.front().shape};
  y.shape[1] = 0;
  std::vector<std::string> names;
  for (const Activation &input : inputs) {
    names.push_back(input.name);
    y.shape[1] += input.shape[1];
  }
  addInt(node("Concat", names, y.name), "axis", 1);
  return y;
}

Activation OnnxModelBuilder::classifier(const Activation &x, int64_t classes) {
  Activation pooled{fresh("gap"), {x.shape[0], x.shape[1], 1, 1}};
  node("GlobalAveragePool", {x.name}, pooled.name);
  Activation flat{fresh("flatten"), {x.shape[0], x.shape[1]}};
  addInt(node("Flatten", {pooled.name}, flat.name), "axis", 1);
  Activation y{fresh("gemm"), {x.shape[0], classes}};
  float scale = std::sqrt(3.0f / float(x.shape[1]));
  onnx::NodeProto *gemm =
      node("Gemm",
           {flat.name, weight("fc_w", {classes, x.shape[1]}, scale),
            weight("fc_b", {classes}, 0.05f)},
           y.name);
  addInt(gemm, "transB", 1);
  multiplyAdds += x.shape[0] * classes * x.shape[1];
  return y;
}

onnx::ModelProto
OnnxModelBuilder::finishOutputs(const std::vector<Activation> &outputs) {
  for (const Activation &output : outputs)
    setFloatType(graph->add_output(), output.name, output.shape);
  return model;
}

onnx::ModelProto OnnxModelBuilder::finish(const Activation &x) {
  // The last node writes the graph output under its public name.
  onnx::NodeProto *last = graph->mutable_node(graph->node_size() - 1);
  last->set_output(0, "output");
  setFloatType(graph->add_output(), "output", x.shape);
  return model;
}

} // namespace opencgc::bench
