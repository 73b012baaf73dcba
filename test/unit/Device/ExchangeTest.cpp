//===- ExchangeTest.cpp - Targets' side of the MLIR exchange --------------===//
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Interchange/MlirInterface.h"
#include "opencgc/Interchange/ModuleFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
constexpr const char *kUpsampleRequest = R"mlir(
cgc.module {
  cgc.subgraph @upsample attributes {origin = "reference", cgc.pattern = "op"} {
    cgc.functional_definition private @upsampleFunctional(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
      %0 = cgc_op.upsample(%in) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x1x8x8x!cgc.float32>
    }
  }
}
)mlir";

class ExchangeTest : public ::testing::Test {
protected:
  ExchangeTest() { loadCGCDialects(context); }

  std::vector<uint8_t> request(const char *text, MlirInterface interface) {
    auto module = parseSourceString<cgc::ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return writeModuleContainer(*module, interface);
  }

  MLIRContext context;
};

TEST_F(ExchangeTest, ReferenceDeclaresOneAnyOpPattern) {
  auto device = device::createReferenceDevice(context);
  EXPECT_EQ(device->getMlirProgramsTier(), device::MlirProgramsTier::Tier2_0);
  const Guid &guid =
      getInterfaceGuid(MlirInterface::CgcSubgraphDeclarationRequest);
  ASSERT_TRUE(device->supportsMlirInterface(guid));
  auto answer = device->exchange({guid, {}});
  ASSERT_TRUE(bool(answer)) << llvm::toString(answer.takeError());
  auto module = readModuleContainer(
      *answer, context, MlirInterface::CgcSubgraphDeclaration, "answer");
  ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());
  std::string text;
  llvm::raw_string_ostream os(text);
  module->get()->print(os);
  EXPECT_NE(text.find("cgc_pattern.declaration @reference"), std::string::npos);
  EXPECT_NE(text.find("class \"any\""), std::string::npos);
}

TEST_F(ExchangeTest, ReferenceAcceptsAndLegalizesUpsample) {
  auto device = device::createReferenceDevice(context);
  auto answer = device->exchange(
      {getInterfaceGuid(MlirInterface::CgcSubgraphSpecializationRequest),
       request(kUpsampleRequest,
               MlirInterface::CgcSubgraphSpecializationRequest)});
  ASSERT_TRUE(bool(answer)) << llvm::toString(answer.takeError());
  auto module = readModuleContainer(
      *answer, context, MlirInterface::CgcSubgraphSpecialization, "answer");
  ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());
  std::string text;
  llvm::raw_string_ostream os(text);
  module->get()->print(os);
  EXPECT_NE(text.find("cgc.specialization = \"accepted\""), std::string::npos);
  EXPECT_NE(text.find("cgc_op.upsample2d"), std::string::npos);
}

TEST_F(ExchangeTest, MalformedRequestsAreErrorsNotCrashes) {
  auto device = device::createReferenceDevice(context);
  const Guid &guid =
      getInterfaceGuid(MlirInterface::CgcSubgraphSpecializationRequest);
  std::vector<uint8_t> garbage = {'D', 'X', 'B', 'C', 1, 2, 3};
  auto answer = device->exchange({guid, garbage});
  ASSERT_FALSE(bool(answer));
  EXPECT_NE(llvm::toString(answer.takeError()).find("specialization request"),
            std::string::npos);

  // A well-formed container with the wrong interface tag.
  auto wrongTag = device->exchange(
      {guid, request(kUpsampleRequest, MlirInterface::CgcInput)});
  ASSERT_FALSE(bool(wrongTag));
  EXPECT_NE(llvm::toString(wrongTag.takeError()).find("expected a"),
            std::string::npos);

  // An interface the exchange does not answer.
  auto partition = device->exchange(
      {getInterfaceGuid(MlirInterface::CgcSubgraphPartition), {}});
  ASSERT_FALSE(bool(partition));
  EXPECT_NE(
      llvm::toString(partition.takeError()).find("CGC_SUBGRAPH_PARTITION"),
      std::string::npos);
}

TEST_F(ExchangeTest, DeclarationFileTargetRejectsMarkedPatterns) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("decl", "mlir", path));
  {
    std::error_code error;
    llvm::raw_fd_ostream os(path, error);
    os << R"mlir(cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @op attributes {reject = "not on Tuesdays"} {
      %0 = cgc_pattern.op class "any"
      cgc_pattern.yield %0
    }
  }
})mlir";
  }
  auto device = device::createDeclarationFileDevice(context, path);
  llvm::sys::fs::remove(path);
  ASSERT_TRUE(bool(device)) << llvm::toString(device.takeError());
  EXPECT_EQ((*device)->getName(), "driver");
  auto answer = (*device)->exchange(
      {getInterfaceGuid(MlirInterface::CgcSubgraphSpecializationRequest),
       request(kUpsampleRequest,
               MlirInterface::CgcSubgraphSpecializationRequest)});
  ASSERT_TRUE(bool(answer)) << llvm::toString(answer.takeError());
  auto module = readModuleContainer(
      *answer, context, MlirInterface::CgcSubgraphSpecialization, "answer");
  ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());
  auto reason = module->get()->getAttrOfType<StringAttr>("cgc.reason");
  ASSERT_TRUE(reason);
  EXPECT_EQ(reason.getValue(), "not on Tuesdays");
}

TEST_F(ExchangeTest, MissingDeclarationFileIsAnError) {
  auto device =
      device::createDeclarationFileDevice(context, "/nonexistent.mlir");
  ASSERT_FALSE(bool(device));
  EXPECT_NE(llvm::toString(device.takeError()).find("/nonexistent.mlir"),
            std::string::npos);
}
} // namespace
