//===- CudaKernel.cpp - One PTX kernel loaded into the GPU ----------------===//
#include "CudaKernel.h"

#include <cstring>

namespace opencgc::device {

llvm::Expected<std::unique_ptr<CudaKernel>>
CudaKernel::load(std::shared_ptr<cuda::CudaContext> context,
                 const std::string &ptx, const std::string &entryPoint) {
  if (llvm::Error error = context->makeCurrent())
    return std::move(error);
  // The driver compiles the PTX here; its complaints go to this buffer.
  char log[16384] = {};
  cuda::CUjit_option options[] = {cuda::kJitErrorLogBuffer,
                                  cuda::kJitErrorLogBufferSizeBytes};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log) - 1))};
  cuda::CUmodule module = nullptr;
  if (llvm::Error error =
          context->check(context->api().cuModuleLoadDataEx(&module, ptx.c_str(),
                                                           2, options, values),
                         "cuModuleLoadDataEx"))
    return llvm::createStringError(
        "kernel @" + entryPoint + ": " + llvm::toString(std::move(error)) +
        (std::strlen(log) ? ": " + std::string(log) : std::string()));
  std::unique_ptr<CudaKernel> kernel(new CudaKernel(context, module));
  if (llvm::Error error =
          context->check(context->api().cuModuleGetFunction(
                             &kernel->function, module, entryPoint.c_str()),
                         "cuModuleGetFunction(" + entryPoint + ")"))
    return std::move(error);
  return kernel;
}

CudaKernel::~CudaKernel() {
  context->makeCurrentForCleanup();
  context->api().cuModuleUnload(module);
}

} // namespace opencgc::device
