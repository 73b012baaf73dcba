//===- LibNvvm.h - NVIDIA's libNVVM, loaded at run time ---------*- C++ -*-===//
//
// The consumer that matters for NVVM IR (shared/reference/libnvvm.md):
// nvvmVerifyProgram and nvvmCompileProgram to PTX, with libdevice added
// lazily so only the __nv_* functions a kernel calls are linked. Loaded
// with dlopen so that machines without the CUDA toolkit build and run
// everything else; where it is absent, get() says where it looked.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_LIBNVVM_H
#define OPENCGC_CODEGEN_LIBNVVM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace opencgc::codegen {

class LibNvvm {
public:
  /// The library, loaded once per process: OPENCGC_LIBNVVM, else the CUDA
  /// toolkit under CUDA_HOME or /usr/local/cuda, else the loader's path.
  /// libdevice is OPENCGC_LIBDEVICE or the toolkit's libdevice.10.bc.
  static llvm::Expected<LibNvvm &> get();

  /// nvvmVersion and nvvmIRVersion, e.g. "libNVVM 2.0, NVVM IR 2.0".
  std::string describe() const;
  /// nvvmVerifyProgram for `arch` (compute_75, compute_90, ...); the error
  /// holds libNVVM's log and names `name`.
  llvm::Error verify(llvm::ArrayRef<char> bitcode, llvm::StringRef name,
                     llvm::StringRef arch) const;
  /// nvvmCompileProgram to PTX for `arch`, with -opt=3.
  llvm::Expected<std::string> compileToPtx(llvm::ArrayRef<char> bitcode,
                                           llvm::StringRef name,
                                           llvm::StringRef arch) const;

  struct Api;

private:
  explicit LibNvvm(const Api &api);
  llvm::Expected<std::string> run(llvm::ArrayRef<char> bitcode,
                                  llvm::StringRef name, llvm::StringRef arch,
                                  bool compile) const;

  const Api &api;
};

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_LIBNVVM_H
