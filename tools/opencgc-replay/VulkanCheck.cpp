//===- VulkanCheck.cpp - Vulkan results as replay errors ------------------===//

#include "VulkanCheck.h"
#include "ReplayError.h"

namespace replay {

std::string getResultName(VkResult result) {
  switch (result) {
#define RESULT_NAME(name)                                                      \
  case name:                                                                   \
    return #name;
    RESULT_NAME(VK_SUCCESS)
    RESULT_NAME(VK_NOT_READY)
    RESULT_NAME(VK_TIMEOUT)
    RESULT_NAME(VK_EVENT_SET)
    RESULT_NAME(VK_EVENT_RESET)
    RESULT_NAME(VK_INCOMPLETE)
    RESULT_NAME(VK_ERROR_OUT_OF_HOST_MEMORY)
    RESULT_NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    RESULT_NAME(VK_ERROR_INITIALIZATION_FAILED)
    RESULT_NAME(VK_ERROR_DEVICE_LOST)
    RESULT_NAME(VK_ERROR_MEMORY_MAP_FAILED)
    RESULT_NAME(VK_ERROR_LAYER_NOT_PRESENT)
    RESULT_NAME(VK_ERROR_EXTENSION_NOT_PRESENT)
    RESULT_NAME(VK_ERROR_FEATURE_NOT_PRESENT)
    RESULT_NAME(VK_ERROR_INCOMPATIBLE_DRIVER)
    RESULT_NAME(VK_ERROR_TOO_MANY_OBJECTS)
    RESULT_NAME(VK_ERROR_FORMAT_NOT_SUPPORTED)
    RESULT_NAME(VK_ERROR_FRAGMENTED_POOL)
    RESULT_NAME(VK_ERROR_UNKNOWN)
    RESULT_NAME(VK_ERROR_OUT_OF_POOL_MEMORY)
    RESULT_NAME(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    RESULT_NAME(VK_ERROR_FRAGMENTATION)
    RESULT_NAME(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    RESULT_NAME(VK_PIPELINE_COMPILE_REQUIRED)
    RESULT_NAME(VK_ERROR_INVALID_SHADER_NV)
#undef RESULT_NAME
  default:
    return "VkResult " + std::to_string(int(result));
  }
}

void checkVk(VkResult result, const char *call) {
  if (result != VK_SUCCESS)
    throw ReplayError(std::string(call) + " failed: " + getResultName(result));
}

} // namespace replay
