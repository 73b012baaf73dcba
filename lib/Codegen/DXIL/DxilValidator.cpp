//===- DxilValidator.cpp - Running the DXIL rules in order ----------------===//
//
// Container first, then the DXIL part's bitcode, the module's own rules and
// last the parts that must match the module. A step that cannot be read
// stops the ones that depend on it, with a finding that says why.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilValidator.h"

#include "ChildValidation.h"
#include "DxilModuleFacts.h"
#include "DxilParts.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

std::string DxilFinding::str() const {
  return std::string(severity == Severity::Error ? "error" : "warning") +
         ": [" + rule + "] (" + section + "): " + message;
}

bool hasDxilErrors(const std::vector<DxilFinding> &findings) {
  return llvm::any_of(findings, [](const DxilFinding &finding) {
    return finding.severity == DxilFinding::Severity::Error;
  });
}

Error dxilFindingsToError(const std::vector<DxilFinding> &findings,
                          StringRef what) {
  if (!hasDxilErrors(findings))
    return Error::success();
  std::string text = (what + " is not valid DXIL:").str();
  for (const DxilFinding &finding : findings)
    if (finding.severity == DxilFinding::Severity::Error)
      text += "\n  " + finding.str();
  return createStringError(text);
}

namespace {

/// How long a child may read and check an outside container's bitcode.
constexpr unsigned kChildSeconds = 10;

DxilModuleFacts checkModule(const Module &module, DxilReport &report) {
  DxilModuleFacts facts = readDxilModuleFacts(module, report);
  checkEntryPoint(facts, report);
  checkResourceRecords(facts, report);
  checkIrSubset(module, report);
  checkDeclarations(module, facts, report);
  checkDxilOperations(module, facts, report);
  checkShaderFlags(module, facts, report);
  return facts;
}

/// The DXIL part's bitcode read with LLVM 22, its module's rules, and the
/// parts that must match the module.
void checkBitcode(const DxContainerView &view,
                  const DxilProgramHeader &program, DxilReport &report) {
  LLVMContext context;
  Expected<DxilBitcodeModule> bitcode =
      readDxilBitcode(program.bitcode, context);
  if (!bitcode) {
    report.error("BITCODE.VALID", section::Bitcode,
                 "LLVM 22 cannot read the DXIL part's bitcode: " +
                     toString(bitcode.takeError()));
    return;
  }
  checkDataLayout(bitcode->writtenDataLayout, report);
  DxilModuleFacts facts = checkModule(*bitcode->module, report);
  checkPartsMatchModule(view, program, *bitcode->module, facts, report);
}

} // namespace

std::vector<DxilFinding> validateDxilModule(const Module &module) {
  DxilReport report;
  checkModule(module, report);
  return report.take();
}

std::vector<DxilFinding> validateDxilContainer(ArrayRef<uint8_t> container,
                                               bool trustedBitcode) {
  DxilReport report;
  Expected<DxContainerView> view = parseDxContainer(container);
  if (!view) {
    report.error("CONTAINER.CONTENTINVALID", section::Layout,
                 toString(view.takeError()));
    return report.take();
  }
  checkContainerParts(*view, report);
  const DxPart *dxil = view->findPart(kPartDxil);
  if (!dxil)
    return report.take();
  Expected<DxilProgramHeader> program = parseDxilProgramHeader(dxil->data);
  if (!program) {
    report.error("CONTAINER.PARTINVALID", section::Program,
                 toString(program.takeError()));
    return report.take();
  }
  if (!checkShaderHash(*view, *program, report))
    return report.take();
  if (trustedBitcode) {
    checkBitcode(*view, *program, report);
    return report.take();
  }
  std::vector<DxilFinding> findings = report.take();
  Expected<std::string> answer = runInChild(
      [&](raw_ostream &out) {
        DxilReport childReport;
        checkBitcode(*view, *program, childReport);
        writeFindings(childReport.take(), out);
      },
      kChildSeconds);
  Expected<std::vector<DxilFinding>> childFindings =
      answer ? readFindings(*answer) : answer.takeError();
  if (!childFindings) {
    DxilReport failure;
    failure.error("BITCODE.VALID", section::Bitcode,
                  "the DXIL part's bitcode is read and checked in a child "
                  "process: " +
                      toString(childFindings.takeError()));
    childFindings = failure.take();
  }
  llvm::append_range(findings, *childFindings);
  return findings;
}

} // namespace opencgc::codegen
