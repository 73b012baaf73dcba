//===- SpirvValidationTest.cpp - validateSpirv rejects broken binaries ----===//
#include "CodegenTestSupport.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/SpirvBackend.h"

#include "llvm/Support/Error.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;
using namespace opencgc::codegen;
using ::testing::HasSubstr;

namespace {

class SpirvValidationTest : public ::testing::Test {
protected:
  void SetUp() override {
    const char *type = "!cgc.tensor<4x!cgc.float32>";
    cgc::SubgraphOp subgraph = parser.parseSubgraph(
        test::SingleOpSubgraph{"addKernel", "add", {type, type}, "", type});
    ASSERT_TRUE(subgraph);
    llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph);
    ASSERT_TRUE(bool(kernels)) << llvm::toString(kernels.takeError());
    llvm::Expected<std::vector<SpirvKernel>> spirv = compileToSpirv(*kernels);
    ASSERT_TRUE(bool(spirv)) << llvm::toString(spirv.takeError());
    binary = spirv->front().binary;
  }

  std::string validationError(llvm::ArrayRef<uint32_t> words) {
    return llvm::toString(validateSpirv(words, "addKernel"));
  }

  test::SubgraphParser parser;
  std::vector<uint32_t> binary;
};

TEST_F(SpirvValidationTest, AcceptsTheGeneratedBinary) {
  EXPECT_EQ(validationError(binary), "");
}

TEST_F(SpirvValidationTest, RejectsABadMagicNumber) {
  std::vector<uint32_t> corrupted = binary;
  corrupted[0] = 0xdeadbeef;
  std::string error = validationError(corrupted);
  EXPECT_THAT(error, HasSubstr("kernel @addKernel: SPIR-V fails Vulkan 1.3 "
                               "validation: "));
  EXPECT_THAT(error, HasSubstr("magic"));
}

TEST_F(SpirvValidationTest, RejectsATruncatedBinary) {
  std::vector<uint32_t> truncated(binary.begin(), binary.end() - 1);
  EXPECT_THAT(validationError(truncated), HasSubstr("kernel @addKernel: "));
  EXPECT_THAT(validationError({}), HasSubstr("kernel @addKernel: "));
}

TEST_F(SpirvValidationTest, RejectsStorageBufferInterfacesBeforeSpirv14) {
  // Version word 1.0: entry points may then list only Input/Output
  // variables, and the ABI lowering lists the storage buffers too.
  std::vector<uint32_t> older = binary;
  older[1] = 0x00010000;
  std::string error = validationError(older);
  EXPECT_THAT(error, HasSubstr("kernel @addKernel: "));
  EXPECT_THAT(error, HasSubstr("Storage Class"));
}

} // namespace
