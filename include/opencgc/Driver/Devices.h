//===- Devices.h - Choosing the devices a command runs on -------*- C++ -*-===//
#ifndef OPENCGC_DRIVER_DEVICES_H
#define OPENCGC_DRIVER_DEVICES_H

#include "opencgc/Device/Device.h"
#include "opencgc/Device/DeviceRegistry.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::driver {

/// The devices of one run: the one asked for (`--device`) and the
/// reference device, which runs fallback partitions.
struct DeviceSet {
  std::vector<std::unique_ptr<device::Device>> owned;
  /// The asked-for device (or the reference device it fell back to).
  device::Device *primary = nullptr;
  /// Set when the asked-for device was not available: what happened.
  std::string fallbackNote;

  /// Every device, primary first.
  std::vector<device::Device *> all() const;
  /// The compile targets the primary device implies (none for reference).
  std::vector<device::Device *> targets() const;
};

using device::DeviceOptions;

/// Opens the device registered as `name` (DeviceRegistry.h) beside the
/// reference device. A device that falls back (Vulkan without a driver)
/// leaves the reference device primary and says why in fallbackNote, unless
/// capturing, which needs the device.
llvm::Expected<DeviceSet> openDevices(llvm::StringRef name,
                                      mlir::MLIRContext &context,
                                      const DeviceOptions &options = {});

} // namespace opencgc::driver

#endif // OPENCGC_DRIVER_DEVICES_H
