//===- MlirInterfaceTest.cpp - The seven DXCGC MLIR interfaces ------------===//

#include "opencgc/Interchange/MlirInterface.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace opencgc;

namespace {

struct Expected {
  MlirInterface interface;
  const char *name;
  const char *guid; // the {...} comment above each DEFINE_GUID in the spec
};

const Expected kSpec[] = {
    {MlirInterface::CgcInput, "CGC_INPUT",
     "{7FC4F23F-2474-4AE8-AE7A-2722118B350E}"},
    {MlirInterface::CgcOutput, "CGC_OUTPUT",
     "{F53E923F-5300-4EEF-8F1E-ADA03FFF2605}"},
    {MlirInterface::CgcSubgraphPartition, "CGC_SUBGRAPH_PARTITION",
     "{EAA277C3-190D-4049-A7B0-A611B11701B6}"},
    {MlirInterface::CgcSubgraphDeclarationRequest,
     "CGC_SUBGRAPH_DECLARATION_REQUEST",
     "{EB53032A-1116-4E71-8309-54347C1E5A26}"},
    {MlirInterface::CgcSubgraphDeclaration, "CGC_SUBGRAPH_DECLARATION",
     "{BE441609-6AB8-4FA8-B551-019ED938C298}"},
    {MlirInterface::CgcSubgraphSpecializationRequest,
     "CGC_SUBGRAPH_SPECIALIZATION_REQUEST",
     "{EBED5ED6-2206-457B-8BD0-ABFCC677195B}"},
    {MlirInterface::CgcSubgraphSpecialization, "CGC_SUBGRAPH_SPECIALIZATION",
     "{F90A981E-0FCD-46D8-8AA1-166994C4DE02}"},
};

TEST(MlirInterfaceTest, GuidsAndNamesMatchSpecification) {
  for (const Expected &spec : kSpec) {
    EXPECT_EQ(getInterfaceGuid(spec.interface).str(), spec.guid);
    EXPECT_EQ(getInterfaceName(spec.interface), spec.name);
  }
}

TEST(MlirInterfaceTest, AllInterfacesInSpecificationOrder) {
  llvm::ArrayRef<MlirInterface> all = allInterfaces();
  ASSERT_EQ(all.size(), std::size(kSpec));
  for (size_t i = 0; i < all.size(); ++i)
    EXPECT_EQ(all[i], kSpec[i].interface);
}

TEST(MlirInterfaceTest, GuidsAreDistinct) {
  std::set<std::string> seen;
  for (MlirInterface interface : allInterfaces())
    EXPECT_TRUE(seen.insert(getInterfaceGuid(interface).str()).second);
}

TEST(MlirInterfaceTest, LookupByGuid) {
  for (MlirInterface interface : allInterfaces())
    EXPECT_EQ(lookupInterface(getInterfaceGuid(interface)), interface);
  Guid unknown = getInterfaceGuid(MlirInterface::CgcInput);
  unknown.data1 ^= 1;
  EXPECT_FALSE(lookupInterface(unknown));
}

TEST(MlirInterfaceTest, LookupByName) {
  using I = MlirInterface;
  EXPECT_EQ(lookupInterfaceByName("CGC_INPUT"), I::CgcInput);
  EXPECT_EQ(lookupInterfaceByName("cgc_input"), I::CgcInput);
  EXPECT_EQ(lookupInterfaceByName("input"), I::CgcInput);
  EXPECT_EQ(lookupInterfaceByName("Output"), I::CgcOutput);
  EXPECT_EQ(lookupInterfaceByName("subgraph_partition"),
            I::CgcSubgraphPartition);
  EXPECT_EQ(lookupInterfaceByName("subgraph-declaration-request"),
            I::CgcSubgraphDeclarationRequest);
  EXPECT_EQ(lookupInterfaceByName("SUBGRAPH_SPECIALIZATION"),
            I::CgcSubgraphSpecialization);
  EXPECT_EQ(lookupInterfaceByName("{EBED5ED6-2206-457B-8BD0-ABFCC677195B}"),
            I::CgcSubgraphSpecializationRequest);
  for (const Expected &spec : kSpec)
    EXPECT_EQ(lookupInterfaceByName(spec.name), spec.interface);
}

TEST(MlirInterfaceTest, LookupByNameRejectsUnknown) {
  for (const char *name : {"", "CGC_", "cgc", "subgraph", "CGC_CGC_INPUT",
                           "inputs", "{00000000-0000-0000-0000-000000000000}"})
    EXPECT_FALSE(lookupInterfaceByName(name)) << name;
}

} // namespace
