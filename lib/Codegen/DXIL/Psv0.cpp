//===- Psv0.cpp - The PSV0 (pipeline state validation) part ---------------===//
//
// PSV0 as DXC writes it for a compute shader (reference section 1.5): the
// runtime info of the version dx.valver selects, the resource bind table,
// and from version 1 the string table and the semantic index table. A
// compute shader has no signature elements, so nothing follows them.
//
//===----------------------------------------------------------------------===//
#include "PartWriter.h"

#include "opencgc/Codegen/DxilContainer.h"

namespace opencgc::dxil {
namespace {

/// PSVRuntimeInfo0..4 sizes (natural struct layout).
constexpr uint32_t kRuntimeInfoSizes[] = {24, 36, 48, 52, 56};
/// PSVResourceBindInfo0 (type, space, lower, upper) and, from version 2,
/// PSVResourceBindInfo1 (+ kind, flags).
constexpr uint32_t kBindInfoSize0 = 16;
constexpr uint32_t kBindInfoSize1 = 24;
/// ShaderStage of PSVRuntimeInfo1, DXIL::ShaderKind::Compute.
constexpr uint8_t kComputeStage = 5;
/// DXIL::ResourceKind values (reference section 3.4).
constexpr uint32_t kTypedBufferKind = 10;
constexpr uint32_t kRawBufferKind = 11;
constexpr uint32_t kStructuredBufferKind = 12;
constexpr uint32_t kCBufferKind = 13;
/// PSVResourceFlag::UsedByAtomic64.
constexpr uint32_t kUsedByAtomic64 = 1;

/// PSVResourceType (reference section 1.5).
uint32_t psvResourceType(const ResourceBinding &resource) {
  switch (resource.resourceClass) {
  case ResourceClass::CBV:
    return 2;
  case ResourceClass::SRV:
    return resource.kind == BufferKind::Typed ? 3
           : resource.kind == BufferKind::Raw ? 4
                                              : 5;
  case ResourceClass::UAV:
    if (resource.kind == BufferKind::Typed)
      return 6;
    if (resource.kind == BufferKind::Raw)
      return 7;
    return resource.hasCounter ? 9 : 8;
  }
  return 0;
}

uint32_t resourceKind(const ResourceBinding &resource) {
  if (resource.resourceClass == ResourceClass::CBV)
    return kCBufferKind;
  switch (resource.kind) {
  case BufferKind::Typed:
    return kTypedBufferKind;
  case BufferKind::Raw:
    return kRawBufferKind;
  case BufferKind::Structured:
    return kStructuredBufferKind;
  }
  return 0;
}

void writeRuntimeInfo(PartWriter &part, const DxilShaderDescription &shader,
                      unsigned version) {
  part.u32(kRuntimeInfoSizes[version]);
  part.zeros(16); // the stage union: nothing for compute
  part.u32(shader.waveLanes ? (*shader.waveLanes)[0] : 0);
  part.u32(shader.waveLanes ? (*shader.waveLanes)[1] : 0xFFFFFFFF);
  if (version >= 1) {
    part.u8(kComputeStage);
    part.u8(0);    // UsesViewID
    part.u16(0);   // MaxVertexCount / output topology: not compute's
    part.zeros(4); // signature element counts and input vectors
    part.zeros(4); // output vectors per stream
  }
  if (version >= 2)
    for (uint32_t threads : shader.numThreads)
      part.u32(threads);
  if (version >= 3)
    part.u32(1); // the entry name follows the string table's leading "\0"
  if (version >= 4)
    part.u32(shader.groupSharedBytes);
}

void writeResources(PartWriter &part, const DxilShaderDescription &shader,
                    unsigned version) {
  // DXC lists CBVs, samplers, SRVs, then UAVs, each in record-id order.
  std::vector<const ResourceBinding *> sorted;
  for (ResourceClass resourceClass :
       {ResourceClass::CBV, ResourceClass::SRV, ResourceClass::UAV})
    for (const ResourceBinding &resource : shader.resources)
      if (resource.resourceClass == resourceClass)
        sorted.push_back(&resource);
  part.u32(sorted.size());
  if (sorted.empty())
    return;
  part.u32(version >= 2 ? kBindInfoSize1 : kBindInfoSize0);
  for (const ResourceBinding *resource : sorted) {
    part.u32(psvResourceType(*resource));
    part.u32(resource->space);
    part.u32(resource->lowerBound);
    part.u32(resource->count == kUnboundedRange
                 ? kUnboundedRange
                 : resource->lowerBound + resource->count - 1);
    if (version >= 2) {
      part.u32(resourceKind(*resource));
      part.u32(resource->usedByAtomic64 ? kUsedByAtomic64 : 0);
    }
  }
}

/// The string table starts with the empty string; version 3 adds the
/// entry name. Its size is a multiple of 4.
void writeStringTable(PartWriter &part, const DxilShaderDescription &shader,
                      unsigned version) {
  PartWriter table;
  table.u8(0);
  if (version >= 3) {
    table.append({reinterpret_cast<const uint8_t *>(shader.entryName.data()),
                  shader.entryName.size()});
    table.u8(0);
  }
  table.padToDword();
  part.u32(table.size());
  part.append(table.take());
}

} // namespace

unsigned getPsvVersion(DxilVersion validator) {
  // DXC's GetPSVVersion; an absent dx.valver is 1.0.
  if (validator.major != 1)
    return validator.major > 1 ? 4 : 0;
  if (validator.minor < 1)
    return 0;
  if (validator.minor < 6)
    return 1;
  if (validator.minor < 8)
    return 2;
  if (validator.minor < 10)
    return 3;
  return 4;
}

std::vector<uint8_t> writePsv0Part(const DxilShaderDescription &shader) {
  unsigned version = getPsvVersion(shader.validator);
  PartWriter part;
  writeRuntimeInfo(part, shader, version);
  writeResources(part, shader, version);
  if (version >= 1) {
    writeStringTable(part, shader, version);
    part.u32(0); // semantic index table: no signature elements
  }
  return part.take();
}

} // namespace opencgc::dxil
