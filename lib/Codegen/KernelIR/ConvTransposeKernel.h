//===- ConvTransposeKernel.h - Transposed convolution kernels ---*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_CONVTRANSPOSEKERNEL_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_CONVTRANSPOSEKERNEL_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

struct KernelModule;

/// Whether the subgraph's first op is a conv_transpose: the transposed
/// convolution kernel generator (ConvTransposeKernel.cpp) handles it, with
/// the rest as its epilogue.
bool isConvTransposeSubgraph(cgc::FunctionalDefinitionOp definition);

/// What that generator accepts: float32, any number of spatial dimensions,
/// groups, strides, dilations and paddings, at most 64 kernel taps, an
/// elementwise epilogue on the output's shape, 32-bit indexing.
llvm::Error checkConvTransposeSupport(cgc::SubgraphOp subgraph);

/// The kernel of a subgraph that checkConvTransposeSupport accepts.
KernelModule buildConvTransposeKernel(cgc::SubgraphOp subgraph);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_CONVTRANSPOSEKERNEL_H
