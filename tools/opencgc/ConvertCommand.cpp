//===- ConvertCommand.cpp - opencgc convert -------------------------------===//
//
// Converts a cgc.module between MLIR text, MLIR bytecode and a DX Container
// (chosen by the output's extension). Containers are tagged with the MLIR
// interface the module's contents imply, unless --interface says otherwise.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand
    convertCommand("convert",
                   "Convert a CGC module between text (.mlir), bytecode "
                   "(.mlirbc) and DX Container (.cgc) forms");

namespace {
cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                               cl::desc("<input .mlir|.mlirbc|.cgc>"),
                               cl::sub(convertCommand));
cl::opt<std::string> outputPath("o", cl::Required,
                                cl::desc("Output file; its extension "
                                         "(.mlir, .mlirbc, .cgc) picks the "
                                         "form. '-' writes text to stdout"),
                                cl::value_desc("path"),
                                cl::sub(convertCommand));
cl::opt<std::string> interfaceName(
    "interface",
    cl::desc("MLIR interface to tag a .cgc output with (CGC_INPUT, "
             "CGC_OUTPUT, CGC_SUBGRAPH_PARTITION, ...); default: implied by "
             "the module's contents"),
    cl::value_desc("name"), cl::sub(convertCommand));
} // namespace

int runConvert(mlir::MLIRContext &context) {
  std::optional<ModuleFormat> format =
      outputPath == "-" ? ModuleFormat::Text : formatFromExtension(outputPath);
  if (!format) {
    WithColor::error(errs(), "opencgc convert")
        << "cannot tell the output form from '" << outputPath
        << "'; use a .mlir, .mlirbc or .cgc extension\n";
    return 1;
  }
  std::optional<MlirInterface> interface;
  if (!interfaceName.empty()) {
    interface = lookupInterfaceByName(interfaceName);
    if (!interface) {
      WithColor::error(errs(), "opencgc convert")
          << "unknown MLIR interface '" << interfaceName << "'\n";
      return 1;
    }
  }
  FailureOr<LoadedModule> loaded = loadModule(inputPath, context);
  if (failed(loaded))
    return 1;
  if (failed(saveModule(loaded->module.get(), outputPath, *format, interface)))
    return 1;
  return 0;
}
} // namespace opencgc::cli
