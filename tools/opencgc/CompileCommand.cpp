//===- CompileCommand.cpp - opencgc compile -------------------------------===//
//
// CGC Input IR (or an ONNX model, imported on the fly) to CGC Output IR:
// writes the Output IR container, one container per partition, plan.json
// and the weights into an output directory (docs/compiler.md).
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "InputShapes.h"
#include "SharedOptions.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Device/DeviceRegistry.h"
#include "opencgc/Driver/CompiledModel.h"
#include "opencgc/Driver/Model.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"

#include <deque>

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand compileCommand(
    "compile", "Compile Input IR (.mlir, .mlirbc, .cgc) or an ONNX model to "
               "Output IR, partition containers and a memory plan");

namespace {
cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                               cl::desc("<input .mlir|.mlirbc|.cgc|.onnx>"),
                               cl::sub(compileCommand));
cl::opt<std::string> outputDir(
    "o",
    cl::desc("Output directory: output.cgc, partitions/*.cgc, plan.json, "
             "weights.cgcw"),
    cl::value_desc("dir"), cl::sub(compileCommand));
cl::opt<const device::DeviceEntry *> targetOption(
    "target",
    cl::desc("Target asked for subgraph declarations before the reference "
             "fallback (default: vulkan, the default device of every "
             "subcommand; without a Vulkan driver, reference). Partitions "
             "are named after the target and run on the device of that name"),
    cl::init(static_cast<const device::DeviceEntry *>(nullptr)),
    cl::value_desc("name"), cl::sub(compileCommand));

/// The choices: every registered device, and the names they also answer to.
/// The parser keeps a choice's help by reference: the alias help lives in a
/// deque, whose strings stay where they are as it grows.
const bool targetChoicesAdded = [] {
  static std::deque<std::string> aliasHelp;
  for (const device::DeviceEntry &entry : device::getDeviceRegistry()) {
    targetOption.getParser().addLiteralOption(entry.name, &entry,
                                              entry.summary);
    if (entry.alias.empty())
      continue;
    aliasHelp.push_back("another name of " + entry.name.str());
    targetOption.getParser().addLiteralOption(entry.alias, &entry,
                                              aliasHelp.back());
  }
  return true;
}();

cl::opt<std::string> declarationsPath(
    "declarations",
    cl::desc("The test target's cgc_pattern declaration (.mlir/.cgc)"),
    cl::value_desc("file"), cl::sub(compileCommand));
cl::opt<uint64_t> alignment(
    "alignment",
    cl::desc("Byte alignment of scratch views (default: the largest binding "
             "alignment of the target devices; 256 for the reference and "
             "test targets)"),
    cl::init(0), cl::sub(compileCommand));
cl::opt<bool> noInPlace("no-in-place",
                        cl::desc("Never let an elementwise subgraph write "
                                 "over its input"),
                        cl::sub(compileCommand));
cl::opt<bool> noReshapeViews("no-reshape-views",
                             cl::desc("Compute every reshape in a subgraph "
                                      "instead of viewing its source's "
                                      "bytes"),
                             cl::sub(compileCommand));
cl::opt<bool> noConcatPlacement(
    "no-concat-placement",
    cl::desc("Copy concat inputs in a subgraph instead of having their "
             "producers write their slices of the result"),
    cl::sub(compileCommand));
cl::opt<bool> noBorrow("no-borrow-outputs",
                       cl::desc("Never place intermediates in output "
                                "buffers"),
                       cl::sub(compileCommand));
enum class Emit { Nothing, OutputIR, Plan };
cl::opt<Emit> emit("emit", cl::desc("Also print to stdout"),
                   cl::init(Emit::Nothing),
                   cl::values(clEnumValN(Emit::OutputIR, "output-ir",
                                         "the Output IR as text"),
                              clEnumValN(Emit::Plan, "plan", "plan.json")),
                   cl::sub(compileCommand));
cl::list<std::string> compileShapes("input-shape", cl::desc(kInputShapeHelp),
                                    cl::value_desc("NAME=DIMS"),
                                    cl::sub(compileCommand));
cl::opt<bool> verbose("verbose", cl::desc("Report rejected specializations"),
                      cl::sub(compileCommand));

raw_ostream &error() { return WithColor::error(errs(), "opencgc compile"); }

/// The pipeline's options from the command line.
Expected<compiler::CompilePipelineOptions> parseOptions() {
  (void)targetChoicesAdded;
  compiler::CompilePipelineOptions options;
  if (const device::DeviceEntry *chosen = targetOption)
    options.target = chosen->name.str();
  options.declarations = declarationsPath;
  options.partitioning =
      getPartitioning() == compiler::Partitioning::Fine ? "fine" : "coarse";
  if (alignment.getNumOccurrences() && alignment == 0)
    return createStringError("--alignment must be a power of two, not 0");
  options.alignment = alignment;
  options.inPlace = !noInPlace;
  options.reshapeViews = !noReshapeViews;
  options.placeConcatInputs = !noConcatPlacement;
  options.borrowOutputs = !noBorrow;
  options.reportRejections = verbose;
  options.excludedPatterns = getExcludedPatterns();
  // Checked here too, so a bad value fails before the model loads.
  if (Error error = compiler::checkPipelineOptions(options))
    return std::move(error);
  if (outputDir.empty() && emit == Emit::Nothing)
    return createStringError("give an output directory with -o (or --emit)");
  return options;
}

/// Runs the compiler's pipeline on `module` in place. Its diagnostics are
/// this command's: warnings printed as they come, the first error returned.

void printSummary(const compiler::CompileResult &result) {
  const json::Object &plan = *result.plan.getAsObject();
  errs() << "compiled " << plan.getArray("steps")->size()
         << " subgraph invocations into " << plan.getArray("partitions")->size()
         << " partitions; scratch " << result.memory.scratchBytes
         << " bytes (naive " << result.memory.naiveBytes << ", lower bound "
         << result.memory.lowerBoundBytes << ")\n";
}
} // namespace

int runCompile(mlir::MLIRContext &context) {
  auto options = parseOptions();
  if (!options) {
    error() << toString(options.takeError()) << "\n";
    return 1;
  }
  driver::LoadOptions loadOptions;
  if (Error shapeError =
          parseInputShapes(compileShapes, loadOptions.inputShapes)) {
    error() << toString(std::move(shapeError)) << "\n";
    return 1;
  }
  auto model = driver::loadModel(inputPath, context, loadOptions);
  if (!model) {
    error() << toString(model.takeError()) << "\n";
    return 1;
  }
  compiler::CompileReport report;
  auto warn = [](StringRef warning) {
    WithColor::warning(errs(), "opencgc compile") << warning << "\n";
  };
  if (Error failure =
          driver::runCompilePipeline(*model->module, *options, report, warn)) {
    error() << inputPath << ": " << toString(std::move(failure)) << "\n";
    return 1;
  }
  compiler::CompileResult result;
  result.outputIR = std::move(model->module);
  result.plan = std::move(report.plan);
  result.memory = report.memory;
  if (emit == Emit::OutputIR)
    outs() << *result.outputIR << "\n";
  if (emit == Emit::Plan)
    outs() << formatv("{0:2}", result.plan) << "\n";
  // Keep stdout before the summary on stderr when both go to one stream.
  outs().flush();
  if (!outputDir.empty()) {
    if (auto fail =
            driver::writeCompiledModel(result, model->weights, outputDir)) {
      error() << toString(std::move(fail)) << "\n";
      return 1;
    }
    errs() << "wrote " << outputDir << "\n";
  }
  printSummary(result);
  return 0;
}
} // namespace opencgc::cli
