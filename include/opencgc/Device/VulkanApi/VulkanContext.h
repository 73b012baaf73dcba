//===- VulkanContext.h - One Vulkan 1.3 device for compute ------*- C++ -*-===//
//
// The entry point of the Vulkan runtime: an instance, one physical device
// that supports Vulkan 1.3 compute, a logical device and one compute queue.
// Buffers, pipelines and command batches are created from it; each keeps the
// device alive, so they may outlive the context object. Creating objects is
// thread-safe; each command batch is used by one thread at a time.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_VULKAN_VULKANCONTEXT_H
#define OPENCGC_RUNTIME_VULKAN_VULKANCONTEXT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace opencgc::vulkan {

class CommandBatch;
class ComputePipeline;
class VulkanBuffer;
struct DeviceCore;

struct VulkanOptions {
  /// Case-insensitive substring of the device or driver name ("llvmpipe",
  /// "SwiftShader"); empty picks the first device with Vulkan 1.3 compute.
  std::string deviceName;
  /// Run the SPIR-V validator before handing a module to the driver: drivers
  /// do not check their input and may crash on a malformed module.
  bool validateSpirv = true;
};

/// One physical device as the loader reports it.
struct VulkanDeviceInfo {
  std::string deviceName; ///< "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::string driverName; ///< "llvmpipe", "SwiftShader driver"
  std::string driverInfo; ///< "Mesa 22.3.6 (LLVM 15.0.6)"
  uint32_t apiVersion = 0;
  /// Why the device cannot be used ("Vulkan 1.2 < 1.3", "no compute queue");
  /// empty when it can.
  std::string unusableReason;
};

/// The limits generated kernels and dispatches must respect.
struct VulkanLimits {
  std::array<uint32_t, 3> maxComputeWorkGroupCount{};
  std::array<uint32_t, 3> maxComputeWorkGroupSize{};
  uint32_t maxComputeWorkGroupInvocations = 0;
  uint32_t maxComputeSharedMemorySize = 0;
  uint64_t minStorageBufferOffsetAlignment = 1;
  uint32_t maxStorageBufferRange = 0;
  uint32_t maxBoundDescriptorSets = 0;
  uint32_t maxPerStageDescriptorStorageBuffers = 0;
  /// Uniform texel buffers count against the sampled images.
  uint32_t maxPerStageDescriptorSampledImages = 0;
  uint32_t maxTexelBufferElements = 0;
  uint64_t minTexelBufferOffsetAlignment = 1;
  /// The largest buffer createBuffer() accepts.
  uint64_t maxMemoryAllocationSize = 0;
};

/// Optional shader features, enabled on the device when it supports them.
struct VulkanFeatures {
  bool shaderFloat16 = false;
  bool shaderFloat64 = false;
  bool shaderInt8 = false;
  bool shaderInt16 = false;
  bool shaderInt64 = false;
  bool storageBuffer8BitAccess = false;
  bool storageBuffer16BitAccess = false;
  bool scalarBlockLayout = false;
  bool subgroupSizeControl = false;
  /// Uniform texel buffer views of VK_FORMAT_R32_SFLOAT /
  /// VK_FORMAT_R32G32B32A32_SFLOAT (format features, not device features).
  bool uniformTexelBufferR32f = false;
  bool uniformTexelBufferRgba32f = false;
};

/// The Vulkan devices present; fails with NoDeviceError only when there is
/// no Vulkan driver at all.
llvm::Expected<std::vector<VulkanDeviceInfo>> listVulkanDevices();

class VulkanContext {
public:
  /// Fails with NoDeviceError when no driver or no matching, usable device
  /// is present; with a plain error when a present device fails to start.
  static llvm::Expected<std::unique_ptr<VulkanContext>>
  create(const VulkanOptions &options = {});

  ~VulkanContext();
  VulkanContext(const VulkanContext &) = delete;
  VulkanContext &operator=(const VulkanContext &) = delete;

  const VulkanDeviceInfo &getDeviceInfo() const { return info; }
  llvm::StringRef getDeviceName() const { return info.deviceName; }
  llvm::StringRef getDriverName() const { return info.driverName; }
  uint32_t getSubgroupSize() const { return subgroupSize; }
  const VulkanLimits &getLimits() const { return limits; }
  const VulkanFeatures &getFeatures() const { return features; }
  /// The most elements a kernel may read through one uniform texel buffer
  /// binding: maxTexelBufferElements when both view formats kernels use
  /// (R32f, Rgba32f) are supported, else 0. This is what to pass as
  /// codegen::SpirvOptions::maxTexelBufferElements.
  uint32_t getTexelBufferLimit() const;

  /// A host-visible, host-coherent, persistently mapped, zero-filled storage
  /// buffer. The size is rounded up to a multiple of 4 (so 0 becomes 4).
  llvm::Expected<std::shared_ptr<VulkanBuffer>> createBuffer(uint64_t bytes);

  /// A compute pipeline for `entryPoint` of `spirv`, whose bindings are set
  /// 0, bindings 0..numBindings-1. Each is a storage buffer unless the
  /// module declares it as a uniform texel buffer (an image of Dim Buffer,
  /// Sampled 1, format R32f or Rgba32f: the format of its buffer view).
  /// The workgroup size is the module's LocalSize.
  llvm::Expected<std::shared_ptr<ComputePipeline>>
  createComputePipeline(llvm::ArrayRef<uint32_t> spirv,
                        llvm::StringRef entryPoint, unsigned numBindings);

  /// An empty command buffer to record dispatches into.
  llvm::Expected<std::unique_ptr<CommandBatch>> createCommandBatch();

private:
  VulkanContext() = default;

  std::shared_ptr<DeviceCore> core;
  VulkanDeviceInfo info;
  VulkanLimits limits;
  VulkanFeatures features;
  uint32_t subgroupSize = 0;
  bool validateSpirv = true;
};

} // namespace opencgc::vulkan

#endif // OPENCGC_RUNTIME_VULKAN_VULKANCONTEXT_H
