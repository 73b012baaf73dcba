//===- ConvolutionTest.cpp - Convolution kernels on the Vulkan device -----===//
//
// 2-D convolutions with elementwise epilogues, compiled for the Vulkan
// target, must run wholly on Vulkan (the epilogue fused into the
// convolution's kernel) and match the reference executor: bias and relu,
// a residual add, strides/padding/dilation, groups and depthwise, with one
// or four output channels per invocation.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Device/VulkanDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Runtime/ProgramExecutor.h"
#include "opencgc/Runtime/Reference/Executor.h"
#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace mlir;
using namespace opencgc;

namespace {
class VulkanConvolutionTest : public ::testing::Test {
protected:
  void SetUp() override {
    loadCGCDialects(context);
    auto device = device::createVulkanDevice(context);
    ASSERT_TRUE(bool(device))
        << "no Vulkan device (CI installs mesa-vulkan-drivers): "
        << llvm::toString(device.takeError());
    vulkan = std::move(*device);
    reference = device::createReferenceDevice(context);
  }

  /// Compiles `text` for Vulkan, checks that every partition runs there,
  /// and compares its results on random inputs with the reference's.
  void expectMatchesReference(const std::string &text);

  MLIRContext context;
  std::unique_ptr<device::Device> vulkan, reference;
};

std::string tensorType(llvm::ArrayRef<int64_t> shape) {
  std::string text = "!cgc.tensor<";
  for (int64_t extent : shape)
    text += std::to_string(extent) + "x";
  return text + "!cgc.float32>";
}

/// |a - b| <= 1e-4 (1 + |b|) elementwise.
::testing::AssertionResult closeEnough(const Tensor &actual,
                                       const Tensor &expected) {
  if (actual.getShape() != expected.getShape())
    return ::testing::AssertionFailure() << "shapes differ";
  for (int64_t i = 0; i < actual.getNumElements(); ++i) {
    double a = actual.getAsDouble(i), b = expected.getAsDouble(i);
    if (!(std::fabs(a - b) <= 1e-4 * (1 + std::fabs(b))))
      return ::testing::AssertionFailure()
             << "element " << i << ": " << a << " vs " << b;
  }
  return ::testing::AssertionSuccess();
}

void VulkanConvolutionTest::expectMatchesReference(const std::string &text) {
  auto module = parseSourceString<cgc::ModuleOp>(text, &context);
  ASSERT_TRUE(module) << text;
  device::Device *targets[] = {vulkan.get()};
  auto compiled = compiler::compileModule(*module, targets, {});
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  // The epilogue is fused: one subgraph, the convolution's.
  unsigned subgraphs = 0;
  compiled->outputIR->walk([&](cgc::SubgraphOp) { ++subgraphs; });
  EXPECT_EQ(subgraphs, 1u) << text;
  device::Device *devices[] = {vulkan.get(), reference.get()};
  auto program =
      runtime::CompiledProgram::compile(*compiled->outputIR, devices);
  ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
  ASSERT_EQ((*program)->getPartitionDevices().size(), 1u) << text;
  for (const auto &entry : (*program)->getPartitionDevices())
    EXPECT_EQ(entry.getValue(), "vulkan") << text;

  auto entry = *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
  std::mt19937 random(13);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<Tensor> inputs;
  for (Type type : entry.getArgumentTypes()) {
    Tensor tensor(DType::Float32, cast<cgc::TensorType>(type).getShape());
    for (int64_t i = 0; i < tensor.getNumElements(); ++i)
      tensor.setFromDouble(i, uniform(random));
    inputs.push_back(std::move(tensor));
  }
  auto noConstants = [](llvm::StringRef) -> llvm::Expected<Tensor> {
    return llvm::createStringError("no constants");
  };
  auto expected = reference::executeEntryPoint(entry, inputs, noConstants);
  ASSERT_TRUE(bool(expected)) << llvm::toString(expected.takeError());
  auto actual = (*program)->run(inputs, noConstants);
  ASSERT_TRUE(bool(actual)) << llvm::toString(actual.takeError());
  ASSERT_EQ(actual->size(), 1u);
  EXPECT_TRUE(closeEnough((*actual)[0], (*expected)[0])) << text;
}

struct Conv {
  Shape input, weight, output;
  std::string attributes;
};

/// relu(conv(x, w, b)), optionally + a residual input of the output shape.
std::string convBiasRelu(const Conv &c, bool residual) {
  std::string x = tensorType(c.input), w = tensorType(c.weight),
              b = tensorType({c.weight[0]}), out = tensorType(c.output);
  std::string epilogue = residual ? llvm::formatv(R"mlir(
    %s = cgc_op.add(%c, %res) : ({0}, {0})
    %r = cgc_op.relu(%s) : ({0}))mlir",
                                                  out)
                                        .str()
                                  : llvm::formatv(R"mlir(
    %r = cgc_op.relu(%c) : ({0}))mlir",
                                                  out)
                                        .str();
  std::string extra = residual ? ", %res: " + out : "";
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %w: {1}, %b: {2}{4}) -> {3} {{
    %c = cgc_op.convolution(%x, %w, %b){5} : ({0}, {1}, {2}){6}
    cgc.return %r : {3}
  }
})mlir",
                       x, w, b, out, extra, c.attributes, epilogue)
      .str();
}

TEST_F(VulkanConvolutionTest, ConvolutionBiasReluMatchesTheReference) {
  std::vector<Conv> cases = {
      {{1, 3, 8, 8}, {4, 3, 3, 3}, {1, 4, 6, 6}, ""},
      {{2, 3, 7, 5},
       {4, 3, 3, 3},
       {2, 4, 7, 5},
       " {start_padding = [1, 1], end_padding = [1, 1]}"},
      {{1, 2, 10, 9},
       {3, 2, 3, 2},
       {1, 3, 5, 4},
       " {strides = [2, 2], start_padding = [1, 0], end_padding = [1, 0]}"},
      {{1, 2, 9, 11}, {3, 2, 3, 3}, {1, 3, 5, 7}, " {dilations = [2, 2]}"},
      {{1, 4, 6, 6},
       {6, 2, 3, 3},
       {1, 6, 6, 6},
       " {group = 2 : i64, start_padding = [1, 1], end_padding = [1, 1]}"},
      // Four channels per invocation within each of two groups.
      {{1, 4, 7, 6}, {8, 2, 3, 3}, {1, 8, 5, 4}, " {group = 2 : i64}"},
  };
  for (const Conv &c : cases)
    expectMatchesReference(convBiasRelu(c, /*residual=*/false));
}

TEST_F(VulkanConvolutionTest, ResidualAddEpilogueMatchesTheReference) {
  expectMatchesReference(
      convBiasRelu({{2, 8, 12, 12},
                    {8, 8, 3, 3},
                    {2, 8, 12, 12},
                    " {start_padding = [1, 1], end_padding = [1, 1]}"},
                   /*residual=*/true));
}

TEST_F(VulkanConvolutionTest, DepthwiseWithoutBiasMatchesTheReference) {
  std::string x = tensorType({1, 6, 9, 9}), w = tensorType({6, 1, 3, 3}),
              out = tensorType({1, 6, 5, 5});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %w: {1}) -> {2} {{
    %c = cgc_op.convolution(%x, %w) {{group = 6 : i64, strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]} : ({0}, {1})
    cgc.return %c : {2}
  }
})mlir",
                                       x, w, out)
                             .str());
}
} // namespace
