//===- IndexingKernels.cpp - Reference kernels of the indexing family ------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/IndexingOps.h"

using namespace mlir;

namespace opencgc::reference {

void registerIndexingKernels(KernelRegistry &registry) {}

} // namespace opencgc::reference
