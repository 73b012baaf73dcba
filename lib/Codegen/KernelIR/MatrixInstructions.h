//===- MatrixInstructions.h - Tensor-core operations in Kernel IR -*- C++ -*-=//
//
// What the matmul kernel's tensor-core path (Tile::matrix) builds: TF32
// rounding in arith ops, and the warp's mma.sync as an llvm.inline_asm op,
// which only the NVVM backend lowers (the tiles around it use workgroup
// memory, which SPIR-V and DXIL refuse: checkNoWorkgroupMemory).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_MATRIXINSTRUCTIONS_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_MATRIXINSTRUCTIONS_H

#include "mlir/IR/Builders.h"

namespace opencgc::codegen {

/// The TF32 value nearest `x` (an f32 or a vector of them), ties away from
/// zero, as PTX's cvt.rna.tf32.f32 rounds: the 13 low mantissa bits
/// cleared after adding half of their range; NaNs are kept as they are.
mlir::Value roundToTf32(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value x);

/// mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 of this lane's
/// fragments: `a` four and `b` two i32 (TF32 bit patterns), `c` four f32;
/// returns the four f32 of D. Every lane of the warp must execute it.
llvm::SmallVector<mlir::Value, 4> createMmaM16n8k8Tf32(mlir::OpBuilder &builder,
                                                       mlir::Location loc,
                                                       mlir::ValueRange a,
                                                       mlir::ValueRange b,
                                                       mlir::ValueRange c);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_MATRIXINSTRUCTIONS_H
