//===- MatmulTest.cpp - Matmul/gemm kernels on the Vulkan device ----------===//
//
// Matmul and gemm graphs with elementwise epilogues, compiled for the Vulkan
// target, must run wholly on Vulkan (the epilogue fused into the product's
// kernel) and match the reference executor. Shapes cover full tiles, edges
// that are not multiples of the tile, vec4 and scalar column paths,
// transposes and batches.
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
class VulkanMatmulTest : public ::testing::Test {
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

void VulkanMatmulTest::expectMatchesReference(const std::string &text) {
  auto module = parseSourceString<cgc::ModuleOp>(text, &context);
  ASSERT_TRUE(module) << text;
  device::Device *targets[] = {vulkan.get()};
  auto compiled = compiler::compileModule(*module, targets, {});
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  // The epilogue is fused: one subgraph, the product's.
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
  std::mt19937 random(11);
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

/// relu(matmul(a, b) + bias) with a: [m, k], b: [k, n], bias: [n].
std::string matmulBiasRelu(int64_t m, int64_t k, int64_t n) {
  std::string a = tensorType({m, k}), b = tensorType({k, n}),
              bias = tensorType({n}), out = tensorType({m, n});
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {1}, %bias: {2}) -> {3} {{
    %p = cgc_op.matmul(%a, %b) : ({0}, {1})
    %s = cgc_op.add(%p, %bias) : ({3}, {2})
    %r = cgc_op.relu(%s) : ({3})
    cgc.return %r : {3}
  }
})mlir",
                       a, b, bias, out)
      .str();
}

TEST_F(VulkanMatmulTest, MatmulBiasReluMatchesTheReference) {
  // The large tile with ragged edges and a k remainder (read as one vec4
  // of A), small tiles with n % 4 != 0 (scalar columns), k below the
  // unroll factor, k % 4 != 0 (scalar A) and k with a remainder.
  for (auto [m, k, n] : {std::array<int64_t, 3>{260, 44, 264},
                         {5, 8, 12},
                         {33, 17, 70},
                         {1, 3, 5},
                         {19, 130, 300}})
    expectMatchesReference(matmulBiasRelu(m, k, n));
}

TEST_F(VulkanMatmulTest, TransposedGemmWithCMatchesTheReference) {
  for (bool transA : {false, true})
    for (bool transB : {false, true}) {
      int64_t m = 21, k = 10, n = 36;
      std::string a = tensorType(transA ? Shape{k, m} : Shape{m, k});
      std::string b = tensorType(transB ? Shape{n, k} : Shape{k, n});
      std::string c = tensorType({m, 1}), out = tensorType({m, n});
      expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {1}, %c: {2}) -> {3} {{
    %g = cgc_op.gemm(%a, %b, %c) {{alpha = 0.5 : f32, beta = -2.0 : f32, trans_a = {4}, trans_b = {5}} : ({0}, {1}, {2})
    %t = cgc_op.tanh(%g) : ({3})
    cgc.return %t : {3}
  }
})mlir",
                                           a, b, c, out, transA, transB)
                                 .str());
    }
}

TEST_F(VulkanMatmulTest, BatchedMatmulMatchesTheReference) {
  std::string a = tensorType({3, 9, 20}), b = tensorType({3, 20, 16}),
              out = tensorType({3, 9, 16});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {1}) -> {2} {{
    %p = cgc_op.matmul(%a, %b) : ({0}, {1})
    cgc.return %p : {2}
  }
})mlir",
                                       a, b, out)
                             .str());
}
} // namespace
