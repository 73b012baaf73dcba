//===- VulkanBufferTest.cpp - Mapped storage buffers ----------------------===//

#include "VulkanTestUtils.h"

#include <cstring>

using namespace opencgc::vulkan;
using namespace opencgc::vulkan::test;

namespace {

using VulkanRuntimeBufferTest = VulkanRuntimeTest;

TEST_F(VulkanRuntimeBufferTest, ZeroSizeIsRoundedUpToFourBytes) {
  auto buffer = context->createBuffer(0);
  ASSERT_TRUE(static_cast<bool>(buffer)) << llvm::toString(buffer.takeError());
  EXPECT_EQ((*buffer)->size(), 4u);
  ASSERT_NE((*buffer)->data(), nullptr);
  EXPECT_EQ(*(*buffer)->dataAs<uint32_t>(), 0u);
  *(*buffer)->dataAs<uint32_t>() = 0xdeadbeef;
  EXPECT_EQ(*(*buffer)->dataAs<uint32_t>(), 0xdeadbeefu);
}

TEST_F(VulkanRuntimeBufferTest, SizeIsRoundedToWordsAndZeroFilled) {
  auto odd = context->createBuffer(5);
  ASSERT_TRUE(static_cast<bool>(odd)) << llvm::toString(odd.takeError());
  EXPECT_EQ((*odd)->size(), 8u);

  const uint64_t bytes = 3 << 20;
  auto big = context->createBuffer(bytes);
  ASSERT_TRUE(static_cast<bool>(big)) << llvm::toString(big.takeError());
  ASSERT_EQ((*big)->size(), bytes);
  const auto *data = (*big)->dataAs<unsigned char>();
  size_t nonZero = 0;
  for (uint64_t i = 0; i < bytes; ++i)
    nonZero += data[i] != 0;
  EXPECT_EQ(nonZero, 0u);
  // The whole mapping is writable.
  std::memset((*big)->data(), 0x5a, bytes);
  EXPECT_EQ(data[bytes - 1], 0x5a);
}

TEST_F(VulkanRuntimeBufferTest, OversizedBufferIsAnError) {
  uint64_t limit = context->getLimits().maxMemoryAllocationSize;
  ASSERT_GT(limit, 0u);
  for (uint64_t bytes : {limit + 1, ~uint64_t(0)}) {
    auto buffer = context->createBuffer(bytes);
    ASSERT_FALSE(static_cast<bool>(buffer));
    std::string message = llvm::toString(buffer.takeError());
    EXPECT_NE(message.find("exceeds maxMemoryAllocationSize"),
              std::string::npos)
        << message;
  }
}

TEST_F(VulkanRuntimeBufferTest, BufferOutlivesTheContext) {
  auto buffer = context->createBuffer(64);
  ASSERT_TRUE(static_cast<bool>(buffer)) << llvm::toString(buffer.takeError());
  std::shared_ptr<VulkanBuffer> kept = *buffer;
  context.reset();
  kept->dataAs<float>()[15] = 1.5f;
  EXPECT_EQ(kept->dataAs<float>()[15], 1.5f);
}

} // namespace
