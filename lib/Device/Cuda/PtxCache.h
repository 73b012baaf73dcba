//===- PtxCache.h - PTX kept on disk between runs ---------------*- C++ -*-===//
//
// libNVVM takes 10-110 ms per kernel; the PTX of a kernel depends only on
// its NVVM bitcode, the target and the libNVVM that compiled it, so it is
// kept under the partition cache directory keyed by a hash of those.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_CUDA_PTXCACHE_H
#define OPENCGC_LIB_DEVICE_CUDA_PTXCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace opencgc::device {

class PtxCache {
public:
  /// An empty `directory` disables the cache. `compiler` names what
  /// compiles (libNVVM's version): a different one misses.
  PtxCache(std::string directory, std::string compiler)
      : directory(std::move(directory)), compiler(std::move(compiler)) {}

  /// The PTX stored for the kernel `name` of `bitcode` on `arch`; none on
  /// a miss or when the file does not define the kernel (damaged).
  std::optional<std::string> load(llvm::ArrayRef<char> bitcode,
                                  llvm::StringRef name,
                                  llvm::StringRef arch) const;
  void store(llvm::ArrayRef<char> bitcode, llvm::StringRef name,
             llvm::StringRef arch, llvm::StringRef ptx) const;

private:
  std::string pathFor(llvm::ArrayRef<char> bitcode, llvm::StringRef name,
                      llvm::StringRef arch) const;

  std::string directory;
  std::string compiler;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_CUDA_PTXCACHE_H
