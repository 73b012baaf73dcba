//===- NvvmModule.h - LLVM 22 modules made NVVM IR --------------*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_NVVM_NVVMMODULE_H
#define OPENCGC_LIB_CODEGEN_NVVM_NVVMMODULE_H

#include "opencgc/Codegen/KernelIR.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::codegen {

/// NVVM IR specification 3.25, Data Layout: the one supported 64-bit layout.
extern const char *const nvvmDataLayout;
/// NVVM IR specification 3.26, Target Triple.
extern const char *const nvvmTriple;

/// Replaces what LLVM 22 emits and NVVM IR (LLVM 7, section 11 of the
/// specification) lacks or does not support: the min/max/abs intrinsics
/// become compares and selects, the libm-like intrinsics (fabs, floor,
/// minnum, ...) libdevice calls. Vector forms are done per element.
/// (expandMathIntrinsics with libdevice's prefix.)
void legalizeIntrinsicsForNvvm(llvm::Module &module);

/// Keeps only `launch`'s kernel and makes the module NVVM IR: triple, data
/// layout, `!nvvm.annotations` (kernel, maxntid; section 13) instead of
/// LLVM 22's calling convention and attributes, `!nvvmir.version` 2.0
/// (section 3.15), no other named metadata.
void finalizeNvvmModule(llvm::Module &module, const KernelLaunch &launch);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_NVVM_NVVMMODULE_H
