//===- ConvolutionKernel.h - 2-D convolution subgraphs ----------*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_CONVOLUTIONKERNEL_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_CONVOLUTIONKERNEL_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

struct KernelModule;
struct KernelOptions;

/// Whether the subgraph's first op is a convolution: the convolution kernel
/// generator (ConvolutionKernel.cpp) handles it, with the rest as its
/// epilogue.
bool isConvolutionSubgraph(cgc::FunctionalDefinitionOp definition);

/// What the convolution kernel generator accepts (float32, 2-D spatial
/// NCHW, elementwise epilogue on the output's shape).
llvm::Error checkConvolutionSupport(cgc::SubgraphOp subgraph);

/// The kernel of a subgraph that checkConvolutionSupport accepts, configured
/// for the options' target.
KernelModule buildConvolutionKernel(cgc::SubgraphOp subgraph,
                                    const KernelOptions &options);
/// That kernel's configuration in words.
std::string describeConvolutionConfig(cgc::SubgraphOp subgraph,
                                      const KernelOptions &options);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_CONVOLUTIONKERNEL_H
