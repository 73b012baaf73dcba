//===- SpirvInspection.h - What a pipeline needs from a module --*- C++ -*-===//
//
// Reads the few facts pipeline creation needs from a SPIR-V binary: that the
// entry point exists as a GLCompute shader, its workgroup size, and the
// descriptor bindings the module declares. Drivers assume these are right;
// checking them here turns a driver crash into an error.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_RUNTIME_VULKAN_SPIRVINSPECTION_H
#define OPENCGC_LIB_RUNTIME_VULKAN_SPIRVINSPECTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>

namespace opencgc::vulkan {

/// What a descriptor-bound variable of the module is.
enum class DescriptorKind {
  /// A StorageBuffer (or Uniform) block: what the runtime binds by default.
  Buffer,
  /// OpTypeImage Dim Buffer, Sampled 1, in UniformConstant.
  UniformTexelBuffer,
  /// Any other image, sampler or resource: not supported.
  Other,
};

/// The Image Format operand of a uniform texel buffer.
enum class TexelFormat { Unknown, Rgba32f, R32f, Other };

struct DescriptorBinding {
  uint32_t set = 0;
  uint32_t binding = 0;
  DescriptorKind kind = DescriptorKind::Buffer;
  TexelFormat format = TexelFormat::Unknown;
};

struct SpirvKernelInfo {
  std::array<uint32_t, 3> workgroupSize{};
  llvm::SmallVector<DescriptorBinding, 8> bindings;
};

llvm::Expected<SpirvKernelInfo> inspectSpirv(llvm::ArrayRef<uint32_t> words,
                                             llvm::StringRef entryPoint);

} // namespace opencgc::vulkan

#endif // OPENCGC_LIB_RUNTIME_VULKAN_SPIRVINSPECTION_H
