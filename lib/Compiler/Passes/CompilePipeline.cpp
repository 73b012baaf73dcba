//===- CompilePipeline.cpp - The pipeline `opencgc compile` runs ----------===//
//
// One list of stages, built three ways: from `opencgc compile`'s flags,
// from the options of the registered pipeline `cgc-compile`, and by
// compileModule for the commands that compile before they run.
//
//===----------------------------------------------------------------------===//
#include "PipelinePasses.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

namespace opencgc::compiler {
namespace {
/// The stages, in order; the passes that ask targets share `targets`.
void addStages(mlir::OpPassManager &pm, const CompilePipelineOptions &options,
               std::shared_ptr<CompileTargets> targets, CompileReport *report,
               llvm::raw_ostream *log) {
  pm.addPass(createPrepareEntryPoint());
  PlaceViewsOptions views;
  views.alignment = options.alignment;
  views.reshapeViews = options.reshapeViews;
  views.placeConcatInputs = options.placeConcatInputs;
  pm.addPass(createPlaceViewsPass(views, targets));
  FormSubgraphsOptions formation;
  formation.reportRejections = options.reportRejections;
  formation.excludedPatterns.assign(options.excludedPatterns.begin(),
                                    options.excludedPatterns.end());
  pm.addPass(createFormSubgraphsPass(formation, targets, log));
  pm.addPass(createPartition(PartitionOptions{options.partitioning}));
  pm.addPass(createPlanMemory(
      PlanMemoryOptions{options.inPlace, options.borrowOutputs}));
  pm.addPass(createSchedule());
  pm.addPass(createBuildOutputIRPass(report));
}

/// `cgc-compile`'s options: those of `opencgc compile`.
struct PipelineOptions : mlir::PassPipelineOptions<PipelineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("Device whose patterns are asked "
                                            "for (default: vulkan)")};
  Option<std::string> declarations{
      *this, "declarations",
      llvm::cl::desc("The test target's cgc_pattern declaration file")};
  Option<std::string> partitioning{
      *this, "partition", llvm::cl::desc("fine or coarse"),
      llvm::cl::init("coarse")};
  Option<uint64_t> alignment{
      *this, "alignment",
      llvm::cl::desc("Byte alignment of scratch views (0: the targets')"),
      llvm::cl::init(0)};
  Option<bool> inPlace{*this, "in-place", llvm::cl::init(true),
                       llvm::cl::desc("Let elementwise subgraphs write over "
                                      "an input that dies with them")};
  Option<bool> borrowOutputs{*this, "borrow-outputs", llvm::cl::init(true),
                             llvm::cl::desc("Let intermediates live in an "
                                            "output buffer not yet written")};
  Option<bool> reshapeViews{*this, "reshape-views", llvm::cl::init(true),
                            llvm::cl::desc("Make reshapes views")};
  Option<bool> placeConcatInputs{
      *this, "place-concat-inputs", llvm::cl::init(true),
      llvm::cl::desc("Let a concat's producers write its result")};
  Option<bool> reportRejections{
      *this, "report-rejections", llvm::cl::init(false),
      llvm::cl::desc("Print each rejected specialization")};
  ListOption<std::string> excludedPatterns{
      *this, "exclude-patterns",
      llvm::cl::desc("Target patterns never matched, by name")};

  CompilePipelineOptions get() const {
    return {
        target,           declarations,
        partitioning,     alignment,
        inPlace,          borrowOutputs,
        reshapeViews,     placeConcatInputs,
        reportRejections, {excludedPatterns.begin(), excludedPatterns.end()}};
  }
};
} // namespace

llvm::Expected<Partitioning> parsePartitioning(llvm::StringRef name) {
  if (name == "fine")
    return Partitioning::Fine;
  if (name == "coarse")
    return Partitioning::Coarse;
  return llvm::createStringError("--partition must be fine or coarse, not '" +
                                 name + "'");
}

llvm::Error checkAlignment(uint64_t alignment) {
  if (alignment & (alignment - 1))
    return llvm::createStringError(
        "--alignment must be a power of two, not " + llvm::Twine(alignment));
  return llvm::Error::success();
}

llvm::Error checkPipelineOptions(const CompilePipelineOptions &options) {
  if (auto partitioning = parsePartitioning(options.partitioning);
      !partitioning)
    return partitioning.takeError();
  return checkAlignment(options.alignment);
}

void buildCompilePipeline(mlir::OpPassManager &pm,
                          const CompilePipelineOptions &options,
                          CompileReport *report) {
  addStages(pm, options,
            std::make_shared<CompileTargets>(options.target,
                                             options.declarations),
            report, nullptr);
}

llvm::Expected<CompileResult>
compileModule(cgc::ModuleOp input, llvm::ArrayRef<device::Device *> targets,
              const CompileOptions &options) {
  mlir::MLIRContext &context = *input.getContext();
  mlir::OwningOpRef<cgc::ModuleOp> work(
      mlir::cast<cgc::ModuleOp>(input->clone()));
  CompilePipelineOptions stages;
  stages.partitioning =
      options.partitioning == Partitioning::Fine ? "fine" : "coarse";
  stages.alignment = options.alignment;
  stages.inPlace = options.inPlace;
  stages.borrowOutputs = options.borrowOutputs;
  stages.reshapeViews = options.reshapeViews;
  stages.placeConcatInputs = options.placeConcatInputs;
  stages.excludedPatterns = options.excludedPatterns;
  CompileReport report;
  mlir::PassManager pm(&context, cgc::ModuleOp::getOperationName());
  addStages(pm, stages, std::make_shared<CompileTargets>(targets), &report,
            options.log);

  if (llvm::Error error = runReportingFirstError(pm, *work))
    return std::move(error);
  CompileResult result;
  result.outputIR = std::move(work);
  result.plan = std::move(report.plan);
  result.memory = report.memory;
  return result;
}

llvm::Error
runReportingFirstError(mlir::PassManager &pm, cgc::ModuleOp module,
                       llvm::function_ref<void(llvm::StringRef)> warn) {
  std::string firstError;
  mlir::ScopedDiagnosticHandler handler(
      module.getContext(), [&](mlir::Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() == mlir::DiagnosticSeverity::Warning &&
            warn)
          warn(diagnostic.str());
        else if (diagnostic.getSeverity() == mlir::DiagnosticSeverity::Error &&
                 firstError.empty())
          firstError = diagnostic.str();
        return mlir::success();
      });
  if (mlir::succeeded(pm.run(module)))
    return llvm::Error::success();
  return llvm::createStringError(firstError.empty() ? "the compiler failed"
                                                    : firstError);
}

void registerCompilerPipeline() {
  registerCompilerPasses();
  mlir::PassPipelineRegistration<PipelineOptions>(
      "cgc-compile",
      "The whole compiler, as `opencgc compile` runs it: Input IR to "
      "Output IR",
      [](mlir::OpPassManager &pm, const PipelineOptions &options) {
        buildCompilePipeline(pm, options.get());
      });
}

} // namespace opencgc::compiler
