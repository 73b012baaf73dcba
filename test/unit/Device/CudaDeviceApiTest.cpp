//===- CudaDeviceApiTest.cpp - The device API on CUDA ---------------------===//
//
// The shared device API tests (DeviceApiTest.cpp) on the CUDA device, and
// what its address space checks: ranges outside its resources, ranges not
// 16-byte aligned, freed resources. Without the CUDA driver every test is
// registered and skipped, quoting why the driver did not load.
//
//===----------------------------------------------------------------------===//
#include "DeviceApiFixture.h"

#include "opencgc/Device/CudaDevice.h"
#include "opencgc/Device/CudaDriver.h"

using namespace opencgc;
using device::ProgramBinding;

namespace opencgc::testdevice {
namespace {

/// The CUDA device's factory: without a driver, the reason it is absent.
std::vector<DeviceFactory> cudaFactories() {
  return {DeviceFactory([](mlir::MLIRContext &context)
                            -> llvm::Expected<std::unique_ptr<device::Device>> {
    auto driver = cuda::CudaDriver::get();
    if (!driver)
      return deviceUnavailable(llvm::toString(driver.takeError()));
    return device::createCudaDevice(context);
  })};
}

class CudaAddressTest : public DeviceApiTest {};

TEST_P(CudaAddressTest, RejectsRangesItsKernelsCannotLoad) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<ProgramBinding> bindings = driverBindings();
  // Element-aligned, but not for 16-byte vector loads.
  bindings[0].gpuBinding.startAddress += 4;
  expectDispatchError(bindings, "is not aligned to 16 bytes");
}

} // namespace

INSTANTIATE_TEST_SUITE_P(Cuda, DeviceApiTest,
                         ::testing::ValuesIn(cudaFactories()));
INSTANTIATE_TEST_SUITE_P(Cuda, CudaAddressTest,
                         ::testing::ValuesIn(cudaFactories()));
INSTANTIATE_TEST_SUITE_P(Cuda, GpuAddressTest,
                         ::testing::ValuesIn(cudaFactories()));

} // namespace opencgc::testdevice
