//===- ReductionKernels.cpp - Reference kernels of the reduction family ------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/ReductionOps.h"

using namespace mlir;

namespace opencgc::reference {

void registerReductionKernels(KernelRegistry &registry) {}

} // namespace opencgc::reference
