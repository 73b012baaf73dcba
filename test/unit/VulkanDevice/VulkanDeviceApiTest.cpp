//===- VulkanDeviceApiTest.cpp - The device API on Vulkan -----------------===//
//
// The shared device API tests (test/unit/Device/DeviceApiTest.cpp) on the
// Vulkan device, the GPU address checks (GpuAddressTest.cpp), and the
// offsets only Vulkan cannot bind.
//
//===----------------------------------------------------------------------===//
#include "../Device/DeviceApiFixture.h"

#include "opencgc/Device/VulkanDevice.h"

using namespace opencgc;
using device::ProgramBinding;

namespace opencgc::testdevice {
namespace {
llvm::Expected<std::unique_ptr<device::Device>>
createVulkan(mlir::MLIRContext &context) {
  device::VulkanDeviceOptions options;
  options.useCache = false;
  return device::createVulkanDevice(context, options);
}

class VulkanAddressTest : public DeviceApiTest {};

TEST_P(VulkanAddressTest, RejectsOffsetsTheDeviceCannotBind) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<ProgramBinding> bindings = driverBindings();
  // Element-aligned, but not at minStorageBufferOffsetAlignment (>= 16 on
  // lavapipe and SwiftShader).
  bindings[0].gpuBinding.startAddress += 4;
  expectDispatchError(bindings, "minStorageBufferOffsetAlignment");
}

} // namespace

INSTANTIATE_TEST_SUITE_P(Vulkan, DeviceApiTest,
                         ::testing::Values(DeviceFactory(createVulkan)));
INSTANTIATE_TEST_SUITE_P(Vulkan, VulkanAddressTest,
                         ::testing::Values(DeviceFactory(createVulkan)));
INSTANTIATE_TEST_SUITE_P(Vulkan, GpuAddressTest,
                         ::testing::Values(DeviceFactory(createVulkan)));

} // namespace opencgc::testdevice
