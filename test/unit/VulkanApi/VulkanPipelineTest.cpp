//===- VulkanPipelineTest.cpp - Compute pipeline creation -----------------===//

#include "VulkanTestUtils.h"

#include "opencgc/Device/VulkanApi/SpirvTools.h"

using namespace opencgc::vulkan;
using namespace opencgc::vulkan::test;

namespace {

using VulkanRuntimePipelineTest = VulkanRuntimeTest;

/// The error of creating a pipeline from `words`, or "" when it succeeds.
std::string pipelineError(VulkanContext &context,
                          llvm::ArrayRef<uint32_t> words,
                          llvm::StringRef entryPoint, unsigned buffers) {
  auto pipeline = context.createComputePipeline(words, entryPoint, buffers);
  if (pipeline)
    return "";
  return llvm::toString(pipeline.takeError());
}

TEST_F(VulkanRuntimePipelineTest, TakesWorkgroupSizeFromLocalSize) {
  auto pipeline = makePipeline(binaryKernel("add_0", "OpFAdd"), "add_0", 3);
  ASSERT_TRUE(pipeline);
  EXPECT_EQ(pipeline->getEntryPoint(), "add_0");
  EXPECT_EQ(pipeline->getNumBindings(), 3u);
  EXPECT_EQ(pipeline->getWorkgroupSize(),
            (std::array<uint32_t, 3>{kLocalSize, 1, 1}));
  EXPECT_NE(pipeline->getHandle(), VK_NULL_HANDLE);
}

TEST_F(VulkanRuntimePipelineTest, GarbageBinaryIsAnError) {
  std::vector<uint32_t> garbage = {0xdeadbeef, 1, 2, 3, 4, 5, 6, 7};
  std::string message = pipelineError(*context, garbage, "add_0", 3);
  EXPECT_NE(message.find("kernel 'add_0'"), std::string::npos) << message;
  EXPECT_NE(message.find("invalid SPIR-V"), std::string::npos) << message;
  EXPECT_NE(pipelineError(*context, {}, "add_0", 3), "");
}

TEST_F(VulkanRuntimePipelineTest, TruncatedBinaryIsAnError) {
  std::vector<uint32_t> words = assemble(binaryKernel("add_0", "OpFAdd"));
  ASSERT_GT(words.size(), 20u);
  words.resize(words.size() / 2);
  std::string message = pipelineError(*context, words, "add_0", 3);
  EXPECT_NE(message.find("invalid SPIR-V"), std::string::npos) << message;
}

TEST_F(VulkanRuntimePipelineTest, ModuleFailingValidationIsAnError) {
  // Well-formed words, but an integer add on floats.
  std::vector<uint32_t> words = assemble(binaryKernel("add_0", "OpIAdd"));
  ASSERT_FALSE(words.empty());
  std::string message = pipelineError(*context, words, "add_0", 3);
  EXPECT_NE(message.find("kernel 'add_0': invalid SPIR-V"), std::string::npos)
      << message;
}

TEST_F(VulkanRuntimePipelineTest, MissingEntryPointIsAnError) {
  std::vector<uint32_t> words = assemble(binaryKernel("add_0", "OpFAdd"));
  std::string message = pipelineError(*context, words, "mul_1", 3);
  EXPECT_NE(message.find("no entry point named 'mul_1'"), std::string::npos)
      << message;
}

TEST_F(VulkanRuntimePipelineTest, BindingOutsideTheLayoutIsAnError) {
  std::vector<uint32_t> words = assemble(binaryKernel("add_0", "OpFAdd"));
  std::string message = pipelineError(*context, words, "add_0", 2);
  EXPECT_NE(message.find("set 0 binding 2"), std::string::npos) << message;
}

TEST(VulkanRuntimeSpirvToolsTest, DisassemblesWhatItAssembled) {
  std::vector<uint32_t> words = assemble(affineKernel("plus_one", 1, 1));
  auto text = disassembleSpirv(words);
  ASSERT_TRUE(static_cast<bool>(text)) << llvm::toString(text.takeError());
  EXPECT_NE(text->find("\"plus_one\" %gl_GlobalInvocationID"),
            std::string::npos)
      << *text;
  EXPECT_FALSE(static_cast<bool>(validateSpirv(words)));
}

TEST(VulkanRuntimeSpirvToolsTest, AssemblerReportsBadText) {
  auto words = assembleSpirv("OpCapability NoSuchCapability");
  ASSERT_FALSE(static_cast<bool>(words));
  std::string message = llvm::toString(words.takeError());
  EXPECT_NE(message.find("SPIR-V assembly failed"), std::string::npos)
      << message;
}

} // namespace
