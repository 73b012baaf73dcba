//===- main.cpp - The opencgc command-line tool ---------------------------===//
#include "Commands.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Support/LibraryOptions.h"
#include "opencgc/Support/Version.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

static void printVersion(raw_ostream &os) {
  os << "opencgc (CGC dialects " << opencgc::kCgcDialectVersion.str()
     << ", MLIR/LLVM " << LLVM_VERSION_STRING << ")\n";
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  opencgc::cli::setArgv0(argv[0]);
  cl::SetVersionPrinter(printVersion);
  opencgc::hideLibraryOptions();
  cl::ParseCommandLineOptions(
      argc, argv,
      "opencgc: compute-graph compiler for ML inference (CGC IR, D3D12 MLIR "
      "programs)\n\n"
      "  opencgc convert IN -o OUT   convert between .mlir, .mlirbc and .cgc\n"
      "  opencgc inspect FILE        show a container's parts and a module "
      "summary\n"
      "  opencgc import M.onnx -o OUT  ONNX -> CGC Input IR + .cgcw weights\n"
      "  opencgc compile MODEL -o DIR  Input IR -> Output IR, partitions, "
      "plan.json\n"
      "  opencgc run MODEL|DIR --input NAME=FILE  run on Vulkan (else the "
      "reference device)\n"
      "  opencgc show MODEL|DIR      draw the graph, partitions and memory "
      "plan\n"
      "  opencgc bench MODEL|--micro KIND  time a model or a kernel "
      "against a baseline\n"
      "  opencgc conformance DIR...  run ONNX backend tests\n"
      "  opencgc validate FILE.bc|FILE.dxil  check NVVM IR, or a DXIL "
      "container, against its specification's rules\n"
      "  opencgc devices             list the devices --device and --target "
      "take\n");

  mlir::DialectRegistry registry;
  opencgc::registerCGCDialects(registry);
  mlir::MLIRContext context(registry);
  opencgc::loadCGCDialects(context);
  // Diagnostics print as "file:line:col: error: ..." (or "error: ..." when
  // they have no location), like the compilers users know.
  llvm::SourceMgr noSources;
  mlir::SourceMgrDiagnosticHandler diagnostics(noSources, &context);

  for (const opencgc::cli::Command &command : opencgc::cli::getCommands())
    if (command.subCommand)
      return command.run(context);

  WithColor::error(errs(), "opencgc")
      << "no subcommand given; see 'opencgc --help'\n";
  return 1;
}
