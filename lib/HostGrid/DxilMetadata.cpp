//===- DxilMetadata.cpp - A DXIL entry's threads and bindings -------------===//
//
// dx.entryPoints = !{!{ptr @main, !"main", null, !RES, !PROPS}} with PROPS a
// flat tag/value list whose tag 4 is numthreads (reference 3.3);
// dx.resources = !{!SRVs, !UAVs, !CBVs, !Samplers}, each record
// {id, type, name, space, lowerBound, rangeSize, kind, ...} (reference 3.2).
//
//===----------------------------------------------------------------------===//
#include "DxilMetadata.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::hostgrid {
namespace {

constexpr unsigned kNumThreadsTag = 4;

std::optional<uint64_t> integerOperand(const MDNode *node, unsigned i) {
  if (!node || i >= node->getNumOperands())
    return std::nullopt;
  auto *constant =
      mdconst::dyn_extract_or_null<ConstantInt>(node->getOperand(i));
  if (!constant)
    return std::nullopt;
  return constant->getZExtValue();
}

Error readNumThreads(const MDNode *properties, DxilEntryFacts &facts) {
  for (unsigned i = 0; properties && i + 1 < properties->getNumOperands();
       i += 2) {
    if (integerOperand(properties, i) != kNumThreadsTag)
      continue;
    auto *threads = dyn_cast_or_null<MDNode>(properties->getOperand(i + 1));
    for (unsigned axis = 0; axis < 3; ++axis) {
      std::optional<uint64_t> size = integerOperand(threads, axis);
      if (!size || *size == 0)
        return createStringError("DXIL: malformed numthreads (tag 4)");
      facts.numThreads[axis] = uint32_t(*size);
    }
    return Error::success();
  }
  return createStringError("DXIL: the entry has no numthreads (tag 4)");
}

Error readRecords(const MDNode *list, SmallVectorImpl<DxilBinding> &out) {
  for (unsigned i = 0; list && i < list->getNumOperands(); ++i) {
    auto *record = dyn_cast_or_null<MDNode>(list->getOperand(i));
    std::optional<uint64_t> space = integerOperand(record, 3);
    std::optional<uint64_t> lower = integerOperand(record, 4);
    std::optional<uint64_t> size = integerOperand(record, 5);
    std::optional<uint64_t> kind = integerOperand(record, 6);
    if (!space || !lower || !size || !kind)
      return createStringError("DXIL: malformed dx.resources record " +
                               Twine(i));
    out.push_back(
        {uint32_t(*space), uint32_t(*lower), uint32_t(*size), uint32_t(*kind)});
  }
  return Error::success();
}

} // namespace

Expected<DxilEntryFacts> readDxilEntryFacts(Module &module) {
  NamedMDNode *entries = module.getNamedMetadata("dx.entryPoints");
  if (!entries || entries->getNumOperands() == 0)
    return createStringError("DXIL: the module has no dx.entryPoints");
  MDNode *entry = entries->getOperand(0);
  DxilEntryFacts facts;
  if (entry->getNumOperands() >= 5)
    facts.function =
        mdconst::dyn_extract_or_null<Function>(entry->getOperand(0));
  if (!facts.function || facts.function->isDeclaration())
    return createStringError("DXIL: the entry point names no function");
  if (Error error =
          readNumThreads(dyn_cast_or_null<MDNode>(entry->getOperand(4)), facts))
    return std::move(error);
  NamedMDNode *resources = module.getNamedMetadata("dx.resources");
  if (!resources || resources->getNumOperands() == 0)
    return facts;
  MDNode *classes = resources->getOperand(0);
  for (unsigned c = 0; c < 2 && c < classes->getNumOperands(); ++c)
    if (Error error =
            readRecords(dyn_cast_or_null<MDNode>(classes->getOperand(c)),
                        facts.bindings[c]))
      return std::move(error);
  return facts;
}

} // namespace opencgc::hostgrid
