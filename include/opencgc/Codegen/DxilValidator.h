//===- DxilValidator.h - DXIL validation rules for compute shaders -*- C++ -*-//
//
// Checks a DXIL container (or an LLVM module read from one) against the DXIL
// specification's validation rules that apply to compute shaders
// (shared/seeds/dxil-spec.txt "Validation Rules"; the facts behind them are
// in shared/reference/dxil-format.md section 5). Each finding names its rule
// by the specification's rule code ("CONTAINER.PARTMISSING", "SM.OPCODE",
// ...), which is also the code DXC's validator uses, and the section the rule
// comes from. docs/dxil-validator.md lists what is checked and what is not.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_DXILVALIDATOR_H
#define OPENCGC_CODEGEN_DXILVALIDATOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace opencgc::codegen {

struct DxilFinding {
  enum class Severity { Error, Warning };
  Severity severity = Severity::Error;
  /// The specification's rule code, e.g. "CONTAINER.PARTMISSING".
  std::string rule;
  /// Where the rule or the fact behind it comes from, e.g. "reference 1.3".
  std::string section;
  std::string message;
  /// "error: [RULE] (section): message".
  std::string str() const;
};

/// Validates a whole container: parts and digest, the DXIL part's bitcode
/// (read with LLVM 22), the module's rules and the parts that must match
/// the module (SFI0, ISG1, OSG1, PSV0, HASH). LLVM's bitcode reader is not
/// made for hostile input, so the bitcode is first read in a forked child,
/// unless `trustedBitcode` (this process wrote it).
std::vector<DxilFinding>
validateDxilContainer(llvm::ArrayRef<uint8_t> container,
                      bool trustedBitcode = false);

/// The module-level rules alone (IR subset, dx.op calls, metadata, shader
/// flags), for a module as readDxilBitcode returns it.
std::vector<DxilFinding> validateDxilModule(const llvm::Module &module);

/// Whether any finding is an error (warnings do not reject a shader).
bool hasDxilErrors(const std::vector<DxilFinding> &findings);

/// Success when no finding is an error; otherwise one error naming `what`
/// and listing every error finding.
llvm::Error dxilFindingsToError(const std::vector<DxilFinding> &findings,
                                llvm::StringRef what);

/// The bitcode in a container's DXIL part: `BitcodeSize` bytes at
/// `BitcodeOffset` after the program header's DxilMagic (reference 1.4).
llvm::Expected<llvm::ArrayRef<uint8_t>>
getDxilPartBitcode(llvm::ArrayRef<uint8_t> container);

struct DxilBitcodeModule {
  std::unique_ptr<llvm::Module> module;
  /// The data layout as written; the module carries a readable variant.
  std::string writtenDataLayout;
};

/// Reads DXIL's LLVM 3.7 bitcode with LLVM 22. DXIL's legacy layout
/// ("i8:32") is rejected by LLVM 22's DataLayout parser, so it is read as
/// "i8:8" (reference 0, item 1); typed pointers come back opaque.
llvm::Expected<DxilBitcodeModule>
readDxilBitcode(llvm::ArrayRef<uint8_t> bitcode, llvm::LLVMContext &context);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_DXILVALIDATOR_H
