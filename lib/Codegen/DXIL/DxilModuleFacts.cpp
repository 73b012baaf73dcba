//===- DxilModuleFacts.cpp - Reading and checking DXIL named metadata -----===//
//
// The metadata model (DxilMetadataModel.h) reads the shapes of reference
// sections 3.1-3.3; here its problems become findings named by DXIL.rst's
// rules, and the values it read are checked against this validator's shader
// models and versions.
//
//===----------------------------------------------------------------------===//
#include "DxilModuleFacts.h"

#include "DxilReport.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

const DxilResource *DxilModuleFacts::findResource(unsigned resourceClass,
                                                  uint64_t id) const {
  if (resourceClass >= kResourceClassCount ||
      id >= resources[resourceClass].size())
    return nullptr;
  return &resources[resourceClass][id];
}

namespace {

using dxil::DxilMetadataPart;
using dxil::DxilMetadataProblem;
using dxil::DxilMetadataProblemKind;

// Entry property tags (reference 3.3): 13 to 22 describe node shaders.
constexpr uint64_t kRangedWaveSizeTag = 23;
constexpr uint64_t kFirstNodeTag = 13, kLastNodeTag = 22;

/// The rule a metadata problem breaks, or null when it breaks none (a
/// property this validator does not check).
const char *ruleOf(const DxilMetadataProblem &problem) {
  switch (problem.kind) {
  case DxilMetadataProblemKind::Missing:
    return "META.REQUIRED";
  case DxilMetadataProblemKind::Malformed:
    return "META.WELLFORMED";
  case DxilMetadataProblemKind::SparseResourceId:
    return "META.DENSERESIDS";
  case DxilMetadataProblemKind::EmptyResourceRange:
    return "META.VALUERANGE";
  case DxilMetadataProblemKind::NoEntryProperties:
    return "META.NOENTRYPROPSFORENTRY";
  case DxilMetadataProblemKind::DuplicateWaveSize:
    return "SM.WAVESIZETAGDUPLICATE";
  case DxilMetadataProblemKind::WaveSizeOperandCount:
    return problem.tag == kRangedWaveSizeTag
               ? "SM.WAVESIZERANGEEXPECTSTHREEPARAMS"
               : "SM.WAVESIZEEXPECTSONEPARAM";
  case DxilMetadataProblemKind::WaveSizeNotConstant:
    return "SM.WAVESIZENEEDSCONSTANTOPERANDS";
  case DxilMetadataProblemKind::WaveSizeShaderModel:
    return problem.tag == kRangedWaveSizeTag ? "SM.WAVESIZERANGENEEDSSM68PLUS"
                                             : "SM.WAVESIZENEEDSSM66OR67";
  case DxilMetadataProblemKind::UnreadProperty:
    return problem.tag >= kFirstNodeTag && problem.tag <= kLastNodeTag
               ? "META.COMPUTEWITHNODE"
               : nullptr;
  }
  return nullptr;
}

/// Where the rule comes from: reading the metadata's shape is reference 3,
/// the rest DXIL.rst's rules.
const char *sectionOf(const DxilMetadataProblem &problem) {
  return problem.kind == DxilMetadataProblemKind::Missing ||
                 problem.kind == DxilMetadataProblemKind::Malformed
             ? section::Metadata
             : section::Rules;
}

/// Reports the model's problems and this validator's checks of the values
/// in one sequence: each check follows the problems of the parts read
/// before it, as when the metadata is read and checked in one pass.
class MetadataRules {
public:
  MetadataRules(const dxil::DxilMetadata &metadata, DxilReport &report)
      : metadata(metadata), report(report) {}

  DxilModuleFacts run() {
    reportThrough(DxilMetadataPart::ShaderModel);
    checkShaderModel();
    reportThrough(DxilMetadataPart::DxilVersion);
    checkDxilVersion();
    reportThrough(DxilMetadataPart::ValidatorVersion);
    checkValidatorVersion();
    reportThrough(DxilMetadataPart::EntryPoint);
    checkEntryPoint();
    reportThrough();
    facts.resources = metadata.resources;
    return std::move(facts);
  }

private:
  /// Reports the problems not yet reported, up to the first about a part
  /// after `last` (all of them without one).
  void reportThrough(std::optional<DxilMetadataPart> last = std::nullopt) {
    for (; next < metadata.problems.size() &&
           (!last || metadata.problems[next].part <= *last);
         ++next) {
      const DxilMetadataProblem &problem = metadata.problems[next];
      const char *rule = ruleOf(problem);
      if (!rule)
        continue;
      // The model's message for a tag says it is not read; here it is a
      // node shader's tag on a compute entry.
      if (problem.kind == DxilMetadataProblemKind::UnreadProperty)
        report.error(rule, sectionOf(problem),
                     "compute entry has node property tag " +
                         Twine(problem.tag));
      else
        report.error(rule, sectionOf(problem), problem.message);
    }
  }

  void checkShaderModel() {
    if (!metadata.shaderModel)
      return;
    facts.shaderKind = metadata.shaderModel->kind;
    facts.smMajor = metadata.shaderModel->major;
    facts.smMinor = metadata.shaderModel->minor;
    // This validator covers compute shaders, cs_6_0 to cs_6_8.
    if (facts.shaderKind != "cs")
      report.error("SM.NAME", section::Rules,
                   "shader model '" + facts.shaderKind +
                       "' is not a compute (cs) shader model");
    if (facts.smMajor != 6 || facts.smMinor > 8)
      report.error("SM.NAME", section::Rules,
                   "shader model " + Twine(facts.smMajor) + "." +
                       Twine(facts.smMinor) + " is not 6.0 to 6.8");
  }

  void checkDxilVersion() {
    // An unreadable dx.version is checked as 0.0.
    if (metadata.hasProblem(DxilMetadataPart::DxilVersion,
                            DxilMetadataProblemKind::Missing))
      return;
    if (metadata.dxilVersion) {
      facts.dxilMajor = metadata.dxilVersion->major;
      facts.dxilMinor = metadata.dxilVersion->minor;
    }
    // DXIL 1.x goes with shader model 6.x (DXIL.rst "DXIL version").
    if (facts.dxilMajor != 1 || facts.dxilMinor != facts.smMinor)
      report.error("SM.DXILVERSION", section::Rules,
                   "DXIL version " + Twine(facts.dxilMajor) + "." +
                       Twine(facts.dxilMinor) + " does not go with shader " +
                       "model 6." + Twine(facts.smMinor));
  }

  void checkValidatorVersion() {
    facts.valMajor = metadata.validatorVersion.major;
    facts.valMinor = metadata.validatorVersion.minor;
    // The rule sets this validator knows: 1.0 to 1.10 (reference 1.5).
    if (facts.valMajor != 1 || facts.valMinor > 10)
      report.error("META.VERSIONSUPPORTED", section::Metadata,
                   "validator version " + Twine(facts.valMajor) + "." +
                       Twine(facts.valMinor) + " is not supported (1.0-1.10)");
  }

  void checkEntryPoint() {
    if (!metadata.entryPoint)
      return;
    const dxil::DxilEntryPoint &entry = *metadata.entryPoint;
    facts.entry = entry.function;
    facts.entryName = entry.name.value_or("");
    if (!facts.entry || facts.entry->isDeclaration() || !entry.name ||
        facts.entry->getName() != facts.entryName)
      report.error("META.ENTRYFUNCTION", section::Rules,
                   "the entry point must name a function defined in the "
                   "module, by its own name");
    // DXIL.rst "Compute Shader": no signatures.
    if (entry.hasSignatures)
      report.error("SM.CSNOSIGNATURES", section::Rules,
                   "a compute entry point has signatures");
    facts.shaderFlags = entry.shaderFlags;
    facts.numThreads = entry.numThreads.value_or(std::array<uint32_t, 3>{});
    facts.waveSize = entry.waveSize;
    facts.waveSizeRanged = entry.waveSizeRanged;
  }

  const dxil::DxilMetadata &metadata;
  DxilReport &report;
  DxilModuleFacts facts;
  /// The first problem not yet reported.
  size_t next = 0;
};

} // namespace

DxilModuleFacts readDxilModuleFacts(const Module &module, DxilReport &report) {
  dxil::DxilMetadata metadata = dxil::readDxilMetadata(module);
  DxilModuleFacts facts = MetadataRules(metadata, report).run();
  // Alignment of i16 tells the two DXC layouts apart (reference 2.2).
  facts.nativeLowPrecision =
      module.getDataLayout().getABIIntegerTypeAlignment(16).value() == 2;
  return facts;
}

} // namespace opencgc::codegen
