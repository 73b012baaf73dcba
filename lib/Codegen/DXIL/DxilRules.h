//===- DxilRules.h - The validator's rule groups ----------------*- C++ -*-===//
//
// One function per group of rules, each in its own file; DxilValidator.cpp
// runs them in order. Module groups take the facts read from metadata.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILRULES_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILRULES_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc {
struct DxContainerView;
} // namespace opencgc

namespace opencgc::codegen {

class DxilReport;
struct DxilModuleFacts;
struct DxilProgramHeader;

/// Part set, order, repeats and the container digest (ContainerRules.cpp).
void checkContainerParts(const DxContainerView &view, DxilReport &report);
/// The data layout as written in the bitcode (BitcodeRules.cpp).
void checkDataLayout(llvm::StringRef written, DxilReport &report);
/// Entry function shape, numthreads and wave size (EntryRules.cpp).
void checkEntryPoint(const DxilModuleFacts &facts, DxilReport &report);
/// Resource records on their own (ResourceRules.cpp).
void checkResourceRecords(const DxilModuleFacts &facts, DxilReport &report);
/// The LLVM IR subset: target, types, instructions, named and attached
/// metadata (IrSubsetRules.cpp).
void checkIrSubset(const llvm::Module &module, DxilReport &report);
/// Functions, globals, recursion and control flow (DeclarationRules.cpp).
void checkDeclarations(const llvm::Module &module, const DxilModuleFacts &facts,
                       DxilReport &report);
/// dx.op calls: opcodes, overloads, immediates, handles and the records
/// they use (DxilOpRules.cpp).
void checkDxilOperations(const llvm::Module &module,
                         const DxilModuleFacts &facts, DxilReport &report);
/// Declared shader flags against the features used (ShaderFlags.cpp).
void checkShaderFlags(const llvm::Module &module, const DxilModuleFacts &facts,
                      DxilReport &report);
/// The HASH part against the bitcode. False when it shows the bitcode was
/// changed after hashing: LLVM's reader is not hardened against corrupt
/// records (it can abort on them), so such bitcode is not read
/// (PartRules.cpp).
bool checkShaderHash(const DxContainerView &view,
                     const DxilProgramHeader &program, DxilReport &report);
/// DXIL program header, SFI0, ISG1, OSG1 and PSV0 against the module
/// (PartRules.cpp).
void checkPartsMatchModule(const DxContainerView &view,
                           const DxilProgramHeader &program,
                           const llvm::Module &module,
                           const DxilModuleFacts &facts, DxilReport &report);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILRULES_H
