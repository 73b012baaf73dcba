//===- SpirvBackend.h - Kernel IR to validated SPIR-V -----------*- C++ -*-===//
//
// Kernel IR -> MLIR's SPIR-V dialect -> binary for Vulkan 1.3 compute.
// Every binary is validated in-process with SPIRV-Tools (target environment
// vulkan1.3) before anyone may use it.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_SPIRVBACKEND_H
#define OPENCGC_CODEGEN_SPIRVBACKEND_H

#include "opencgc/Codegen/KernelIR.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::codegen {

struct SpirvKernel {
  KernelLaunch launch;
  /// The entry point's name in `binary`.
  std::string entryPoint;
  /// Storage buffers at set 0, bindings 0..numBindings-1.
  unsigned numBindings = 0;
  std::vector<uint32_t> binary;
};

/// Lowers every kernel of `kernels` to SPIR-V and validates it. A lowering
/// or validation failure is an error naming the kernel.
llvm::Expected<std::vector<SpirvKernel>> compileToSpirv(KernelModule &kernels);

/// Loads every dialect Kernel IR and the SPIR-V backend use. Call it once
/// before generating kernels from several threads on one context.
void loadCodegenDialects(mlir::MLIRContext &context);

/// SPIRV-Tools validation for Vulkan 1.3; the error names `kernelName`.
llvm::Error validateSpirv(llvm::ArrayRef<uint32_t> binary,
                          llvm::StringRef kernelName);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_SPIRVBACKEND_H
