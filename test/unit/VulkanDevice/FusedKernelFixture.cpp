//===- FusedKernelFixture.cpp - One fused subgraph on Vulkan --------------===//
#include "FusedKernelFixture.h"

#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Device/DxilHostDevice.h"
#include "opencgc/Device/NvvmHostDevice.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Device/VulkanDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/ReferenceKernels/Executor.h"

#include <cmath>
#include <random>

using namespace mlir;

namespace opencgc::testgen {
::testing::AssertionResult
closeEnough(const Tensor &actual, const Tensor &expected, double tolerance) {
  if (actual.getShape() != expected.getShape())
    return ::testing::AssertionFailure() << "shapes differ";
  for (int64_t i = 0; i < actual.getNumElements(); ++i) {
    double a = actual.getAsDouble(i), b = expected.getAsDouble(i);
    // Infinities (a hidden score) must match exactly; NaN never does.
    bool sameInfinity = std::isinf(b) && a == b;
    if (!sameInfinity && !(std::fabs(a - b) <= tolerance * (1 + std::fabs(b))))
      return ::testing::AssertionFailure()
             << "element " << i << ": " << a << " vs " << b;
  }
  return ::testing::AssertionSuccess();
}

Tensor randomTensor(llvm::ArrayRef<int64_t> shape, std::mt19937 &random,
                    double low, double high) {
  std::uniform_real_distribution<double> uniform(low, high);
  Tensor tensor(DType::Float32, shape);
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    tensor.setFromDouble(i, uniform(random));
  return tensor;
}

std::vector<Tensor> randomInputs(cgc::EntryPointOp entry, unsigned seed,
                                 double low, double high) {
  std::mt19937 random(seed);
  std::vector<Tensor> inputs;
  for (Type type : entry.getArgumentTypes())
    inputs.push_back(randomTensor(cast<cgc::TensorType>(type).getShape(),
                                  random, low, high));
  return inputs;
}

std::string tensorType(llvm::ArrayRef<int64_t> shape) {
  std::string text = "!cgc.tensor<";
  for (int64_t extent : shape)
    text += std::to_string(extent) + "x";
  return text + "!cgc.float32>";
}

void FusedKernelTest::SetUp() {
  loadCGCDialects(context);
  device::NvvmHostDeviceOptions nvvmHost;
  llvm::StringRef precision = llvm::StringRef(GetParam()).split('/').second;
  if (!precision.empty()) {
    auto parsed = codegen::parsePrecision(precision);
    ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
    nvvmHost.precision = *parsed;
    // One TF32 rounding per factor: about 5e-4 of each product.
    if (*parsed == codegen::Precision::Tf32)
      tolerance = 4e-3;
  }
  auto device = deviceName() == "vulkan" ? device::createVulkanDevice(context)
                : deviceName() == "dxil-host"
                    ? device::createDxilHostDevice(context)
                    : device::createNvvmHostDevice(context, nvvmHost);
  ASSERT_TRUE(bool(device))
      << "no " << GetParam()
      << " device (CI installs mesa-vulkan-drivers for Vulkan): "
      << llvm::toString(device.takeError());
  gpu = std::move(*device);
  reference = device::createReferenceDevice(context);
}

void FusedKernelTest::expectOneDeviceSubgraph(const std::string &text,
                                              unsigned seed, double low,
                                              double high) {
  expectOneDeviceSubgraphOn(text, [&](cgc::EntryPointOp entry) {
    return randomInputs(entry, seed, low, high);
  });
}

void FusedKernelTest::expectOneDeviceSubgraphOn(
    const std::string &text,
    llvm::function_ref<std::vector<Tensor>(cgc::EntryPointOp)> makeInputs) {
  auto module = parseSourceString<cgc::ModuleOp>(text, &context);
  ASSERT_TRUE(module) << text;
  device::Device *targets[] = {gpu.get()};
  std::string rejections;
  llvm::raw_string_ostream log(rejections);
  compiler::CompileOptions options;
  options.log = &log;
  auto compiled = compiler::compileModule(*module, targets, options);
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  // A driver without an optional feature the kernel needs (SwiftShader has
  // no 8-bit storage for bool tensors) refuses it when compiling, saying
  // so: the case cannot run there.
  size_t lacks = rejections.find("lacks ");
  if (lacks != std::string::npos) {
    size_t line = rejections.rfind('\n', lacks);
    line = line == std::string::npos ? 0 : line + 1;
    GTEST_SKIP() << rejections.substr(line,
                                      rejections.find('\n', lacks) - line);
  }
  // The epilogue or prologue is fused: one subgraph.
  unsigned subgraphs = 0;
  compiled->outputIR->walk([&](cgc::SubgraphOp subgraph) {
    ++subgraphs;
    EXPECT_TRUE(subgraph.getSymName().starts_with(expectedPattern))
        << subgraph.getSymName().str() << " is not from @" << expectedPattern;
  });
  EXPECT_EQ(subgraphs, 1u) << text;
  device::Device *devices[] = {gpu.get(), reference.get()};
  std::string notes;
  llvm::raw_string_ostream progress(notes);
  auto program = runtime::CompiledProgram::compile(*compiled->outputIR, devices,
                                                   &progress);
  ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
  // A precision other than fp32 reached the device's kernels.
  llvm::StringRef precision = llvm::StringRef(GetParam()).split('/').second;
  if (!precision.empty())
    EXPECT_NE(notes.find(", " + precision.str() + ")"), std::string::npos)
        << notes;
  ASSERT_EQ((*program)->getPartitionDevices().size(), 1u) << text;
  for (const auto &entry : (*program)->getPartitionDevices())
    EXPECT_EQ(entry.getValue(), deviceName()) << text;

  auto entry = *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
  std::vector<Tensor> inputs = makeInputs(entry);
  auto noConstants = [](llvm::StringRef) -> llvm::Expected<Tensor> {
    return llvm::createStringError("no constants");
  };
  auto expected = reference::executeEntryPoint(entry, inputs, noConstants);
  ASSERT_TRUE(bool(expected)) << llvm::toString(expected.takeError());
  auto actual = (*program)->run(inputs, noConstants);
  ASSERT_TRUE(bool(actual)) << llvm::toString(actual.takeError());
  ASSERT_EQ(actual->size(), expected->size());
  for (size_t i = 0; i < actual->size(); ++i)
    EXPECT_TRUE(closeEnough((*actual)[i], (*expected)[i], tolerance))
        << "output " << i << " of\n"
        << text;
}

} // namespace opencgc::testgen
