//===- NormalizationKernel.h - Normalization ops as kernels -----*- C++ -*-===//
//
// batch_normalization (inference) is per channel affine, so it is fused as
// an elementwise op wherever those are (elementwise chains, matmul and
// convolution epilogues): its [C] parameters are read at the element's
// channel. The other normalizations reduce over groups of elements and get
// their own kernel (NormalizationKernel.cpp), with an elementwise epilogue.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_NORMALIZATIONKERNEL_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_NORMALIZATIONKERNEL_H

#include "IterationSpace.h"

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

struct KernelModule;

/// Whether `use` is one of batch_normalization's scale, bias, mean or
/// variance operands: a [C] tensor read at the channel (dimension 1) of the
/// element, not broadcast numpy-style.
bool isChannelParameter(mlir::OpOperand &use);

/// How a kernel addresses a channel parameter in the iteration space of its
/// op's result: [1, C, 1, ..., 1], as many dimensions as the op's input.
Shape channelParameterShape(mlir::OpOperand &use);

/// Whether `op` can be computed per element of its result: a supported
/// elementwise op (checkElementwiseOp), or a float32 batch_normalization
/// whose parameters are [C] subgraph inputs. The refusal names the
/// subgraph and the op.
llvm::Error checkPerElementOp(cgc::SubgraphOp subgraph, mlir::Operation *op);

/// Whether the subgraph's first op is layer_normalization,
/// instance_normalization, mean_variance_normalization, lp_normalization or
/// lrn: the normalization kernel generator handles it, the ops after it
/// being its elementwise epilogue.
bool isNormalizationSubgraph(cgc::FunctionalDefinitionOp definition);

/// What the normalization kernel generator accepts (float32, static shapes,
/// an epilogue on the output's shape).
llvm::Error checkNormalizationSupport(cgc::SubgraphOp subgraph);

/// The kernel of a subgraph that checkNormalizationSupport accepts.
KernelModule buildNormalizationKernel(cgc::SubgraphOp subgraph);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_NORMALIZATIONKERNEL_H
