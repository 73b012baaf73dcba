//===- CublasGemm.cpp - cuBLAS's sgemm, loaded at run time ----------------===//
//
// The three cuBLAS calls used, declared here from cuBLAS's documentation
// (no CUDA header is needed to build).
//
//===----------------------------------------------------------------------===//
#include "CublasGemm.h"

#include "opencgc/Device/CudaDriver.h"

#include <dlfcn.h>

using namespace llvm;
using namespace opencgc::cuda;

namespace opencgc::cli {
namespace {

using CublasHandle = struct CublasContext *;
using CublasStatus = int; // CUBLAS_STATUS_SUCCESS is 0
constexpr int kCublasOpN = 0;
/// cublasMath_t's CUBLAS_TF32_TENSOR_OP_MATH: SGEMM on TF32 tensor cores.
constexpr int kCublasTf32TensorOpMath = 3;

struct CublasApi {
  CublasStatus (*create)(CublasHandle *handle);
  CublasStatus (*destroy)(CublasHandle handle);
  CublasStatus (*sgemm)(CublasHandle handle, int transA, int transB, int m,
                        int n, int k, const float *alpha, const float *a,
                        int lda, const float *b, int ldb, const float *beta,
                        float *c, int ldc);
  CublasStatus (*setMathMode)(CublasHandle handle, int mode);
};

Expected<CublasApi> loadCublas() {
  std::string tried;
  for (const char *name :
       {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}) {
    // Never closed: cuBLAS keeps state for the life of the process.
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char *reason = dlerror();
      tried +=
          std::string(tried.empty() ? "" : "; ") + (reason ? reason : name);
      continue;
    }
    CublasApi api;
    api.create = reinterpret_cast<decltype(api.create)>(
        dlsym(library, "cublasCreate_v2"));
    api.destroy = reinterpret_cast<decltype(api.destroy)>(
        dlsym(library, "cublasDestroy_v2"));
    api.sgemm =
        reinterpret_cast<decltype(api.sgemm)>(dlsym(library, "cublasSgemm_v2"));
    api.setMathMode = reinterpret_cast<decltype(api.setMathMode)>(
        dlsym(library, "cublasSetMathMode"));
    if (!api.create || !api.destroy || !api.sgemm || !api.setMathMode)
      return createStringError(Twine(name) + " lacks cublasCreate_v2, "
                                             "cublasDestroy_v2, "
                                             "cublasSgemm_v2 or "
                                             "cublasSetMathMode");
    return api;
  }
  return createStringError("libcublas could not be loaded (" + tried + ")");
}

Error checkCublas(CublasStatus status, StringRef call) {
  if (status == 0)
    return Error::success();
  return createStringError(call + " failed with cublasStatus_t " +
                           Twine(status));
}

/// The context, handle and device matrices of the runs; released on every
/// path.
class CublasSession {
public:
  CublasSession(const CudaDriver &driver, const CublasApi &cublas)
      : driver(driver), cublas(cublas) {}
  ~CublasSession();
  Error open(size_t bytes);
  /// cuBLAS's TF32 tensor-core SGEMM (--precision tf32's baseline).
  Error useTf32() {
    return checkCublas(cublas.setMathMode(handle, kCublasTf32TensorOpMath),
                       "cublasSetMathMode");
  }
  Error upload(ArrayRef<float> a, ArrayRef<float> b);
  /// One product C = A B, row-major, waited for.
  Error multiply(int64_t size);

private:
  const CudaDriverApi &cu() const { return driver.api(); }

  const CudaDriver &driver;
  const CublasApi &cublas;
  CUdevice device = 0;
  CUcontext context = nullptr;
  CublasHandle handle = nullptr;
  CUdeviceptr matrices[3] = {};
};

Error CublasSession::open(size_t bytes) {
  if (Error error = driver.check(cu().cuDeviceGet(&device, 0), "cuDeviceGet"))
    return error;
  // The primary context is the one the CUDA runtime inside cuBLAS uses.
  if (Error error =
          driver.check(cu().cuDevicePrimaryCtxRetain(&context, device),
                       "cuDevicePrimaryCtxRetain"))
    return error;
  if (Error error =
          driver.check(cu().cuCtxSetCurrent(context), "cuCtxSetCurrent"))
    return error;
  for (CUdeviceptr &matrix : matrices)
    if (Error error =
            driver.check(cu().cuMemAlloc_v2(&matrix, bytes), "cuMemAlloc_v2"))
      return error;
  return checkCublas(cublas.create(&handle), "cublasCreate_v2");
}

Error CublasSession::upload(ArrayRef<float> a, ArrayRef<float> b) {
  if (Error error = driver.check(
          cu().cuMemcpyHtoD_v2(matrices[0], a.data(), a.size() * sizeof(float)),
          "cuMemcpyHtoD_v2"))
    return error;
  return driver.check(
      cu().cuMemcpyHtoD_v2(matrices[1], b.data(), b.size() * sizeof(float)),
      "cuMemcpyHtoD_v2");
}

Error CublasSession::multiply(int64_t size) {
  auto pointer = [&](int index) {
    return reinterpret_cast<float *>(static_cast<uintptr_t>(matrices[index]));
  };
  // Row-major C = A B is column-major C^T = B^T A^T: swap the operands.
  int n = int(size);
  float one = 1, zero = 0;
  if (Error error = checkCublas(
          cublas.sgemm(handle, kCublasOpN, kCublasOpN, n, n, n, &one,
                       pointer(1), n, pointer(0), n, &zero, pointer(2), n),
          "cublasSgemm_v2"))
    return error;
  return driver.check(cu().cuCtxSynchronize(), "cuCtxSynchronize");
}

CublasSession::~CublasSession() {
  if (!context)
    return;
  cu().cuCtxSetCurrent(context);
  if (handle)
    cublas.destroy(handle);
  for (CUdeviceptr matrix : matrices)
    if (matrix)
      cu().cuMemFree_v2(matrix);
  cu().cuDevicePrimaryCtxRelease_v2(device);
}

} // namespace

Expected<std::vector<double>> timeCublasSgemm(int64_t size, ArrayRef<float> a,
                                              ArrayRef<float> b,
                                              const BenchOptions &options) {
  auto driver = CudaDriver::get();
  if (!driver)
    return driver.takeError();
  auto cublas = loadCublas();
  if (!cublas)
    return cublas.takeError();
  CublasSession session(*driver, *cublas);
  if (Error error = session.open(size * size * sizeof(float)))
    return std::move(error);
  if (options.deviceOptions.precision == codegen::Precision::Tf32)
    if (Error error = session.useTf32())
      return std::move(error);
  if (Error error = session.upload(a, b))
    return std::move(error);
  return timeRuns(options, [&] { return session.multiply(size); });
}

} // namespace opencgc::cli
