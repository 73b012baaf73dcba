//===- Devices.cpp - Choosing the devices a command runs on ---------------===//
#include "opencgc/Driver/Devices.h"

#include "opencgc/Device/CudaDevice.h"
#include "opencgc/Device/DxilHostDevice.h"
#include "opencgc/Device/NvvmHostDevice.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Device/VulkanDevice.h"

namespace opencgc::driver {

std::vector<device::Device *> DeviceSet::all() const {
  std::vector<device::Device *> devices{primary};
  for (const auto &device : owned)
    if (device.get() != primary)
      devices.push_back(device.get());
  return devices;
}

std::vector<device::Device *> DeviceSet::targets() const {
  if (primary->getName() == device::kReferenceTargetName)
    return {};
  return {primary};
}

llvm::Expected<DeviceSet> openDevices(llvm::StringRef name,
                                      mlir::MLIRContext &context,
                                      const DeviceOptions &options) {
  bool capturing = !options.captureDirectory.empty();
  if (capturing && name != "vulkan" && name != device::kCudaTargetName &&
      name != device::kDxilHostTargetName &&
      name != device::kNvvmHostTargetName)
    return llvm::createStringError(
        "--capture records the dispatches of a device that runs kernels "
        "(vulkan, cuda, nvvm-host, dxil-host); device '" +
        name + "' has none to record");
  DeviceSet set;
  set.owned.push_back(device::createReferenceDevice(context));
  set.primary = set.owned.back().get();
  if (name == "reference")
    return set;
  if (name == device::kNvvmHostTargetName) {
    device::NvvmHostDeviceOptions nvvmOptions;
    nvvmOptions.captureDirectory = options.captureDirectory;
    auto nvvmHost = device::createNvvmHostDevice(context, nvvmOptions);
    if (!nvvmHost)
      return nvvmHost.takeError();
    set.owned.push_back(std::move(*nvvmHost));
    set.primary = set.owned.back().get();
    return set;
  }
  if (name == device::kDxilHostTargetName) {
    device::DxilHostDeviceOptions dxilOptions;
    dxilOptions.shaderModelMinor = options.dxilShaderModelMinor;
    dxilOptions.useCache = options.useCache;
    dxilOptions.captureDirectory = options.captureDirectory;
    auto dxilHost = device::createDxilHostDevice(context, dxilOptions);
    if (!dxilHost)
      return dxilHost.takeError();
    set.owned.push_back(std::move(*dxilHost));
    set.primary = set.owned.back().get();
    return set;
  }
  if (name == device::kCudaTargetName) {
    // Asked for a GPU by name: without one it is an error, not a fallback.
    device::CudaDeviceOptions cudaOptions;
    cudaOptions.captureDirectory = options.captureDirectory;
    cudaOptions.useCache = options.useCache;
    auto cuda = device::createCudaDevice(context, cudaOptions);
    if (!cuda)
      return llvm::createStringError("--device cuda: " +
                                     llvm::toString(cuda.takeError()));
    set.owned.push_back(std::move(*cuda));
    set.primary = set.owned.back().get();
    return set;
  }
  if (name != "vulkan")
    return llvm::createStringError(
        "unknown device '" + name +
        "' (known: vulkan, cuda, nvvm-host, dxil-host, reference)");
  device::VulkanDeviceOptions vulkanOptions;
  vulkanOptions.useCache = options.useCache;
  vulkanOptions.captureDirectory = options.captureDirectory;
  auto vulkan = device::createVulkanDevice(context, vulkanOptions);
  if (!vulkan && capturing) // Nothing to capture on the reference device.
    return vulkan.takeError();
  if (!vulkan) {
    set.fallbackNote = llvm::toString(vulkan.takeError()) +
                       "; running on the reference device instead";
    return set;
  }
  set.owned.push_back(std::move(*vulkan));
  set.primary = set.owned.back().get();
  return set;
}

} // namespace opencgc::driver
