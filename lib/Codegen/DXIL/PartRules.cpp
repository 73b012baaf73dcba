//===- PartRules.cpp - Container parts against the module -----------------===//
//
// CONTAINER.PARTMATCHES ("DXIL Container Parts must match Module"): what
// DXC would write for the module must equal what the container holds. The
// part formats are reference 1.3-1.5; SFI0 follows from the shader flags
// (reference 3.7).
//
//===----------------------------------------------------------------------===//
#include "DxilModuleFacts.h"
#include "DxilParts.h"
#include "DxilReport.h"
#include "DxilRules.h"
#include "ShaderFlags.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MD5.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

void mismatch(StringRef part, const Twine &detail, DxilReport &report,
              StringRef where = section::Parts) {
  report.error("CONTAINER.PARTMATCHES", where,
               "Container part '" + part +
                   "' does not match expected for module: " + detail);
}

/// ProgramVersion = kind << 16 | major << 4 | minor; DxilVersion =
/// major << 8 | minor (reference 1.4).
void checkProgramHeader(const DxilProgramHeader &program, size_t partSize,
                        const DxilModuleFacts &facts, DxilReport &report) {
  if (program.shaderKind() != kComputeShaderKind ||
      program.shaderModelMajor() != facts.smMajor ||
      program.shaderModelMinor() != facts.smMinor)
    report.error("SM.PROGRAMVERSION", section::Program,
                 "DXIL part's program version " +
                     Twine::utohexstr(program.programVersion) +
                     " does not match !dx.shaderModel cs_" +
                     Twine(facts.smMajor) + "_" + Twine(facts.smMinor));
  if (program.dxilVersion != (facts.dxilMajor << 8 | facts.dxilMinor))
    report.error("SM.DXILVERSION", section::Program,
                 "DXIL part's DXIL version " +
                     Twine::utohexstr(program.dxilVersion) +
                     " does not match !dx.version");
  if (uint64_t(program.sizeInUint32) * 4 != partSize)
    report.error("CONTAINER.PARTINVALID", section::Program,
                 "DXIL part's SizeInUint32 " + Twine(program.sizeInUint32) +
                     " does not cover its " + Twine(partSize) + " bytes");
}

/// A compute shader has empty input and output signatures: {count 0,
/// offset 8} (reference 1.3).
void checkSignatures(const DxContainerView &view, DxilReport &report) {
  static const uint8_t empty[] = {0, 0, 0, 0, 8, 0, 0, 0};
  for (uint32_t fourCC : {kPartInputSignature, kPartOutputSignature})
    if (const DxPart *part = view.findPart(fourCC);
        part && part->data != ArrayRef<uint8_t>(empty))
      mismatch(fourCCToString(fourCC),
               "a compute shader's signature must be empty", report);
}

void checkFeatureInfo(const DxContainerView &view, const DxilModuleFacts &facts,
                      DxilReport &report) {
  const DxPart *part = view.findPart(kPartFeatureInfo);
  if (!part)
    return;
  if (part->data.size() != 8)
    return mismatch("Feature Info", "SFI0 is not 8 bytes", report);
  uint64_t stored = support::endian::read64le(part->data.data());
  uint64_t expected = getFeatureInfo(facts.shaderFlags);
  if (stored != expected)
    mismatch("Feature Info",
             "SFI0 is 0x" + Twine::utohexstr(stored) + ", the shader flags 0x" +
                 Twine::utohexstr(facts.shaderFlags) + " give 0x" +
                 Twine::utohexstr(expected),
             report);
}

PsvResource expectedRecord(const DxilResource &record) {
  namespace kind = resource_kind;
  PsvResource psv;
  psv.space = record.space;
  psv.lowerBound = record.lowerBound;
  psv.upperBound = record.upperBound();
  psv.kind = record.kind;
  psv.flags = record.usesAtomic64 ? 1 : 0;
  // An acceleration structure is described as a raw SRV (checked against
  // the corpus: cs_6_5/rayquery).
  bool raw = record.kind == kind::RawBuffer ||
             record.kind == kind::RTAccelerationStructure;
  bool structured = record.kind == kind::StructuredBuffer;
  switch (record.resourceClass) {
  case Cbv:
    psv.type = PsvCbv;
    break;
  case Sampler:
    psv.type = PsvSampler;
    break;
  case Srv:
    psv.type = raw ? PsvSrvRaw : structured ? PsvSrvStructured : PsvSrvTyped;
    break;
  default:
    psv.type = raw                 ? PsvUavRaw
               : !structured       ? PsvUavTyped
               : record.hasCounter ? PsvUavStructuredWithCounter
                                   : PsvUavStructured;
    break;
  }
  return psv;
}

class PsvChecker {
public:
  PsvChecker(const PsvInfo &psv, const Module &module,
             const DxilModuleFacts &facts, DxilReport &report)
      : psv(psv), module(module), facts(facts), report(report) {}

  void run() {
    unsigned expected =
        getPsvVersionForValidator(facts.valMajor, facts.valMinor);
    if (psv.runtimeInfoSize != getPsvRuntimeInfoSize(expected))
      differ("RuntimeInfoSize " + Twine(psv.runtimeInfoSize) +
             " is not version " + Twine(expected) + "'s " +
             Twine(getPsvRuntimeInfoSize(expected)));
    checkRuntimeInfo();
    checkResources();
    checkEntryName();
    if (psv.trailingBytes != 0)
      differ(Twine(psv.trailingBytes) + " bytes follow the tables");
  }

private:
  void differ(const Twine &detail) {
    mismatch("Pipeline State Validation", detail, report, section::Psv);
  }

  void checkRuntimeInfo() {
    if (llvm::any_of(psv.stageInfo, [](uint8_t byte) { return byte != 0; }))
      differ("the stage union is not zero for a compute shader");
    checkWaveLanes();
    if (psv.version() >= 1 &&
        (psv.shaderStage != kComputeShaderKind || psv.usesViewId != 0 ||
         llvm::any_of(psv.signatureCounts, [](uint8_t n) { return n != 0; })))
      differ("stage, view ID or signature counts are not those of a "
             "compute shader");
    if (psv.version() >= 2 && psv.numThreads != facts.numThreads)
      differ("NumThreads " + Twine(psv.numThreads[0]) + "," +
             Twine(psv.numThreads[1]) + "," + Twine(psv.numThreads[2]) +
             " are not the entry's " + Twine(facts.numThreads[0]) + "," +
             Twine(facts.numThreads[1]) + "," + Twine(facts.numThreads[2]));
    if (psv.version() >= 4 && psv.groupSharedBytes != groupSharedBytes())
      differ("NumBytesGroupSharedMemory " + Twine(psv.groupSharedBytes) +
             " is not " + Twine(groupSharedBytes()));
  }

  /// 0 and 0xFFFFFFFF unless a wave size is declared.
  void checkWaveLanes() {
    uint32_t min = 0, max = 0xFFFFFFFFu;
    if (facts.waveSize) {
      auto [first, second, preferred] = *facts.waveSize;
      (void)preferred;
      min = first;
      max = facts.waveSizeRanged && second != 0 ? second : first;
    }
    if (psv.minWaveLaneCount != min || psv.maxWaveLaneCount != max)
      differ("wave lane counts " + Twine(psv.minWaveLaneCount) + ".." +
             Twine(psv.maxWaveLaneCount) + " are not " + Twine(min) + ".." +
             Twine(max));
  }

  uint64_t groupSharedBytes() const {
    uint64_t bytes = 0;
    for (const GlobalVariable &global : module.globals())
      if (global.getAddressSpace() == 3)
        bytes += module.getDataLayout().getTypeAllocSize(global.getValueType());
    return bytes;
  }

  /// Records in the order CBVs, samplers, SRVs, UAVs (reference 1.5).
  void checkResources() {
    std::vector<PsvResource> expected;
    for (unsigned resourceClass : {Cbv, Sampler, Srv, Uav})
      for (const DxilResource &record : facts.resources[resourceClass])
        expected.push_back(expectedRecord(record));
    if (expected.size() != psv.resources.size())
      return differ(Twine(psv.resources.size()) +
                    " resource records, the "
                    "module declares " +
                    Twine(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i)
      checkResource(i, expected[i], psv.resources[i]);
  }

  void checkResource(size_t index, const PsvResource &expected,
                     const PsvResource &stored) {
    bool same = stored.type == expected.type &&
                stored.space == expected.space &&
                stored.lowerBound == expected.lowerBound &&
                stored.upperBound == expected.upperBound;
    if (psv.version() >= 2)
      same &= stored.kind == expected.kind && stored.flags == expected.flags;
    if (!same)
      differ("resource record " + Twine(index) + " {type " +
             Twine(stored.type) + ", space " + Twine(stored.space) + ", " +
             Twine(stored.lowerBound) + ".." + Twine(stored.upperBound) +
             ", kind " + Twine(stored.kind) + "} is not the module's {type " +
             Twine(expected.type) + ", space " + Twine(expected.space) + ", " +
             Twine(expected.lowerBound) + ".." + Twine(expected.upperBound) +
             ", kind " + Twine(expected.kind) + "}");
  }

  void checkEntryName() {
    if (psv.version() < 1)
      return;
    if (!psv.stringTable.empty() && psv.stringTable.back() != '\0')
      report.error("CONTAINER.CONTENTINVALID", section::Psv,
                   "PSV0's string table is not NUL-terminated");
    if (psv.version() < 3)
      return;
    StringRef name;
    if (psv.entryNameOffset < psv.stringTable.size())
      name = psv.stringTable.drop_front(psv.entryNameOffset).split('\0').first;
    if (name != facts.entryName)
      differ("EntryFunctionName '" + name + "' is not '" + facts.entryName +
             "'");
  }

  const PsvInfo &psv;
  const Module &module;
  const DxilModuleFacts &facts;
  DxilReport &report;
};

void checkPipelineState(const DxContainerView &view, const Module &module,
                        const DxilModuleFacts &facts, DxilReport &report) {
  const DxPart *part = view.findPart(kPartPipelineState);
  if (!part)
    return;
  Expected<PsvInfo> psv = parsePsv0(part->data);
  if (!psv)
    return report.error("CONTAINER.CONTENTINVALID", section::Psv,
                        toString(psv.takeError()));
  PsvChecker(*psv, module, facts, report).run();
}

} // namespace

/// HASH = {u32 flags, MD5 of the bitcode} (reference 1.3).
bool checkShaderHash(const DxContainerView &view,
                     const DxilProgramHeader &program, DxilReport &report) {
  const DxPart *part = view.findPart(kPartShaderHash);
  if (!part)
    return true;
  if (part->data.size() != 20) {
    mismatch("Shader Hash", "HASH is not 20 bytes", report);
    return true;
  }
  MD5::MD5Result digest = MD5::hash(program.bitcode);
  if (ArrayRef<uint8_t>(digest.data(), 16) == part->data.slice(4))
    return true;
  mismatch("Shader Hash",
           "HASH is not the MD5 of the bitcode, which is therefore not read",
           report);
  return false;
}

void checkPartsMatchModule(const DxContainerView &view,
                           const DxilProgramHeader &program,
                           const Module &module, const DxilModuleFacts &facts,
                           DxilReport &report) {
  if (const DxPart *dxil = view.findPart(kPartDxil))
    checkProgramHeader(program, dxil->data.size(), facts, report);
  checkSignatures(view, report);
  checkFeatureInfo(view, facts, report);
  checkPipelineState(view, module, facts, report);
}

} // namespace opencgc::codegen
