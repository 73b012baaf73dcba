//===- NormalizationKernels.cpp - Reference kernels of the normalization family ------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/NormalizationOps.h"

using namespace mlir;

namespace opencgc::reference {

void registerNormalizationKernels(KernelRegistry &registry) {}

} // namespace opencgc::reference
