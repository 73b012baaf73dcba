//===- MathKernels.cpp - Reference kernels of the math family ------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/MathOps.h"

using namespace mlir;

namespace opencgc::reference {

void registerMathKernels(KernelRegistry &registry) {}

} // namespace opencgc::reference
