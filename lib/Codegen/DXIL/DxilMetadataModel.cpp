//===- DxilMetadataModel.cpp - Reading a DXIL module's dx.* metadata ------===//
//
// Shapes follow DXIL.rst "Shader Model", "DXIL version", "Entry points",
// "Shader Properties and Capabilities" and "Metadata resource records"
// (reference sections 3.1-3.3). The metadata is read in one fixed order
// (shader model, versions, resources, entry point) so that problems come
// out in that order.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilMetadataModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::dxil {

const DxilMetadataProblem *
DxilMetadata::findProblem(DxilMetadataPart part) const {
  auto found = find_if(problems, [&](const DxilMetadataProblem &problem) {
    return problem.part == part;
  });
  return found == problems.end() ? nullptr : &*found;
}

bool DxilMetadata::hasProblem(DxilMetadataPart part,
                              DxilMetadataProblemKind kind) const {
  return any_of(problems, [&](const DxilMetadataProblem &problem) {
    return problem.part == part && problem.kind == kind;
  });
}

namespace {

using Part = DxilMetadataPart;
using Kind = DxilMetadataProblemKind;

// Entry property tags (reference 3.3).
constexpr uint64_t kShaderFlagsTag = 0;
constexpr uint64_t kNumThreadsTag = 4;
constexpr uint64_t kWaveSizeTag = 11;
constexpr uint64_t kRangedWaveSizeTag = 23;
// Resource tags (reference 3.2).
constexpr uint64_t kElementTypeTag = 0;
constexpr uint64_t kStructuredStrideTag = 1;
constexpr uint64_t kAtomic64UseTag = 3;

std::optional<uint64_t> getInt(const Metadata *operand) {
  if (auto *value = mdconst::dyn_extract_or_null<ConstantInt>(operand))
    return value->getValue().tryZExtValue();
  return std::nullopt;
}

/// Reads {i32 major, i32 minor}.
std::optional<DxilMetadataVersion> readVersion(const MDNode *node) {
  if (!node || node->getNumOperands() != 2)
    return std::nullopt;
  std::optional<uint64_t> major = getInt(node->getOperand(0));
  std::optional<uint64_t> minor = getInt(node->getOperand(1));
  if (!major || !minor)
    return std::nullopt;
  return DxilMetadataVersion{unsigned(*major), unsigned(*minor)};
}

class MetadataReader {
public:
  explicit MetadataReader(const Module &module) : module(module) {}

  DxilMetadata run() {
    readShaderModel();
    readVersions();
    readResources();
    readEntryPoint();
    return std::move(metadata);
  }

private:
  DxilMetadataProblem &problem(Part part, Kind kind, const Twine &message) {
    metadata.problems.push_back({part, kind, message.str()});
    return metadata.problems.back();
  }
  void malformed(Part part, const Twine &message) {
    problem(part, Kind::Malformed, message);
  }

  /// The single tuple of a named node that should appear once, or null.
  const MDNode *getSingleNode(StringRef name, Part part, bool required) {
    const NamedMDNode *named = module.getNamedMetadata(name);
    if (!named || named->getNumOperands() == 0) {
      if (required)
        problem(part, Kind::Missing, "!" + name + " is missing");
      return nullptr;
    }
    if (named->getNumOperands() != 1)
      malformed(part, "!" + name + " must have exactly one operand, not " +
                          Twine(named->getNumOperands()));
    return named->getOperand(0);
  }

  void readShaderModel() {
    const MDNode *node =
        getSingleNode("dx.shaderModel", Part::ShaderModel, /*required=*/true);
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
      return malformed(Part::ShaderModel,
                       "!dx.shaderModel must be {!\"kind\", i32, i32}");
    metadata.shaderModel = DxilShaderModel{kind->getString().str(),
                                           unsigned(*major), unsigned(*minor)};
  }

  void readVersions() {
    if (const MDNode *version = getSingleNode("dx.version", Part::DxilVersion,
                                              /*required=*/true)) {
      metadata.dxilVersion = readVersion(version);
      if (!metadata.dxilVersion)
        malformed(Part::DxilVersion,
                  "!dx.version must be {i32 major, i32 minor}");
    }
    if (const MDNode *validator = getSingleNode(
            "dx.valver", Part::ValidatorVersion, /*required=*/false)) {
      if (std::optional<DxilMetadataVersion> version = readVersion(validator))
        metadata.validatorVersion = *version;
      else
        malformed(Part::ValidatorVersion,
                  "!dx.valver must be {i32 major, i32 minor}");
    }
  }

  void readResources() {
    const MDNode *lists =
        getSingleNode("dx.resources", Part::Resources, /*required=*/false);
    if (!lists)
      return;
    resourceLists = lists;
    if (lists->getNumOperands() != resource_list::Count)
      return malformed(Part::Resources,
                       "!dx.resources must be {SRVs, UAVs, CBVs, Samplers}");
    for (unsigned resourceClass = 0; resourceClass < resource_list::Count;
         ++resourceClass) {
      const Metadata *list = lists->getOperand(resourceClass);
      if (!list)
        continue;
      auto *records = dyn_cast<MDNode>(list);
      if (!records) {
        malformed(Part::Resources, "a !dx.resources list is not a tuple");
        continue;
      }
      metadata.hasResourceList[resourceClass] = true;
      for (auto [position, record] : enumerate(records->operands()))
        readResource(resourceClass, unsigned(position),
                     dyn_cast_or_null<MDNode>(record.get()));
    }
  }

  void readResource(unsigned resourceClass, unsigned position,
                    const MDNode *record) {
    static const unsigned fieldCounts[] = {9, 11, 8, 8};
    static const char *classNames[] = {"SRV", "UAV", "CBV", "sampler"};
    const char *name = classNames[resourceClass];
    auto recordProblem = [&](Kind kind, const Twine &message) {
      DxilMetadataProblem &bad = problem(Part::ResourceRecord, kind, message);
      bad.resourceClass = resourceClass;
      bad.record = position;
    };
    if (!record || record->getNumOperands() != fieldCounts[resourceClass])
      return recordProblem(Kind::Malformed,
                           Twine("a ") + name + " record must have " +
                               Twine(fieldCounts[resourceClass]) + " fields");
    std::optional<uint64_t> fields[7];
    for (unsigned i : {0u, 3u, 4u, 5u, 6u})
      fields[i] = getInt(record->getOperand(i));
    if (!fields[0] || !fields[3] || !fields[4] || !fields[5] || !fields[6])
      return recordProblem(Kind::Malformed,
                           Twine("a ") + name +
                               " record's id, space, bounds and shape must "
                               "be integer constants");
    std::vector<DxilResourceRecord> &kept = metadata.resources[resourceClass];
    DxilResourceRecord resource;
    resource.resourceClass = resourceClass;
    resource.id = *fields[0];
    resource.space = *fields[3];
    resource.lowerBound = *fields[4];
    resource.rangeSize = *fields[5];
    readClassFields(record, position, resource);
    // Record IDs are the list positions (DXIL.rst "Metadata resource
    // records": zero-based and dense).
    if (resource.id != kept.size())
      recordProblem(Kind::SparseResourceId,
                    Twine(name) + " record " + Twine(kept.size()) + " has id " +
                        Twine(resource.id));
    if (resource.rangeSize == 0)
      recordProblem(Kind::EmptyResourceRange,
                    Twine(name) + " " + Twine(resource.id) +
                        " has an empty register range");
    kept.push_back(resource);
  }

  static bool getBool(const MDNode *record, unsigned index) {
    return getInt(record->getOperand(index)).value_or(0) != 0;
  }

  void readClassFields(const MDNode *record, unsigned position,
                       DxilResourceRecord &resource) {
    uint64_t sixth = getInt(record->getOperand(6)).value_or(0);
    switch (resource.resourceClass) {
    case resource_list::Srv:
      resource.kind = sixth;
      resource.sampleCount = getInt(record->getOperand(7)).value_or(0);
      readTags(record->getOperand(8), position, resource);
      break;
    case resource_list::Uav:
      resource.kind = sixth;
      resource.globallyCoherent = getBool(record, 7);
      resource.hasCounter = getBool(record, 8);
      resource.rasterizerOrdered = getBool(record, 9);
      readTags(record->getOperand(10), position, resource);
      break;
    case resource_list::Cbv:
      resource.kind = resource_kind::CBuffer;
      resource.cbufferSize = sixth;
      break;
    default:
      resource.kind = resource_kind::Sampler;
      break;
    }
  }

  /// Tag/value pairs; reading stops at the first unreadable pair.
  void readTags(const Metadata *operand, unsigned position,
                DxilResourceRecord &resource) {
    auto *tags = dyn_cast_or_null<MDNode>(operand);
    if (!tags)
      return;
    auto tagProblem = [&](const Twine &message) {
      DxilMetadataProblem &bad =
          problem(Part::ResourceTags, Kind::Malformed, message);
      bad.resourceClass = resource.resourceClass;
      bad.record = position;
    };
    if (tags->getNumOperands() % 2 != 0)
      return tagProblem("a resource tag list must hold tag/value pairs");
    for (unsigned i = 0; i < tags->getNumOperands(); i += 2) {
      std::optional<uint64_t> tag = getInt(tags->getOperand(i));
      std::optional<uint64_t> value = getInt(tags->getOperand(i + 1));
      if (!tag || !value)
        return tagProblem("a resource tag or its value is not a constant");
      if (*tag == kElementTypeTag)
        resource.componentType = *value;
      else if (*tag == kStructuredStrideTag)
        resource.stride = *value;
      else if (*tag == kAtomic64UseTag)
        resource.usesAtomic64 = *value != 0;
    }
  }

  void readEntryPoint() {
    const MDNode *node =
        getSingleNode("dx.entryPoints", Part::EntryPoint, /*required=*/true);
    if (!node)
      return;
    if (node->getNumOperands() != 5)
      return malformed(Part::EntryPoint,
                       "an entry point must be {function, name, signatures, "
                       "resources, properties}");
    DxilEntryPoint &entry = metadata.entryPoint.emplace();
    entry.function =
        mdconst::dyn_extract_or_null<Function>(node->getOperand(0));
    if (auto *name = dyn_cast_or_null<MDString>(node->getOperand(1)))
      entry.name = name->getString().str();
    entry.hasSignatures = node->getOperand(2) != nullptr;
    if (node->getOperand(3) != resourceLists)
      malformed(Part::EntryResources,
                "the entry point's resources are not !dx.resources' tuple");
    auto *properties = dyn_cast_or_null<MDNode>(node->getOperand(4));
    if (!properties) {
      problem(Part::EntryProperties, Kind::NoEntryProperties,
              "entry point '" + entry.name.value_or("") +
                  "' has no properties (numthreads)");
      return;
    }
    readProperties(properties, entry);
  }

  void readProperties(const MDNode *properties, DxilEntryPoint &entry) {
    if (properties->getNumOperands() % 2 != 0)
      return malformed(Part::EntryProperties,
                       "entry properties must be tag/value pairs");
    bool sawWaveSize = false;
    for (unsigned i = 0; i < properties->getNumOperands(); i += 2) {
      std::optional<uint64_t> tag = getInt(properties->getOperand(i));
      const Metadata *value = properties->getOperand(i + 1);
      if (!tag) {
        malformed(Part::EntryProperties,
                  "an entry property tag is not an integer constant");
        continue;
      }
      if (*tag == kShaderFlagsTag) {
        std::optional<uint64_t> flags = getInt(value);
        if (!flags)
          malformed(Part::ShaderFlags,
                    "the shader flags property is not an integer constant");
        entry.shaderFlags = flags.value_or(0);
      } else if (*tag == kNumThreadsTag) {
        readNumThreads(dyn_cast_or_null<MDNode>(value), entry);
      } else if (*tag == kWaveSizeTag || *tag == kRangedWaveSizeTag) {
        if (sawWaveSize)
          problem(Part::WaveSize, Kind::DuplicateWaveSize,
                  "the entry has more than one wave size property")
              .tag = *tag;
        sawWaveSize = true;
        readWaveSize(*tag, dyn_cast_or_null<MDNode>(value), entry);
      } else {
        problem(Part::EntryProperties, Kind::UnreadProperty,
                "entry property tag " + Twine(*tag) + " is not read")
            .tag = *tag;
      }
    }
  }

  void readNumThreads(const MDNode *node, DxilEntryPoint &entry) {
    // Sizes read before a problem stay, as DXC's reader leaves them.
    std::array<uint32_t, 3> &sizes =
        entry.numThreads ? *entry.numThreads : entry.numThreads.emplace();
    if (!node || node->getNumOperands() != 3)
      return malformed(Part::NumThreads,
                       "numthreads must be {i32 x, i32 y, i32 z}");
    for (unsigned i = 0; i < 3; ++i) {
      std::optional<uint64_t> size = getInt(node->getOperand(i));
      if (!size)
        return malformed(Part::NumThreads,
                         "a numthreads size is not an integer constant");
      sizes[i] = *size;
    }
  }

  void readWaveSize(uint64_t tag, const MDNode *node, DxilEntryPoint &entry) {
    bool ranged = tag == kRangedWaveSizeTag;
    unsigned count = ranged ? 3 : 1;
    if (!node || node->getNumOperands() != count) {
      problem(Part::WaveSize, Kind::WaveSizeOperandCount,
              "wave size property has the wrong operand count")
          .tag = tag;
      return;
    }
    std::array<uint32_t, 3> sizes = {0, 0, 0};
    for (unsigned i = 0; i < count; ++i) {
      std::optional<uint64_t> size = getInt(node->getOperand(i));
      if (!size) {
        problem(Part::WaveSize, Kind::WaveSizeNotConstant,
                "wave size operands must be constants")
            .tag = tag;
        return;
      }
      sizes[i] = *size;
    }
    entry.waveSize = sizes;
    entry.waveSizeRanged = ranged;
    // Tag 11 is for shader models 6.6 and 6.7, tag 23 from 6.8 on.
    DxilShaderModel model = metadata.shaderModel.value_or(DxilShaderModel{});
    if (ranged && !model.atLeast(6, 8))
      problem(Part::WaveSize, Kind::WaveSizeShaderModel,
              "a wave size range needs shader model 6.8")
          .tag = tag;
    if (!ranged && (!model.atLeast(6, 6) || model.atLeast(6, 8)))
      problem(Part::WaveSize, Kind::WaveSizeShaderModel,
              "the wave size tag is valid in shader models 6.6 and 6.7")
          .tag = tag;
  }

  const Module &module;
  DxilMetadata metadata;
  const MDNode *resourceLists = nullptr;
};

} // namespace

DxilMetadata readDxilMetadata(const Module &module) {
  return MetadataReader(module).run();
}

} // namespace opencgc::dxil
