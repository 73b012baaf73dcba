//===- PoolingKernel.h - Max, average and Lp pooling kernels ----*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_POOLINGKERNEL_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_POOLINGKERNEL_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

struct KernelModule;

/// Whether the subgraph's first op is a pooling op (max, average, Lp, or max
/// with indices, which is refused with its reason): the pooling kernel
/// generator (PoolingKernel.cpp) handles it, with the rest as its epilogue.
bool isPoolingSubgraph(cgc::FunctionalDefinitionOp definition);

/// What the pooling kernel generator accepts (float32, 1 to 3 spatial
/// dimensions, elementwise epilogue on the output's shape).
llvm::Error checkPoolingSupport(cgc::SubgraphOp subgraph);

/// The kernel of a subgraph that checkPoolingSupport accepts.
KernelModule buildPoolingKernel(cgc::SubgraphOp subgraph);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_POOLINGKERNEL_H
