//===- CublasGemm.h - cuBLAS's sgemm, loaded at run time --------*- C++ -*-===//
//
// The GPU baseline of `opencgc bench --micro gemm --device cuda`: cuBLAS's
// cublasSgemm on the same matrices, in device memory, in the same run.
// libcublas is opened with dlopen, so the tool builds and runs without the
// CUDA toolkit; where it is absent the benchmark says so and prints no
// ratio.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TOOLS_OPENCGC_CUBLASGEMM_H
#define OPENCGC_TOOLS_OPENCGC_CUBLASGEMM_H

#include "BenchSupport.h"

#include "llvm/ADT/ArrayRef.h"

namespace opencgc::cli {

/// Times `size` x `size` row-major products of `a` and `b` with
/// cublasSgemm (each run waited for with cuCtxSynchronize; the matrices
/// copied to the GPU once, untimed), on TF32 tensor cores with
/// --precision tf32 (cuBLAS has no 3xTF32: tf32x3 is timed against its
/// float32 SGEMM). Fails saying why when cuBLAS or the
/// CUDA driver is missing or a call fails.
llvm::Expected<std::vector<double>>
timeCublasSgemm(int64_t size, llvm::ArrayRef<float> a, llvm::ArrayRef<float> b,
                const BenchOptions &options);

} // namespace opencgc::cli

#endif // OPENCGC_TOOLS_OPENCGC_CUBLASGEMM_H
