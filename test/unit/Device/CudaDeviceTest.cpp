//===- CudaDeviceTest.cpp - Models on the CUDA device ---------------------===//
//
// Without an NVIDIA driver (libcuda.so.1), creating the CUDA device must fail
// with a message that says so, and the tests that need a GPU skip. With
// one, small models compiled for the CUDA target run on it (fallback
// partitions on the reference device over the same managed memory) and
// match the reference executor.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Device/CudaDevice.h"
#include "../VulkanDevice/FusedKernelFixture.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Device/CudaDriver.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/ReferenceKernels/Executor.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {

/// Why the CUDA driver cannot be used, or empty when it can.
std::string driverUnavailable() {
  auto driver = cuda::CudaDriver::get();
  return driver ? "" : llvm::toString(driver.takeError());
}

TEST(CudaDriverTest, MissingDriverIsAClearError) {
  std::string reason = driverUnavailable();
  if (reason.empty())
    GTEST_SKIP() << "a CUDA driver is present";
  if (reason.find("could not be loaded") == std::string::npos)
    GTEST_SKIP() << "libcuda.so.1 loads but cannot be used: " << reason;
  EXPECT_NE(reason.find("libcuda.so.1 could not be loaded ("),
            std::string::npos)
      << reason;
  EXPECT_NE(reason.find("): no NVIDIA driver on this machine"),
            std::string::npos)
      << reason;
  MLIRContext context;
  auto device = device::createCudaDevice(context);
  ASSERT_FALSE(bool(device));
  EXPECT_EQ(llvm::toString(device.takeError()), reason);
}

class CudaDeviceTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string reason = driverUnavailable();
    if (!reason.empty())
      GTEST_SKIP() << "no CUDA driver (libcuda.so.1): " << reason;
    loadCGCDialects(context);
    auto created = device::createCudaDevice(context);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    gpu = std::move(*created);
    reference = device::createReferenceDevice(context);
  }

  /// Compiles `text` for the CUDA target, runs it twice on random inputs
  /// (the second run resubmits the recorded lists) and compares with the
  /// reference executor. Returns the device of each partition.
  std::vector<std::string> expectMatchesReference(llvm::StringRef text);

  MLIRContext context;
  std::unique_ptr<device::Device> gpu, reference;
};

std::vector<std::string>
CudaDeviceTest::expectMatchesReference(llvm::StringRef text) {
  auto module = parseSourceString<cgc::ModuleOp>(text, &context);
  EXPECT_TRUE(module) << text.str();
  if (!module)
    return {};
  device::Device *targets[] = {gpu.get()};
  auto compiled = compiler::compileModule(*module, targets, {});
  EXPECT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  if (!compiled)
    return {};
  device::Device *devices[] = {gpu.get(), reference.get()};
  auto program =
      runtime::CompiledProgram::compile(*compiled->outputIR, devices);
  EXPECT_TRUE(bool(program)) << llvm::toString(program.takeError());
  if (!program)
    return {};

  auto entry = *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
  std::vector<Tensor> inputs = testgen::randomInputs(entry, /*seed=*/7);
  auto noConstants = [](llvm::StringRef) -> llvm::Expected<Tensor> {
    return llvm::createStringError("no constants");
  };
  auto expected = reference::executeEntryPoint(entry, inputs, noConstants);
  EXPECT_TRUE(bool(expected)) << llvm::toString(expected.takeError());
  for (int run = 0; run < 2 && expected; ++run) {
    auto actual = (*program)->run(inputs, noConstants);
    EXPECT_TRUE(bool(actual)) << llvm::toString(actual.takeError());
    if (actual)
      for (size_t i = 0; i < actual->size(); ++i)
        EXPECT_TRUE(testgen::closeEnough((*actual)[i], (*expected)[i]))
            << "run " << run << ", result " << i;
  }
  std::vector<std::string> partitionDevices;
  for (const auto &entry : (*program)->getPartitionDevices())
    partitionDevices.push_back(entry.getValue());
  return partitionDevices;
}

TEST_F(CudaDeviceTest, ElementwiseChainMatchesTheReference) {
  auto devices = expectMatchesReference(R"mlir(
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<3x37x41x!cgc.float32>, %b: !cgc.tensor<3x37x41x!cgc.float32>) -> !cgc.tensor<3x37x41x!cgc.float32> {
    %s = cgc_op.add(%a, %b) : (!cgc.tensor<3x37x41x!cgc.float32>, !cgc.tensor<3x37x41x!cgc.float32>)
    %t = cgc_op.tanh(%s) : (!cgc.tensor<3x37x41x!cgc.float32>)
    %m = cgc_op.mul(%t, %a) : (!cgc.tensor<3x37x41x!cgc.float32>, !cgc.tensor<3x37x41x!cgc.float32>)
    cgc.return %m : !cgc.tensor<3x37x41x!cgc.float32>
  }
})mlir");
  EXPECT_EQ(devices, std::vector<std::string>{"cuda"});
}

TEST_F(CudaDeviceTest, MatmulWithEpilogueMatchesTheReference) {
  auto devices = expectMatchesReference(R"mlir(
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<65x33x!cgc.float32>, %b: !cgc.tensor<33x70x!cgc.float32>, %bias: !cgc.tensor<70x!cgc.float32>) -> !cgc.tensor<65x70x!cgc.float32> {
    %p = cgc_op.matmul(%a, %b) : (!cgc.tensor<65x33x!cgc.float32>, !cgc.tensor<33x70x!cgc.float32>)
    %s = cgc_op.add(%p, %bias) : (!cgc.tensor<65x70x!cgc.float32>, !cgc.tensor<70x!cgc.float32>)
    %r = cgc_op.relu(%s) : (!cgc.tensor<65x70x!cgc.float32>)
    cgc.return %r : !cgc.tensor<65x70x!cgc.float32>
  }
})mlir");
  EXPECT_EQ(devices, std::vector<std::string>{"cuda"});
}

/// hardmax has no GPU kernel: it runs on the reference device, between two
/// CUDA partitions, over the same managed memory.
constexpr llvm::StringLiteral kMixedProgram = R"mlir(
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<8x16x!cgc.float32>, %b: !cgc.tensor<16x8x!cgc.float32>) -> !cgc.tensor<8x8x!cgc.float32> {
    %m = cgc_op.matmul(%a, %b) : (!cgc.tensor<8x16x!cgc.float32>, !cgc.tensor<16x8x!cgc.float32>)
    %t = cgc_op.hardmax(%m) {axis = 1} : (!cgc.tensor<8x8x!cgc.float32>)
    %s = cgc_op.softmax(%t) : (!cgc.tensor<8x8x!cgc.float32>)
    cgc.return %s : !cgc.tensor<8x8x!cgc.float32>
  }
})mlir";

/// The origin of each partition of `text` compiled for the driver-free
/// `cuda` compile target, in program order.
std::vector<std::string> partitionOrigins(MLIRContext &context,
                                          llvm::StringRef text) {
  auto module = parseSourceString<cgc::ModuleOp>(text, &context);
  EXPECT_TRUE(module) << text.str();
  if (!module)
    return {};
  auto target = device::createCudaCompileTarget(context);
  device::Device *targets[] = {target.get()};
  auto compiled = compiler::compileModule(*module, targets, {});
  EXPECT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  if (!compiled)
    return {};
  std::vector<std::string> origins;
  compiled->outputIR->walk([&](cgc::PartitionOp partition) {
    partition.walk([&](cgc::InvokeOp invoke) {
      if (auto subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
              invoke, invoke.getCalleeAttr()))
        origins.push_back(subgraph.getOrigin().str());
      return WalkResult::interrupt();
    });
  });
  return origins;
}

// Runs everywhere, so the GPU test below keeps a fallback partition to
// test: it once used transpose, which gained a GPU kernel, and then failed
// only on a GPU.
TEST(CudaCompileTargetTest, TheMixedProgramHasAFallbackBetweenCudaPartitions) {
  MLIRContext context;
  loadCGCDialects(context);
  EXPECT_EQ(partitionOrigins(context, kMixedProgram),
            (std::vector<std::string>{"cuda", "reference", "cuda"}));
}

TEST_F(CudaDeviceTest, AMixedProgramMatchesTheReference) {
  auto devices = expectMatchesReference(kMixedProgram);
  EXPECT_EQ(llvm::count(devices, "reference"), 1);
  EXPECT_EQ(llvm::count(devices, "cuda"), 2);
}

} // namespace
