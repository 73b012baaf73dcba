//===- KernelRegistry.cpp - Reference kernels by op name ------------------===//
#include "opencgc/ReferenceKernels/KernelRegistry.h"

namespace opencgc::reference {

void KernelRegistry::add(llvm::StringRef opName, KernelFn kernel) {
  kernels[opName] = kernel;
}

KernelFn KernelRegistry::lookup(llvm::StringRef opName) const {
  auto it = kernels.find(opName);
  return it == kernels.end() ? nullptr : it->second;
}

const KernelRegistry &KernelRegistry::get() {
  static const KernelRegistry registry = [] {
    KernelRegistry r;
    registerElementwiseKernels(r);
    registerLinalgKernels(r);
    registerPoolingKernels(r);
    registerDataMovementKernels(r);
    registerMathKernels(r);
    registerLogicKernels(r);
    registerReductionKernels(r);
    registerNormalizationKernels(r);
    registerIndexingKernels(r);
    registerResamplingKernels(r);
    registerQuantizationKernels(r);
    registerRecurrentKernels(r);
    registerTransformerKernels(r);
    return r;
  }();
  return registry;
}

} // namespace opencgc::reference
