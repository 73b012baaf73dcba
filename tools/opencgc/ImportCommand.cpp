//===- ImportCommand.cpp - opencgc import ---------------------------------===//
//
// Imports an ONNX model as CGC Input IR in any interchange form, writing the
// model's initializers to a weights file beside it (same stem, .cgcw).
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "InputShapes.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand importCommand(
    "import", "Import an ONNX model as CGC Input IR (+ a .cgcw weights file "
              "beside the output)");

namespace {
cl::opt<std::string> importInput(cl::Positional, cl::Required,
                                 cl::desc("<model.onnx>"),
                                 cl::sub(importCommand));
cl::opt<std::string> importOutput("o", cl::Required,
                                  cl::desc("Output .mlir, .mlirbc or .cgc; "
                                           "weights go to the same stem "
                                           "with .cgcw"),
                                  cl::value_desc("path"),
                                  cl::sub(importCommand));
cl::list<std::string> importShapes("input-shape", cl::desc(kInputShapeHelp),
                                   cl::value_desc("NAME=DIMS"),
                                   cl::sub(importCommand));
} // namespace

int runImport(mlir::MLIRContext &context) {
  std::optional<ModuleFormat> format = formatFromExtension(importOutput);
  if (!format) {
    WithColor::error(errs(), "opencgc import")
        << "cannot tell the output form from '" << importOutput
        << "'; use a .mlir, .mlirbc or .cgc extension\n";
    return 1;
  }
  driver::LoadOptions options;
  if (Error error = parseInputShapes(importShapes, options.inputShapes)) {
    WithColor::error(errs(), "opencgc import")
        << toString(std::move(error)) << "\n";
    return 1;
  }
  Expected<driver::Model> model =
      driver::loadModel(importInput, context, options);
  if (!model) {
    WithColor::error(errs(), "opencgc import")
        << toString(model.takeError()) << "\n";
    return 1;
  }
  if (failed(saveModule(model->module.get(), importOutput, *format)))
    return 1;
  std::string weightsPath = driver::defaultWeightsPath(importOutput);
  if (Error error = writeWeights(model->weights, weightsPath)) {
    WithColor::error(errs(), "opencgc import")
        << toString(std::move(error)) << "\n";
    return 1;
  }
  outs() << "wrote " << importOutput << " and " << weightsPath << " ("
         << model->weights.size() << " named constants)\n";
  return 0;
}
} // namespace opencgc::cli
