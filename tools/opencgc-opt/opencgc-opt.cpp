//===- opencgc-opt.cpp - mlir-opt with the CGC dialects -------------------===//
//
// The driver the lit tests use, with the compiler's passes registered
// (Passes.td): `opencgc-opt --pass-pipeline='cgc.module(...)'` runs any
// prefix of what `opencgc compile` runs. CGC IR has its own top-level op
// (cgc.module), so the input is not wrapped in a builtin.module unless the
// user asks for it.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Support/LibraryOptions.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

int main(int argc, char **argv) {
  // Before MlirOptMain registers its own options and the passes theirs.
  opencgc::hideLibraryOptions();
  mlir::DialectRegistry registry;
  opencgc::registerCGCDialects(registry);
  opencgc::compiler::registerCompilerPipeline();

  // Default to --no-implicit-module; an explicit flag from the user wins.
  std::vector<char *> args(argv, argv + argc);
  bool hasModuleFlag = false;
  for (int i = 1; i < argc; ++i)
    hasModuleFlag |= llvm::StringRef(argv[i]).contains("implicit-module");
  static char noImplicitModule[] = "--no-implicit-module";
  if (!hasModuleFlag)
    args.insert(args.begin() + 1, noImplicitModule);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(static_cast<int>(args.size()), args.data(),
                        "opencgc optimizer driver\n", registry));
}
