//===- Offline.cpp - Import and compile models ahead of time --------------===//
#include "opencgc/Session/Offline.h"

#include "opencgc/Dialect/Registration.h"
#include "opencgc/Driver/CompiledModel.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Interchange/ModuleFile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

namespace opencgc {
namespace {

/// A context with the CGC dialects, as the CLI's.
std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  registerCGCDialects(registry);
  auto context = std::make_unique<mlir::MLIRContext>(registry);
  loadCGCDialects(*context);
  return context;
}

driver::LoadOptions
makeLoadOptions(const std::map<std::string, std::vector<int64_t>> &shapes,
                const std::string &weightsPath) {
  driver::LoadOptions options;
  for (const auto &[input, dims] : shapes)
    options.inputShapes[input] = Shape(dims.begin(), dims.end());
  if (!weightsPath.empty())
    options.weightsPath = weightsPath;
  return options;
}

} // namespace

llvm::Error compileModel(const std::string &path,
                         const std::string &outputDirectory,
                         const CompileModelOptions &options) {
  compiler::CompilePipelineOptions pipeline;
  pipeline.target = options.target;
  if (llvm::Error error = compiler::checkPipelineOptions(pipeline))
    return error;
  std::unique_ptr<mlir::MLIRContext> context = makeContext();
  auto model = driver::loadModel(
      path, *context,
      makeLoadOptions(options.inputShapes, options.weightsPath));
  if (!model)
    return model.takeError();
  compiler::CompileReport report;
  if (llvm::Error error =
          driver::runCompilePipeline(*model->module, pipeline, report))
    return llvm::createStringError(path + ": " +
                                   llvm::toString(std::move(error)));
  compiler::CompileResult result;
  result.outputIR = std::move(model->module);
  result.plan = std::move(report.plan);
  result.memory = report.memory;
  return driver::writeCompiledModel(result, model->weights, outputDirectory);
}

llvm::Error
importOnnx(const std::string &path, const std::string &output,
           const std::map<std::string, std::vector<int64_t>> &inputShapes) {
  std::optional<ModuleFormat> format = formatFromExtension(output);
  if (!format)
    return llvm::createStringError("cannot tell the output form from '" +
                                   output +
                                   "'; use a .mlir, .mlirbc or .cgc extension");
  std::unique_ptr<mlir::MLIRContext> context = makeContext();
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(
      context.get(), [&](mlir::Diagnostic &diagnostic) {
        diagnostics += (diagnostics.empty() ? "" : "; ") + diagnostic.str();
        return mlir::success();
      });
  auto model =
      driver::loadModel(path, *context, makeLoadOptions(inputShapes, ""));
  if (!model)
    return model.takeError();
  if (mlir::failed(saveModule(model->module.get(), output, *format)))
    return llvm::createStringError("cannot write '" + output + "'" +
                                   (diagnostics.empty() ? "" : ": ") +
                                   diagnostics);
  return writeWeights(model->weights, driver::defaultWeightsPath(output));
}

} // namespace opencgc
