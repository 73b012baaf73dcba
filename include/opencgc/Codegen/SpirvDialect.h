//===- SpirvDialect.h - Kernel IR in MLIR's SPIR-V dialect ------*- C++ -*-===//
//
// The middle stage of the SPIR-V backend (SpirvBackend.h), exposed so tools
// can show it: Kernel IR lowered to `spirv.module`s, not yet serialized.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_SPIRVDIALECT_H
#define OPENCGC_CODEGEN_SPIRVDIALECT_H

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/SpirvBackend.h"

namespace opencgc::codegen {

/// A builtin.module holding one spirv.module per gpu.module of `kernels`
/// (Vulkan 1.3 target environment, ABI attributes lowered, VCE triple
/// updated). `kernels` is left unchanged. Errors name the kernels and carry
/// the conversion's diagnostics. Read-only inputs become uniform texel
/// buffers as `options` allow.
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
lowerToSpirvDialect(const KernelModule &kernels,
                    const SpirvOptions &options = {});

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_SPIRVDIALECT_H
