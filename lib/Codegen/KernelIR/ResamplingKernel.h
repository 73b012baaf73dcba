//===- ResamplingKernel.h - Upsampling and block move kernels ---*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_RESAMPLINGKERNEL_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_RESAMPLINGKERNEL_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

struct KernelModule;

/// Whether the subgraph's first op is a resampling op (upsample,
/// upsample2d, depth_to_space, space_to_depth, or resize, which is refused
/// with its reason): the resampling kernel generator (ResamplingKernel.cpp)
/// handles it, with the rest as its epilogue.
bool isResamplingSubgraph(cgc::FunctionalDefinitionOp definition);

/// What the resampling kernel generator accepts (float32, nearest or linear
/// upsampling by positive integer factors, 4-D block permutations,
/// elementwise epilogue on the output's shape).
llvm::Error checkResamplingSupport(cgc::SubgraphOp subgraph);

/// The kernel of a subgraph that checkResamplingSupport accepts.
KernelModule buildResamplingKernel(cgc::SubgraphOp subgraph);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_RESAMPLINGKERNEL_H
