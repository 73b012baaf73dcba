//===- GpuAddressTest.cpp - GPU bindings a device must refuse -------------===//
//
// Every device checks that each GPU binding lies inside a live resource of
// some device in the process: ranges outside every resource, and ranges of
// freed resources, are errors naming the bind point. The reference device
// is instantiated here, the others with their factories.
//
//===----------------------------------------------------------------------===//
#include "DeviceApiFixture.h"

#include "opencgc/Device/ReferenceDevice.h"

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
  // Host memory no device allocated: a binding there was read as memory
  // by the reference device before resources were registered.
  expectDispatchError(bindings, "whose 64 bytes are not inside a live "
                                "resource");
  // Past the end of the resource.
  bindings = driverBindings();
  bindings[6] = ProgramBinding::gpu(6, memory->getRange(7 * 256 - 32, 64));
  expectDispatchError(bindings, "are not inside a live resource");
}

TEST_P(GpuAddressTest, FreedResourcesNoLongerResolve) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<ProgramBinding> bindings = driverBindings();
  memory.reset();
  expectDispatchError(bindings, "are not inside a live resource");
}

INSTANTIATE_TEST_SUITE_P(
    Reference, GpuAddressTest,
    ::testing::Values(
        DeviceFactory([](mlir::MLIRContext &context)
                          -> llvm::Expected<std::unique_ptr<device::Device>> {
          return device::createReferenceDevice(context);
        })));

} // namespace opencgc::testdevice
