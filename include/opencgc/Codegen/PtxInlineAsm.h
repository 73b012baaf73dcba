//===- PtxInlineAsm.h - PTX instructions NVVM IR reaches as asm -*- C++ -*-===//
//
// libNVVM accepts no intrinsic for TF32 tensor-core products, so kernels
// reach them through inline assembly (NVVM IR specification section 6.1;
// the forms that libNVVM and ptxas accept are checked in
// shared/reference/nvvm-tensor-cores.md). Kernel IR writes these texts and
// the host grid, which executes NVVM IR on a CPU, recognizes the same ones;
// any other inline assembly is an error there.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_PTXINLINEASM_H
#define OPENCGC_CODEGEN_PTXINLINEASM_H

#include "llvm/ADT/StringRef.h"

namespace opencgc::codegen {

/// One warp's D = A * B + C over a 16x8x8 tile (PTX ISA, "Matrix Fragments
/// for mma.m16n8k8", .tf32): per lane four A registers, two B registers
/// (TF32 bit patterns in .b32) and four float accumulators, tied in place.
inline constexpr llvm::StringLiteral kMmaM16n8k8Tf32Asm =
    "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0,$1,$2,$3}, "
    "{$4,$5,$6,$7}, {$8,$9}, {$0,$1,$2,$3};";
inline constexpr llvm::StringLiteral kMmaM16n8k8Tf32Constraints =
    "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3";

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_PTXINLINEASM_H
