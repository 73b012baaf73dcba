//===- VulkanDevice.h - The device API on Vulkan 1.3 ------------*- C++ -*-===//
//
// A target and device on any conformant Vulkan 1.3 driver (Mesa's lavapipe
// by default, SwiftShader as a second one): declares what its kernel
// generator fuses through the pattern language, accepts a subgraph only
// when the generator can lower it, compiles partitions into SPIR-V compute
// pipelines and records each dispatch into one command buffer with
// barriers where the partition's cgc.depends needs them.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_VULKANDEVICE_H
#define OPENCGC_DEVICE_VULKANDEVICE_H

#include "opencgc/Device/Device.h"

#include <memory>
#include <string>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::device {

inline constexpr llvm::StringLiteral kVulkanTargetName = "vulkan";

struct VulkanDeviceOptions {
  /// Substring of the physical device's name to pick; empty: the first.
  std::string preferredDevice;
  /// Keep compiled partitions on disk (OPENCGC_CACHE_DIR, else
  /// XDG_CACHE_HOME/opencgc, else ~/.cache/opencgc), keyed by a content hash.
  bool useCache = true;
  /// Where the cache is kept; empty: $OPENCGC_CACHE_DIR, else the user's
  /// cache directory (getCacheDirectory).
  std::string cacheDirectory;
  /// When set, every dispatch runs alone and is recorded into this
  /// directory for opencgc-replay (docs/capture.md).
  std::string captureDirectory;
};

/// Fails when no Vulkan 1.3 device is present; the message says so.
llvm::Expected<std::unique_ptr<Device>>
createVulkanDevice(mlir::MLIRContext &context,
                   const VulkanDeviceOptions &options = {});

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_VULKANDEVICE_H
