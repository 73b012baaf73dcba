//===- DxilModuleMetadata.h - dx.* metadata of a compute shader -*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEMETADATA_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEMETADATA_H

#include "DxilLowering.h"
#include "opencgc/Bitcode/LegacyBitcodeWriter.h"

namespace opencgc::codegen {

/// The shader flags (entry tag 0) the module's features call for
/// (reference 3.5): raw buffers, 64-bit integers and native 16-bit types
/// where used.
uint64_t computeDxilShaderFlags(const llvm::Module &module);

/// half or i16, scalar or vector.
bool isSixteenBitType(const llvm::Type *type);
/// Whether any instruction of `function` makes or reads a 16-bit value.
bool usesSixteenBitTypes(const llvm::Function &function);

/// Makes `module` a cs_6_<minor> DXIL module: triple, native-layout data layout
/// (the legacy one is written by the bitcode writer), no other named or
/// instruction metadata, then dx.version, dx.valver, dx.shaderModel,
/// dx.resources (a raw-buffer record per binding) and dx.entryPoints.
/// `pointees` receives each record's HLSL type.
void emitDxilModuleMetadata(llvm::Module &module,
                            llvm::ArrayRef<DxilBinding> bindings,
                            const KernelLaunch &launch,
                            const DxilShaderTarget &target,
                            bitcode::PointeeTypes &pointees);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILMODULEMETADATA_H
