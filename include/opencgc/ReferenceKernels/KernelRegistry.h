//===- KernelRegistry.h - Reference kernels by op name ----------*- C++ -*-===//
//
// The reference device executes each cgc_op layer with a plain C++ kernel
// looked up by operation name. Kernels are the project's oracle: obviously
// right first, fast enough second.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_REFERENCEKERNELS_KERNELREGISTRY_H
#define OPENCGC_REFERENCEKERNELS_KERNELREGISTRY_H

#include "opencgc/Tensor/Tensor.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace opencgc::reference {

using TensorList = llvm::SmallVector<Tensor, 1>;

/// Computes the results of `op` from its operand values. Result shapes and
/// element types are those of the op's (verified, inferred) result types.
using KernelFn = llvm::Expected<TensorList> (*)(mlir::Operation *op,
                                                llvm::ArrayRef<Tensor> inputs);

class KernelRegistry {
public:
  void add(llvm::StringRef opName, KernelFn kernel);
  /// The kernel for an op name, or null.
  KernelFn lookup(llvm::StringRef opName) const;

  /// The registry holding every reference kernel.
  static const KernelRegistry &get();

private:
  llvm::StringMap<KernelFn> kernels;
};

// One registration function per kernel family (one file each).
void registerElementwiseKernels(KernelRegistry &registry);
void registerLinalgKernels(KernelRegistry &registry);
void registerPoolingKernels(KernelRegistry &registry);
void registerDataMovementKernels(KernelRegistry &registry);
void registerMathKernels(KernelRegistry &registry);
void registerLogicKernels(KernelRegistry &registry);
void registerReductionKernels(KernelRegistry &registry);
void registerNormalizationKernels(KernelRegistry &registry);
void registerIndexingKernels(KernelRegistry &registry);
void registerResamplingKernels(KernelRegistry &registry);
void registerQuantizationKernels(KernelRegistry &registry);
void registerRecurrentKernels(KernelRegistry &registry);
void registerTransformerKernels(KernelRegistry &registry);

} // namespace opencgc::reference

#endif // OPENCGC_REFERENCEKERNELS_KERNELREGISTRY_H
