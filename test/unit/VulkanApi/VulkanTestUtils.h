//===- VulkanTestUtils.h - Shared pieces of the Vulkan tests ----*- C++ -*-===//
//
// A fixture that opens the default Vulkan device (or fails saying why), and
// test kernels written as SPIR-V assembly, assembled in-process.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TEST_UNIT_VULKAN_VULKANTESTUTILS_H
#define OPENCGC_TEST_UNIT_VULKAN_VULKANTESTUTILS_H

#include "opencgc/Device/VulkanApi/CommandBatch.h"
#include "opencgc/Device/VulkanApi/ComputePipeline.h"
#include "opencgc/Device/VulkanApi/VulkanBuffer.h"
#include "opencgc/Device/VulkanApi/VulkanContext.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>
#include <vector>

namespace opencgc::vulkan::test {

/// Workgroup size of the test kernels.
constexpr uint32_t kLocalSize = 64;

/// out[i] = in0[i] <op> in1[i] for i < length(out); bindings in0, in1, out.
/// `op` is a SPIR-V float opcode such as "OpFAdd".
std::string binaryKernel(llvm::StringRef entryPoint, llvm::StringRef op);

/// out[i] = in[i] * mul + add for i < length(out); bindings in, out.
std::string affineKernel(llvm::StringRef entryPoint, float mul, float add);

/// Assembles `text`; records a test failure and returns {} on error.
std::vector<uint32_t> assemble(llvm::StringRef text);

/// Opens the default device; the test fails when there is none. With
/// OPENCGC_VULKAN_EXPECT_DEVICE set (the per-driver ctest entries set it),
/// the device or driver name must contain it.
class VulkanRuntimeTest : public ::testing::Test {
protected:
  void SetUp() override;

  /// A buffer of `count` floats holding `values` (when given).
  std::shared_ptr<VulkanBuffer> makeFloats(size_t count,
                                           llvm::ArrayRef<float> values = {});
  std::shared_ptr<ComputePipeline> makePipeline(llvm::StringRef text,
                                                llvm::StringRef entryPoint,
                                                unsigned numBindings);
  std::unique_ptr<CommandBatch> makeBatch();

  std::unique_ptr<VulkanContext> context;
};

/// Number of workgroups covering `count` invocations.
inline uint32_t groupsFor(uint64_t count) {
  return static_cast<uint32_t>((count + kLocalSize - 1) / kLocalSize);
}

} // namespace opencgc::vulkan::test

#endif // OPENCGC_TEST_UNIT_VULKAN_VULKANTESTUTILS_H
