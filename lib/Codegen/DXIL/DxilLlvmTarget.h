//===- DxilLlvmTarget.h - DXIL's part of Kernel IR to LLVM ------*- C++ -*-===//
//
// What the DXIL backend gives the target-neutral Kernel IR -> LLVM step
// (include/opencgc/Codegen/KernelToLlvm.h). MLIR has no conversion of gpu
// ops for DXIL, so the backend lowers through upstream's gpu-to-nvvm and
// maps its forms itself (DxilLowering.cpp, DxilMath.cpp). Its own copy of
// that choice, not the NVVM backend's, so that neither backend links the
// other and a change to NVVM's lowering cannot move DXIL's bytes.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILLLVMTARGET_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILLLVMTARGET_H

#include "opencgc/Codegen/KernelToLlvm.h"

namespace opencgc::codegen {

/// Upstream's gpu-to-nvvm with bare-pointer memrefs and 64-bit indices:
/// thread and block ids become llvm.nvvm.read.ptx.sreg.* (DxilLowering
/// makes them dx.op ids), math libdevice calls (DxilMath makes them dx.op
/// math), gpu's global address space addrspace(1).
const KernelLlvmTarget &getDxilLlvmTarget();

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILLLVMTARGET_H
