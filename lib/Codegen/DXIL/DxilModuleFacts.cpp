//===- DxilModuleFacts.cpp - Reading and checking DXIL named metadata -----===//
//
// Shapes follow DXIL.rst "Shader Model", "DXIL version", "Entry points",
// "Shader Properties and Capabilities" and "Metadata resource records"
// (reference sections 3.1-3.3); limits are DXC's (reference 3.3).
//
//===----------------------------------------------------------------------===//
#include "DxilModuleFacts.h"

#include "DxilReport.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
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

// Entry property tags (reference 3.3).
constexpr uint64_t kShaderFlagsTag = 0;
constexpr uint64_t kNumThreadsTag = 4;
constexpr uint64_t kWaveSizeTag = 11;
constexpr uint64_t kRangedWaveSizeTag = 23;
// Tags 13 to 22 describe node shaders.
constexpr uint64_t kFirstNodeTag = 13, kLastNodeTag = 22;

std::optional<uint64_t> getInt(const Metadata *operand) {
  if (auto *value = mdconst::dyn_extract_or_null<ConstantInt>(operand))
    return value->getValue().tryZExtValue();
  return std::nullopt;
}

/// The single tuple of a named node that must appear once, or null.
const MDNode *getSingleNode(const Module &module, StringRef name,
                            DxilReport &report, bool required) {
  const NamedMDNode *named = module.getNamedMetadata(name);
  if (!named || named->getNumOperands() == 0) {
    if (required)
      report.error("META.REQUIRED", section::Metadata,
                   "!" + name + " is missing");
    return nullptr;
  }
  if (named->getNumOperands() != 1)
    report.error("META.WELLFORMED", section::Metadata,
                 "!" + name + " must have exactly one operand, not " +
                     Twine(named->getNumOperands()));
  return named->getOperand(0);
}

/// Reads {i32 major, i32 minor}.
bool readVersion(const MDNode *node, unsigned &major, unsigned &minor) {
  if (!node || node->getNumOperands() != 2)
    return false;
  std::optional<uint64_t> first = getInt(node->getOperand(0));
  std::optional<uint64_t> second = getInt(node->getOperand(1));
  if (!first || !second)
    return false;
  major = *first;
  minor = *second;
  return true;
}

class MetadataReader {
public:
  MetadataReader(const Module &module, DxilReport &report)
      : module(module), report(report) {}

  DxilModuleFacts run() {
    readShaderModel();
    readVersions();
    readResources();
    readEntryPoint();
    return std::move(facts);
  }

private:
  void wellFormed(const Twine &message) {
    report.error("META.WELLFORMED", section::Metadata, message);
  }

  void readShaderModel() {
    const MDNode *node =
        getSingleNode(module, "dx.shaderModel", report, /*required=*/true);
    if (!node)
      return;
    auto *kind = node->getNumOperands() == 3
                     ? dyn_cast_or_null<MDString>(node->getOperand(0))
                     : nullptr;
    std::optional<uint64_t> major, minor;
    if (kind) {
      major = getInt(node->getOperand(1));
      minor = getInt(node->getOperand(2));
    }
    if (!kind || !major || !minor)
      return wellFormed("!dx.shaderModel must be {!\"kind\", i32, i32}");
    facts.shaderKind = kind->getString().str();
    facts.smMajor = *major;
    facts.smMinor = *minor;
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

  void readVersions() {
    const MDNode *version =
        getSingleNode(module, "dx.version", report, /*required=*/true);
    if (version && !readVersion(version, facts.dxilMajor, facts.dxilMinor))
      wellFormed("!dx.version must be {i32 major, i32 minor}");
    // DXIL 1.x goes with shader model 6.x (DXIL.rst "DXIL version").
    if (version && (facts.dxilMajor != 1 || facts.dxilMinor != facts.smMinor))
      report.error("SM.DXILVERSION", section::Rules,
                   "DXIL version " + Twine(facts.dxilMajor) + "." +
                       Twine(facts.dxilMinor) + " does not go with shader " +
                       "model 6." + Twine(facts.smMinor));
    const MDNode *validator =
        getSingleNode(module, "dx.valver", report, /*required=*/false);
    if (validator && !readVersion(validator, facts.valMajor, facts.valMinor))
      wellFormed("!dx.valver must be {i32 major, i32 minor}");
    // The rule sets this validator knows: 1.0 to 1.10 (reference 1.5).
    if (facts.valMajor != 1 || facts.valMinor > 10)
      report.error("META.VERSIONSUPPORTED", section::Metadata,
                   "validator version " + Twine(facts.valMajor) + "." +
                       Twine(facts.valMinor) + " is not supported (1.0-1.10)");
  }

  void readResources() {
    const MDNode *lists =
        getSingleNode(module, "dx.resources", report, /*required=*/false);
    if (!lists)
      return;
    resourceLists = lists;
    if (lists->getNumOperands() != kResourceClassCount)
      return wellFormed("!dx.resources must be {SRVs, UAVs, CBVs, Samplers}");
    for (unsigned resourceClass = 0; resourceClass < kResourceClassCount;
         ++resourceClass) {
      const Metadata *list = lists->getOperand(resourceClass);
      if (!list)
        continue;
      auto *records = dyn_cast<MDNode>(list);
      if (!records) {
        wellFormed("a !dx.resources list is not a tuple");
        continue;
      }
      for (const MDOperand &record : records->operands())
        readResource(resourceClass, dyn_cast_or_null<MDNode>(record.get()));
    }
  }

  void readResource(unsigned resourceClass, const MDNode *record) {
    static const unsigned fieldCounts[] = {9, 11, 8, 8};
    static const char *classNames[] = {"SRV", "UAV", "CBV", "sampler"};
    const char *name = classNames[resourceClass];
    if (!record || record->getNumOperands() != fieldCounts[resourceClass])
      return wellFormed(Twine("a ") + name + " record must have " +
                        Twine(fieldCounts[resourceClass]) + " fields");
    std::optional<uint64_t> fields[7];
    for (unsigned i : {0u, 3u, 4u, 5u, 6u})
      fields[i] = getInt(record->getOperand(i));
    if (!fields[0] || !fields[3] || !fields[4] || !fields[5] || !fields[6])
      return wellFormed(Twine("a ") + name +
                        " record's id, space, bounds and shape must be "
                        "integer constants");
    DxilResource resource;
    resource.resourceClass = resourceClass;
    resource.id = *fields[0];
    resource.space = *fields[3];
    resource.lowerBound = *fields[4];
    resource.rangeSize = *fields[5];
    readClassFields(record, resource);
    // Record IDs are the list positions (DXIL.rst "Metadata resource
    // records": zero-based and dense).
    if (resource.id != facts.resources[resourceClass].size())
      report.error("META.DENSERESIDS", section::Rules,
                   Twine(name) + " record " +
                       Twine(facts.resources[resourceClass].size()) +
                       " has id " + Twine(resource.id));
    if (resource.rangeSize == 0)
      report.error("META.VALUERANGE", section::Rules,
                   Twine(name) + " " + Twine(resource.id) +
                       " has an empty register range");
    facts.resources[resourceClass].push_back(resource);
  }

  static bool getBool(const MDNode *record, unsigned index) {
    return getInt(record->getOperand(index)).value_or(0) != 0;
  }

  void readClassFields(const MDNode *record, DxilResource &resource) {
    uint64_t sixth = getInt(record->getOperand(6)).value_or(0);
    switch (resource.resourceClass) {
    case Srv:
      resource.kind = sixth;
      resource.sampleCount = getInt(record->getOperand(7)).value_or(0);
      readTags(record->getOperand(8), resource);
      break;
    case Uav:
      resource.kind = sixth;
      resource.globallyCoherent = getBool(record, 7);
      resource.hasCounter = getBool(record, 8);
      resource.rasterizerOrdered = getBool(record, 9);
      readTags(record->getOperand(10), resource);
      break;
    case Cbv:
      resource.kind = resource_kind::CBuffer;
      resource.cbufferSize = sixth;
      break;
    default:
      resource.kind = resource_kind::Sampler;
      break;
    }
  }

  /// Tag/value pairs: 0 element type, 1 structure stride, 3 64-bit atomics.
  void readTags(const Metadata *operand, DxilResource &resource) {
    auto *tags = dyn_cast_or_null<MDNode>(operand);
    if (!tags)
      return;
    if (tags->getNumOperands() % 2 != 0)
      return wellFormed("a resource tag list must hold tag/value pairs");
    for (unsigned i = 0; i < tags->getNumOperands(); i += 2) {
      std::optional<uint64_t> tag = getInt(tags->getOperand(i));
      std::optional<uint64_t> value = getInt(tags->getOperand(i + 1));
      if (!tag || !value)
        return wellFormed("a resource tag or its value is not a constant");
      if (*tag == 0)
        resource.componentType = *value;
      else if (*tag == 1)
        resource.stride = *value;
      else if (*tag == 3)
        resource.usesAtomic64 = *value != 0;
    }
  }

  void readEntryPoint() {
    const MDNode *entry =
        getSingleNode(module, "dx.entryPoints", report, /*required=*/true);
    if (!entry)
      return;
    if (entry->getNumOperands() != 5)
      return wellFormed("an entry point must be {function, name, signatures, "
                        "resources, properties}");
    facts.entry = mdconst::dyn_extract_or_null<Function>(entry->getOperand(0));
    auto *name = dyn_cast_or_null<MDString>(entry->getOperand(1));
    if (name)
      facts.entryName = name->getString().str();
    if (!facts.entry || facts.entry->isDeclaration() || !name ||
        facts.entry->getName() != facts.entryName)
      report.error("META.ENTRYFUNCTION", section::Rules,
                   "the entry point must name a function defined in the "
                   "module, by its own name");
    // DXIL.rst "Compute Shader": no signatures.
    if (entry->getOperand(2))
      report.error("SM.CSNOSIGNATURES", section::Rules,
                   "a compute entry point has signatures");
    if (entry->getOperand(3) != resourceLists)
      wellFormed("the entry point's resources are not !dx.resources' tuple");
    auto *properties = dyn_cast_or_null<MDNode>(entry->getOperand(4));
    if (!properties)
      return report.error("META.NOENTRYPROPSFORENTRY", section::Rules,
                          "entry point '" + facts.entryName +
                              "' has no properties (numthreads)");
    readProperties(properties);
  }

  void readProperties(const MDNode *properties) {
    if (properties->getNumOperands() % 2 != 0)
      return wellFormed("entry properties must be tag/value pairs");
    bool sawWaveSize = false;
    for (unsigned i = 0; i < properties->getNumOperands(); i += 2) {
      std::optional<uint64_t> tag = getInt(properties->getOperand(i));
      const Metadata *value = properties->getOperand(i + 1);
      if (!tag) {
        wellFormed("an entry property tag is not an integer constant");
        continue;
      }
      if (*tag == kShaderFlagsTag) {
        std::optional<uint64_t> flags = getInt(value);
        if (!flags)
          wellFormed("the shader flags property is not an integer constant");
        facts.shaderFlags = flags.value_or(0);
      } else if (*tag == kNumThreadsTag) {
        readNumThreads(dyn_cast_or_null<MDNode>(value));
      } else if (*tag == kWaveSizeTag || *tag == kRangedWaveSizeTag) {
        if (sawWaveSize)
          report.error("SM.WAVESIZETAGDUPLICATE", section::Rules,
                       "the entry has more than one wave size property");
        sawWaveSize = true;
        readWaveSize(*tag == kRangedWaveSizeTag,
                     dyn_cast_or_null<MDNode>(value));
      } else if (*tag >= kFirstNodeTag && *tag <= kLastNodeTag) {
        report.error("META.COMPUTEWITHNODE", section::Rules,
                     "compute entry has node property tag " + Twine(*tag));
      }
    }
  }

  void readNumThreads(const MDNode *node) {
    if (!node || node->getNumOperands() != 3)
      return wellFormed("numthreads must be {i32 x, i32 y, i32 z}");
    for (unsigned i = 0; i < 3; ++i) {
      std::optional<uint64_t> size = getInt(node->getOperand(i));
      if (!size)
        return wellFormed("a numthreads size is not an integer constant");
      facts.numThreads[i] = *size;
    }
  }

  void readWaveSize(bool ranged, const MDNode *node) {
    unsigned count = ranged ? 3 : 1;
    if (!node || node->getNumOperands() != count)
      return report.error(ranged ? "SM.WAVESIZERANGEEXPECTSTHREEPARAMS"
                                 : "SM.WAVESIZEEXPECTSONEPARAM",
                          section::Rules,
                          "wave size property has the wrong operand count");
    std::array<uint32_t, 3> sizes = {0, 0, 0};
    for (unsigned i = 0; i < count; ++i) {
      std::optional<uint64_t> size = getInt(node->getOperand(i));
      if (!size)
        return report.error("SM.WAVESIZENEEDSCONSTANTOPERANDS", section::Rules,
                            "wave size operands must be constants");
      sizes[i] = *size;
    }
    facts.waveSize = sizes;
    facts.waveSizeRanged = ranged;
    if (ranged && !facts.shaderModelAtLeast(8))
      report.error("SM.WAVESIZERANGENEEDSSM68PLUS", section::Rules,
                   "a wave size range needs shader model 6.8");
    if (!ranged &&
        (!facts.shaderModelAtLeast(6) || facts.shaderModelAtLeast(8)))
      report.error("SM.WAVESIZENEEDSSM66OR67", section::Rules,
                   "the wave size tag is valid in shader models 6.6 and 6.7");
  }

  const Module &module;
  DxilReport &report;
  DxilModuleFacts facts;
  const MDNode *resourceLists = nullptr;
};

} // namespace

DxilModuleFacts readDxilModuleFacts(const Module &module, DxilReport &report) {
  DxilModuleFacts facts = MetadataReader(module, report).run();
  // Alignment of i16 tells the two DXC layouts apart (reference 2.2).
  facts.nativeLowPrecision =
      module.getDataLayout().getABIIntegerTypeAlignment(16).value() == 2;
  return facts;
}

} // namespace opencgc::codegen
