//===- KernelToSpirv.cpp - cgc-kernel-to-spirv ----------------------------===//
//
// The SPIR-V backend's middle stage (SpirvDialect.h) on each nested Kernel
// IR module, as opencgc-codegen --emit=spirv-mlir prints it.
//
//===----------------------------------------------------------------------===//
#include "KernelModules.h"

#include "opencgc/Codegen/Passes.h"
#include "opencgc/Codegen/SpirvDialect.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"

#include <utility>

using namespace mlir;

namespace opencgc::codegen {
#define GEN_PASS_DEF_KERNELTOSPIRV
#include "opencgc/Codegen/Passes.h.inc"

namespace {

struct KernelToSpirv final : impl::KernelToSpirvBase<KernelToSpirv> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<SmallVector<ModuleOp>> modules =
        getKernelModules(getOperation(), getArgument());
    if (failed(modules))
      return signalPassFailure();
    SpirvOptions options;
    options.maxTexelBufferElements = maxTexelBufferElements;

    // All are lowered before any is replaced, so that an error leaves the
    // input as it was.
    SmallVector<std::pair<ModuleOp, OwningOpRef<ModuleOp>>> lowered;
    bool allLowered = true;
    for (ModuleOp nested : *modules) {
      FailureOr<OwningOpRef<ModuleOp>> spirv = lower(nested, options);
      if (failed(spirv)) {
        allLowered = false;
        continue;
      }
      lowered.emplace_back(nested, std::move(*spirv));
    }
    if (!allLowered)
      return signalPassFailure();

    // The spirv.modules replace the gpu.module; the attributes stay.
    for (auto &[nested, spirv] : lowered) {
      Block *body = nested.getBody();
      body->clear();
      body->getOperations().splice(body->end(),
                                   spirv->getBody()->getOperations());
    }
  }

  /// The spirv.modules of one nested module, in a builtin.module.
  FailureOr<OwningOpRef<ModuleOp>> lower(ModuleOp nested,
                                         const SpirvOptions &options) {
    FailureOr<std::vector<KernelLaunch>> launches = readLaunches(nested);
    if (failed(launches) || failed(checkHoldsGpuModule(nested, getArgument())))
      return failure();
    // lowerToSpirvDialect reads a KernelModule, which owns its module.
    KernelModule kernels;
    kernels.module = nested.clone();
    kernels.launches = std::move(*launches);
    llvm::Expected<OwningOpRef<ModuleOp>> spirv =
        lowerToSpirvDialect(kernels, options);
    if (!spirv)
      return nested.emitError(llvm::toString(spirv.takeError()));
    return std::move(*spirv);
  }
};

} // namespace
} // namespace opencgc::codegen
