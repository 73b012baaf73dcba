//===- CompileToOutputIR.cpp - cgc-compile-to-output-ir -------------------===//
//
// Runs compileModule on the pass's module and puts the Output IR in the
// Input IR's place: the same ops, attributes and location the compiler
// built, so `opencgc compile` (which runs this pass) and opencgc-opt print
// and write the same bytes.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Compiler/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "opencgc/Device/DeviceRegistry.h"

namespace opencgc::compiler {
#define GEN_PASS_DEF_COMPILETOOUTPUTIR
#include "opencgc/Compiler/Passes.h.inc"

namespace {
using TargetList = std::vector<std::unique_ptr<device::Device>>;

struct CompileToOutputIR final
    : impl::CompileToOutputIRBase<CompileToOutputIR> {
  using Base::Base;
  CompileToOutputIR(const CompileToOutputIROptions &options,
                    CompileReport *report)
      : Base(options), report(report) {}

  void runOnOperation() override;

private:
  CompileToOutputIROptions getOptions() const;
  llvm::Expected<TargetList> createTargets();

  CompileReport *report = nullptr;
};

CompileToOutputIROptions CompileToOutputIR::getOptions() const {
  CompileToOutputIROptions options;
  options.target = target;
  options.declarations = declarations;
  options.partitioning = partitioning;
  options.alignment = alignment;
  options.inPlace = inPlace;
  options.borrowOutputs = borrowOutputs;
  options.reshapeViews = reshapeViews;
  options.placeConcatInputs = placeConcatInputs;
  options.reportRejections = reportRejections;
  return options;
}

/// The named target's; without a name, the default device's, or none (the
/// reference fallback alone) where it cannot be opened, as `run` does.
llvm::Expected<TargetList> CompileToOutputIR::createTargets() {
  device::DeviceOptions options;
  options.declarationsPath = declarations;
  mlir::MLIRContext &context = getContext();
  if (!target.empty())
    return device::createCompileTargets(target, options, context);
  auto targets = device::createCompileTargets(device::kDefaultDeviceName,
                                              options, context);
  if (targets || !declarations.empty())
    return targets;
  getOperation()->emitWarning(llvm::toString(targets.takeError()) +
                              "; compiling for the reference device instead");
  return TargetList{};
}

/// Moves `source`'s ops, attributes and location into `module`, whose own
/// are dropped.
void replaceModule(cgc::ModuleOp module, cgc::ModuleOp source) {
  mlir::Block *body = module.getBodyBlock();
  while (!body->empty())
    body->back().erase();
  body->getOperations().splice(body->end(),
                               source.getBodyBlock()->getOperations());
  module->setAttrs(source->getAttrDictionary());
  module->setLoc(source->getLoc());
}

void CompileToOutputIR::runOnOperation() {
  cgc::ModuleOp module = getOperation();
  auto fail = [&](llvm::Error error) {
    module->emitError(llvm::toString(std::move(error)));
    signalPassFailure();
  };
  auto options = getCompileOptions(getOptions());
  if (!options)
    return fail(options.takeError());
  auto targets = createTargets();
  if (!targets)
    return fail(targets.takeError());
  std::vector<device::Device *> devices;
  for (auto &device : *targets)
    devices.push_back(device.get());
  auto result = compileModule(module, devices, *options);
  if (!result)
    return fail(result.takeError());
  replaceModule(module, result->outputIR.get());
  if (report) {
    report->plan = std::move(result->plan);
    report->memory = result->memory;
  }
}
} // namespace

llvm::Expected<CompileOptions>
getCompileOptions(const CompileToOutputIROptions &passOptions) {
  CompileOptions options;
  if (passOptions.partitioning == "fine")
    options.partitioning = Partitioning::Fine;
  else if (passOptions.partitioning != "coarse")
    return llvm::createStringError("--partition must be fine or coarse, not '" +
                                   passOptions.partitioning + "'");
  uint64_t alignment = passOptions.alignment;
  if (alignment & (alignment - 1))
    return llvm::createStringError(
        "--alignment must be a power of two, not " + llvm::Twine(alignment));
  options.alignment = alignment;
  options.inPlace = passOptions.inPlace;
  options.borrowOutputs = passOptions.borrowOutputs;
  options.reshapeViews = passOptions.reshapeViews;
  options.placeConcatInputs = passOptions.placeConcatInputs;
  if (passOptions.reportRejections)
    options.log = &llvm::errs();
  return options;
}

std::unique_ptr<mlir::Pass>
createCompileToOutputIRPass(const CompileToOutputIROptions &options,
                            CompileReport *report) {
  return std::make_unique<CompileToOutputIR>(options, report);
}

void buildCompilePipeline(mlir::OpPassManager &pm,
                          const CompileToOutputIROptions &options,
                          CompileReport *report) {
  pm.addPass(createPrepareEntryPoint());
  pm.addPass(createCompileToOutputIRPass(options, report));
}

} // namespace opencgc::compiler
