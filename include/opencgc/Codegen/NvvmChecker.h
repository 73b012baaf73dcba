//===- NvvmChecker.h - The NVVM IR specification's module rules -*- C++ -*-===//
//
// Checks an LLVM module against the module-level rules of the NVVM IR
// specification (shared/seeds/nvvm-ir-spec.txt): triple, data layout,
// version metadata, kernel annotations, address spaces, linkage, types,
// instructions and intrinsics. Each finding names its rule and the
// specification's section. It accepts a module as built (nvvm.annotations
// present) or as LLVM 22's reader returns NVVM bitcode (kernel annotations
// upgraded to the ptx_kernel calling convention).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_NVVMCHECKER_H
#define OPENCGC_CODEGEN_NVVMCHECKER_H

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::codegen {

struct NvvmFinding {
  enum class Severity { Error, Warning };
  Severity severity;
  /// A short rule name, e.g. "data-layout".
  std::string rule;
  /// The specification's section, e.g. "3.25 Data Layout".
  std::string section;
  std::string message;
  /// "error: [rule] (NVVM IR 3.25 Data Layout): message".
  std::string str() const;
};

std::vector<NvvmFinding> checkNvvmModule(const llvm::Module &module);

/// Whether any finding is an error.
bool hasNvvmErrors(const std::vector<NvvmFinding> &findings);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_NVVMCHECKER_H
