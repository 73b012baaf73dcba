//===- ValidateCommand.cpp - opencgc validate -----------------------------===//
//
// Checks an NVVM IR bitcode file against the NVVM IR specification's module
// rules (lib/Codegen/NVVM/NvvmChecker.cpp): each finding names its rule and
// section; errors make the exit code 1.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "opencgc/Codegen/NvvmChecker.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand
    validateCommand("validate",
                    "Check an NVVM IR bitcode file (.bc) against the NVVM IR "
                    "specification's module rules");

namespace {
cl::opt<std::string> validatePath(cl::Positional, cl::Required,
                                  cl::desc("<file .bc>"),
                                  cl::sub(validateCommand));
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
  LLVMContext context;
  Expected<std::unique_ptr<Module>> module =
      parseBitcodeFile((*file)->getMemBufferRef(), context);
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

} // namespace opencgc::cli
