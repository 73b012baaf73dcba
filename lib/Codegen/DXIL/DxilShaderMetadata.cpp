//===- DxilShaderMetadata.cpp - A container's values from dx.* metadata ---===//
//
// Reads what the container repeats from a module's named metadata
// (reference section 3): dx.shaderModel !{"cs", 6, minor}, dx.valver
// !{1, minor} (absent: 1.0), dx.entryPoints' name and properties (tag 0
// shader flags, 4 numthreads, 11 wave size, 23 wave size range) and the
// SRV, UAV and CBV records of dx.resources with their tags (1 stride,
// 3 64-bit atomics).
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilContainer.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::dxil {
namespace {

/// DxilMDHelper's property and tag numbers.
constexpr uint64_t kShaderFlagsTag = 0;
constexpr uint64_t kNumThreadsTag = 4;
constexpr uint64_t kWaveSizeTag = 11;
constexpr uint64_t kRangedWaveSizeTag = 23;
constexpr uint64_t kStructuredStrideTag = 1;
constexpr uint64_t kAtomic64UseTag = 3;

Error unsupported(const Twine &what) {
  return createStringError("DXIL metadata: " + what);
}

const MDNode *firstOperand(const Module &module, StringRef name) {
  const NamedMDNode *named = module.getNamedMetadata(name);
  return named && named->getNumOperands() ? named->getOperand(0) : nullptr;
}

std::optional<uint64_t> integerAt(const MDNode *node, unsigned index) {
  if (!node || index >= node->getNumOperands())
    return std::nullopt;
  if (auto *value =
          mdconst::dyn_extract_or_null<ConstantInt>(node->getOperand(index)))
    return value->getValue().tryZExtValue();
  return std::nullopt;
}

const MDNode *nodeAt(const MDNode *node, unsigned index) {
  if (!node || index >= node->getNumOperands())
    return nullptr;
  return dyn_cast_or_null<MDNode>(node->getOperand(index).get());
}

Error readEntryProperties(const MDNode *properties,
                          DxilShaderDescription &shader) {
  for (unsigned i = 0; properties && i + 1 < properties->getNumOperands();
       i += 2) {
    std::optional<uint64_t> tag = integerAt(properties, i);
    const MDNode *value = nodeAt(properties, i + 1);
    if (tag == kShaderFlagsTag) {
      shader.shaderFlags = integerAt(properties, i + 1).value_or(0);
    } else if (tag == kNumThreadsTag) {
      for (unsigned axis = 0; axis < 3; ++axis)
        shader.numThreads[axis] = integerAt(value, axis).value_or(0);
    } else if (tag == kWaveSizeTag) {
      uint32_t lanes = integerAt(value, 0).value_or(0);
      shader.waveLanes = {{lanes, lanes}};
    } else if (tag == kRangedWaveSizeTag) {
      // !{min, max, preferred}; max 0 is a single size, not a range.
      uint32_t minimum = integerAt(value, 0).value_or(0);
      uint32_t maximum = integerAt(value, 1).value_or(0);
      shader.waveLanes = {{minimum, maximum ? maximum : minimum}};
    } else {
      return unsupported("entry property tag " + Twine(tag.value_or(~0ull)) +
                         " is not modelled");
    }
  }
  return Error::success();
}

Expected<BufferKind> bufferKindOf(uint64_t shape) {
  switch (shape) {
  case 10:
    return BufferKind::Typed;
  case 11:
    return BufferKind::Raw;
  case 12:
    return BufferKind::Structured;
  default:
    return unsupported("resource shape " + Twine(shape) +
                       " (not a buffer) is not modelled");
  }
}

void readTags(const MDNode *tags, ResourceBinding &resource) {
  for (unsigned i = 0; tags && i + 1 < tags->getNumOperands(); i += 2) {
    std::optional<uint64_t> tag = integerAt(tags, i);
    if (tag == kStructuredStrideTag)
      resource.stride = integerAt(tags, i + 1).value_or(0);
    else if (tag == kAtomic64UseTag)
      resource.usedByAtomic64 = integerAt(tags, i + 1).value_or(0) != 0;
  }
}

/// SRV records have 9 fields, UAV 11, CBV 8; fields 3 to 5 are the
/// binding, 6 the shape (SRV, UAV), 8 the UAV's counter, last the tags.
Expected<ResourceBinding> readResource(const MDNode *record,
                                       ResourceClass resourceClass) {
  ResourceBinding resource;
  resource.resourceClass = resourceClass;
  resource.space = integerAt(record, 3).value_or(0);
  resource.lowerBound = integerAt(record, 4).value_or(0);
  resource.count = integerAt(record, 5).value_or(0);
  if (resourceClass == ResourceClass::CBV)
    return resource;
  Expected<BufferKind> kind = bufferKindOf(integerAt(record, 6).value_or(0));
  if (!kind)
    return kind.takeError();
  resource.kind = *kind;
  if (resourceClass == ResourceClass::UAV)
    resource.hasCounter = integerAt(record, 8).value_or(0) != 0;
  readTags(nodeAt(record, record->getNumOperands() - 1), resource);
  return resource;
}

Error readResources(const MDNode *lists, DxilShaderDescription &shader) {
  // !{SRVs, UAVs, CBVs, Samplers}
  static const ResourceClass kClasses[] = {
      ResourceClass::SRV, ResourceClass::UAV, ResourceClass::CBV};
  for (unsigned list = 0; list < 3; ++list) {
    const MDNode *records = nodeAt(lists, list);
    for (unsigned i = 0; records && i < records->getNumOperands(); ++i) {
      Expected<ResourceBinding> resource =
          readResource(nodeAt(records, i), kClasses[list]);
      if (!resource)
        return resource.takeError();
      shader.resources.push_back(*resource);
    }
  }
  if (nodeAt(lists, 3))
    return unsupported("samplers are not modelled");
  return Error::success();
}

} // namespace

Expected<DxilShaderDescription> describeDxilShader(const Module &module) {
  DxilShaderDescription shader;
  const MDNode *model = firstOperand(module, "dx.shaderModel");
  auto *kind =
      model ? dyn_cast_or_null<MDString>(model->getOperand(0).get()) : nullptr;
  if (!kind || kind->getString() != "cs" || integerAt(model, 1) != 6u)
    return unsupported("dx.shaderModel is not cs_6_x");
  shader.shaderModelMinor = integerAt(model, 2).value_or(0);
  if (const MDNode *validator = firstOperand(module, "dx.valver"))
    shader.validator = {unsigned(integerAt(validator, 0).value_or(1)),
                        unsigned(integerAt(validator, 1).value_or(0))};
  else
    shader.validator = {1, 0};
  const MDNode *entry = firstOperand(module, "dx.entryPoints");
  if (!entry || entry->getNumOperands() < 5)
    return unsupported("dx.entryPoints has no entry");
  if (auto *name = dyn_cast_or_null<MDString>(entry->getOperand(1).get()))
    shader.entryName = name->getString().str();
  if (Error error = readEntryProperties(nodeAt(entry, 4), shader))
    return std::move(error);
  if (Error error = readResources(nodeAt(entry, 3), shader))
    return std::move(error);
  return shader;
}

} // namespace opencgc::dxil
