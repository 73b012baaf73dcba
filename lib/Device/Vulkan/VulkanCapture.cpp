//===- VulkanCapture.cpp - Capturing Vulkan dispatches --------------------===//
#include "VulkanCapture.h"

#include "opencgc/Device/CaptureWriter.h"
#include "opencgc/Device/VulkanApi/ComputePipeline.h"
#include "opencgc/Device/VulkanApi/VulkanBuffer.h"

#include <cstring>

namespace opencgc::device {
namespace {

/// The manifest's name of a texel buffer's format (docs/capture.md).
std::string texelFormatName(VkFormat format) {
  switch (format) {
  case VK_FORMAT_R32_SFLOAT:
    return "r32f";
  case VK_FORMAT_R32G32B32A32_SFLOAT:
    return "rgba32f";
  default:
    return "format" + std::to_string(static_cast<int>(format));
  }
}

CapturedKernel describeKernel(const vulkan::ComputePipeline &pipeline) {
  llvm::ArrayRef<uint32_t> spirv = pipeline.getSpirv();
  CapturedKernel kernel;
  kernel.language = "spirv";
  kernel.entryPoint = pipeline.getEntryPoint().str();
  kernel.code = {reinterpret_cast<const uint8_t *>(spirv.data()),
                 spirv.size() * sizeof(uint32_t)};
  kernel.numBindings = pipeline.getNumBindings();
  for (auto [index, binding] : llvm::enumerate(pipeline.getBindings()))
    if (binding.isTexelBuffer())
      kernel.texelFormats.push_back(
          {static_cast<unsigned>(index), texelFormatName(binding.texelFormat)});
  return kernel;
}

class VulkanCaptureObserver final : public vulkan::DispatchObserver {
public:
  explicit VulkanCaptureObserver(std::shared_ptr<CaptureWriter> writer)
      : writer(std::move(writer)) {}

  llvm::Error observe(const vulkan::RecordedDispatch &dispatch,
                      llvm::function_ref<llvm::Error()> run) override {
    auto id = writer->addKernel(dispatch.pipeline,
                                describeKernel(*dispatch.pipeline));
    if (!id)
      return id.takeError();
    std::vector<CapturedBinding> bindings;
    for (const vulkan::BufferRange &range : dispatch.bindings) {
      uint64_t bytes = range.buffer->size();
      uint64_t size = range.size == vulkan::BufferRange::kWholeSize
                          ? bytes - range.offset
                          : range.size;
      bindings.push_back({range.buffer.get(), bytes, range.offset, size});
    }
    // Buffers are host-mapped and coherent; the device is idle around run.
    auto read = [](const void *buffer, uint64_t offset,
                   llvm::MutableArrayRef<uint8_t> out) {
      const auto *mapped = static_cast<const uint8_t *>(
          static_cast<const vulkan::VulkanBuffer *>(buffer)->data());
      std::memcpy(out.data(), mapped + offset, out.size());
      return llvm::Error::success();
    };
    return writer->captureDispatch(*id, dispatch.groups, bindings, read, run);
  }

private:
  std::shared_ptr<CaptureWriter> writer;
};
} // namespace

std::shared_ptr<vulkan::DispatchObserver>
createVulkanCaptureObserver(std::shared_ptr<CaptureWriter> writer) {
  return std::make_shared<VulkanCaptureObserver>(std::move(writer));
}

} // namespace opencgc::device
