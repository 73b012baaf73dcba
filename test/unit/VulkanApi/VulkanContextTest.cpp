//===- VulkanContextTest.cpp - Device selection and properties ------------===//

#include "VulkanTestUtils.h"

#include "opencgc/Device/VulkanApi/VulkanError.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cstdlib>
#include <optional>

using namespace opencgc::vulkan;
using namespace opencgc::vulkan::test;

namespace {

using VulkanRuntimeContextTest = VulkanRuntimeTest;

TEST_F(VulkanRuntimeContextTest, ReportsDeviceDriverAndLimits) {
  EXPECT_FALSE(context->getDeviceName().empty());
  EXPECT_FALSE(context->getDriverName().empty());
  EXPECT_GE(context->getDeviceInfo().apiVersion, VK_API_VERSION_1_3);
  EXPECT_TRUE(llvm::isPowerOf2_32(context->getSubgroupSize()))
      << context->getSubgroupSize();
  const VulkanLimits &limits = context->getLimits();
  // Minimums the Vulkan specification guarantees.
  for (uint32_t count : limits.maxComputeWorkGroupCount)
    EXPECT_GE(count, 65535u);
  EXPECT_GE(limits.maxComputeWorkGroupInvocations, 128u);
  EXPECT_GE(limits.maxPerStageDescriptorStorageBuffers, 4u);
  EXPECT_TRUE(llvm::isPowerOf2_64(limits.minStorageBufferOffsetAlignment));
  EXPECT_LE(limits.minStorageBufferOffsetAlignment, 256u);
}

TEST_F(VulkanRuntimeContextTest, ListsTheOpenedDevice) {
  auto devices = listVulkanDevices();
  ASSERT_TRUE(static_cast<bool>(devices))
      << llvm::toString(devices.takeError());
  bool found = false;
  for (const VulkanDeviceInfo &info : *devices)
    found |= info.deviceName == context->getDeviceName() &&
             info.driverName == context->getDriverName() &&
             info.unusableReason.empty();
  EXPECT_TRUE(found) << context->getDeviceName().str();
}

TEST_F(VulkanRuntimeContextTest, SelectsDeviceByCaseInsensitiveName) {
  VulkanOptions options;
  options.deviceName = llvm::StringRef(context->getDriverName()).upper();
  auto selected = VulkanContext::create(options);
  ASSERT_TRUE(static_cast<bool>(selected))
      << llvm::toString(selected.takeError());
  EXPECT_EQ((*selected)->getDeviceName(), context->getDeviceName());
}

TEST_F(VulkanRuntimeContextTest, UnknownDeviceNameIsNoDeviceError) {
  VulkanOptions options;
  options.deviceName = "no-such-gpu-7f3a";
  auto selected = VulkanContext::create(options);
  ASSERT_FALSE(static_cast<bool>(selected));
  llvm::Error err = selected.takeError();
  EXPECT_TRUE(err.isA<NoDeviceError>());
  std::string message = llvm::toString(std::move(err));
  EXPECT_NE(message.find("'no-such-gpu-7f3a'"), std::string::npos) << message;
  // The message lists what is there, so a typo is easy to spot.
  EXPECT_NE(message.find(context->getDeviceName().str()), std::string::npos)
      << message;
}

/// Sets an environment variable for one scope, restoring it afterwards.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (previous)
      setenv(name, previous->c_str(), 1);
    else
      unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> previous;
};

// The caller falls back to the reference device on exactly this error.
TEST(VulkanRuntimeNoDriverTest, MissingDriverIsNoDeviceError) {
  ScopedEnv icd("VK_ICD_FILENAMES", "/nonexistent/opencgc_no_icd.json");
  ScopedEnv driver("VK_DRIVER_FILES", "/nonexistent/opencgc_no_icd.json");
  auto created = VulkanContext::create();
  ASSERT_FALSE(static_cast<bool>(created));
  llvm::Error err = created.takeError();
  EXPECT_TRUE(err.isA<NoDeviceError>());
  std::string message = llvm::toString(std::move(err));
  EXPECT_NE(message.find("no Vulkan device found (is mesa-vulkan-drivers "
                         "installed?)"),
            std::string::npos)
      << message;
}

} // namespace
