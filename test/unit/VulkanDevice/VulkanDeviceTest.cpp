//===- VulkanDeviceTest.cpp - Programs on the Vulkan device ---------------===//
//
// Random elementwise graphs compiled for the Vulkan target run with their
// Vulkan partitions on the Vulkan device (lavapipe by default; the
// vulkan-swiftshader ctest entry runs this on SwiftShader) and must match
// the reference device's Input IR results within float tolerance.
//
//===----------------------------------------------------------------------===//
#include "../CompileAndRun/RandomGraph.h"
#include "FusedKernelFixture.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Device/BindingChecks.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Device/VulkanDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/ReferenceKernels/Executor.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace mlir;
using namespace opencgc;

namespace {
/// The Vulkan and reference devices, as the fused-kernel tests set them up.
class VulkanDeviceTest : public testgen::FusedKernelTest {};

/// |a - b| <= 1e-5 + 1e-5 |b|, elementwise, NaN equal to NaN.
::testing::AssertionResult closeEnough(const Tensor &actual,
                                       const Tensor &expected) {
  if (actual.getShape() != expected.getShape())
    return ::testing::AssertionFailure() << "shapes differ";
  for (int64_t i = 0; i < actual.getNumElements(); ++i) {
    double a = actual.getAsDouble(i), b = expected.getAsDouble(i);
    if (std::isnan(a) && std::isnan(b))
      continue;
    if (!(std::fabs(a - b) <= 1e-5 + 1e-5 * std::fabs(b)))
      return ::testing::AssertionFailure()
             << "element " << i << ": " << a << " vs " << b;
  }
  return ::testing::AssertionSuccess();
}

TEST_P(VulkanDeviceTest, ElementwiseGraphsMatchTheReference) {
  std::mt19937 random(7);
  unsigned vulkanPartitions = 0;
  for (int round = 0; round < 25; ++round) {
    std::string text = testgen::randomGraph(random, 2 + random() % 8,
                                            /*elementwiseOnly=*/round % 3 != 0);
    auto module = parseSourceString<cgc::ModuleOp>(text, &context);
    ASSERT_TRUE(module) << text;
    device::Device *targets[] = {gpu.get()};
    // Fine partitions compile on several threads at once.
    compiler::CompileOptions options;
    options.partitioning = round % 2 ? compiler::Partitioning::Fine
                                     : compiler::Partitioning::Coarse;
    auto compiled = compiler::compileModule(*module, targets, options);
    ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
    device::Device *devices[] = {gpu.get(), reference.get()};
    auto program =
        runtime::CompiledProgram::compile(*compiled->outputIR, devices);
    ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError()) << "\n"
                               << text;
    for (const auto &entry : (*program)->getPartitionDevices())
      vulkanPartitions += entry.getValue() == "vulkan";

    std::vector<Tensor> inputs = {testgen::randomTensor(random),
                                  testgen::randomTensor(random)};
    Tensor constant = testgen::randomTensor(random);
    auto lookup = [&](llvm::StringRef) -> llvm::Expected<Tensor> {
      return constant;
    };
    auto entry = *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
    auto expected = reference::executeEntryPoint(entry, inputs, lookup);
    ASSERT_TRUE(bool(expected)) << llvm::toString(expected.takeError());
    auto actual = (*program)->run(inputs, lookup);
    ASSERT_TRUE(bool(actual)) << llvm::toString(actual.takeError()) << "\n"
                              << text;
    for (size_t i = 0; i < actual->size(); ++i)
      EXPECT_TRUE(closeEnough((*actual)[i], (*expected)[i]))
          << "result " << i << " of round " << round << "\n"
          << text;
  }
  EXPECT_GT(vulkanPartitions, 10u) << "the Vulkan target claimed too little";
}

TEST_P(VulkanDeviceTest, SigmoidOfReluRunsOnVulkan) {
  auto module = parseSourceString<cgc::ModuleOp>(R"mlir(
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<16x!cgc.float32>) -> !cgc.tensor<16x!cgc.float32> {
    %r = cgc_op.relu(%x) : (!cgc.tensor<16x!cgc.float32>)
    %s = cgc_op.sigmoid(%r) : (!cgc.tensor<16x!cgc.float32>)
    cgc.return %s : !cgc.tensor<16x!cgc.float32>
  }
})mlir",
                                                 &context);
  ASSERT_TRUE(module);
  device::Device *targets[] = {gpu.get()};
  auto compiled = compiler::compileModule(*module, targets, {});
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  device::Device *devices[] = {gpu.get(), reference.get()};
  auto program =
      runtime::CompiledProgram::compile(*compiled->outputIR, devices);
  ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
  ASSERT_EQ((*program)->getPartitionDevices().lookup("vulkanPartition"),
            "vulkan");

  // sigmoid(relu(x)) for x = -8 .. 7.
  Tensor input(DType::Float32, {16});
  for (int64_t i = 0; i < 16; ++i)
    input.setFromDouble(i, i - 8.0);
  auto outputs = (*program)->run({input}, [](llvm::StringRef) {
    return llvm::Expected<Tensor>(llvm::createStringError("no constants"));
  });
  ASSERT_TRUE(bool(outputs)) << llvm::toString(outputs.takeError());
  EXPECT_NEAR((*outputs)[0].getAsDouble(0), 0.5, 1e-6);
  EXPECT_NEAR((*outputs)[0].getAsDouble(15), 1.0 / (1.0 + std::exp(-7.0)),
              1e-6);
}

/// Compiles `text` with fine partitions for Vulkan and runs it on random
/// inputs; the outputs must match the reference's Input IR run.
std::unique_ptr<runtime::CompiledProgram>
compileFineAndCheck(MLIRContext &context, device::Device &vulkan,
                    device::Device &reference, llvm::StringRef text) {
  auto module = parseSourceString<cgc::ModuleOp>(text, &context);
  EXPECT_TRUE(module);
  device::Device *targets[] = {&vulkan};
  compiler::CompileOptions options;
  options.partitioning = compiler::Partitioning::Fine;
  auto compiled = compiler::compileModule(*module, targets, options);
  EXPECT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  if (!compiled)
    return nullptr;
  device::Device *devices[] = {&vulkan, &reference};
  auto program =
      runtime::CompiledProgram::compile(*compiled->outputIR, devices);
  EXPECT_TRUE(bool(program)) << llvm::toString(program.takeError());
  if (!program)
    return nullptr;
  std::mt19937 random(3);
  std::vector<Tensor> inputs;
  auto entry = *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
  for (Type type : entry.getArgumentTypes()) {
    Tensor input(DType::Float32, cast<cgc::TensorType>(type).getShape());
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    for (int64_t i = 0; i < input.getNumElements(); ++i)
      input.getData<float>()[i] = uniform(random);
    inputs.push_back(input);
  }
  auto noConstants = [](llvm::StringRef) {
    return llvm::Expected<Tensor>(llvm::createStringError("no constants"));
  };
  auto expected = reference::executeEntryPoint(entry, inputs, noConstants);
  EXPECT_TRUE(bool(expected)) << llvm::toString(expected.takeError());
  // Twice: the second run resubmits the recorded command lists.
  for (int run = 0; run < 2 && expected; ++run) {
    auto actual = (*program)->run(inputs, noConstants);
    EXPECT_TRUE(bool(actual)) << llvm::toString(actual.takeError());
    if (actual)
      for (size_t i = 0; i < actual->size(); ++i)
        EXPECT_TRUE(closeEnough((*actual)[i], (*expected)[i]))
            << "run " << run << ", result " << i;
  }
  return std::move(*program);
}

TEST_P(VulkanDeviceTest, AProgramOnOneDeviceIsOneCommandList) {
  auto program = compileFineAndCheck(context, *gpu, *reference, R"mlir(
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<8x16x!cgc.float32>, %b: !cgc.tensor<16x8x!cgc.float32>) -> !cgc.tensor<8x8x!cgc.float32> {
    %m = cgc_op.matmul(%a, %b) : (!cgc.tensor<8x16x!cgc.float32>, !cgc.tensor<16x8x!cgc.float32>)
    %s = cgc_op.softmax(%m) : (!cgc.tensor<8x8x!cgc.float32>)
    %t = cgc_op.log_softmax(%s) : (!cgc.tensor<8x8x!cgc.float32>)
    cgc.return %t : !cgc.tensor<8x8x!cgc.float32>
  }
})mlir");
  ASSERT_TRUE(program);
  EXPECT_EQ(program->getPartitionDevices().size(), 3u);
  for (const auto &entry : program->getPartitionDevices())
    EXPECT_EQ(entry.getValue(), "vulkan") << entry.getKey().str();
  EXPECT_EQ(program->getNumCommandLists(), 1u);
}

TEST_P(VulkanDeviceTest, AMixedProgramIsOneCommandListPerDeviceSegment) {
  auto program = compileFineAndCheck(context, *gpu, *reference, R"mlir(
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<8x16x!cgc.float32>, %b: !cgc.tensor<16x8x!cgc.float32>) -> !cgc.tensor<8x8x!cgc.float32> {
    %m = cgc_op.matmul(%a, %b) : (!cgc.tensor<8x16x!cgc.float32>, !cgc.tensor<16x8x!cgc.float32>)
    %t = cgc_op.hardmax(%m) {axis = 1} : (!cgc.tensor<8x8x!cgc.float32>)
    %s = cgc_op.softmax(%t) : (!cgc.tensor<8x8x!cgc.float32>)
    cgc.return %s : !cgc.tensor<8x8x!cgc.float32>
  }
})mlir");
  ASSERT_TRUE(program);
  EXPECT_EQ(program->getNumCommandLists(), 3u);
}
INSTANTIATE_TEST_SUITE_P(Vulkan, VulkanDeviceTest, ::testing::Values("vulkan"));

} // namespace
