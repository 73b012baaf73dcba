//===- VulkanErrorTest.cpp - Error messages of the Vulkan runtime ---------===//

#include "opencgc/Device/VulkanApi/VulkanError.h"

#include "gtest/gtest.h"

using namespace opencgc::vulkan;

namespace {

TEST(VulkanRuntimeErrorTest, NamesTheCallTheKernelAndTheResult) {
  llvm::Error err =
      makeVulkanError("vkCreateComputePipelines", VK_ERROR_OUT_OF_HOST_MEMORY,
                      " for kernel 'add_0'");
  EXPECT_FALSE(err.isA<NoDeviceError>());
  EXPECT_EQ(llvm::toString(std::move(err)),
            "vkCreateComputePipelines failed for kernel 'add_0': "
            "VK_ERROR_OUT_OF_HOST_MEMORY");
  EXPECT_EQ(
      llvm::toString(makeVulkanError("vkQueueSubmit", VK_ERROR_DEVICE_LOST)),
      "vkQueueSubmit failed: VK_ERROR_DEVICE_LOST");
}

TEST(VulkanRuntimeErrorTest, UnknownResultsShowTheirValue) {
  EXPECT_EQ(getVkResultName(static_cast<VkResult>(-12345)), "VkResult(-12345)");
  EXPECT_EQ(getVkResultName(VK_ERROR_OUT_OF_POOL_MEMORY),
            "VK_ERROR_OUT_OF_POOL_MEMORY");
}

TEST(VulkanRuntimeErrorTest, NoDeviceErrorIsDistinguishable) {
  llvm::Error err = llvm::make_error<NoDeviceError>("no Vulkan device found");
  bool handled = false;
  llvm::Error rest =
      llvm::handleErrors(std::move(err), [&](const NoDeviceError &e) {
        handled = e.getMessage() == "no Vulkan device found";
      });
  EXPECT_FALSE(static_cast<bool>(rest));
  EXPECT_TRUE(handled);
}

} // namespace
