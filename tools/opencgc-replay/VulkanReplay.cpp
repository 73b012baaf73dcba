//===- VulkanReplay.cpp - Replays SPIR-V dispatches on Vulkan -------------===//

#include "VulkanReplay.h"
#include "CaptureReader.h"
#include "ReplayError.h"
#include "SpirvFile.h"
#include "VulkanCheck.h"

#include <cstdlib>
#include <cstring>
#include <map>

namespace replay {

namespace {

/// How long one dispatch may run before the replay gives up on it.
constexpr uint64_t DispatchTimeoutNs = 600ull * 1000 * 1000 * 1000;

VkFormat getTexelFormat(BindingKind kind) {
  return kind == BindingKind::TexelRgba32f ? VK_FORMAT_R32G32B32A32_SFLOAT
                                           : VK_FORMAT_R32_SFLOAT;
}

const char *getFormatName(BindingKind kind) {
  return kind == BindingKind::TexelRgba32f ? "rgba32f" : "r32f";
}

/// The feature structs chained for the query and for the device.
struct FeatureChain {
  VkPhysicalDeviceFeatures2 base{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features v11{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features v12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features v13{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};

  FeatureChain() {
    base.pNext = &v11;
    v11.pNext = &v12;
    v12.pNext = &v13;
  }
  FeatureChain(const FeatureChain &) = delete;
  FeatureChain &operator=(const FeatureChain &) = delete;
};

/// Enables, where supported, the optional features captured kernels may
/// declare (16/8-bit storage and arithmetic, 64-bit types, scalar layout),
/// and nothing else: robustness features would change out-of-bounds
/// behaviour the capture recorded.
void enableKernelFeatures(const FeatureChain &supported,
                          FeatureChain &enabled) {
  const VkPhysicalDeviceFeatures &s = supported.base.features;
  VkPhysicalDeviceFeatures &e = enabled.base.features;
  e.shaderFloat64 = s.shaderFloat64;
  e.shaderInt64 = s.shaderInt64;
  e.shaderInt16 = s.shaderInt16;
  enabled.v11.storageBuffer16BitAccess = supported.v11.storageBuffer16BitAccess;
  enabled.v12.storageBuffer8BitAccess = supported.v12.storageBuffer8BitAccess;
  enabled.v12.shaderFloat16 = supported.v12.shaderFloat16;
  enabled.v12.shaderInt8 = supported.v12.shaderInt8;
  enabled.v12.scalarBlockLayout = supported.v12.scalarBlockLayout;
  enabled.v13.subgroupSizeControl = supported.v13.subgroupSizeControl;
  enabled.v13.computeFullSubgroups = supported.v13.computeFullSubgroups;
  enabled.v13.maintenance4 = supported.v13.maintenance4;
}

/// One kernel's shader module, layouts and pipeline, made on first use.
struct Pipeline {
  VkShaderModule module = VK_NULL_HANDLE;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
};

/// A region's buffer, bound to its own host-visible coherent memory.
struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void *mapped = nullptr;
};

class VulkanReplay : public DeviceReplay {
public:
  VulkanReplay();
  ~VulkanReplay() override;
  VulkanReplay(const VulkanReplay &) = delete;
  VulkanReplay &operator=(const VulkanReplay &) = delete;

  std::string getDeviceName() const override { return properties.deviceName; }
  void run(const Capture &capture, const Dispatch &dispatch,
           RegionBytes &regions) override;

private:
  /// What one dispatch creates; released when the dispatch is done, also
  /// when it fails.
  struct DispatchObjects {
    VkDevice device;
    std::vector<Buffer> buffers;
    std::vector<VkBufferView> views;
    VkDescriptorPool pool = VK_NULL_HANDLE;

    explicit DispatchObjects(VkDevice device) : device(device) {}
    ~DispatchObjects();
  };

  void createInstance();
  void pickPhysicalDevice();
  void createDevice();
  void createCommandObjects();
  uint32_t findHostMemoryType(uint32_t allowedTypes) const;
  void checkTexelFormat(const Kernel &kernel, BindingKind kind) const;
  const Pipeline &getPipeline(const Capture &capture, unsigned kernel);
  void checkLaunch(const Kernel &kernel, const Dispatch &dispatch) const;
  uint64_t getViewSize(const Binding &binding, BindingKind kind) const;
  Buffer createBuffer(const std::vector<uint8_t> &bytes);
  VkDescriptorSet writeDescriptors(const Kernel &kernel,
                                   const Dispatch &dispatch,
                                   const Pipeline &pipeline,
                                   DispatchObjects &objects);
  void submit(const Pipeline &pipeline, VkDescriptorSet set,
              const Dispatch &dispatch);

  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memory{};
  uint32_t queueFamily = 0;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  std::map<unsigned, Pipeline> pipelines;
};

VulkanReplay::VulkanReplay() {
  createInstance();
  pickPhysicalDevice();
  createDevice();
  createCommandObjects();
}

VulkanReplay::~VulkanReplay() {
  if (device) {
    vkDeviceWaitIdle(device);
    for (auto &[kernel, p] : pipelines) {
      vkDestroyPipeline(device, p.pipeline, nullptr);
      vkDestroyPipelineLayout(device, p.layout, nullptr);
      vkDestroyDescriptorSetLayout(device, p.setLayout, nullptr);
      vkDestroyShaderModule(device, p.module, nullptr);
    }
    vkDestroyFence(device, fence, nullptr);
    vkDestroyCommandPool(device, commandPool, nullptr);
    vkDestroyDevice(device, nullptr);
  }
  if (instance)
    vkDestroyInstance(instance, nullptr);
}

VulkanReplay::DispatchObjects::~DispatchObjects() {
  vkDestroyDescriptorPool(device, pool, nullptr);
  for (VkBufferView view : views)
    vkDestroyBufferView(device, view, nullptr);
  for (Buffer &b : buffers) {
    vkDestroyBuffer(device, b.buffer, nullptr);
    vkFreeMemory(device, b.memory, nullptr);
  }
}

void VulkanReplay::createInstance() {
  // SPIR-V 1.6 kernels need Vulkan 1.3; no layers, so a replay measures
  // the driver alone.
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "opencgc-replay";
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  checkVk(vkCreateInstance(&info, nullptr, &instance), "vkCreateInstance");
}

/// The index of a queue family with compute, or -1.
static int findComputeQueue(VkPhysicalDevice candidate) {
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(candidate, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(candidate, &count, families.data());
  for (uint32_t i = 0; i < count; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
      return int(i);
  return -1;
}

void VulkanReplay::pickPhysicalDevice() {
  uint32_t count = 0;
  checkVk(vkEnumeratePhysicalDevices(instance, &count, nullptr),
          "vkEnumeratePhysicalDevices");
  std::vector<VkPhysicalDevice> candidates(count);
  checkVk(vkEnumeratePhysicalDevices(instance, &count, candidates.data()),
          "vkEnumeratePhysicalDevices");
  const char *wanted = std::getenv("OPENCGC_REPLAY_DEVICE");
  std::string seen;
  for (VkPhysicalDevice candidate : candidates) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(candidate, &p);
    seen += std::string(seen.empty() ? "" : ", ") + p.deviceName;
    int family = findComputeQueue(candidate);
    if (family < 0 || p.apiVersion < VK_API_VERSION_1_3)
      continue;
    if (wanted && !std::strstr(p.deviceName, wanted))
      continue;
    physicalDevice = candidate;
    properties = p;
    queueFamily = uint32_t(family);
    vkGetPhysicalDeviceMemoryProperties(candidate, &memory);
    return;
  }
  std::string which = wanted ? "whose name contains '" + std::string(wanted) +
                                   "' (OPENCGC_REPLAY_DEVICE)"
                             : "";
  throw ReplayError("no Vulkan 1.3 device with a compute queue " + which +
                    "; devices found: " + (seen.empty() ? "none" : seen));
}

void VulkanReplay::createDevice() {
  FeatureChain supported, enabled;
  vkGetPhysicalDeviceFeatures2(physicalDevice, &supported.base);
  enableKernelFeatures(supported, enabled);
  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = &enabled.base;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  checkVk(vkCreateDevice(physicalDevice, &info, nullptr, &device),
          "vkCreateDevice");
  vkGetDeviceQueue(device, queueFamily, 0, &queue);
}

void VulkanReplay::createCommandObjects() {
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.queueFamilyIndex = queueFamily;
  checkVk(vkCreateCommandPool(device, &poolInfo, nullptr, &commandPool),
          "vkCreateCommandPool");
  VkCommandBufferAllocateInfo bufferInfo{
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  bufferInfo.commandPool = commandPool;
  bufferInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  bufferInfo.commandBufferCount = 1;
  checkVk(vkAllocateCommandBuffers(device, &bufferInfo, &commandBuffer),
          "vkAllocateCommandBuffers");
  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  checkVk(vkCreateFence(device, &fenceInfo, nullptr, &fence), "vkCreateFence");
}

uint32_t VulkanReplay::findHostMemoryType(uint32_t allowedTypes) const {
  VkMemoryPropertyFlags wanted = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                 VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  for (uint32_t i = 0; i < memory.memoryTypeCount; ++i)
    if ((allowedTypes & (1u << i)) &&
        (memory.memoryTypes[i].propertyFlags & wanted) == wanted)
      return i;
  throw ReplayError("the device has no host-visible coherent memory type for "
                    "a storage buffer");
}

void VulkanReplay::checkTexelFormat(const Kernel &kernel,
                                    BindingKind kind) const {
  VkFormatProperties format;
  vkGetPhysicalDeviceFormatProperties(physicalDevice, getTexelFormat(kind),
                                      &format);
  if (!(format.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT))
    throw ReplayError("kernel " + kernel.id + ": the device cannot view " +
                      getFormatName(kind) + " uniform texel buffers");
}

/// Checks the module has the manifest's ENTRY, as drivers report a missing
/// one with no more than a failed pipeline.
static void checkEntryPoint(const Kernel &kernel,
                            const std::vector<uint32_t> &words,
                            const std::string &path) {
  std::vector<std::string> entries = getComputeEntryPoints(words, path);
  for (const std::string &entry : entries)
    if (entry == kernel.entry)
      return;
  std::string found;
  for (const std::string &entry : entries)
    found += (found.empty() ? "'" : ", '") + entry + "'";
  throw ReplayError(path + ": expected a GLCompute entry point '" +
                    kernel.entry + "' (kernel " + kernel.id + "), found " +
                    (found.empty() ? "none" : found));
}

const Pipeline &VulkanReplay::getPipeline(const Capture &capture,
                                          unsigned index) {
  auto found = pipelines.find(index);
  if (found != pipelines.end())
    return found->second;
  const Kernel &kernel = capture.kernels[index];
  Pipeline &p = pipelines[index];

  std::string path = capture.resolve(kernel.path);
  std::vector<uint32_t> words = readSpirv(path);
  checkEntryPoint(kernel, words, path);
  VkShaderModuleCreateInfo moduleInfo{
      VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = words.size() * 4;
  moduleInfo.pCode = words.data();
  checkVk(vkCreateShaderModule(device, &moduleInfo, nullptr, &p.module),
          "vkCreateShaderModule");

  std::vector<VkDescriptorSetLayoutBinding> bindings;
  for (uint32_t i = 0; i < kernel.bindings.size(); ++i) {
    BindingKind kind = kernel.bindings[i];
    if (kind != BindingKind::Storage)
      checkTexelFormat(kernel, kind);
    VkDescriptorSetLayoutBinding b{};
    b.binding = i;
    b.descriptorType = kind == BindingKind::Storage
                           ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                           : VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
    b.descriptorCount = 1;
    b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    bindings.push_back(b);
  }
  VkDescriptorSetLayoutCreateInfo setInfo{
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = uint32_t(bindings.size());
  setInfo.pBindings = bindings.data();
  checkVk(vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &p.setLayout),
          "vkCreateDescriptorSetLayout");

  VkPipelineLayoutCreateInfo layoutInfo{
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &p.setLayout;
  checkVk(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &p.layout),
          "vkCreatePipelineLayout");

  VkComputePipelineCreateInfo pipelineInfo{
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = p.module;
  pipelineInfo.stage.pName = kernel.entry.c_str();
  pipelineInfo.layout = p.layout;
  checkVk(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipelineInfo,
                                   nullptr, &p.pipeline),
          "vkCreateComputePipelines");
  return p;
}

void VulkanReplay::checkLaunch(const Kernel &kernel,
                               const Dispatch &dispatch) const {
  const VkPhysicalDeviceLimits &limits = properties.limits;
  for (unsigned i = 0; i < 3; ++i)
    if (dispatch.groups[i] > limits.maxComputeWorkGroupCount[i])
      throw ReplayError(std::to_string(dispatch.groups[i]) +
                        " workgroups in dimension " + std::to_string(i) +
                        " exceed the device's maxComputeWorkGroupCount " +
                        std::to_string(limits.maxComputeWorkGroupCount[i]));
  for (unsigned i = 0; i < dispatch.bindings.size(); ++i) {
    const Binding &b = dispatch.bindings[i];
    bool storage = kernel.bindings[i] == BindingKind::Storage;
    uint64_t alignment = storage ? limits.minStorageBufferOffsetAlignment
                                 : limits.minTexelBufferOffsetAlignment;
    const char *limitName = storage ? "minStorageBufferOffsetAlignment"
                                    : "minTexelBufferOffsetAlignment";
    std::string where = "binding " + std::to_string(i) + " (" +
                        (storage ? "storage buffer" : "uniform texel buffer") +
                        ")";
    if (b.size == 0)
      throw ReplayError(where + ": a Vulkan buffer binding cannot be empty");
    if (alignment && b.offset % alignment != 0)
      throw ReplayError(where + ": offset " + std::to_string(b.offset) +
                        " is not a multiple of the device's " + limitName +
                        " " + std::to_string(alignment));
    if (storage && b.size > limits.maxStorageBufferRange)
      throw ReplayError(where + ": " + std::to_string(b.size) +
                        " bytes exceed the device's maxStorageBufferRange " +
                        std::to_string(limits.maxStorageBufferRange));
    if (!storage && b.size < getTexelSize(kernel.bindings[i]))
      throw ReplayError(where + ": " + std::to_string(b.size) +
                        " bytes hold no whole " +
                        getFormatName(kernel.bindings[i]) + " texel");
  }
}

uint64_t VulkanReplay::getViewSize(const Binding &binding,
                                   BindingKind kind) const {
  // Whole texels only, and no more than the device can view: the kernel
  // was compiled to fetch within that limit.
  uint64_t texelSize = getTexelSize(kind);
  uint64_t texels = binding.size / texelSize;
  if (texels > properties.limits.maxTexelBufferElements)
    texels = properties.limits.maxTexelBufferElements;
  return texels * texelSize;
}

Buffer VulkanReplay::createBuffer(const std::vector<uint8_t> &bytes) {
  Buffer b;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = bytes.size();
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  checkVk(vkCreateBuffer(device, &info, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, b.buffer, &requirements);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = requirements.size;
  alloc.memoryTypeIndex = findHostMemoryType(requirements.memoryTypeBits);
  VkResult result = vkAllocateMemory(device, &alloc, nullptr, &b.memory);
  if (result != VK_SUCCESS)
    vkDestroyBuffer(device, b.buffer, nullptr);
  checkVk(result, "vkAllocateMemory");
  return b;
}

VkDescriptorSet VulkanReplay::writeDescriptors(const Kernel &kernel,
                                               const Dispatch &dispatch,
                                               const Pipeline &pipeline,
                                               DispatchObjects &objects) {
  unsigned texels = 0;
  for (BindingKind kind : kernel.bindings)
    texels += kind != BindingKind::Storage;
  unsigned storage = unsigned(kernel.bindings.size()) - texels;
  std::vector<VkDescriptorPoolSize> sizes;
  if (storage)
    sizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, storage});
  if (texels)
    sizes.push_back({VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, texels});
  VkDescriptorPoolCreateInfo poolInfo{
      VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = 1;
  poolInfo.poolSizeCount = uint32_t(sizes.size());
  poolInfo.pPoolSizes = sizes.data();
  checkVk(vkCreateDescriptorPool(device, &poolInfo, nullptr, &objects.pool),
          "vkCreateDescriptorPool");
  VkDescriptorSetAllocateInfo setInfo{
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  setInfo.descriptorPool = objects.pool;
  setInfo.descriptorSetCount = 1;
  setInfo.pSetLayouts = &pipeline.setLayout;
  VkDescriptorSet set;
  checkVk(vkAllocateDescriptorSets(device, &setInfo, &set),
          "vkAllocateDescriptorSets");

  size_t count = dispatch.bindings.size();
  std::vector<VkDescriptorBufferInfo> buffers(count);
  std::vector<VkBufferView> views(count, VK_NULL_HANDLE);
  std::vector<VkWriteDescriptorSet> writes(count);
  for (size_t i = 0; i < count; ++i) {
    const Binding &b = dispatch.bindings[i];
    VkBuffer buffer = objects.buffers[b.region].buffer;
    VkWriteDescriptorSet &w = writes[i];
    w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = set;
    w.dstBinding = uint32_t(i);
    w.descriptorCount = 1;
    BindingKind kind = kernel.bindings[i];
    if (kind == BindingKind::Storage) {
      buffers[i] = {buffer, b.offset, b.size};
      w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      w.pBufferInfo = &buffers[i];
      continue;
    }
    VkBufferViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    viewInfo.buffer = buffer;
    viewInfo.format = getTexelFormat(kind);
    viewInfo.offset = b.offset;
    viewInfo.range = getViewSize(b, kind);
    checkVk(vkCreateBufferView(device, &viewInfo, nullptr, &views[i]),
            "vkCreateBufferView");
    objects.views.push_back(views[i]);
    w.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
    w.pTexelBufferView = &views[i];
  }
  vkUpdateDescriptorSets(device, uint32_t(count), writes.data(), 0, nullptr);
  return set;
}

void VulkanReplay::submit(const Pipeline &pipeline, VkDescriptorSet set,
                          const Dispatch &dispatch) {
  checkVk(vkResetCommandPool(device, commandPool, 0), "vkResetCommandPool");
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  checkVk(vkBeginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer");
  vkCmdBindPipeline(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE,
                    pipeline.pipeline);
  vkCmdBindDescriptorSets(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE,
                          pipeline.layout, 0, 1, &set, 0, nullptr);
  vkCmdDispatch(commandBuffer, dispatch.groups[0], dispatch.groups[1],
                dispatch.groups[2]);
  // The host reads the buffers after the fence: make the writes visible.
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                       VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr,
                       0, nullptr);
  checkVk(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer");

  VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  info.commandBufferCount = 1;
  info.pCommandBuffers = &commandBuffer;
  checkVk(vkResetFences(device, 1, &fence), "vkResetFences");
  checkVk(vkQueueSubmit(queue, 1, &info, fence), "vkQueueSubmit");
  checkVk(vkWaitForFences(device, 1, &fence, VK_TRUE, DispatchTimeoutNs),
          "vkWaitForFences");
}

void VulkanReplay::run(const Capture &capture, const Dispatch &dispatch,
                       RegionBytes &regions) {
  const Kernel &kernel = capture.kernels[dispatch.kernel];
  checkLaunch(kernel, dispatch);
  const Pipeline &pipeline = getPipeline(capture, dispatch.kernel);

  DispatchObjects objects(device);
  for (const std::vector<uint8_t> &bytes : regions) {
    objects.buffers.push_back(createBuffer(bytes));
    Buffer &b = objects.buffers.back();
    checkVk(vkBindBufferMemory(device, b.buffer, b.memory, 0),
            "vkBindBufferMemory");
    checkVk(vkMapMemory(device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped),
            "vkMapMemory");
    std::memcpy(b.mapped, bytes.data(), bytes.size());
  }
  VkDescriptorSet set = writeDescriptors(kernel, dispatch, pipeline, objects);
  submit(pipeline, set, dispatch);
  for (size_t i = 0; i < regions.size(); ++i)
    std::memcpy(regions[i].data(), objects.buffers[i].mapped,
                regions[i].size());
}

} // namespace

std::unique_ptr<DeviceReplay> createVulkanReplay() {
  return std::make_unique<VulkanReplay>();
}

} // namespace replay
