//===- ComputePipeline.cpp - One compiled compute kernel ------------------===//

#include "opencgc/Runtime/Vulkan/ComputePipeline.h"

#include "DeviceCore.h"
#include "SpirvInspection.h"
#include "opencgc/Runtime/Vulkan/SpirvTools.h"
#include "opencgc/Runtime/Vulkan/VulkanContext.h"
#include "opencgc/Runtime/Vulkan/VulkanError.h"

#include <vector>

using namespace opencgc::vulkan;

ComputePipeline::~ComputePipeline() = default;

static llvm::Error kernelError(llvm::StringRef kernel,
                               const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "kernel '" + kernel + "': " + what);
}

/// Checks what the driver would otherwise take on trust: the workgroup size
/// against the limits and every declared binding against the layout.
static llvm::Error checkKernel(const SpirvKernelInfo &info,
                               const VkPhysicalDeviceLimits &limits,
                               llvm::StringRef kernel,
                               unsigned numStorageBuffers) {
  uint64_t invocations = 1;
  for (int i = 0; i < 3; ++i) {
    uint32_t size = info.workgroupSize[i];
    if (size == 0 || size > limits.maxComputeWorkGroupSize[i])
      return kernelError(
          kernel, "workgroup size " + llvm::Twine(size) + " in dimension " +
                      llvm::Twine(i) + " is outside 1.." +
                      llvm::Twine(limits.maxComputeWorkGroupSize[i]));
    invocations *= size;
  }
  if (invocations > limits.maxComputeWorkGroupInvocations)
    return kernelError(kernel,
                       "workgroup of " + llvm::Twine(invocations) +
                           " invocations exceeds the device limit " +
                           llvm::Twine(limits.maxComputeWorkGroupInvocations));
  if (numStorageBuffers > limits.maxPerStageDescriptorStorageBuffers)
    return kernelError(
        kernel, llvm::Twine(numStorageBuffers) +
                    " storage buffers exceed the device limit " +
                    llvm::Twine(limits.maxPerStageDescriptorStorageBuffers));
  for (const DescriptorBinding &b : info.bindings)
    if (b.set != 0 || b.binding >= numStorageBuffers)
      return kernelError(kernel, "the module declares set " +
                                     llvm::Twine(b.set) + " binding " +
                                     llvm::Twine(b.binding) +
                                     ", outside set 0 bindings 0.." +
                                     llvm::Twine(int(numStorageBuffers) - 1));
  return llvm::Error::success();
}

llvm::Expected<std::shared_ptr<ComputePipeline>>
VulkanContext::createComputePipeline(llvm::ArrayRef<uint32_t> spirv,
                                     llvm::StringRef entryPoint,
                                     unsigned numStorageBuffers) {
  auto kernelInfo = inspectSpirv(spirv, entryPoint);
  if (!kernelInfo)
    return kernelError(entryPoint, llvm::toString(kernelInfo.takeError()));
  if (validateSpirv)
    if (llvm::Error err =
            opencgc::vulkan::validateSpirv(spirv, {core->scalarBlockLayout}))
      return kernelError(entryPoint, llvm::toString(std::move(err)));
  if (llvm::Error err =
          checkKernel(*kernelInfo, core->limits, entryPoint, numStorageBuffers))
    return std::move(err);

  std::string what = (" for kernel '" + entryPoint + "'").str();
  VkDevice device = core->device;
  std::shared_ptr<ComputePipeline> result(new ComputePipeline());
  result->core = core;
  result->entryPoint = entryPoint.str();
  result->numStorageBuffers = numStorageBuffers;
  result->workgroupSize = kernelInfo->workgroupSize;

  VkShaderModuleCreateInfo moduleInfo{
      VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = spirv.size() * sizeof(uint32_t);
  moduleInfo.pCode = spirv.data();
  VkShaderModule module;
  if (VkResult r = vkCreateShaderModule(device, &moduleInfo, nullptr, &module))
    return makeVulkanError("vkCreateShaderModule", r, what);
  result->module = UniqueShaderModule(device, module);

  std::vector<VkDescriptorSetLayoutBinding> bindings(numStorageBuffers);
  for (unsigned i = 0; i < numStorageBuffers; ++i) {
    bindings[i].binding = i;
    bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    bindings[i].descriptorCount = 1;
    bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  VkDescriptorSetLayoutCreateInfo setInfo{
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = numStorageBuffers;
  setInfo.pBindings = bindings.data();
  VkDescriptorSetLayout setLayout;
  if (VkResult r =
          vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &setLayout))
    return makeVulkanError("vkCreateDescriptorSetLayout", r, what);
  result->setLayout = UniqueDescriptorSetLayout(device, setLayout);

  VkPipelineLayoutCreateInfo layoutInfo{
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &setLayout;
  VkPipelineLayout layout;
  if (VkResult r =
          vkCreatePipelineLayout(device, &layoutInfo, nullptr, &layout))
    return makeVulkanError("vkCreatePipelineLayout", r, what);
  result->layout = UniquePipelineLayout(device, layout);

  VkComputePipelineCreateInfo pipelineInfo{
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = module;
  pipelineInfo.stage.pName = result->entryPoint.c_str();
  pipelineInfo.layout = layout;
  VkPipeline pipeline;
  if (VkResult r = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1,
                                            &pipelineInfo, nullptr, &pipeline))
    return makeVulkanError("vkCreateComputePipelines", r, what);
  result->pipeline = UniquePipeline(device, pipeline);
  return result;
}
