//===- DxilMetadata.cpp - A DXIL entry's threads and bindings -------------===//
//
// dx.entryPoints = !{!{ptr @main, !"main", null, !RES, !PROPS}} with PROPS a
// flat tag/value list whose tag 4 is numthreads (reference 3.3);
// dx.resources = !{!SRVs, !UAVs, !CBVs, !Samplers}, each record
// {id, type, name, space, lowerBound, rangeSize, kind, ...} (reference 3.2).
// The metadata model reads them; only its problems with these matter here.
//
//===----------------------------------------------------------------------===//
#include "DxilMetadata.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::hostgrid {
namespace {

using dxil::DxilMetadata;
using dxil::DxilMetadataPart;
using dxil::DxilMetadataProblem;
using dxil::DxilMetadataProblemKind;

Error readNumThreads(const DxilMetadata &metadata, DxilEntryFacts &facts) {
  const std::optional<std::array<uint32_t, 3>> &sizes =
      metadata.entryPoint->numThreads;
  if (!sizes)
    return createStringError("DXIL: the entry has no numthreads (tag 4)");
  if (metadata.findProblem(DxilMetadataPart::NumThreads) ||
      llvm::is_contained(*sizes, 0u))
    return createStringError("DXIL: malformed numthreads (tag 4)");
  facts.numThreads = *sizes;
  return Error::success();
}

/// SRVs and UAVs: a record left out would shift every later rangeId.
Error readBindings(const DxilMetadata &metadata, DxilEntryFacts &facts) {
  for (const DxilMetadataProblem &problem : metadata.problems)
    if (problem.part == DxilMetadataPart::ResourceRecord &&
        problem.kind == DxilMetadataProblemKind::Malformed &&
        problem.resourceClass < facts.bindings.size())
      return createStringError("DXIL: malformed dx.resources record " +
                               Twine(problem.record));
  for (unsigned c = 0; c < facts.bindings.size(); ++c)
    facts.bindings[c].assign(metadata.resources[c].begin(),
                             metadata.resources[c].end());
  return Error::success();
}

} // namespace

Expected<DxilEntryFacts> readDxilEntryFacts(Module &module) {
  DxilMetadata metadata = dxil::readDxilMetadata(module);
  if (metadata.hasProblem(DxilMetadataPart::EntryPoint,
                          DxilMetadataProblemKind::Missing))
    return createStringError("DXIL: the module has no dx.entryPoints");
  DxilEntryFacts facts;
  // The model reads a const module; the entry is this (mutable) module's.
  if (metadata.entryPoint)
    facts.function = const_cast<Function *>(metadata.entryPoint->function);
  if (!facts.function || facts.function->isDeclaration())
    return createStringError("DXIL: the entry point names no function");
  if (Error error = readNumThreads(metadata, facts))
    return std::move(error);
  if (Error error = readBindings(metadata, facts))
    return std::move(error);
  return facts;
}

} // namespace opencgc::hostgrid
