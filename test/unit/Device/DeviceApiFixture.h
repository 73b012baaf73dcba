//===- DeviceApiFixture.h - The device API, on any device -------*- C++ -*-===//
//
// State objects, program identifiers, command lists and the debug layer's
// DispatchGraph checks, exercised with the specification's driver partition
// (two conv+relu+add invocations, 7 bind points). The tests are
// instantiated for the reference device here and for the Vulkan device in
// test/unit/VulkanDevice (as "Vulkan/...", so the per-driver ctest entries
// run them).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TEST_UNIT_DEVICE_DEVICEAPIFIXTURE_H
#define OPENCGC_TEST_UNIT_DEVICE_DEVICEAPIFIXTURE_H

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Device/Device.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>

namespace opencgc::testdevice {

using DeviceFactory =
    std::function<llvm::Expected<std::unique_ptr<device::Device>>(
        mlir::MLIRContext &)>;

/// A factory's error where its device cannot exist on this machine (no
/// driver): the fixture skips the test, quoting `why`.
llvm::Error deviceUnavailable(const llvm::Twine &why);

class DeviceApiTest : public ::testing::TestWithParam<DeviceFactory> {
protected:
  void SetUp() override;

  /// The specification's driver partition as a CGC_SUBGRAPH_PARTITION
  /// container.
  std::vector<uint8_t> driverPartition();
  /// A state object holding it as "driver".
  std::shared_ptr<device::StateObject>
  createDriverStateObject(bool allowAdditions = false);

  /// One resource holding all 7 bind points, 256 bytes apart: input all
  /// ones, zero weights, biases 0.5.
  void allocateBindPoints();
  std::vector<device::ProgramBinding> driverBindings() const;
  float *bindPoint(unsigned index) const;

  /// Records one DispatchGraph of "driver" and expects it to fail with a
  /// message containing `expected`.
  void expectDispatchError(llvm::ArrayRef<device::ProgramBinding> bindings,
                           llvm::StringRef expected);
  /// Records, closes, executes and waits for one dispatch.
  void run(llvm::ArrayRef<device::ProgramBinding> bindings);

  mlir::MLIRContext context;
  std::unique_ptr<device::Device> device;
  std::shared_ptr<device::StateObject> stateObject;
  std::shared_ptr<device::Resource> memory;
};

/// What a device with its own address space checks of GPU bindings
/// (GpuAddressTest.cpp); instantiated by each such device.
class GpuAddressTest : public DeviceApiTest {};

} // namespace opencgc::testdevice

#endif // OPENCGC_TEST_UNIT_DEVICE_DEVICEAPIFIXTURE_H
