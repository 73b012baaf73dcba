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
  /// Set 0, bindings 0..numBindings-1: storage buffers, or uniform texel
  /// buffers (SpirvOptions) whose R32f/Rgba32f format the binary declares.
  unsigned numBindings = 0;
  std::vector<uint32_t> binary;
};

/// What the generated code may assume about the device.
struct SpirvOptions {
  /// A kernel argument that is only read, holds float32 and has at most
  /// this many elements in its load width (floats, or vec4s for a vec4
  /// buffer) is read through a uniform texel buffer (OpImageFetch), which
  /// lavapipe loads 2.6x faster than a storage buffer; others stay storage
  /// buffers. Pass the device's maxTexelBufferElements, or 0 when it lacks
  /// uniform texel buffers of R32_SFLOAT or R32G32B32A32_SFLOAT. The
  /// default, 65536, is the least every Vulkan device supports.
  uint32_t maxTexelBufferElements = 65536;
};

/// Lowers every kernel of `kernels` to SPIR-V and validates it. A lowering
/// or validation failure is an error naming the kernel.
llvm::Expected<std::vector<SpirvKernel>>
compileToSpirv(KernelModule &kernels, const SpirvOptions &options = {});

/// Loads every dialect Kernel IR and the SPIR-V backend use. Call it once
/// before generating kernels from several threads on one context.
void loadCodegenDialects(mlir::MLIRContext &context);

/// SPIRV-Tools validation for Vulkan 1.3; the error names `kernelName`.
llvm::Error validateSpirv(llvm::ArrayRef<uint32_t> binary,
                          llvm::StringRef kernelName);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_SPIRVBACKEND_H
