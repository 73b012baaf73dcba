//===- Devices.h - Choosing the devices a command runs on -------*- C++ -*-===//
#ifndef OPENCGC_DRIVER_DEVICES_H
#define OPENCGC_DRIVER_DEVICES_H

#include "opencgc/Device/Device.h"

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

/// Opens `name` ("reference", "vulkan" or "nvvm-host"). When Vulkan is asked
/// for but no driver is present, falls back to the reference device and says
/// why in fallbackNote.
struct DeviceOptions {
  /// Keep compiled partitions on disk between runs (--no-cache clears it).
  bool useCache = true;
  /// Record every dispatch into this directory (docs/capture.md); only
  /// devices that run kernels can, and falling back is then an error.
  std::string captureDirectory;
  /// dxil-host's shader model, cs_6_<minor> (--shader-model 6.N).
  unsigned dxilShaderModelMinor = 0;
};

llvm::Expected<DeviceSet> openDevices(llvm::StringRef name,
                                      mlir::MLIRContext &context,
                                      const DeviceOptions &options = {});

} // namespace opencgc::driver

#endif // OPENCGC_DRIVER_DEVICES_H
