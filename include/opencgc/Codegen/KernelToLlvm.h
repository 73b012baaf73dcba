//===- KernelToLlvm.h - Kernel IR to an LLVM 22 module ----------*- C++ -*-===//
//
// The step the NVVM and DXIL backends both start from: a copy of the Kernel
// IR lowered to MLIR's LLVM dialect and translated to one LLVM 22 module,
// with each kernel parameter's element type recorded for the legacy bitcode
// writers. It lives apart from both backends so that neither links the
// other (issue 26).
//
// Why a target hook: MLIR lowers gpu ops (thread and block ids, barriers,
// shared memory, math) to LLVM only through a vendor's conversion
// (convert-gpu-to-nvvm, -rocdl, ...); there is no neutral one, and the
// arith/memref/func/... patterns run inside that same pass. So the backend
// names that pass and its dialects (KernelLlvmTarget); everything around
// it is here. Both backends use upstream's NVVM conversion today, and the
// DXIL backend maps its forms (llvm.nvvm.read.ptx.sreg.*, __nv_* calls) to
// dx.op calls: emitting neutral forms here instead would change the DXIL
// bytes, which must stay what they are.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_KERNELTOLLVM_H
#define OPENCGC_CODEGEN_KERNELTOLLVM_H

#include "opencgc/Bitcode/LegacyBitcodeWriter.h"
#include "opencgc/Codegen/KernelIR.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
class OpPassManager;
} // namespace mlir

namespace opencgc::codegen {

/// What a backend adds to the target-neutral lowering.
struct KernelLlvmTarget {
  /// Names the target in errors ("NVVM lowering failed: ...").
  llvm::StringRef name;
  /// Adds the target's dialects, their conversion interfaces to LLVM and
  /// their translations to LLVM IR.
  void (*registerDialects)(mlir::DialectRegistry &registry) = nullptr;
  /// Loads the target's dialects, after the neutral ones.
  void (*loadDialects)(mlir::MLIRContext &context) = nullptr;
  /// Adds the passes that lower one gpu.module to the LLVM dialect (and the
  /// target's own), after scf became branches; memref parameters are in
  /// gpu's global address space.
  void (*addGpuModuleLowering)(mlir::OpPassManager &gpuModulePasses) = nullptr;
};

/// Upstream's convert-gpu-to-nvvm with bare-pointer memrefs and 64-bit
/// indices, the gpu lowering of both the NVVM and the DXIL backend: thread
/// and block ids become llvm.nvvm.read.ptx.sreg.* (NVVM IR specification
/// 15.4), math libdevice calls (__nv_*), gpu's global address space
/// addrspace(1) (12.1). `name` names the backend in errors.
KernelLlvmTarget getGpuToNvvmLowering(llvm::StringRef name);

/// The prefix of the math calls that lowering makes and that
/// expandMathIntrinsics is given: libdevice's (expf: __nv_expf).
inline constexpr llvm::StringLiteral kLibdevicePrefix = "__nv_";

/// Adds the dialects, conversion interfaces and translations the neutral
/// lowering uses, `target`'s, and those its passes load as they start: the
/// dependent dialects of a pass that calls lowerKernelsToLlvmDialect
/// (cgc-kernel-to-llvm), which may load none itself.
void registerKernelToLlvmDialects(mlir::DialectRegistry &registry,
                                  const KernelLlvmTarget &target);

/// Loads the dialects, conversion interfaces and translations the neutral
/// lowering uses, then `target`'s. Call it once before generating kernels
/// from several threads on one context.
void loadKernelToLlvmDialects(mlir::MLIRContext &context,
                              const KernelLlvmTarget &target);

/// Lowers the Kernel IR `module` in place to the LLVM dialect: memref
/// parameters in gpu's global address space, scf lowered to branches,
/// `target`'s gpu.module lowering, canonicalization and CSE, casts
/// reconciled. Fails after reporting the conversion's diagnostics to the
/// context's handlers. The MLIR part of lowerKernelsToLlvm, and the pass
/// cgc-kernel-to-llvm.
mlir::LogicalResult lowerKernelsToLlvmDialect(mlir::ModuleOp module,
                                              const KernelLlvmTarget &target);

/// A copy of `kernels` lowered by lowerKernelsToLlvmDialect, translated to
/// LLVM IR. `pointees` receives each kernel parameter's element type (f32,
/// f16, i8, <4 x float>, ...).
llvm::Expected<std::unique_ptr<llvm::Module>>
lowerKernelsToLlvm(KernelModule &kernels, llvm::LLVMContext &context,
                   bitcode::PointeeTypes &pointees,
                   const KernelLlvmTarget &target);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_KERNELTOLLVM_H
