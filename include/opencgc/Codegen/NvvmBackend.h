//===- NvvmBackend.h - Kernel IR to NVVM IR ---------------------*- C++ -*-===//
//
// Kernel IR -> MLIR's NVVM/LLVM dialects -> an LLVM 22 module -> NVVM IR:
// LLVM 7.0.1 bitcode with typed pointers, the form libNVVM reads
// (docs/kernel-ir.md, "NVVM IR"). Every module is checked against the NVVM
// IR specification's module rules before anyone may use it.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_NVVMBACKEND_H
#define OPENCGC_CODEGEN_NVVMBACKEND_H

#include "opencgc/Codegen/KernelIR.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::codegen {

struct NvvmKernel {
  KernelLaunch launch;
  /// The kernel function's name in `bitcode`.
  std::string entryPoint;
  /// Kernel parameters 0..numBindings-1: addrspace(1) pointers to each
  /// bind point's elements.
  unsigned numBindings = 0;
  /// NVVM IR: one module holding this kernel, LLVM 7.0.1 bitcode.
  std::vector<char> bitcode;
  /// The same module as LLVM 22 prints it (opaque pointers), for reading.
  std::string text;
};

/// Lowers every kernel of `kernels` to an NVVM IR module. A lowering,
/// writing or checking failure is an error naming the kernel.
llvm::Expected<std::vector<NvvmKernel>> compileToNvvm(KernelModule &kernels);

/// Loads the dialects and translations the NVVM backend uses. Call it once
/// before generating kernels from several threads on one context.
void loadNvvmCodegenDialects(mlir::MLIRContext &context);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_NVVMBACKEND_H
