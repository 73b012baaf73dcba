//===- FusedKernelFixture.h - One fused subgraph on Vulkan ------*- C++ -*-===//
//
// What the kernel tests share: compile Input IR for a GPU device's target
// (the test parameter: "vulkan", or "nvvm-host" for the NVVM kernels on the
// host grid), require exactly one subgraph whose partition runs on that
// device, and compare its results on random inputs with the reference
// executor's.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TEST_UNIT_VULKANDEVICE_FUSEDKERNELFIXTURE_H
#define OPENCGC_TEST_UNIT_VULKANDEVICE_FUSEDKERNELFIXTURE_H

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Tensor/Tensor.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

namespace opencgc::testgen {

/// "!cgc.tensor<AxBx!cgc.float32>".
std::string tensorType(llvm::ArrayRef<int64_t> shape);

/// |a - b| <= 1e-4 (1 + |b|) elementwise.
/// Within tolerance (1 + |expected|) of `expected`, element by element.
::testing::AssertionResult closeEnough(const Tensor &actual,
                                       const Tensor &expected,
                                       double tolerance = 1e-4);

/// A float32 tensor of `shape`, uniform in [low, high], drawn from
/// `random`.
Tensor randomTensor(llvm::ArrayRef<int64_t> shape, std::mt19937 &random,
                    double low = -1.0, double high = 1.0);

/// A float32 tensor per argument of `entry`, uniform in [low, high], drawn
/// with `seed`.
std::vector<Tensor> randomInputs(cgc::EntryPointOp entry, unsigned seed,
                                 double low = -1.0, double high = 1.0);

/// The parameter names the device, and for nvvm-host optionally the
/// precision of its products after a slash ("nvvm-host/tf32x3").
class FusedKernelTest : public ::testing::TestWithParam<std::string> {
protected:
  void SetUp() override;
  llvm::StringRef deviceName() const {
    return llvm::StringRef(GetParam()).split('/').first;
  }

  /// Compiles `text` for the device into one subgraph, checks that it runs
  /// there, and compares its result on inputs uniform
  /// in [low, high] (drawn with `seed`) with the reference's, every output,
  /// within 1e-4 (1 + |expected|) (4e-3 with TF32 factors).
  void expectOneDeviceSubgraph(const std::string &text, unsigned seed,
                               double low = -1.0, double high = 1.0);
  /// The same on the inputs `makeInputs` gives for the entry point.
  void expectOneDeviceSubgraphOn(
      const std::string &text,
      llvm::function_ref<std::vector<Tensor>(cgc::EntryPointOp)> makeInputs);

  mlir::MLIRContext context;
  std::unique_ptr<device::Device> gpu, reference;
  double tolerance = 1e-4;
  /// The pattern the subgraph must come from (subgraphs are named after
  /// theirs); empty: any.
  std::string expectedPattern;
};

} // namespace opencgc::testgen

#endif // OPENCGC_TEST_UNIT_VULKANDEVICE_FUSEDKERNELFIXTURE_H
