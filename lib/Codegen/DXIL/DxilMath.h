//===- DxilMath.h - libdevice calls as dx.op math ---------------*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILMATH_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILMATH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::codegen {

/// Replaces every float libdevice call (__nv_*f) the gpu-to-nvvm lowering
/// makes by dx.op math or arithmetic built from it. A call with no DXIL
/// form is an error naming it.
llvm::Error lowerLibdeviceCalls(llvm::Module &module);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILMATH_H
