//===- VulkanDispatchTest.cpp - Recording and running dispatches ----------===//

#include "VulkanTestUtils.h"

#include <cstring>

using namespace opencgc::vulkan;
using namespace opencgc::vulkan::test;

namespace {

using VulkanRuntimeDispatchTest = VulkanRuntimeTest;

constexpr size_t kMillion = 1 << 20;

/// Counts elements of `actual` that differ bitwise from `expected(i)` and
/// describes the first.
template <typename Fn>
::testing::AssertionResult allEqual(const float *actual, size_t count,
                                    Fn expected) {
  size_t wrong = 0, first = 0;
  for (size_t i = 0; i < count; ++i) {
    float want = expected(i);
    if (std::memcmp(&actual[i], &want, sizeof(float)) != 0 && wrong++ == 0)
      first = i;
  }
  if (wrong == 0)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << wrong << " of " << count << " elements differ; first at " << first
         << ": " << actual[first] << " != " << expected(first);
}

float inputA(size_t i) { return static_cast<float>(i); }
float inputB(size_t i) { return static_cast<float>(i % 1000) * 0.25f - 7.0f; }

std::vector<float> generate(size_t count, float (*fn)(size_t)) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i)
    values[i] = fn(i);
  return values;
}

TEST_F(VulkanRuntimeDispatchTest, AddsOneMillionFloatsExactly) {
  auto a = makeFloats(kMillion, generate(kMillion, inputA));
  auto b = makeFloats(kMillion, generate(kMillion, inputB));
  auto c = makeFloats(kMillion);
  auto add = makePipeline(binaryKernel("add_0", "OpFAdd"), "add_0", 3);
  auto batch = makeBatch();
  ASSERT_TRUE(a && b && c && add && batch);

  ASSERT_FALSE(static_cast<bool>(
      batch->dispatch(add, {{a}, {b}, {c}}, {groupsFor(kMillion), 1, 1})));
  llvm::Error err = batch->submitAndWait();
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  EXPECT_EQ(batch->getNumDispatches(), 1u);
  EXPECT_TRUE(allEqual(c->dataAs<float>(), kMillion,
                       [](size_t i) { return inputA(i) + inputB(i); }));
}

TEST_F(VulkanRuntimeDispatchTest, DependentDispatchesSeeEachOthersWrites) {
  auto x = makeFloats(kMillion, generate(kMillion, inputB));
  auto y = makeFloats(kMillion);
  auto z = makeFloats(kMillion);
  auto plusOne = makePipeline(affineKernel("plus_one", 1, 1), "plus_one", 2);
  auto timesTwo = makePipeline(affineKernel("times_two", 2, 0), "times_two", 2);
  auto batch = makeBatch();
  ASSERT_TRUE(x && y && z && plusOne && timesTwo && batch);

  std::array<uint32_t, 3> groups = {groupsFor(kMillion), 1, 1};
  llvm::Error err = llvm::joinErrors(
      batch->dispatch(plusOne, {{x}, {y}}, groups),
      llvm::joinErrors(batch->barrier(),
                       batch->dispatch(timesTwo, {{y}, {z}}, groups)));
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  err = batch->submitAndWait();
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  EXPECT_TRUE(allEqual(y->dataAs<float>(), kMillion,
                       [](size_t i) { return inputB(i) + 1.0f; }));
  EXPECT_TRUE(allEqual(z->dataAs<float>(), kMillion,
                       [](size_t i) { return (inputB(i) + 1.0f) * 2.0f; }));
}

TEST_F(VulkanRuntimeDispatchTest, BindsRangesAtAlignedOffsets) {
  // x and y live in one buffer, each at a non-zero aligned offset, with
  // sentinels around them that the kernel must not touch.
  const uint64_t align = context->getLimits().minStorageBufferOffsetAlignment;
  const size_t count = 1000;
  const uint64_t bytes = count * sizeof(float);
  const uint64_t xOffset = align * 3;
  const uint64_t yOffset = llvm::alignTo(xOffset + bytes + 64, align);
  auto shared = makeFloats((yOffset + bytes + 256) / sizeof(float));
  auto plusOne = makePipeline(affineKernel("plus_one", 1, 1), "plus_one", 2);
  auto batch = makeBatch();
  ASSERT_TRUE(shared && plusOne && batch);
  float *all = shared->dataAs<float>();
  size_t total = shared->size() / sizeof(float);
  for (size_t i = 0; i < total; ++i)
    all[i] = -1000.0f;
  for (size_t i = 0; i < count; ++i)
    all[xOffset / sizeof(float) + i] = inputB(i);

  llvm::Error err = batch->dispatch(
      plusOne, {{shared, xOffset, bytes}, {shared, yOffset, bytes}},
      {groupsFor(count), 1, 1});
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  err = batch->submitAndWait();
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  EXPECT_TRUE(allEqual(all + yOffset / sizeof(float), count,
                       [](size_t i) { return inputB(i) + 1.0f; }));
  EXPECT_TRUE(allEqual(all + xOffset / sizeof(float), count, inputB));
  EXPECT_TRUE(
      allEqual(all, xOffset / sizeof(float), [](size_t) { return -1000.0f; }));
  size_t afterY = (yOffset + bytes) / sizeof(float);
  EXPECT_TRUE(
      allEqual(all + afterY, total - afterY, [](size_t) { return -1000.0f; }));
}

TEST_F(VulkanRuntimeDispatchTest, MisalignedOffsetNamesTheBinding) {
  const uint64_t align = context->getLimits().minStorageBufferOffsetAlignment;
  if (align < 8)
    GTEST_SKIP() << "minStorageBufferOffsetAlignment is " << align
                 << "; no word-aligned offset is misaligned";
  auto x = makeFloats(1024);
  auto y = makeFloats(1024);
  auto plusOne = makePipeline(affineKernel("plus_one", 1, 1), "plus_one", 2);
  auto batch = makeBatch();
  ASSERT_TRUE(x && y && plusOne && batch);

  llvm::Error err =
      batch->dispatch(plusOne, {{x}, {y, align / 2, 64}}, {1, 1, 1});
  ASSERT_TRUE(static_cast<bool>(err));
  std::string message = llvm::toString(std::move(err));
  EXPECT_NE(message.find("kernel 'plus_one', binding 1"), std::string::npos)
      << message;
  EXPECT_NE(message.find("minStorageBufferOffsetAlignment"), std::string::npos)
      << message;
  // Nothing was recorded: the batch stays usable.
  x->dataAs<float>()[3] = 41.0f;
  err = llvm::joinErrors(batch->dispatch(plusOne, {{x}, {y}}, {16, 1, 1}),
                         batch->submitAndWait());
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  EXPECT_EQ(y->dataAs<float>()[3], 42.0f);
  EXPECT_EQ(batch->getNumDispatches(), 1u);
}

TEST_F(VulkanRuntimeDispatchTest, RejectsBadBindingsAndGroupCounts) {
  auto x = makeFloats(256);
  auto plusOne = makePipeline(affineKernel("plus_one", 1, 1), "plus_one", 2);
  auto batch = makeBatch();
  ASSERT_TRUE(x && plusOne && batch);
  auto errorOf = [&](llvm::ArrayRef<BufferRange> bindings,
                     std::array<uint32_t, 3> groups) {
    llvm::Error err = batch->dispatch(plusOne, bindings, groups);
    return err ? llvm::toString(std::move(err)) : std::string();
  };
  EXPECT_NE(errorOf({{x}}, {1, 1, 1})
                .find("1 bindings given, the pipeline "
                      "has 2"),
            std::string::npos);
  EXPECT_NE(errorOf({{x}, {x, 0, 2048}}, {1, 1, 1})
                .find("binding 1: range of 2048 bytes at offset 0 does not "
                      "fit the buffer of 1024 bytes"),
            std::string::npos);
  EXPECT_NE(errorOf({{x}, {nullptr}}, {1, 1, 1}).find("binding 1: no buffer"),
            std::string::npos);
  uint32_t maxX = context->getLimits().maxComputeWorkGroupCount[0];
  if (maxX < UINT32_MAX)
    EXPECT_NE(errorOf({{x}, {x}}, {maxX + 1, 1, 1})
                  .find("exceed maxComputeWorkGroupCount"),
              std::string::npos);
  EXPECT_EQ(batch->getNumDispatches(), 0u);
}

TEST_F(VulkanRuntimeDispatchTest, ResubmitsWithNewInputsButRecordsOnce) {
  const size_t count = 4096;
  auto a = makeFloats(count, generate(count, inputA));
  auto b = makeFloats(count, generate(count, inputB));
  auto c = makeFloats(count);
  auto add = makePipeline(binaryKernel("add_0", "OpFAdd"), "add_0", 3);
  auto batch = makeBatch();
  ASSERT_TRUE(a && b && c && add && batch);
  llvm::Error err = llvm::joinErrors(
      batch->dispatch(add, {{a}, {b}, {c}}, {groupsFor(count), 1, 1}),
      batch->submitAndWait());
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));

  for (size_t i = 0; i < count; ++i)
    b->dataAs<float>()[i] = 0.5f;
  err = batch->submitAndWait();
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  EXPECT_TRUE(allEqual(c->dataAs<float>(), count,
                       [](size_t i) { return inputA(i) + 0.5f; }));

  err = batch->dispatch(add, {{a}, {b}, {c}}, {1, 1, 1});
  ASSERT_TRUE(static_cast<bool>(err));
  EXPECT_NE(llvm::toString(std::move(err)).find("already submitted"),
            std::string::npos);
}

// More dispatches than one descriptor pool holds, ping-ponging between two
// buffers with a barrier after each: every dispatch must see the last one.
TEST_F(VulkanRuntimeDispatchTest, ManyDependentDispatchesInOneBatch) {
  const size_t count = 1000;
  const unsigned steps = 301;
  auto ping = makeFloats(count, generate(count, inputB));
  auto pong = makeFloats(count);
  auto plusOne = makePipeline(affineKernel("plus_one", 1, 1), "plus_one", 2);
  auto batch = makeBatch();
  ASSERT_TRUE(ping && pong && plusOne && batch);
  for (unsigned step = 0; step < steps; ++step) {
    bool even = step % 2 == 0;
    llvm::Error err = llvm::joinErrors(
        batch->dispatch(plusOne, {{even ? ping : pong}, {even ? pong : ping}},
                        {groupsFor(count), 1, 1}),
        batch->barrier());
    ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  }
  // The pipeline and buffers stay alive through the batch.
  plusOne.reset();
  llvm::Error err = batch->submitAndWait();
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  EXPECT_EQ(batch->getNumDispatches(), steps);
  EXPECT_TRUE(allEqual(pong->dataAs<float>(), count, [&](size_t i) {
    return inputB(i) + static_cast<float>(steps);
  }));
}

} // namespace
