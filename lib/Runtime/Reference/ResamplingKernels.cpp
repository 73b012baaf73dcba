//===- ResamplingKernels.cpp - Reference kernels of the resampling family --===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

using namespace mlir;

namespace opencgc::reference {

void registerResamplingKernels(KernelRegistry &registry) {}

} // namespace opencgc::reference
