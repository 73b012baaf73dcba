//===- DxilBackend.h - Kernel IR to DXIL compute shaders --------*- C++ -*-===//
//
// Kernel IR -> an LLVM 22 module (KernelToLlvm.h) -> a DXIL cs_6_0 module
// (dx.op calls on raw buffers, dx.* metadata) -> LLVM 3.7 bitcode in a
// signed DX container (docs/kernel-ir.md, "DXIL"). Every container is
// checked by the DXIL validator before anyone may use it.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_DXILBACKEND_H
#define OPENCGC_CODEGEN_DXILBACKEND_H

#include "opencgc/Codegen/KernelIR.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::codegen {

struct DxilKernel {
  KernelLaunch launch;
  /// The entry function's name in the module ("main", as DXC names it).
  std::string entryPoint;
  /// Bind points 0..numBindings-1: a raw buffer each, an SRV t<k> when the
  /// kernel only reads it, else a UAV u<k> (register space 0).
  unsigned numBindings = 0;
  /// The shader model it is written for, cs_6_<shaderModelMinor>.
  unsigned shaderModelMinor = 0;
  /// The signed DX container (DXBC) D3D12 takes.
  std::vector<uint8_t> container;
  /// The module's LLVM 3.7 bitcode (also inside the container's DXIL part).
  std::vector<char> bitcode;
  /// The module as LLVM 22 prints it, for reading.
  std::string text;
};

/// The newest compute shader model the backend writes: cs_6_6.
inline constexpr unsigned kNewestDxilShaderModelMinor = 6;

/// `--shader-model`'s value, "6.0" to "6.6", as its minor version.
llvm::Expected<unsigned> parseDxilShaderModel(llvm::StringRef text);

struct DxilOptions {
  /// cs_6_<minor>, 0 to kNewestDxilShaderModelMinor. A kernel with 16-bit
  /// types is written for at least cs_6_2 (native 16-bit types).
  unsigned shaderModelMinor = 0;
};

/// Lowers every kernel of `kernels` to a validated DXIL compute shader. A
/// lowering, writing or validation failure is an error naming the kernel.
llvm::Expected<std::vector<DxilKernel>>
compileToDxil(KernelModule &kernels, const DxilOptions &options = {});

/// Loads the dialects and translations the DXIL backend uses. Call it once
/// before generating kernels from several threads on one context.
void loadDxilCodegenDialects(mlir::MLIRContext &context);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_DXILBACKEND_H
