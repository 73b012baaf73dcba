//===- ResourceRules.cpp - Resource records on their own ------------------===//
//
// DXIL.rst "Metadata resource records" and the SM.* / META.* resource rules;
// limits and enumerations from reference 3.2 and 3.4.
//
//===----------------------------------------------------------------------===//
#include "DxilModuleFacts.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

constexpr uint32_t kMaxStructureStride = 2048;
constexpr uint32_t kMaxCBufferSize = 65536;

const char *className(unsigned resourceClass) {
  static const char *names[] = {"SRV", "UAV", "CBV", "sampler"};
  return names[resourceClass];
}

std::string describe(const DxilResource &resource) {
  return (Twine(className(resource.resourceClass)) + " " + Twine(resource.id))
      .str();
}

bool isTyped(uint32_t kind) {
  return kind >= 1 && kind <= resource_kind::TypedBuffer;
}

void checkKind(const DxilResource &resource, DxilReport &report) {
  namespace kind = resource_kind;
  uint32_t shape = resource.kind;
  bool valid = shape >= 1 && shape <= kind::StructuredBuffer;
  if (resource.resourceClass == Srv)
    valid |= shape == kind::TBuffer || shape == kind::RTAccelerationStructure;
  else
    valid |= shape == kind::FeedbackTexture2DArray || shape == 17;
  if (!valid)
    report.error("SM.INVALIDRESOURCEKIND", section::Rules,
                 describe(resource) + " has invalid kind " + Twine(shape));
  if (resource.resourceClass == Uav &&
      (shape == kind::TextureCube || shape == kind::TextureCubeArray))
    report.error("SM.INVALIDTEXTUREKINDONUAV", section::Rules,
                 describe(resource) + " is a TextureCube[Array] UAV");
}

void checkUav(const DxilResource &resource, DxilReport &report) {
  if (resource.hasCounter && resource.kind != resource_kind::StructuredBuffer)
    report.error("SM.COUNTERONLYONSTRUCTBUF", section::Rules,
                 describe(resource) + " has a counter but is not structured");
  if (resource.rasterizerOrdered)
    report.error("SM.ROVONLYINPS", section::Rules,
                 describe(resource) + " is rasterizer ordered in a compute "
                                      "shader");
}

void checkElement(const DxilResource &resource, bool nativeLowPrecision,
                  DxilReport &report) {
  // Typed elements: the 32-bit, 64-bit and 16-bit types and the 16/32-bit
  // [S|U]Norm types (ComponentType 2-14, reference 3.4).
  if (isTyped(resource.kind) && resource.componentType &&
      (*resource.componentType < 2 || *resource.componentType > 14))
    report.error("SM.INVALIDRESOURCECOMPTYPE", section::Rules,
                 describe(resource) + " has element type " +
                     Twine(*resource.componentType));
  if (resource.kind != resource_kind::StructuredBuffer)
    return;
  uint32_t stride = resource.stride.value_or(0);
  if (stride > kMaxStructureStride)
    report.error("META.STRUCTBUFALIGNMENTOUTOFBOUND", section::Rules,
                 describe(resource) + " has stride " + Twine(stride) +
                     ", more than 2048");
  if (!nativeLowPrecision && stride % 4 != 0)
    report.error("META.STRUCTBUFALIGNMENT", section::Rules,
                 describe(resource) + " has stride " + Twine(stride) +
                     ", not a multiple of 4");
}

void checkRecord(const DxilResource &resource, bool nativeLowPrecision,
                 DxilReport &report) {
  switch (resource.resourceClass) {
  case Srv:
  case Uav:
    checkKind(resource, report);
    if (resource.resourceClass == Uav)
      checkUav(resource, report);
    else if (resource.sampleCount != 0 &&
             resource.kind != resource_kind::Texture2DMS &&
             resource.kind != resource_kind::Texture2DMSArray)
      report.error("SM.SAMPLECOUNTONLYON2DMS", section::Rules,
                   describe(resource) + " has a sample count");
    checkElement(resource, nativeLowPrecision, report);
    break;
  case Cbv:
    if (resource.cbufferSize > kMaxCBufferSize)
      report.error("SM.CBUFFERSIZE", section::Rules,
                   describe(resource) + " is " + Twine(resource.cbufferSize) +
                       " bytes, more than 65536");
    break;
  default:
    break;
  }
}

/// Ranges of one class in one space must not share a register.
void checkOverlaps(const std::vector<DxilResource> &records,
                   DxilReport &report) {
  std::vector<const DxilResource *> sorted;
  for (const DxilResource &record : records)
    sorted.push_back(&record);
  llvm::sort(sorted, [](const DxilResource *a, const DxilResource *b) {
    return std::tie(a->space, a->lowerBound) <
           std::tie(b->space, b->lowerBound);
  });
  for (size_t i = 1; i < sorted.size(); ++i) {
    const DxilResource &previous = *sorted[i - 1], &next = *sorted[i];
    if (previous.space == next.space &&
        next.lowerBound <= previous.upperBound())
      report.error("SM.RESOURCERANGEOVERLAP", section::Rules,
                   describe(next) + " overlaps " + describe(previous) +
                       " in space " + Twine(next.space));
  }
}

} // namespace

void checkResourceRecords(const DxilModuleFacts &facts, DxilReport &report) {
  for (const std::vector<DxilResource> &records : facts.resources) {
    for (const DxilResource &record : records)
      checkRecord(record, facts.nativeLowPrecision, report);
    checkOverlaps(records, report);
  }
}

} // namespace opencgc::codegen
