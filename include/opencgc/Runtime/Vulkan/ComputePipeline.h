//===- ComputePipeline.h - One compiled compute kernel ----------*- C++ -*-===//
//
// A shader module, its descriptor set layout (set 0: storage buffers at
// bindings 0..n-1), pipeline layout and compute pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_VULKAN_COMPUTEPIPELINE_H
#define OPENCGC_RUNTIME_VULKAN_COMPUTEPIPELINE_H

#include "opencgc/Runtime/Vulkan/VulkanHandle.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace opencgc::vulkan {

struct DeviceCore;

class ComputePipeline {
public:
  ~ComputePipeline();
  ComputePipeline(const ComputePipeline &) = delete;
  ComputePipeline &operator=(const ComputePipeline &) = delete;

  llvm::StringRef getEntryPoint() const { return entryPoint; }
  unsigned getNumStorageBuffers() const { return numStorageBuffers; }
  /// The module's LocalSize (x, y, z).
  const std::array<uint32_t, 3> &getWorkgroupSize() const {
    return workgroupSize;
  }

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
  unsigned numStorageBuffers = 0;
  std::array<uint32_t, 3> workgroupSize{};
};

} // namespace opencgc::vulkan

#endif // OPENCGC_RUNTIME_VULKAN_COMPUTEPIPELINE_H
