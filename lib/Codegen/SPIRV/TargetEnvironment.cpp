//===- TargetEnvironment.cpp - The SPIR-V target we generate for ----------===//
#include "TargetEnvironment.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"

using namespace mlir;

namespace opencgc::codegen {

spirv::TargetEnvAttr getVulkanTargetEnv(MLIRContext *context) {
  using spirv::Capability;
  using spirv::Extension;
  // lavapipe reports every one of these (shared/reference/nvvm-and-spirv.md
  // B.4); a kernel only requires those it uses. Int64: kernels that compute
  // on int64 values (the Vulkan device checks shaderInt64 for them).
  Capability capabilities[] = {
      Capability::Shader, Capability::Float16, Capability::Int8,
      Capability::Int16, Capability::Int64,
      Capability::StorageBuffer16BitAccess, Capability::StorageBuffer8BitAccess,
      // texel buffer inputs (TexelBufferInputs.h)
      Capability::SampledBuffer};
  Extension extensions[] = {Extension::SPV_KHR_storage_buffer_storage_class,
                            Extension::SPV_KHR_16bit_storage,
                            Extension::SPV_KHR_8bit_storage};
  auto triple = spirv::VerCapExtAttr::get(spirv::Version::V_1_6, capabilities,
                                          extensions, context);
  return spirv::TargetEnvAttr::get(triple,
                                   spirv::getDefaultResourceLimits(context),
                                   spirv::ClientAPI::Vulkan);
}

} // namespace opencgc::codegen
