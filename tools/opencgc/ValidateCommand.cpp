//===- ValidateCommand.cpp - opencgc validate -----------------------------===//
//
// Checks a DXIL container (a file that starts with the 'DXBC' magic, e.g. a
// .dxil file) against the DXIL validation rules for compute shaders
// (lib/Codegen/DXIL), or an NVVM IR bitcode file against the NVVM IR
// specification's module rules (lib/Codegen/NVVM/NvvmChecker.cpp). Each
// finding names its rule and section; errors make the exit code 1.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "opencgc/Codegen/DxilValidator.h"
#include "opencgc/Codegen/NvvmChecker.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand validateCommand(
    "validate", "Check a DXIL container (.dxil) against the DXIL compute "
                "validation rules, or NVVM IR bitcode (.bc) against the NVVM "
                "IR specification's module rules");

namespace {
cl::opt<std::string> validatePath(cl::Positional, cl::Required,
                                  cl::desc("<file .dxil|.bc>"),
                                  cl::sub(validateCommand));

bool isDxContainer(const MemoryBuffer &file) {
  return file.getBuffer().starts_with("DXBC");
}

int validateDxil(const MemoryBuffer &file) {
  ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>(file.getBufferStart()),
      file.getBufferSize());
  std::vector<codegen::DxilFinding> findings =
      codegen::validateDxilContainer(bytes);
  for (const codegen::DxilFinding &finding : findings)
    outs() << validatePath << ": " << finding.str() << "\n";
  bool failed = codegen::hasDxilErrors(findings);
  outs() << validatePath << ": " << (failed ? "not valid DXIL" : "valid DXIL")
         << " (" << findings.size() << " findings)\n";
  return failed ? 1 : 0;
}

int validateNvvm(const MemoryBuffer &file) {
  LLVMContext context;
  Expected<std::unique_ptr<Module>> module =
      parseBitcodeFile(file.getMemBufferRef(), context);
  if (!module) {
    WithColor::error(errs(), "opencgc")
        << validatePath
        << ": not readable LLVM bitcode: " << toString(module.takeError())
        << "\n";
    return 1;
  }
  std::vector<codegen::NvvmFinding> findings =
      codegen::checkNvvmModule(**module);
  for (const codegen::NvvmFinding &finding : findings)
    outs() << validatePath << ": " << finding.str() << "\n";
  bool failed = codegen::hasNvvmErrors(findings);
  outs() << validatePath << ": "
         << (failed ? "not valid NVVM IR" : "valid NVVM IR") << " ("
         << findings.size() << " findings)\n";
  return failed ? 1 : 0;
}
} // namespace

int runValidate(mlir::MLIRContext &) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> file =
      MemoryBuffer::getFile(validatePath);
  if (!file) {
    WithColor::error(errs(), "opencgc")
        << "cannot read " << validatePath << ": " << file.getError().message()
        << "\n";
    return 1;
  }
  if (isDxContainer(**file) || StringRef(validatePath).ends_with(".dxil"))
    return validateDxil(**file);
  return validateNvvm(**file);
}

} // namespace opencgc::cli
