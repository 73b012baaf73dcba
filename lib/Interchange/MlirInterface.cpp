//===- MlirInterface.cpp - The DXCGC MLIR interfaces ----------------------===//

#include "opencgc/Interchange/MlirInterface.h"

#include <algorithm>
#include <string>

using namespace opencgc;

namespace {
struct InterfaceEntry {
  MlirInterface interface;
  llvm::StringRef name;
  Guid guid;
};
} // namespace

// Values from the specification's DEFINE_GUID lines ("DXCGC MLIR
// Interfaces"); the tests check them against the spelled-out {...} comments.
// clang-format off
static const InterfaceEntry kInterfaces[] = {
    {MlirInterface::CgcInput, "CGC_INPUT",
     {0x7fc4f23f, 0x2474, 0x4ae8,
      {0xae, 0x7a, 0x27, 0x22, 0x11, 0x8b, 0x35, 0x0e}}},
    {MlirInterface::CgcOutput, "CGC_OUTPUT",
     {0xf53e923f, 0x5300, 0x4eef,
      {0x8f, 0x1e, 0xad, 0xa0, 0x3f, 0xff, 0x26, 0x05}}},
    {MlirInterface::CgcSubgraphPartition, "CGC_SUBGRAPH_PARTITION",
     {0xeaa277c3, 0x190d, 0x4049,
      {0xa7, 0xb0, 0xa6, 0x11, 0xb1, 0x17, 0x01, 0xb6}}},
    {MlirInterface::CgcSubgraphDeclarationRequest,
     "CGC_SUBGRAPH_DECLARATION_REQUEST",
     {0xeb53032a, 0x1116, 0x4e71,
      {0x83, 0x09, 0x54, 0x34, 0x7c, 0x1e, 0x5a, 0x26}}},
    {MlirInterface::CgcSubgraphDeclaration, "CGC_SUBGRAPH_DECLARATION",
     {0xbe441609, 0x6ab8, 0x4fa8,
      {0xb5, 0x51, 0x01, 0x9e, 0xd9, 0x38, 0xc2, 0x98}}},
    {MlirInterface::CgcSubgraphSpecializationRequest,
     "CGC_SUBGRAPH_SPECIALIZATION_REQUEST",
     {0xebed5ed6, 0x2206, 0x457b,
      {0x8b, 0xd0, 0xab, 0xfc, 0xc6, 0x77, 0x19, 0x5b}}},
    {MlirInterface::CgcSubgraphSpecialization, "CGC_SUBGRAPH_SPECIALIZATION",
     {0xf90a981e, 0x0fcd, 0x46d8,
      {0x8a, 0xa1, 0x16, 0x69, 0x94, 0xc4, 0xde, 0x02}}},
};
// clang-format on

static const InterfaceEntry &getEntry(MlirInterface interface) {
  // The table is in enum order.
  return kInterfaces[static_cast<size_t>(interface)];
}

const Guid &opencgc::getInterfaceGuid(MlirInterface interface) {
  return getEntry(interface).guid;
}

llvm::StringRef opencgc::getInterfaceName(MlirInterface interface) {
  return getEntry(interface).name;
}

std::optional<MlirInterface> opencgc::lookupInterface(const Guid &guid) {
  for (const InterfaceEntry &entry : kInterfaces)
    if (entry.guid == guid)
      return entry.interface;
  return std::nullopt;
}

std::optional<MlirInterface>
opencgc::lookupInterfaceByName(llvm::StringRef name) {
  if (std::optional<Guid> guid = Guid::parse(name))
    return lookupInterface(*guid);
  // Command lines favour "subgraph-partition"; the spec spells underscores.
  std::string normalized = name.trim().upper();
  std::replace(normalized.begin(), normalized.end(), '-', '_');
  llvm::StringRef key(normalized);
  key.consume_front("CGC_");
  for (const InterfaceEntry &entry : kInterfaces)
    if (entry.name.drop_front(/*"CGC_"*/ 4) == key)
      return entry.interface;
  return std::nullopt;
}

llvm::ArrayRef<MlirInterface> opencgc::allInterfaces() {
  static const MlirInterface kAll[] = {
      MlirInterface::CgcInput,
      MlirInterface::CgcOutput,
      MlirInterface::CgcSubgraphPartition,
      MlirInterface::CgcSubgraphDeclarationRequest,
      MlirInterface::CgcSubgraphDeclaration,
      MlirInterface::CgcSubgraphSpecializationRequest,
      MlirInterface::CgcSubgraphSpecialization,
  };
  return kAll;
}
