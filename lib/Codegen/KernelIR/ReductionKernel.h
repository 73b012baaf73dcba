//===- ReductionKernel.h - Reductions and softmax as kernels ----*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_REDUCTIONKERNEL_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_REDUCTIONKERNEL_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

struct KernelModule;

/// Whether the subgraph's last op is a reduce_* op, softmax or log_softmax:
/// the reduction kernel generator handles it, the ops before it being its
/// elementwise prologue.
bool isReductionSubgraph(cgc::FunctionalDefinitionOp definition);

/// What the reduction kernel generator accepts (float32, one result, the
/// prologue on the reduced input's shape).
llvm::Error checkReductionSupport(cgc::SubgraphOp subgraph);

/// The kernel of a subgraph that checkReductionSupport accepts.
KernelModule buildReductionKernel(cgc::SubgraphOp subgraph);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_REDUCTIONKERNEL_H
