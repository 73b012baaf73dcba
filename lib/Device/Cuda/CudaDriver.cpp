//===- CudaDriver.cpp - The CUDA driver API, loaded at run time -----------===//
#include "opencgc/Device/CudaDriver.h"

#include <dlfcn.h>
#include <memory>
#include <mutex>

namespace opencgc::cuda {
namespace {

constexpr const char *kLibraryName = "libcuda.so.1";

template <typename T> bool bind(void *library, const char *symbol, T &slot) {
  slot = reinterpret_cast<T>(dlsym(library, symbol));
  return slot != nullptr;
}

/// Binds every entry point; the name of the first missing one on failure.
const char *bindAll(void *library, CudaDriverApi &api) {
#define OPENCGC_BIND(name)                                                     \
  if (!bind(library, #name, api.name))                                         \
    return #name;
  OPENCGC_BIND(cuInit)
  OPENCGC_BIND(cuDriverGetVersion)
  OPENCGC_BIND(cuGetErrorName)
  OPENCGC_BIND(cuGetErrorString)
  OPENCGC_BIND(cuDeviceGetCount)
  OPENCGC_BIND(cuDeviceGet)
  OPENCGC_BIND(cuDeviceGetName)
  OPENCGC_BIND(cuDeviceGetAttribute)
  OPENCGC_BIND(cuDevicePrimaryCtxRetain)
  OPENCGC_BIND(cuDevicePrimaryCtxRelease_v2)
  OPENCGC_BIND(cuCtxSetCurrent)
  OPENCGC_BIND(cuCtxSynchronize)
  OPENCGC_BIND(cuMemAlloc_v2)
  OPENCGC_BIND(cuMemAllocManaged)
  OPENCGC_BIND(cuMemFree_v2)
  OPENCGC_BIND(cuMemcpyHtoD_v2)
  OPENCGC_BIND(cuMemcpyDtoH_v2)
  OPENCGC_BIND(cuModuleLoadDataEx)
  OPENCGC_BIND(cuModuleGetFunction)
  OPENCGC_BIND(cuModuleUnload)
  OPENCGC_BIND(cuLaunchKernel)
  OPENCGC_BIND(cuStreamCreate)
  OPENCGC_BIND(cuStreamSynchronize)
  OPENCGC_BIND(cuStreamDestroy_v2)
#undef OPENCGC_BIND
  // A hint only: older drivers run without prefetching.
  bind(library, "cuMemPrefetchAsync_v2", api.cuMemPrefetchAsync_v2);
  return nullptr;
}

llvm::Expected<CudaDriverApi> load() {
  // Never closed: the driver stays loaded for the life of the process.
  void *library = dlopen(kLibraryName, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    return llvm::createStringError(llvm::Twine(kLibraryName) +
                                   " could not be loaded (" +
                                   (reason ? reason : "unknown reason") +
                                   "): no NVIDIA driver on this machine");
  }
  CudaDriverApi api{};
  if (const char *missing = bindAll(library, api))
    return llvm::createStringError(llvm::Twine(kLibraryName) + " lacks " +
                                   missing + ": the NVIDIA driver is too old");
  return api;
}

} // namespace

llvm::Expected<const CudaDriver &> CudaDriver::get() {
  static std::once_flag once;
  static std::unique_ptr<CudaDriver> instance;
  static std::string failure;
  std::call_once(once, [] {
    llvm::Expected<CudaDriverApi> api = load();
    if (!api) {
      failure = llvm::toString(api.takeError());
      return;
    }
    std::unique_ptr<CudaDriver> driver(new CudaDriver(*api));
    if (llvm::Error error = driver->check(api->cuInit(0), "cuInit")) {
      failure = llvm::toString(std::move(error));
      return;
    }
    instance = std::move(driver);
  });
  if (!instance)
    return llvm::createStringError(failure);
  return *instance;
}

llvm::Error CudaDriver::check(CUresult result, llvm::StringRef call) const {
  if (result == kCudaSuccess)
    return llvm::Error::success();
  const char *name = nullptr, *text = nullptr;
  if (table.cuGetErrorName(result, &name) != kCudaSuccess || !name)
    name = "an unknown CUresult";
  if (table.cuGetErrorString(result, &text) != kCudaSuccess || !text)
    text = "no description";
  return llvm::createStringError(call + " failed: " + name + " (" + text +
                                 ", CUresult " + llvm::Twine(result) + ")");
}

std::string CudaDriver::describeVersion() const {
  int version = 0;
  if (table.cuDriverGetVersion(&version) != kCudaSuccess)
    return "CUDA (unknown version)";
  return "CUDA " + std::to_string(version / 1000) + "." +
         std::to_string(version % 1000 / 10);
}

} // namespace opencgc::cuda
