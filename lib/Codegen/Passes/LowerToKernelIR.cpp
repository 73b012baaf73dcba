//===- LowerToKernelIR.cpp - cgc-lower-to-kernel-ir -----------------------===//
//
// Every subgraph's Kernel IR, as opencgc-codegen --emit=kernel-ir prints it,
// in a nested module that carries what the backends need besides the IR:
// the launches, and the target and configuration the kernels were made for.
//
//===----------------------------------------------------------------------===//
#include "KernelModules.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/KernelTarget.h"
#include "opencgc/Codegen/Passes.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Tensor/ConstantLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

#include <utility>

using namespace mlir;

namespace opencgc::codegen {
#define GEN_PASS_DEF_LOWERTOKERNELIR
#include "opencgc/Codegen/Passes.h.inc"

namespace {

struct LowerToKernelIR final : impl::LowerToKernelIRBase<LowerToKernelIR> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    const KernelTarget *target = &getDefaultKernelTarget();
    if (!kernelTarget.empty()) {
      llvm::Expected<const KernelTarget &> named =
          getKernelTarget(kernelTarget);
      if (!named) {
        top.emitError(llvm::toString(named.takeError()));
        return signalPassFailure();
      }
      target = &*named;
    }

    // All are lowered before any is inserted, so that an error leaves the
    // input as it was.
    SmallVector<std::pair<OwningOpRef<ModuleOp>, cgc::ModuleOp>> lowered;
    llvm::StringSet<> names;
    bool allLowered = true;
    SmallVector<cgc::ModuleOp> sources(top.getBody()->getOps<cgc::ModuleOp>());
    for (cgc::ModuleOp source : sources) {
      auto subgraphs = source.getBodyBlock()->getOps<cgc::SubgraphOp>();
      if (subgraphs.empty()) {
        source.emitError() << getArgument()
                           << " needs subgraphs (Output IR or Partition IR); "
                              "this cgc.module holds none";
        allLowered = false;
      }
      for (cgc::SubgraphOp subgraph : subgraphs) {
        StringRef name = subgraph.getSymName();
        if (SymbolTable::lookupSymbolIn(top, name) ||
            !names.insert(name).second) {
          subgraph.emitError()
              << "a module named @" << name << " is there already";
          allLowered = false;
          continue;
        }
        FailureOr<OwningOpRef<ModuleOp>> kernels = lower(subgraph, *target);
        if (failed(kernels)) {
          allLowered = false;
          continue;
        }
        lowered.emplace_back(std::move(*kernels), source);
      }
    }
    if (!allLowered)
      return signalPassFailure();

    for (auto &[kernels, source] : lowered) {
      OpBuilder builder(source);
      builder.insert(kernels.release());
    }
    for (cgc::ModuleOp source : sources)
      source.erase();
  }

  /// What opencgc-codegen --relayout-constants allows: every constant
  /// input may be read re-laid out.
  KernelOptions getOptions(cgc::SubgraphOp subgraph,
                           const KernelTarget &target) {
    KernelOptions options;
    options.target = &target;
    if (relayoutConstants)
      options.relayoutableInputs = findConstantInputs(subgraph);
    return options;
  }

  /// The subgraph's Kernel IR module, named after it and carrying its
  /// launches, target and configuration.
  FailureOr<OwningOpRef<ModuleOp>> lower(cgc::SubgraphOp subgraph,
                                         const KernelTarget &target) {
    KernelOptions options = getOptions(subgraph, target);
    llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph, options);
    if (!kernels)
      return subgraph.emitError(llvm::toString(kernels.takeError()));
    ModuleOp module = kernels->module.get();
    Builder builder(module.getContext());
    module.setSymName(subgraph.getSymName());
    module->setAttr(kLaunchesAttrName,
                    getLaunchesAttr(module.getContext(), kernels->launches));
    module->setAttr(kKernelTargetAttrName, builder.getStringAttr(target.name));
    module->setAttr(
        kKernelConfigAttrName,
        builder.getStringAttr(describeKernelConfig(subgraph, options)));
    if (relayoutConstants) {
      SmallVector<Attribute> layouts;
      for (ConstantLayout layout : getInputLayouts(subgraph, options))
        layouts.push_back(builder.getStringAttr(getConstantLayoutName(layout)));
      module->setAttr(kInputLayoutsAttrName, builder.getArrayAttr(layouts));
    }
    return std::move(kernels->module);
  }
};

} // namespace
} // namespace opencgc::codegen
