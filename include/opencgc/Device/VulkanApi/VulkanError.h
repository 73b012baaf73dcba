//===- VulkanError.h - Errors of the Vulkan runtime -------------*- C++ -*-===//
//
// Every Vulkan failure becomes an llvm::Error naming the call and its
// VkResult. "No usable device" has its own error class so callers can fall
// back to the reference device on exactly that error.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_VULKAN_VULKANERROR_H
#define OPENCGC_RUNTIME_VULKAN_VULKANERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <vulkan/vulkan_core.h>

#include <string>

namespace opencgc::vulkan {

/// No Vulkan driver, no device, or none that fits the request. Test with
/// `err.isA<NoDeviceError>()` or handle with llvm::handleErrors.
class NoDeviceError : public llvm::ErrorInfo<NoDeviceError> {
public:
  static char ID;
  explicit NoDeviceError(std::string message) : message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;
  llvm::StringRef getMessage() const { return message; }

private:
  std::string message;
};

/// "VK_ERROR_DEVICE_LOST", or "VkResult(<n>)" for values this build does not
/// know.
std::string getVkResultName(VkResult result);

/// "<call> failed<context>: <VkResult name>", e.g. "vkCreateComputePipelines
/// failed for kernel 'add_0': VK_ERROR_OUT_OF_HOST_MEMORY". `context` starts
/// with a space when given.
llvm::Error makeVulkanError(llvm::StringRef call, VkResult result,
                            const llvm::Twine &context = "");

} // namespace opencgc::vulkan

#endif // OPENCGC_RUNTIME_VULKAN_VULKANERROR_H
