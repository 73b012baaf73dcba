//===- CudaReplay.cpp - Replays PTX dispatches through the driver ---------===//

#include "CudaReplay.h"

#include "CaptureReader.h"
#include "ReplayError.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>

namespace replay {

namespace {

// The few driver API types and values used here, declared locally so that
// no CUDA header is needed to build (values as in the driver API's cuda.h).
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctxOpaque *;
using CUmodule = struct CUmodOpaque *;
using CUfunction = struct CUfuncOpaque *;
using CUstream = struct CUstreamOpaque *;
using CUjitOption = int;
constexpr CUresult CudaSuccess = 0;
constexpr CUjitOption JitErrorLogBuffer = 5;
constexpr CUjitOption JitErrorLogBufferSizeBytes = 6;

/// The driver entry points, looked up in libcuda.so.1.
struct DriverApi {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned,
                                 CUjitOption *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
};

/// Looks up `name`, or `fallback` where the driver only has the older one.
template <typename Function>
void bind(void *library, Function &function, const char *name,
          const char *fallback = nullptr) {
  void *symbol = dlsym(library, name);
  if (!symbol && fallback)
    symbol = dlsym(library, fallback);
  if (!symbol)
    throw ReplayError(std::string("the CUDA driver libcuda.so.1 has no ") +
                      name);
  function = reinterpret_cast<Function>(symbol);
}

/// One device allocation per region, freed when the dispatch is done.
struct DeviceRegions {
  const DriverApi &api;
  std::vector<CUdeviceptr> pointers;

  explicit DeviceRegions(const DriverApi &api) : api(api) {}
  ~DeviceRegions() {
    for (CUdeviceptr pointer : pointers)
      api.cuMemFree(pointer);
  }
};

class CudaReplay : public DeviceReplay {
public:
  CudaReplay();
  ~CudaReplay() override;
  CudaReplay(const CudaReplay &) = delete;
  CudaReplay &operator=(const CudaReplay &) = delete;

  std::string getDeviceName() const override { return name; }
  void run(const Capture &capture, const Dispatch &dispatch,
           RegionBytes &regions) override;

private:
  void loadDriver();
  std::string describe(CUresult result) const;
  void check(CUresult result, const char *call) const;
  CUfunction getFunction(const Capture &capture, unsigned kernel);

  void *library = nullptr;
  DriverApi api{};
  CUdevice device = 0;
  CUcontext context = nullptr;
  std::string name;
  std::map<unsigned, CUmodule> modules;
  std::map<unsigned, CUfunction> functions;
};

CudaReplay::CudaReplay() {
  loadDriver();
  check(api.cuInit(0), "cuInit");
  check(api.cuDeviceGet(&device, 0), "cuDeviceGet");
  char buffer[256] = {};
  check(api.cuDeviceGetName(buffer, sizeof(buffer) - 1, device),
        "cuDeviceGetName");
  name = buffer;
  check(api.cuDevicePrimaryCtxRetain(&context, device),
        "cuDevicePrimaryCtxRetain");
  check(api.cuCtxSetCurrent(context), "cuCtxSetCurrent");
}

CudaReplay::~CudaReplay() {
  if (context) {
    for (auto &[kernel, module] : modules)
      api.cuModuleUnload(module);
    api.cuDevicePrimaryCtxRelease(device);
  }
  // The driver stays loaded: it may still run exit handlers of its own.
}

void CudaReplay::loadDriver() {
  library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    throw ReplayError(std::string("cannot load the CUDA driver libcuda.so.1") +
                      (why ? std::string(" (") + why + ")" : "") +
                      ": a CUDA capture replays only on a machine with the "
                      "NVIDIA driver");
  }
  bind(library, api.cuInit, "cuInit");
  bind(library, api.cuGetErrorName, "cuGetErrorName");
  bind(library, api.cuDeviceGet, "cuDeviceGet");
  bind(library, api.cuDeviceGetName, "cuDeviceGetName");
  bind(library, api.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  bind(library, api.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2",
       "cuDevicePrimaryCtxRelease");
  bind(library, api.cuCtxSetCurrent, "cuCtxSetCurrent");
  bind(library, api.cuCtxSynchronize, "cuCtxSynchronize");
  bind(library, api.cuModuleLoadDataEx, "cuModuleLoadDataEx");
  bind(library, api.cuModuleUnload, "cuModuleUnload");
  bind(library, api.cuModuleGetFunction, "cuModuleGetFunction");
  // cuda.h maps these names onto their 64-bit (_v2) versions.
  bind(library, api.cuMemAlloc, "cuMemAlloc_v2");
  bind(library, api.cuMemFree, "cuMemFree_v2");
  bind(library, api.cuMemcpyHtoD, "cuMemcpyHtoD_v2");
  bind(library, api.cuMemcpyDtoH, "cuMemcpyDtoH_v2");
  bind(library, api.cuLaunchKernel, "cuLaunchKernel");
}

std::string CudaReplay::describe(CUresult result) const {
  const char *resultName = nullptr;
  if (api.cuGetErrorName(result, &resultName) != CudaSuccess || !resultName)
    resultName = "an unknown CUresult";
  return std::string(resultName) + " (" + std::to_string(result) + ")";
}

void CudaReplay::check(CUresult result, const char *call) const {
  if (result != CudaSuccess)
    throw ReplayError(std::string(call) + " failed: " + describe(result));
}

CUfunction CudaReplay::getFunction(const Capture &capture, unsigned index) {
  auto found = functions.find(index);
  if (found != functions.end())
    return found->second;
  const Kernel &kernel = capture.kernels[index];
  std::string path = capture.resolve(kernel.path);
  std::error_code error;
  uint64_t size = std::filesystem::file_size(path, error);
  if (error)
    throw ReplayError(path + ": cannot read the PTX kernel");
  // cuModuleLoadDataEx takes PTX as a NUL-terminated string.
  std::vector<uint8_t> ptx = readBytes(path, size);
  ptx.push_back(0);

  char log[8192] = {};
  CUjitOption options[] = {JitErrorLogBuffer, JitErrorLogBufferSizeBytes};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log)))};
  CUmodule module = nullptr;
  CUresult result =
      api.cuModuleLoadDataEx(&module, ptx.data(), 2, options, values);
  if (result != CudaSuccess)
    throw ReplayError("cuModuleLoadDataEx failed: " + describe(result) +
                      " for kernel " + kernel.id +
                      (log[0] ? std::string(": ") + log : ""));
  modules[index] = module;
  CUfunction function = nullptr;
  check(api.cuModuleGetFunction(&function, module, kernel.entry.c_str()),
        "cuModuleGetFunction");
  functions[index] = function;
  return function;
}

void CudaReplay::run(const Capture &capture, const Dispatch &dispatch,
                     RegionBytes &regions) {
  const Kernel &kernel = capture.kernels[dispatch.kernel];
  CUfunction function = getFunction(capture, dispatch.kernel);
  DeviceRegions memory(api);
  for (const std::vector<uint8_t> &bytes : regions) {
    // cuMemAlloc refuses 0 bytes; an empty region still needs an address.
    CUdeviceptr pointer = 0;
    check(api.cuMemAlloc(&pointer, std::max<size_t>(bytes.size(), 16)),
          "cuMemAlloc");
    memory.pointers.push_back(pointer);
    if (!bytes.empty())
      check(api.cuMemcpyHtoD(pointer, bytes.data(), bytes.size()),
            "cuMemcpyHtoD");
  }
  // One pointer parameter per binding: its region's base plus its offset.
  std::vector<CUdeviceptr> arguments;
  for (const Binding &b : dispatch.bindings)
    arguments.push_back(memory.pointers[b.region] + b.offset);
  std::vector<void *> parameters;
  for (CUdeviceptr &argument : arguments)
    parameters.push_back(&argument);
  check(api.cuLaunchKernel(function, dispatch.groups[0], dispatch.groups[1],
                           dispatch.groups[2], kernel.block[0], kernel.block[1],
                           kernel.block[2], 0, nullptr, parameters.data(),
                           nullptr),
        "cuLaunchKernel");
  check(api.cuCtxSynchronize(), "cuCtxSynchronize");
  for (size_t i = 0; i < regions.size(); ++i)
    if (!regions[i].empty())
      check(api.cuMemcpyDtoH(regions[i].data(), memory.pointers[i],
                             regions[i].size()),
            "cuMemcpyDtoH");
}

} // namespace

std::unique_ptr<DeviceReplay> createCudaReplay() {
  return std::make_unique<CudaReplay>();
}

} // namespace replay
