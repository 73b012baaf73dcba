//===- DxilShaderMetadata.cpp - A container's values from dx.* metadata ---===//
//
// What the container repeats from a module's named metadata (reference
// section 3), as the metadata model reads it: the shader model cs_6_x,
// dx.valver (absent: 1.0), the entry's name and properties (shader flags,
// numthreads, wave size or range) and the SRV, UAV and CBV records of
// dx.resources with their stride and 64-bit atomics tags.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilContainer.h"
#include "opencgc/Codegen/DxilMetadataModel.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace opencgc::dxil {
namespace {

Error unsupported(const Twine &what) {
  return createStringError("DXIL metadata: " + what);
}

/// The problems that leave out what the container would write: records,
/// lists and the entry's own resource list. Other problems leave values
/// the container can still write (the validator reports them).
Error checkReadable(const DxilMetadata &metadata) {
  for (const DxilMetadataProblem &problem : metadata.problems) {
    if (problem.kind == DxilMetadataProblemKind::UnreadProperty)
      return unsupported("entry property tag " + Twine(problem.tag) +
                         " is not modelled");
    if (problem.kind == DxilMetadataProblemKind::Malformed &&
        (problem.part == DxilMetadataPart::Resources ||
         problem.part == DxilMetadataPart::ResourceRecord ||
         problem.part == DxilMetadataPart::EntryResources))
      return unsupported(problem.message);
  }
  return Error::success();
}

void readEntryProperties(const DxilEntryPoint &entry,
                         DxilShaderDescription &shader) {
  shader.shaderFlags = entry.shaderFlags;
  if (entry.numThreads)
    shader.numThreads = *entry.numThreads;
  if (!entry.waveSize)
    return;
  auto [minimum, maximum, preferred] = *entry.waveSize;
  // Tag 23 is {min, max, preferred}; max 0 is a single size, not a range.
  if (!entry.waveSizeRanged || maximum == 0)
    maximum = minimum;
  shader.waveLanes = {{minimum, maximum}};
}

Expected<BufferKind> bufferKindOf(uint32_t shape) {
  switch (shape) {
  case resource_kind::TypedBuffer:
    return BufferKind::Typed;
  case resource_kind::RawBuffer:
    return BufferKind::Raw;
  case resource_kind::StructuredBuffer:
    return BufferKind::Structured;
  default:
    return unsupported("resource shape " + Twine(shape) +
                       " (not a buffer) is not modelled");
  }
}

Expected<ResourceBinding> describeResource(const DxilResourceRecord &record) {
  ResourceBinding resource;
  resource.resourceClass = ResourceClass(record.resourceClass);
  resource.space = record.space;
  resource.lowerBound = record.lowerBound;
  resource.count = record.rangeSize;
  if (resource.resourceClass == ResourceClass::CBV)
    return resource;
  Expected<BufferKind> kind = bufferKindOf(record.kind);
  if (!kind)
    return kind.takeError();
  resource.kind = *kind;
  resource.hasCounter = record.hasCounter;
  resource.stride = record.stride.value_or(0);
  resource.usedByAtomic64 = record.usesAtomic64;
  return resource;
}

Error readResources(const DxilMetadata &metadata,
                    DxilShaderDescription &shader) {
  for (unsigned list :
       {resource_list::Srv, resource_list::Uav, resource_list::Cbv})
    for (const DxilResourceRecord &record : metadata.resources[list]) {
      Expected<ResourceBinding> resource = describeResource(record);
      if (!resource)
        return resource.takeError();
      shader.resources.push_back(*resource);
    }
  if (metadata.hasResourceList[resource_list::Sampler])
    return unsupported("samplers are not modelled");
  return Error::success();
}

} // namespace

Expected<DxilShaderDescription> describeDxilShader(const Module &module) {
  DxilMetadata metadata = readDxilMetadata(module);
  const std::optional<DxilShaderModel> &model = metadata.shaderModel;
  if (!model || model->kind != "cs" || model->major != 6)
    return unsupported("dx.shaderModel is not cs_6_x");
  DxilShaderDescription shader;
  shader.shaderModelMinor = model->minor;
  shader.validator = {metadata.validatorVersion.major,
                      metadata.validatorVersion.minor};
  if (!metadata.entryPoint)
    return unsupported("dx.entryPoints has no entry");
  if (metadata.entryPoint->name)
    shader.entryName = *metadata.entryPoint->name;
  if (Error error = checkReadable(metadata))
    return std::move(error);
  readEntryProperties(*metadata.entryPoint, shader);
  if (Error error = readResources(metadata, shader))
    return std::move(error);
  return shader;
}

} // namespace opencgc::dxil
