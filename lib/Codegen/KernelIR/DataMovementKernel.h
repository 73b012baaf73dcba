//===- DataMovementKernel.h - reshape, transpose, concat kernels -*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_DATAMOVEMENTKERNEL_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_DATAMOVEMENTKERNEL_H

#include "IterationSpace.h"

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

struct KernelModule;

/// Whether the subgraph's first op is a reshape, transpose, concat, slice,
/// gather, gather_elements, gather_nd or expand:
/// the data movement kernel generator (DataMovementKernel.cpp) handles it,
/// with the rest as its epilogue.
bool isDataMovementSubgraph(cgc::FunctionalDefinitionOp definition);

/// What the data movement kernel generator accepts: float32, the op reading
/// the subgraph's inputs, an elementwise epilogue on the output's shape,
/// 32-bit indexing.
llvm::Error checkDataMovementSupport(cgc::SubgraphOp subgraph);

/// The kernel of a subgraph that checkDataMovementSupport accepts.
KernelModule buildDataMovementKernel(cgc::SubgraphOp subgraph);

/// An int64, int32 or float16 reshape, transpose, slice, expand, where,
/// concat, gather, gather_elements or gather_nd alone: one kernel copying
/// each element's words unchanged.
bool isCopyMovementSubgraph(cgc::FunctionalDefinitionOp definition);
llvm::Error checkCopyMovementSupport(cgc::SubgraphOp subgraph);
KernelModule buildCopyMovementKernel(cgc::SubgraphOp subgraph);

/// A float32 split alone: one kernel storing each input element in its
/// part (multi-output, so not a first-op kernel with an epilogue).
bool isSplitSubgraph(cgc::FunctionalDefinitionOp definition);
llvm::Error checkSplitSupport(cgc::SubgraphOp subgraph);
KernelModule buildSplitKernel(cgc::SubgraphOp subgraph);

/// A transpose's permutation: its `perm`, or the dimensions reversed.
Shape transposePermutation(cgc_op::TransposeOp transpose);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_DATAMOVEMENTKERNEL_H
