//===- GpuAddressTest.cpp - GPU bindings a device must refuse -------------===//
//
// A device whose resources live in its own address space (Vulkan, CUDA)
// resolves each GPU binding back to a live resource: ranges outside every
// resource, and ranges of freed resources, are errors naming the bind point.
// Each such device instantiates these tests with its factory.
//
//===----------------------------------------------------------------------===//
#include "DeviceApiFixture.h"

using namespace opencgc;
using device::ProgramBinding;

namespace opencgc::testdevice {

TEST_P(GpuAddressTest, RejectsRangesOutsideItsResources) {
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

TEST_P(GpuAddressTest, FreedResourcesNoLongerResolve) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<ProgramBinding> bindings = driverBindings();
  memory.reset();
  expectDispatchError(bindings, "is not inside a live resource");
}

// The reference device shares the host's address space: nothing to test.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GpuAddressTest);

} // namespace opencgc::testdevice
