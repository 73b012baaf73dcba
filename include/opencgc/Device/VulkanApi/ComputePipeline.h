//===- ComputePipeline.h - One compiled compute kernel ----------*- C++ -*-===//
//
// A shader module, its descriptor set layout (set 0, bindings 0..n-1: storage
// buffers, or uniform texel buffers where the module declares them), pipeline
// layout and compute pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_VULKANAPI_COMPUTEPIPELINE_H
#define OPENCGC_DEVICE_VULKANAPI_COMPUTEPIPELINE_H

#include "opencgc/Device/VulkanApi/VulkanHandle.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace opencgc::vulkan {

struct DeviceCore;

/// How one binding of a pipeline is bound.
struct PipelineBinding {
  VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  /// The buffer view's format of a uniform texel buffer (R32_SFLOAT or
  /// R32G32B32A32_SFLOAT), else VK_FORMAT_UNDEFINED.
  VkFormat texelFormat = VK_FORMAT_UNDEFINED;
  /// Bytes per texel of texelFormat, else 0.
  uint32_t texelSize = 0;

  bool isTexelBuffer() const {
    return type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
  }
};

class ComputePipeline {
public:
  ~ComputePipeline();
  ComputePipeline(const ComputePipeline &) = delete;
  ComputePipeline &operator=(const ComputePipeline &) = delete;

  llvm::StringRef getEntryPoint() const { return entryPoint; }
  unsigned getNumBindings() const { return bindings.size(); }
  /// Binding i of set 0.
  const std::vector<PipelineBinding> &getBindings() const { return bindings; }
  /// The module's LocalSize (x, y, z).
  const std::array<uint32_t, 3> &getWorkgroupSize() const {
    return workgroupSize;
  }
  /// The SPIR-V the pipeline was created from (a capture records it).
  llvm::ArrayRef<uint32_t> getSpirv() const { return spirv; }

  VkPipeline getHandle() const { return pipeline.get(); }
  VkPipelineLayout getLayout() const { return layout.get(); }
  VkDescriptorSetLayout getSetLayout() const { return setLayout.get(); }

private:
  friend class CommandBatch;
  friend class VulkanContext;
  ComputePipeline() = default;

  std::shared_ptr<DeviceCore> core;
  UniqueShaderModule module;
  UniqueDescriptorSetLayout setLayout;
  UniquePipelineLayout layout;
  UniquePipeline pipeline;
  std::string entryPoint;
  std::vector<PipelineBinding> bindings;
  std::array<uint32_t, 3> workgroupSize{};
  std::vector<uint32_t> spirv;
};

} // namespace opencgc::vulkan

#endif // OPENCGC_DEVICE_VULKANAPI_COMPUTEPIPELINE_H
