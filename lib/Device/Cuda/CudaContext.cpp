//===- CudaContext.cpp - One NVIDIA GPU and its primary context -----------===//
#include "CudaContext.h"

namespace opencgc::cuda {

llvm::Expected<std::shared_ptr<CudaContext>>
CudaContext::open(const CudaDriver &driver) {
  const CudaDriverApi &api = driver.api();
  int count = 0;
  if (llvm::Error error =
          driver.check(api.cuDeviceGetCount(&count), "cuDeviceGetCount"))
    return std::move(error);
  if (count == 0)
    return llvm::createStringError("cuDeviceGetCount reports no CUDA device");
  CUdevice device = 0;
  if (llvm::Error error =
          driver.check(api.cuDeviceGet(&device, 0), "cuDeviceGet"))
    return std::move(error);
  std::shared_ptr<CudaContext> context(new CudaContext(driver, device));
  if (llvm::Error error = context->initialize())
    return std::move(error);
  return context;
}

llvm::Error CudaContext::readAttribute(int attribute, llvm::StringRef name,
                                       int &value) const {
  return check(
      api().cuDeviceGetAttribute(&value, attribute, device),
      ("cuDeviceGetAttribute(CU_DEVICE_ATTRIBUTE_" + name + ")").str());
}

llvm::Error CudaContext::initialize() {
  char name[256] = {};
  if (llvm::Error error =
          check(api().cuDeviceGetName(name, sizeof(name) - 1, device),
                "cuDeviceGetName"))
    return error;
  int major = 0, minor = 0, managed = 0, concurrent = 0;
  struct Query {
    int attribute;
    const char *name;
    int &value;
  } queries[] = {{kDeviceAttributeComputeCapabilityMajor,
                  "COMPUTE_CAPABILITY_MAJOR", major},
                 {kDeviceAttributeComputeCapabilityMinor,
                  "COMPUTE_CAPABILITY_MINOR", minor},
                 {kDeviceAttributeManagedMemory, "MANAGED_MEMORY", managed},
                 {kDeviceAttributeConcurrentManagedAccess,
                  "CONCURRENT_MANAGED_ACCESS", concurrent}};
  for (const Query &query : queries)
    if (llvm::Error error =
            readAttribute(query.attribute, query.name, query.value))
      return error;
  computeCapability = major * 10 + minor;
  description = std::string(name) + " (compute capability " +
                std::to_string(major) + "." + std::to_string(minor) + ", " +
                driver.describeVersion() + ")";
  // Resources live in managed memory (CudaMemory.h).
  if (!managed)
    return llvm::createStringError(description +
                                   " cannot allocate managed memory");
  prefetch = concurrent && api().cuMemPrefetchAsync_v2;
  if (llvm::Error error =
          check(api().cuDevicePrimaryCtxRetain(&context, device),
                "cuDevicePrimaryCtxRetain"))
    return error;
  if (llvm::Error error = makeCurrent())
    return error;
  return check(api().cuStreamCreate(&queue, 0), "cuStreamCreate");
}

llvm::Error CudaContext::makeCurrent() const {
  return check(api().cuCtxSetCurrent(context), "cuCtxSetCurrent");
}

void CudaContext::makeCurrentForCleanup() const {
  api().cuCtxSetCurrent(context);
}

CudaContext::~CudaContext() {
  if (!context)
    return;
  if (queue) {
    makeCurrentForCleanup();
    api().cuStreamSynchronize(queue);
    api().cuStreamDestroy_v2(queue);
  }
  api().cuDevicePrimaryCtxRelease_v2(device);
}

} // namespace opencgc::cuda
