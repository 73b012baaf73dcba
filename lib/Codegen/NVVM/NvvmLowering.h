//===- NvvmLowering.h - Kernel IR to an LLVM 22 module ----------*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_NVVM_NVVMLOWERING_H
#define OPENCGC_LIB_CODEGEN_NVVM_NVVMLOWERING_H

#include "opencgc/Bitcode/LegacyBitcodeWriter.h"
#include "opencgc/Codegen/KernelIR.h"

#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace opencgc::codegen {

/// Kernel IR lowered through MLIR's gpu-to-nvvm conversion (bare pointers
/// in the global address space) and translated to LLVM IR. `pointees`
/// receives each kernel parameter's element type.
llvm::Expected<std::unique_ptr<llvm::Module>>
lowerToLlvmModule(KernelModule &kernels, llvm::LLVMContext &context,
                  bitcode::PointeeTypes &pointees);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_NVVM_NVVMLOWERING_H
