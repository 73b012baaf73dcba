//===- CudaDriver.h - The CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// The few driver API calls the CUDA device (and bench's cuBLAS baseline)
// make, declared here from the CUDA driver API's documentation: the build
// needs no CUDA header or library, and a machine without an NVIDIA driver
// runs everything else. libcuda.so.1 is opened with dlopen on first use.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_CUDADRIVER_H
#define OPENCGC_DEVICE_CUDADRIVER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace opencgc::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUjit_option = int;

inline constexpr CUresult kCudaSuccess = 0;
inline constexpr int kDeviceAttributeComputeCapabilityMajor = 75;
inline constexpr int kDeviceAttributeComputeCapabilityMinor = 76;
inline constexpr int kDeviceAttributeManagedMemory = 83;
inline constexpr int kDeviceAttributeConcurrentManagedAccess = 89;
inline constexpr unsigned kMemAttachGlobal = 1;
inline constexpr CUjit_option kJitErrorLogBuffer = 5;
inline constexpr CUjit_option kJitErrorLogBufferSizeBytes = 6;

/// CUmemLocation, for cuMemPrefetchAsync_v2.
struct CUmemLocation {
  int type; // CU_MEM_LOCATION_TYPE_DEVICE is 1
  int id;
};
inline constexpr int kMemLocationTypeDevice = 1;

/// The entry points, by their exported (versioned) symbol names.
struct CudaDriverApi {
  CUresult (*cuInit)(unsigned flags);
  CUresult (*cuDriverGetVersion)(int *version);
  CUresult (*cuGetErrorName)(CUresult error, const char **name);
  CUresult (*cuGetErrorString)(CUresult error, const char **text);
  CUresult (*cuDeviceGetCount)(int *count);
  CUresult (*cuDeviceGet)(CUdevice *device, int ordinal);
  CUresult (*cuDeviceGetName)(char *name, int length, CUdevice device);
  CUresult (*cuDeviceGetAttribute)(int *value, int attribute, CUdevice device);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *context, CUdevice device);
  CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice device);
  CUresult (*cuCtxSetCurrent)(CUcontext context);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuMemAlloc_v2)(CUdeviceptr *pointer, size_t bytes);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *pointer, size_t bytes,
                                unsigned flags);
  CUresult (*cuMemFree_v2)(CUdeviceptr pointer);
  CUresult (*cuMemcpyHtoD_v2)(CUdeviceptr destination, const void *source,
                              size_t bytes);
  CUresult (*cuMemcpyDtoH_v2)(void *destination, CUdeviceptr source,
                              size_t bytes);
  CUresult (*cuModuleLoadDataEx)(CUmodule *module, const void *image,
                                 unsigned numOptions, CUjit_option *options,
                                 void **optionValues);
  CUresult (*cuModuleGetFunction)(CUfunction *function, CUmodule module,
                                  const char *name);
  CUresult (*cuModuleUnload)(CUmodule module);
  CUresult (*cuLaunchKernel)(CUfunction function, unsigned gridX,
                             unsigned gridY, unsigned gridZ, unsigned blockX,
                             unsigned blockY, unsigned blockZ,
                             unsigned sharedMemBytes, CUstream stream,
                             void **kernelParams, void **extra);
  CUresult (*cuStreamCreate)(CUstream *stream, unsigned flags);
  CUresult (*cuStreamSynchronize)(CUstream stream);
  CUresult (*cuStreamDestroy_v2)(CUstream stream);
  /// Optional (drivers of CUDA 12.2 and later); null where absent.
  CUresult (*cuMemPrefetchAsync_v2)(CUdeviceptr pointer, size_t bytes,
                                    CUmemLocation location, unsigned flags,
                                    CUstream stream);
};

class CudaDriver {
public:
  /// libcuda.so.1, loaded and initialized (cuInit) once per process. Fails
  /// when the library is absent ("no NVIDIA driver on this machine"), lacks
  /// an entry point, or cuInit fails (the message names the CUresult).
  static llvm::Expected<const CudaDriver &> get();

  const CudaDriverApi &api() const { return table; }

  /// Success, or an error naming `call` and the result:
  /// "cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
  llvm::Error check(CUresult result, llvm::StringRef call) const;

  /// "CUDA 13.0" from cuDriverGetVersion.
  std::string describeVersion() const;

private:
  explicit CudaDriver(const CudaDriverApi &table) : table(table) {}
  CudaDriverApi table;
};

} // namespace opencgc::cuda

#endif // OPENCGC_DEVICE_CUDADRIVER_H
