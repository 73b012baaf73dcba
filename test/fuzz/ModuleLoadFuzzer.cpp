//===- ModuleLoadFuzzer.cpp - Fuzz loading CGC modules --------------------===//
//
// libFuzzer entry point: every input is loaded as a module file would be
// (loadModuleFromMemory: MLIR text, MLIR bytecode through the bytecode
// check, or a DX Container of bytecode), then verified. Hostile input must
// give diagnostics, never a crash, a hang or an out-of-memory.
//
//===----------------------------------------------------------------------===//

#include "FuzzContext.h"
#include "opencgc/Interchange/ModuleFile.h"

#include "mlir/IR/Diagnostics.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext &context = opencgc::fuzz::getFuzzContext();
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::StringRef contents(reinterpret_cast<const char *>(data), size);
  (void)opencgc::loadModuleFromMemory(contents, "fuzz-input", context);
  return 0;
}
