//===- VulkanCheck.h - Vulkan results as replay errors ----------*- C++ -*-===//

#ifndef OPENCGC_REPLAY_VULKANCHECK_H
#define OPENCGC_REPLAY_VULKANCHECK_H

#include <vulkan/vulkan.h>

#include <string>

namespace replay {

/// The enumerator's name, e.g. "VK_ERROR_DEVICE_LOST".
std::string getResultName(VkResult result);

/// Throws ReplayError "CALL failed: RESULT" unless `result` is VK_SUCCESS.
void checkVk(VkResult result, const char *call);

} // namespace replay

#endif // OPENCGC_REPLAY_VULKANCHECK_H
