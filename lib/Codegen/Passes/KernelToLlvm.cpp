//===- KernelToLlvm.cpp - cgc-kernel-to-llvm ------------------------------===//
//
// The MLIR part of the step the NVVM and DXIL backends share
// (KernelToLlvm.h), in place on each nested Kernel IR module. Both backends
// lower gpu ops through upstream's gpu-to-nvvm, so the pass does too; what
// they do after (translation to LLVM IR, their rewrites of it) is not MLIR.
//
//===----------------------------------------------------------------------===//
#include "KernelModules.h"

#include "opencgc/Codegen/KernelToLlvm.h"
#include "opencgc/Codegen/Passes.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace opencgc::codegen {
#define GEN_PASS_DEF_KERNELTOLLVM
#include "opencgc/Codegen/Passes.h.inc"

namespace {

const KernelLlvmTarget &getLowering() {
  static const KernelLlvmTarget target = getGpuToNvvmLowering("LLVM dialect");
  return target;
}

struct KernelToLlvm final : impl::KernelToLlvmBase<KernelToLlvm> {
  using Base::Base;

  // The conversion interfaces come with the dialects: the pass manager
  // loads them before any pass runs, which is the only time it may.
  void getDependentDialects(DialectRegistry &registry) const override {
    registerKernelToLlvmDialects(registry, getLowering());
  }

  void runOnOperation() override {
    FailureOr<SmallVector<ModuleOp>> modules =
        getKernelModules(getOperation(), getArgument());
    if (failed(modules))
      return signalPassFailure();
    bool allLowered = true;
    for (ModuleOp nested : *modules) {
      // The launches are for the backends after this pass; without them
      // the module is not one cgc-lower-to-kernel-ir made.
      if (failed(readLaunches(nested)) ||
          failed(checkHoldsGpuModule(nested, getArgument()))) {
        allLowered = false;
        continue;
      }
      // The conversion has reported why; say which module it was.
      if (failed(lowerKernelsToLlvmDialect(nested, getLowering()))) {
        nested.emitError() << getLowering().name << " lowering of @"
                           << nested.getName().value_or("") << " failed";
        allLowered = false;
      }
    }
    if (!allLowered)
      signalPassFailure();
  }
};

} // namespace
} // namespace opencgc::codegen
