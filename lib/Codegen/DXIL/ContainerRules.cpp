//===- ContainerRules.cpp - Part set and container digest -----------------===//
//
// The CONTAINER.* rules of DXIL.rst "Validation Rules" with the part set of
// a compute shader from reference 1.3, and the container digest the D3D12
// runtime checks (reference 1.6).
//
//===----------------------------------------------------------------------===//
#include "DxilParts.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

struct RequiredPart {
  uint32_t fourCC;
  /// DXC's name for the part in CONTAINER.PARTMISSING messages.
  const char *name;
};

const RequiredPart kRequiredParts[] = {
    {kPartFeatureInfo, "Feature Info"},
    {kPartInputSignature, "Program Input Signature"},
    {kPartOutputSignature, "Program Output Signature"},
    {kPartPipelineState, "Pipeline State Validation"},
    {kPartDxil, "DXIL Program"},
};

/// Parts the validator skips: root signature, debug name and debug DXIL,
/// statistics, reflection, source info, private data.
bool isOptionalPart(uint32_t fourCC) {
  static const uint32_t optional[] = {makeFourCC("RTS0"), makeFourCC("ILDN"),
                                      makeFourCC("ILDB"), makeFourCC("STAT"),
                                      makeFourCC("RDEF"), makeFourCC("SRCI"),
                                      kPartShaderHash,    kPartPrivate};
  return llvm::is_contained(optional, fourCC);
}

void checkPartSet(const DxContainerView &view, DxilReport &report) {
  for (const DxPart &part : view.parts) {
    std::string name = fourCCToString(part.fourCC);
    bool required = llvm::any_of(kRequiredParts, [&](const RequiredPart &r) {
      return r.fourCC == part.fourCC;
    });
    // PSG1, RDAT and VERS are real parts, but not of a compute shader.
    if (!required && !isOptionalPart(part.fourCC))
      report.error("CONTAINER.PARTINVALID", section::Parts,
                   "part '" + name +
                       "' is unknown or not allowed for a "
                       "compute shader");
    if (view.findPart(part.fourCC) != &part)
      report.error("CONTAINER.PARTREPEATED", section::Parts,
                   "part '" + name + "' appears more than once");
  }
  for (const RequiredPart &part : kRequiredParts)
    if (!view.findPart(part.fourCC))
      report.error("CONTAINER.PARTMISSING", section::Parts,
                   "Missing part '" + Twine(part.name) + "' (" +
                       fourCCToString(part.fourCC) + ")");
  const DxPart *priv = view.findPart(kPartPrivate);
  if (priv && priv != &view.parts.back())
    report.error("CONTAINER.PARTINVALID", section::Parts,
                 "part 'PRIV' must be the last part");
}

void checkLayout(const DxContainerView &view, DxilReport &report) {
  // DXC's IsValidDxilContainer: parts follow the offset table and each
  // other with no gap, and the last one ends the container.
  if (!view.isContiguous())
    report.error("CONTAINER.CONTENTINVALID", section::Layout,
                 "parts are not contiguous after the part offset table");
}

bool isFilledWith(const ContainerDigest &digest, uint8_t value) {
  return llvm::all_of(digest, [&](uint8_t byte) { return byte == value; });
}

/// The runtime rejects a digest that does not match (INF-0004); DXC's
/// validator has no rule for it, so the finding is named CONTAINER.DIGEST.
void checkDigest(const DxContainerView &view, DxilReport &report) {
  if (isFilledWith(view.digest, 0x02) || isFilledWith(view.digest, 0x01)) {
    report.warning("CONTAINER.DIGEST", section::Digest,
                   "the digest is the PREVIEW or BYPASS sentinel");
    return;
  }
  switch (getDigestStatus(view)) {
  case DigestStatus::Unsigned:
    report.warning("CONTAINER.DIGEST", section::Digest,
                   "the container is unsigned (all-zero digest); runtimes "
                   "may reject it");
    break;
  case DigestStatus::Mismatch:
    report.error("CONTAINER.DIGEST", section::Digest,
                 "the digest does not match the container's bytes");
    break;
  case DigestStatus::Valid:
    break;
  }
}

} // namespace

void checkContainerParts(const DxContainerView &view, DxilReport &report) {
  checkPartSet(view, report);
  checkLayout(view, report);
  checkDigest(view, report);
}

} // namespace opencgc::codegen
