//===- KernelModules.h - Kernel IR modules nested by the passes -*- C++ -*-===//
//
// cgc-lower-to-kernel-ir leaves each subgraph's Kernel IR in a builtin.module
// nested in the one the passes run on, named after the subgraph; how to
// launch its kernels travels with it as attributes, which the later passes
// read back (docs/kernel-ir.md, "As passes").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_PASSES_KERNELMODULES_H
#define OPENCGC_LIB_CODEGEN_PASSES_KERNELMODULES_H

#include "opencgc/Codegen/KernelIR.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace opencgc::codegen {

/// The kernels in launch order: [{name, workgroup_size, workgroup_count}].
inline constexpr llvm::StringLiteral kLaunchesAttrName = "cgc.launches";
/// The target the kernels are configured for, and what it chose.
inline constexpr llvm::StringLiteral kKernelTargetAttrName =
    "cgc.kernel_target";
inline constexpr llvm::StringLiteral kKernelConfigAttrName =
    "cgc.kernel_config";
/// Per input, the layout the kernels read it in (relayout-constants only).
inline constexpr llvm::StringLiteral kInputLayoutsAttrName =
    "cgc.input_layouts";

/// `launches` as the cgc.launches attribute.
mlir::ArrayAttr getLaunchesAttr(mlir::MLIRContext *context,
                                llvm::ArrayRef<KernelLaunch> launches);

/// The launches `kernels` carries; an error on it if it has none or they
/// are malformed.
mlir::FailureOr<std::vector<KernelLaunch>> readLaunches(mlir::ModuleOp kernels);

/// The Kernel IR modules nested in `top`, in order. An error naming `pass`
/// where `top` still holds CGC IR (cgc-lower-to-kernel-ir has not run).
mlir::FailureOr<llvm::SmallVector<mlir::ModuleOp>>
getKernelModules(mlir::ModuleOp top, llvm::StringRef pass);

/// An error on `kernels` unless it holds a gpu.module (it was lowered
/// already).
mlir::LogicalResult checkHoldsGpuModule(mlir::ModuleOp kernels,
                                        llvm::StringRef pass);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_PASSES_KERNELMODULES_H
