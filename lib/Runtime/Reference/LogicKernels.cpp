//===- LogicKernels.cpp - Reference kernels of the logic family ------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/LogicOps.h"

using namespace mlir;

namespace opencgc::reference {

void registerLogicKernels(KernelRegistry &registry) {}

} // namespace opencgc::reference
