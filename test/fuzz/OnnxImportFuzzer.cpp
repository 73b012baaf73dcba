//===- OnnxImportFuzzer.cpp - Fuzz the ONNX importer ----------------------===//
//
// libFuzzer entry point: every input is imported as an ONNX model file
// (protobuf parsing, the op converters, shape inference and constant
// folding) and, where that succeeds, verified. Hostile models must give an
// error, never a crash, a hang or an out-of-memory.
//
//===----------------------------------------------------------------------===//

#include "FuzzContext.h"
#include "opencgc/Frontend/ONNX/Importer.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

namespace {
/// The importer reads a path: one file per fuzzing process.
const std::string &getModelPath() {
  static const std::string path =
      "/tmp/opencgc-onnx-fuzz-" +
      std::to_string(llvm::sys::Process::getProcessId()) + ".onnx";
  return path;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(getModelPath(), ec);
    if (ec)
      std::abort();
    os.write(reinterpret_cast<const char *>(data), size);
  }
  mlir::MLIRContext &context = opencgc::fuzz::getFuzzContext();
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::Expected<opencgc::onnx_import::ImportedModel> model =
      opencgc::onnx_import::importOnnxModel(getModelPath(), context, {});
  if (!model)
    llvm::consumeError(model.takeError());
  return 0;
}
