//===- ReductionTest.cpp - Reductions and softmax on the Vulkan device ----===//
//
// reduce_* graphs (some with an elementwise prologue fused into the
// reduction's kernel) and softmax / log_softmax, compiled for the Vulkan
// target, must run wholly on Vulkan and match the reference executor on
// random inputs.
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
class VulkanReductionTest : public ::testing::Test {
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

  /// Compiles `text` for Vulkan into one subgraph, checks that it runs
  /// there, and compares its results on inputs uniform in [low, high] with
  /// the reference's.
  void expectMatchesReference(const std::string &text, double low, double high);

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

void VulkanReductionTest::expectMatchesReference(const std::string &text,
                                                 double low, double high) {
  auto module = parseSourceString<cgc::ModuleOp>(text, &context);
  ASSERT_TRUE(module) << text;
  device::Device *targets[] = {vulkan.get()};
  auto compiled = compiler::compileModule(*module, targets, {});
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  // The prologue is fused: one subgraph, the reduction's.
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
  std::mt19937 random(5);
  std::uniform_real_distribution<double> uniform(low, high);
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

/// One op on an input of `shape` with `attributes`, giving `result`.
std::string singleOp(llvm::StringRef op, llvm::ArrayRef<int64_t> shape,
                     llvm::StringRef attributes,
                     llvm::ArrayRef<int64_t> result) {
  return llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}) -> {1} {{
    %r = cgc_op.{2}(%x){3} : ({0})
    cgc.return %r : {1}
  }
}
)mlir",
                       tensorType(shape), tensorType(result), op, attributes)
      .str();
}

TEST_F(VulkanReductionTest, EveryReductionMatchesTheReference) {
  // Positive inputs keep log_sum and the products finite.
  for (const char *op :
       {"reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod",
        "reduce_l1", "reduce_l2", "reduce_log_sum", "reduce_log_sum_exp",
        "reduce_sum_square"}) {
    SCOPED_TRACE(op);
    expectMatchesReference(
        singleOp(op, {4, 6, 9}, " {axes = [0, 2], keepdims = false}", {6}), 0.5,
        1.5);
    expectMatchesReference(singleOp(op, {4, 6, 9}, " {axes = [-1]}", {4, 6, 1}),
                           0.5, 1.5);
    expectMatchesReference(singleOp(op, {3, 5}, "", {1, 1}), 0.5, 1.5);
  }
}

TEST_F(VulkanReductionTest, EmptyAxesWithNoopReduceNothing) {
  expectMatchesReference(singleOp("reduce_sum_square", {5, 7},
                                  " {noop_with_empty_axes = true}", {5, 7}),
                         -2.0, 2.0);
}

TEST_F(VulkanReductionTest, ManyOutputsSpanSeveralWorkgroups) {
  expectMatchesReference(
      singleOp("reduce_max", {70, 33, 10}, " {axes = [2]}", {70, 33, 1}), -1.0,
      1.0);
}

TEST_F(VulkanReductionTest, PrologueIsFusedIntoTheReduction) {
  // exp(x * y - 0.5) summed over the middle axis, y broadcast over rows.
  std::string x = tensorType({3, 5, 7}), y = tensorType({7}),
              half = tensorType({}), out = tensorType({3, 7});
  expectMatchesReference(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %y: {1}, %h: {2}) -> {3} {{
    %m = cgc_op.mul(%x, %y) : ({0}, {1})
    %s = cgc_op.sub(%m, %h) : ({0}, {2})
    %e = cgc_op.exp(%s) : ({0})
    %r = cgc_op.reduce_sum(%e) {{axes = [1], keepdims = false} : ({0})
    cgc.return %r : {3}
  }
}
)mlir",
                                       x, y, half, out)
                             .str(),
                         -1.0, 1.0);
}

TEST_F(VulkanReductionTest, SoftmaxOnEveryAxisMatchesTheReference) {
  for (const char *op : {"softmax", "log_softmax"})
    for (int64_t axis : {0, 1, -1}) {
      SCOPED_TRACE(llvm::formatv("{0} axis {1}", op, axis).str());
      expectMatchesReference(
          singleOp(op, {3, 70, 5},
                   llvm::formatv(" {{axis = {0} : i64}", axis).str(),
                   {3, 70, 5}),
          -3.0, 3.0);
    }
}

} // namespace
