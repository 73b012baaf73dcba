//===- TargetEnvironment.h - The SPIR-V target we generate for --*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_SPIRV_TARGETENVIRONMENT_H
#define OPENCGC_LIB_CODEGEN_SPIRV_TARGETENVIRONMENT_H

#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"

namespace opencgc::codegen {

/// Vulkan 1.3 compute (SPIR-V 1.6): Shader plus the 8/16-bit storage
/// capabilities a kernel may use; spirv-update-vce keeps only those used.
mlir::spirv::TargetEnvAttr getVulkanTargetEnv(mlir::MLIRContext *context);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_SPIRV_TARGETENVIRONMENT_H
