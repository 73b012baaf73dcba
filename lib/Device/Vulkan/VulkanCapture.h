//===- VulkanCapture.h - Capturing Vulkan dispatches ------------*- C++ -*-===//
#ifndef OPENCGC_LIB_DEVICE_VULKAN_VULKANCAPTURE_H
#define OPENCGC_LIB_DEVICE_VULKAN_VULKANCAPTURE_H

#include "opencgc/Device/VulkanApi/CommandBatch.h"

#include <memory>

namespace opencgc::device {
class CaptureWriter;

/// Makes an observed command batch write each dispatch to a capture: the
/// pipeline's SPIR-V, its texel bindings, and the bound bytes, read through
/// the buffers' host mapping.
std::shared_ptr<vulkan::DispatchObserver>
createVulkanCaptureObserver(std::shared_ptr<CaptureWriter> writer);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_VULKAN_VULKANCAPTURE_H
