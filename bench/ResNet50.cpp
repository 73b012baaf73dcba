//===- ResNet50.cpp - A ResNet-50-shaped network for benchmarks ----------===//
#include "ResNet50.h"

#include "mlir/IR/Builders.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include <cmath>
#include <random>

using namespace mlir;

namespace opencgc::bench {
namespace {
class NetworkBuilder {
public:
  NetworkBuilder(MLIRContext &context, OpBuilder &builder)
      : context(context), builder(builder), loc(builder.getUnknownLoc()) {}

  Value convolution(Value input, int64_t outChannels, int64_t kernel,
                    int64_t stride, bool relu) {
    auto type = cast<cgc::TensorType>(input.getType());
    int64_t inChannels = type.getShape()[1];
    int64_t pad = kernel / 2;
    Value weight =
        constant({outChannels, inChannels, kernel, kernel},
                 1.0 / std::sqrt(double(inChannels * kernel * kernel)));
    Value bias = constant({outChannels}, 0.01);
    flops += 2.0 * outChannels * inChannels * kernel * kernel *
             (type.getShape()[2] / stride) * (type.getShape()[3] / stride);
    Value result = cgc_op::ConvolutionOp::create(
        builder, loc, input, weight, bias,
        builder.getI64ArrayAttr({stride, stride}), nullptr,
        builder.getI64ArrayAttr({pad, pad}),
        builder.getI64ArrayAttr({pad, pad}), 1);
    ++convolutions;
    return relu ? cgc_op::ReluOp::create(builder, loc, result).getResult()
                : result;
  }

  /// A bottleneck block: 1x1 reduce, 3x3, 1x1 expand, plus the shortcut.
  Value bottleneck(Value input, int64_t width, int64_t stride) {
    int64_t outChannels = width * 4;
    Value shortcut = input;
    auto type = cast<cgc::TensorType>(input.getType());
    if (stride != 1 || type.getShape()[1] != outChannels)
      shortcut = convolution(input, outChannels, 1, stride, false);
    Value x = convolution(input, width, 1, 1, true);
    x = convolution(x, width, 3, stride, true);
    x = convolution(x, outChannels, 1, 1, false);
    Value sum = cgc_op::AddOp::create(builder, loc, x, shortcut);
    return cgc_op::ReluOp::create(builder, loc, sum);
  }

  Value constant(ArrayRef<int64_t> shape, double scale) {
    std::string name = "w" + std::to_string(weights.size());
    Tensor value(DType::Float32, shape);
    std::normal_distribution<float> normal(0.0f, float(scale));
    for (int64_t i = 0; i < value.getNumElements(); ++i)
      value.getData<float>()[i] = normal(random);
    weights[name] = value;
    auto type = cgc::TensorType::get(&context, shape,
                                     cgc::Float32Type::get(&context), true);
    return cgc::ConstantOp::create(builder, loc, type,
                                   builder.getStringAttr(name));
  }

  MLIRContext &context;
  OpBuilder &builder;
  Location loc;
  std::mt19937 random{42};
  llvm::StringMap<Tensor> weights;
  double flops = 0;
  int convolutions = 0;
};
} // namespace

Network buildResNet50(MLIRContext &context) {
  OpBuilder builder(&context);
  OwningOpRef<cgc::ModuleOp> module =
      cgc::ModuleOp::create(builder, builder.getUnknownLoc());
  builder.setInsertionPointToEnd(module->getBodyBlock());
  auto f32 = cgc::Float32Type::get(&context);
  auto inputType = cgc::TensorType::get(&context, {1, 3, 224, 224}, f32, false);
  auto entry =
      cgc::EntryPointOp::create(builder, builder.getUnknownLoc(), "main",
                                builder.getFunctionType({inputType}, {}));
  builder.setInsertionPointToEnd(entry.getBodyBlock());

  NetworkBuilder net(context, builder);
  Value x =
      net.convolution(entry.getBodyBlock()->getArgument(0), 64, 7, 2, true);
  x = cgc_op::MaxPoolingOp::create(
      builder, net.loc, x, builder.getI64ArrayAttr({3, 3}),
      builder.getI64ArrayAttr({2, 2}), nullptr, builder.getI64ArrayAttr({1, 1}),
      builder.getI64ArrayAttr({1, 1}), false);
  const int64_t stages[4][2] = {{64, 3}, {128, 4}, {256, 6}, {512, 3}};
  for (int s = 0; s < 4; ++s)
    for (int64_t b = 0; b < stages[s][1]; ++b)
      x = net.bottleneck(x, stages[s][0], b == 0 && s > 0 ? 2 : 1);
  x = cgc_op::AveragePoolingOp::create(builder, net.loc, x,
                                       builder.getI64ArrayAttr({7, 7}), nullptr,
                                       nullptr, nullptr, nullptr, false, false);
  x = cgc_op::ReshapeOp::create(builder, net.loc, x,
                                builder.getI64ArrayAttr({1, 2048}),
                                builder.getBoolAttr(false));
  Value fcWeight = net.constant({2048, 1000}, 0.02);
  Value logits = cgc_op::GemmOp::create(builder, net.loc, x, fcWeight, Value(),
                                        llvm::APFloat(1.0f),
                                        llvm::APFloat(1.0f), false, false);
  cgc::ReturnOp::create(builder, net.loc, ValueRange{logits});
  entry.setFunctionTypeAttr(
      TypeAttr::get(builder.getFunctionType({inputType}, {logits.getType()})));

  Network network;
  network.module = std::move(module);
  network.entry = entry;
  network.weights = std::move(net.weights);
  network.flops = net.flops;
  network.convolutions = net.convolutions;
  return network;
}

} // namespace opencgc::bench
