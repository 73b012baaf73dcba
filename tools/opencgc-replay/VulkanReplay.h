//===- VulkanReplay.h - Replays SPIR-V dispatches on Vulkan -----*- C++ -*-===//
//
// Runs captured SPIR-V kernels through the Vulkan loader: the first device
// with a compute queue (or the one whose name contains the environment
// variable OPENCGC_REPLAY_DEVICE), host-visible coherent buffers, one
// submission per dispatch.
//
//===----------------------------------------------------------------------===//

#ifndef OPENCGC_REPLAY_VULKANREPLAY_H
#define OPENCGC_REPLAY_VULKANREPLAY_H

#include "DeviceReplay.h"

#include <memory>

namespace replay {

/// Opens the Vulkan device; throws ReplayError naming the failing call.
std::unique_ptr<DeviceReplay> createVulkanReplay();

} // namespace replay

#endif // OPENCGC_REPLAY_VULKANREPLAY_H
