//===- NvvmLlvmTarget.h - NVVM's part of Kernel IR to LLVM ------*- C++ -*-===//
//
// What the NVVM backend gives the target-neutral Kernel IR -> LLVM step
// (include/opencgc/Codegen/KernelToLlvm.h): upstream's gpu-to-nvvm
// conversion and the NVVM dialect. Apart from the backend's driver so the
// lowering's NVVM choices sit in one place.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_NVVM_NVVMLLVMTARGET_H
#define OPENCGC_LIB_CODEGEN_NVVM_NVVMLLVMTARGET_H

#include "opencgc/Codegen/KernelToLlvm.h"

namespace opencgc::codegen {

/// Thread and block ids become llvm.nvvm.read.ptx.sreg.* (NVVM IR
/// specification 15.4), math libdevice calls (__nv_*), memrefs bare
/// pointers with 64-bit indices; gpu's global address space is
/// addrspace(1) (12.1, CUDA __device__ memory).
const KernelLlvmTarget &getNvvmLlvmTarget();

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_NVVM_NVVMLLVMTARGET_H
