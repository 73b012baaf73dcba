//===- ModuleLoadFuzzer.cpp - Fuzz loading CGC modules --------------------===//
//
// libFuzzer entry point: every input is loaded as a module file would be
// (loadModuleFromMemory: MLIR text, MLIR bytecode through the bytecode
// check, or a DX Container of bytecode), then verified. Hostile input must
// give diagnostics, never a crash, a hang or an out-of-memory.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Dialect/Registration.h"
#include "opencgc/Interchange/ModuleFile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <memory>

namespace {
/// A context as the opencgc tool makes one, renewed now and then: it keeps
/// every attribute and type any input named, which would grow without end.
mlir::MLIRContext &getContext() {
  static std::unique_ptr<mlir::MLIRContext> context;
  static unsigned uses = 0;
  if (!context || ++uses % 2000 == 0) {
    mlir::DialectRegistry registry;
    opencgc::registerCGCDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(registry);
    opencgc::loadCGCDialects(*context);
  }
  return *context;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext &context = getContext();
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::StringRef contents(reinterpret_cast<const char *>(data), size);
  (void)opencgc::loadModuleFromMemory(contents, "fuzz-input", context);
  return 0;
}
