//===- DxilReport.h - Collects validator findings ---------------*- C++ -*-===//
//
// Every rule file reports through one DxilReport, so findings keep the order
// in which the rules ran and share one format.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILREPORT_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILREPORT_H

#include "opencgc/Codegen/DxilValidator.h"

#include "llvm/ADT/Twine.h"

namespace opencgc::codegen {

/// Sections cited by the rules. The seed's rendered text lost its headings;
/// these are the headings of the original DXIL.rst (see the reference's
/// provenance notes).
namespace section {
inline constexpr const char *Rules = "DXIL.rst Validation Rules";
inline constexpr const char *Layout = "reference 1.2";
inline constexpr const char *Parts = "reference 1.3";
inline constexpr const char *Program = "reference 1.4";
inline constexpr const char *Psv = "reference 1.5";
inline constexpr const char *Digest = "reference 1.6";
inline constexpr const char *Bitcode = "reference 2";
inline constexpr const char *Metadata = "reference 3";
inline constexpr const char *Ops = "reference 4";
} // namespace section

class DxilReport {
public:
  void error(llvm::StringRef rule, llvm::StringRef where,
             const llvm::Twine &message) {
    add(DxilFinding::Severity::Error, rule, where, message);
  }
  void warning(llvm::StringRef rule, llvm::StringRef where,
               const llvm::Twine &message) {
    add(DxilFinding::Severity::Warning, rule, where, message);
  }
  bool hasErrors() const { return hasDxilErrors(findings); }
  std::vector<DxilFinding> take() { return std::move(findings); }

private:
  void add(DxilFinding::Severity severity, llvm::StringRef rule,
           llvm::StringRef where, const llvm::Twine &message) {
    findings.push_back({severity, rule.str(), where.str(), message.str()});
  }
  std::vector<DxilFinding> findings;
};

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILREPORT_H
