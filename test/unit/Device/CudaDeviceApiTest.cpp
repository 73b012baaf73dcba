//===- CudaDeviceApiTest.cpp - The device API on CUDA ---------------------===//
//
// The shared device API tests (DeviceApiTest.cpp) on the CUDA device, and
// what its address space checks: ranges outside its resources, ranges not
// 16-byte aligned, freed resources. Instantiated only where the CUDA driver
// loads; CudaDeviceTest.cpp says why when it does not.
//
//===----------------------------------------------------------------------===//
#include "DeviceApiFixture.h"

#include "opencgc/Device/CudaDevice.h"
#include "opencgc/Device/CudaDriver.h"

using namespace opencgc;
using device::ProgramBinding;

namespace opencgc::testdevice {
namespace {

/// The CUDA device's factory, or none without a driver.
std::vector<DeviceFactory> cudaFactories() {
  auto driver = cuda::CudaDriver::get();
  if (!driver) {
    llvm::consumeError(driver.takeError());
    return {};
  }
  return {DeviceFactory([](mlir::MLIRContext &context) {
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
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(CudaAddressTest);

} // namespace opencgc::testdevice
