//===- DeviceRegistry.cpp - Every device opencgc knows --------------------===//
//
// The one table of devices. A new device adds its entry here (and links its
// library in this folder's CMakeLists.txt); nothing else lists devices.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Device/DeviceRegistry.h"

#include "opencgc/Device/CudaDevice.h"
#include "opencgc/Device/DxilHostDevice.h"
#include "opencgc/Device/NvvmHostDevice.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Device/VulkanDevice.h"

using namespace mlir;

namespace opencgc::device {
namespace {
using DeviceResult = llvm::Expected<std::unique_ptr<Device>>;

DeviceResult openVulkan(MLIRContext &context, const DeviceOptions &options) {
  VulkanDeviceOptions vulkan;
  vulkan.useCache = options.useCache;
  vulkan.cacheDirectory = options.cacheDirectory;
  vulkan.captureDirectory = options.captureDirectory;
  return createVulkanDevice(context, vulkan);
}

DeviceResult openCuda(MLIRContext &context, const DeviceOptions &options) {
  CudaDeviceOptions cuda;
  cuda.useCache = options.useCache;
  cuda.cacheDirectory = options.cacheDirectory;
  cuda.captureDirectory = options.captureDirectory;
  cuda.kernelTarget = options.kernelTarget;
  cuda.precision = options.precision;
  return createCudaDevice(context, cuda);
}

/// Compiling for CUDA needs no GPU: the target only declares.
DeviceResult makeCudaTarget(MLIRContext &context, const DeviceOptions &) {
  return createCudaCompileTarget(context);
}

DeviceResult openNvvmHost(MLIRContext &context, const DeviceOptions &options) {
  NvvmHostDeviceOptions nvvmHost;
  nvvmHost.captureDirectory = options.captureDirectory;
  nvvmHost.kernelTarget = options.kernelTarget;
  nvvmHost.precision = options.precision;
  return createNvvmHostDevice(context, nvvmHost);
}

DeviceResult openDxilHost(MLIRContext &context, const DeviceOptions &options) {
  DxilHostDeviceOptions dxilHost;
  dxilHost.shaderModelMinor = options.dxilShaderModelMinor;
  dxilHost.useCache = options.useCache;
  dxilHost.cacheDirectory = options.cacheDirectory;
  dxilHost.captureDirectory = options.captureDirectory;
  return createDxilHostDevice(context, dxilHost);
}

DeviceResult openReference(MLIRContext &context, const DeviceOptions &) {
  return createReferenceDevice(context);
}

DeviceResult makeTestTarget(MLIRContext &context,
                            const DeviceOptions &options) {
  if (options.declarationsPath.empty())
    return llvm::createStringError(
        "--target test reads its patterns from --declarations FILE");
  return createDeclarationFileDevice(context, options.declarationsPath);
}

const DeviceEntry kDevices[] = {
    {kVulkanTargetName, "SPIR-V kernels on a Vulkan 1.3 driver",
     "a Vulkan 1.3 driver (lavapipe and SwiftShader are tested)", "spirv", "",
     kUsesCache | kUsesCapture, openVulkan, openVulkan,
     /*fallsBackToReference=*/true},
    {kCudaTargetName, "PTX kernels (NVVM IR through libNVVM) on an NVIDIA GPU",
     "an NVIDIA driver (libcuda.so.1) and libNVVM", "ptx", "",
     kUsesCache | kUsesCapture | kUsesKernelTarget, openCuda, makeCudaTarget},
    {kNvvmHostTargetName,
     "NVVM IR kernels JIT-compiled for the CPU's cores (the host grid)",
     "nothing; libNVVM for --capture", "ptx", "",
     kUsesCapture | kUsesKernelTarget, openNvvmHost, openNvvmHost},
    {kDxilHostTargetName,
     "validated DXIL compute shaders JIT-compiled for the CPU's cores",
     "nothing", "dxil", "d3d12", kUsesCache | kUsesCapture | kUsesShaderModel,
     openDxilHost, openDxilHost},
    {kReferenceTargetName,
     "the reference interpreter (the oracle, and every compilation's "
     "fallback)",
     "nothing", "", "", 0, openReference, nullptr},
    {"test",
     "compile only: the patterns of a declaration file, run by the "
     "reference kernels",
     "nothing", "", "", kUsesDeclarations, nullptr, makeTestTarget},
};
} // namespace

llvm::ArrayRef<DeviceEntry> getDeviceRegistry() { return kDevices; }

const DeviceEntry *lookupDevice(llvm::StringRef name) {
  for (const DeviceEntry &entry : kDevices)
    if (entry.name == name || (!entry.alias.empty() && entry.alias == name))
      return &entry;
  return nullptr;
}

llvm::Expected<std::vector<std::unique_ptr<Device>>>
createCompileTargets(llvm::StringRef name, const DeviceOptions &options,
                     MLIRContext &context) {
  const DeviceEntry *entry = lookupDevice(name);
  if (!entry)
    return llvm::createStringError(
        "unknown target '" + name + "' (known: " +
        joinDeviceNames([](const DeviceEntry &) { return true; },
                        /*withAliases=*/true) +
        ")");
  if (!options.declarationsPath.empty() && !entry->reads(kUsesDeclarations))
    return llvm::createStringError(
        "--declarations belongs to --target test, not --target " + name);
  std::vector<std::unique_ptr<Device>> targets;
  if (!entry->compileTarget) // The reference fallback needs no asking.
    return targets;
  auto target = entry->compileTarget(context, options);
  if (!target)
    return target.takeError();
  targets.push_back(std::move(*target));
  return targets;
}

llvm::Expected<std::unique_ptr<Device>>
createFallbackTarget(MLIRContext &context) {
  return openReference(context, DeviceOptions());
}

std::string joinDeviceNames(llvm::function_ref<bool(const DeviceEntry &)> keep,
                            bool withAliases) {
  std::string names;
  auto add = [&](llvm::StringRef name) {
    names += (names.empty() ? "" : ", ") + name.str();
  };
  for (const DeviceEntry &entry : kDevices) {
    if (!keep(entry))
      continue;
    add(entry.name);
    if (withAliases && !entry.alias.empty())
      add(entry.alias);
  }
  return names;
}

} // namespace opencgc::device
