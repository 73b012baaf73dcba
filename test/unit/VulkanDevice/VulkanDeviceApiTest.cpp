//===- VulkanDeviceApiTest.cpp - The device API on Vulkan -----------------===//
//
// The shared device API tests (test/unit/Device/DeviceApiTest.cpp) on the
// Vulkan device, and what only a device with its own address space checks:
// ranges outside its resources and offsets it cannot bind.
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

TEST_P(VulkanAddressTest, RejectsRangesOutsideItsResources) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<float> host(16, 1.0f);
  std::vector<ProgramBinding> bindings = driverBindings();
  bindings[0].gpuBinding.startAddress =
      reinterpret_cast<device::GpuVirtualAddress>(host.data());
  expectDispatchError(bindings, "bind point 0: the range of 64 bytes at "
                                "address");
  // Past the end of the resource.
  bindings = driverBindings();
  bindings[6] = ProgramBinding::gpu(6, memory->getRange(7 * 256 - 32, 64));
  expectDispatchError(bindings, "is not inside a live resource");
}

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

TEST_P(VulkanAddressTest, FreedResourcesNoLongerResolve) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<ProgramBinding> bindings = driverBindings();
  memory.reset();
  expectDispatchError(bindings, "is not inside a live resource");
}
} // namespace

INSTANTIATE_TEST_SUITE_P(Vulkan, DeviceApiTest,
                         ::testing::Values(DeviceFactory(createVulkan)));
INSTANTIATE_TEST_SUITE_P(Vulkan, VulkanAddressTest,
                         ::testing::Values(DeviceFactory(createVulkan)));

} // namespace opencgc::testdevice
