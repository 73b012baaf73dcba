//===- ComputePipeline.cpp - One compiled compute kernel ------------------===//

#include "opencgc/Device/VulkanApi/ComputePipeline.h"

#include "DeviceCore.h"
#include "SpirvInspection.h"
#include "opencgc/Device/VulkanApi/SpirvTools.h"
#include "opencgc/Device/VulkanApi/VulkanContext.h"
#include "opencgc/Device/VulkanApi/VulkanError.h"

#include <vector>

using namespace opencgc::vulkan;

ComputePipeline::~ComputePipeline() = default;

static llvm::Error kernelError(llvm::StringRef kernel,
                               const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "kernel '" + kernel + "': " + what);
}

/// Binding i as the module declares it: storage buffers unless declared as
/// a uniform texel buffer of a format the device can view.
static llvm::Expected<std::vector<PipelineBinding>>
describeBindings(const SpirvKernelInfo &info, const DeviceCore &core,
                 llvm::StringRef kernel, unsigned numBindings) {
  std::vector<PipelineBinding> result(numBindings);
  for (const DescriptorBinding &b : info.bindings) {
    if (b.set != 0 || b.binding >= numBindings)
      return kernelError(kernel, "the module declares set " +
                                     llvm::Twine(b.set) + " binding " +
                                     llvm::Twine(b.binding) +
                                     ", outside set 0 bindings 0.." +
                                     llvm::Twine(int(numBindings) - 1));
    std::string where = ("binding " + llvm::Twine(b.binding)).str();
    if (b.kind == DescriptorKind::Other)
      return kernelError(kernel, where + " is neither a storage buffer nor a "
                                         "uniform texel buffer");
    if (b.kind == DescriptorKind::Buffer)
      continue;
    PipelineBinding &binding = result[b.binding];
    binding.type = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
    if (b.format == TexelFormat::R32f && core.texelR32f)
      binding = {binding.type, VK_FORMAT_R32_SFLOAT, 4};
    else if (b.format == TexelFormat::Rgba32f && core.texelRgba32f)
      binding = {binding.type, VK_FORMAT_R32G32B32A32_SFLOAT, 16};
    else if (b.format == TexelFormat::R32f || b.format == TexelFormat::Rgba32f)
      return kernelError(kernel, where + ": the device has no uniform texel "
                                         "buffers of this format");
    else
      return kernelError(kernel, where + ": a uniform texel buffer must "
                                         "declare the format R32f or Rgba32f "
                                         "(the view's format)");
  }
  return result;
}

/// Checks what the driver would otherwise take on trust: the workgroup size
/// and the descriptor counts against the limits.
static llvm::Error checkKernel(const SpirvKernelInfo &info,
                               const VkPhysicalDeviceLimits &limits,
                               llvm::StringRef kernel,
                               llvm::ArrayRef<PipelineBinding> bindings) {
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
  unsigned texelBuffers = llvm::count_if(
      bindings, [](const PipelineBinding &b) { return b.isTexelBuffer(); });
  unsigned storageBuffers = bindings.size() - texelBuffers;
  if (storageBuffers > limits.maxPerStageDescriptorStorageBuffers)
    return kernelError(
        kernel, llvm::Twine(storageBuffers) +
                    " storage buffers exceed the device limit " +
                    llvm::Twine(limits.maxPerStageDescriptorStorageBuffers));
  if (texelBuffers > limits.maxPerStageDescriptorSampledImages)
    return kernelError(
        kernel, llvm::Twine(texelBuffers) +
                    " uniform texel buffers exceed the device limit " +
                    llvm::Twine(limits.maxPerStageDescriptorSampledImages));
  return llvm::Error::success();
}

llvm::Expected<std::shared_ptr<ComputePipeline>>
VulkanContext::createComputePipeline(llvm::ArrayRef<uint32_t> spirv,
                                     llvm::StringRef entryPoint,
                                     unsigned numBindings) {
  auto kernelInfo = inspectSpirv(spirv, entryPoint);
  if (!kernelInfo)
    return kernelError(entryPoint, llvm::toString(kernelInfo.takeError()));
  if (validateSpirv)
    if (llvm::Error err =
            opencgc::vulkan::validateSpirv(spirv, {core->scalarBlockLayout}))
      return kernelError(entryPoint, llvm::toString(std::move(err)));
  auto bindingKinds =
      describeBindings(*kernelInfo, *core, entryPoint, numBindings);
  if (!bindingKinds)
    return bindingKinds.takeError();
  if (llvm::Error err =
          checkKernel(*kernelInfo, core->limits, entryPoint, *bindingKinds))
    return std::move(err);

  std::string what = (" for kernel '" + entryPoint + "'").str();
  VkDevice device = core->device;
  std::shared_ptr<ComputePipeline> result(new ComputePipeline());
  result->core = core;
  result->entryPoint = entryPoint.str();
  result->bindings = std::move(*bindingKinds);
  result->workgroupSize = kernelInfo->workgroupSize;
  result->spirv.assign(spirv.begin(), spirv.end());

  VkShaderModuleCreateInfo moduleInfo{
      VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = spirv.size() * sizeof(uint32_t);
  moduleInfo.pCode = spirv.data();
  VkShaderModule module;
  if (VkResult r = vkCreateShaderModule(device, &moduleInfo, nullptr, &module))
    return makeVulkanError("vkCreateShaderModule", r, what);
  result->module = UniqueShaderModule(device, module);

  std::vector<VkDescriptorSetLayoutBinding> bindings(numBindings);
  for (unsigned i = 0; i < numBindings; ++i) {
    bindings[i].binding = i;
    bindings[i].descriptorType = result->bindings[i].type;
    bindings[i].descriptorCount = 1;
    bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  VkDescriptorSetLayoutCreateInfo setInfo{
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = numBindings;
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
