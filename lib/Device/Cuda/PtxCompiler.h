//===- PtxCompiler.h - NVVM IR to PTX for one GPU ---------------*- C++ -*-===//
//
// libNVVM compiles each kernel to PTX for the GPU's compute capability
// (compute_90 on an H100). Where libNVVM does not know that target (a GPU
// newer than the toolkit), it gets the newest older target libNVVM
// accepts, and the driver compiles that PTX forward when loading it; the
// compile note says so.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_CUDA_PTXCOMPILER_H
#define OPENCGC_LIB_DEVICE_CUDA_PTXCOMPILER_H

#include "PtxCache.h"

#include "opencgc/Codegen/LibNvvm.h"

#include <atomic>
#include <memory>
#include <string>

namespace opencgc::device {

class PtxCompiler {
public:
  /// For a GPU of compute capability `capability` (major * 10 + minor).
  /// Fails when libNVVM is absent or the GPU is older than every target.
  /// PTX is kept in `cacheDirectory` when it is not empty.
  static llvm::Expected<std::unique_ptr<PtxCompiler>>
  create(int capability, std::string cacheDirectory = "");

  /// PTX for `bitcode` (a kernel module named `name`); errors hold
  /// libNVVM's log. Safe to call from several threads.
  llvm::Expected<std::string> compile(llvm::ArrayRef<char> bitcode,
                                      llvm::StringRef name);

  /// "PTX for compute_90", and why when that is not the GPU's own target.
  std::string describe() const;

private:
  PtxCompiler(const codegen::LibNvvm &libNvvm, int capability, int target,
              std::string cacheDirectory)
      : libNvvm(libNvvm), capability(capability), target(target),
        cache(std::move(cacheDirectory), libNvvm.describe()) {}

  const codegen::LibNvvm &libNvvm;
  int capability;
  /// The target in use, lowered when libNVVM rejects one.
  std::atomic<int> target;
  PtxCache cache;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_CUDA_PTXCOMPILER_H
