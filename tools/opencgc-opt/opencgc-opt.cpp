//===- opencgc-opt.cpp - mlir-opt with the CGC dialects -------------------===//
//
// The driver the lit tests use, with the compiler's passes registered
// (Passes.td): `opencgc-opt --pass-pipeline='cgc.module(...)'` runs any
// prefix of what `opencgc compile` runs. CGC IR has its own top-level op
// (cgc.module), so the input is not wrapped in a builtin.module unless the
// user asks for it (--implicit-module) or names a code generation pass
// (Codegen/Passes.td): those run on a builtin.module around the IR. The
// dialects of their output are registered too, so that it can be read back.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "opencgc/Codegen/Passes.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Support/LibraryOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

int main(int argc, char **argv) {
  // Before MlirOptMain registers its own options and the passes theirs.
  opencgc::hideLibraryOptions();
  mlir::DialectRegistry registry;
  opencgc::registerCGCDialects(registry);
  opencgc::codegen::registerCodegenDialects(registry);
  opencgc::compiler::registerCompilerPipeline();
  opencgc::codegen::registerCodegenPasses();

  // Default to --no-implicit-module, except where a code generation pass is
  // named: those run on a builtin.module around the IR (wrapping one leaves
  // it as it is). An explicit flag from the user wins; --implicit-module is
  // mlir-opt's --no-implicit-module=false.
  static char implicitModule[] = "--no-implicit-module=false";
  static char noImplicitModule[] = "--no-implicit-module";
  std::vector<char *> args(argv, argv + argc);
  bool hasModuleFlag = false, namesCodegenPass = false;
  for (char *&arg : llvm::drop_begin(args)) {
    llvm::StringRef flag(arg);
    if (flag == "--implicit-module" || flag == "-implicit-module")
      arg = implicitModule;
    hasModuleFlag |= flag.contains("implicit-module");
    namesCodegenPass |= flag.contains("cgc-lower-to-kernel-ir") ||
                        flag.contains("cgc-kernel-to-");
  }
  if (!hasModuleFlag)
    args.insert(args.begin() + 1,
                namesCodegenPass ? implicitModule : noImplicitModule);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(static_cast<int>(args.size()), args.data(),
                        "opencgc optimizer driver\n", registry));
}
