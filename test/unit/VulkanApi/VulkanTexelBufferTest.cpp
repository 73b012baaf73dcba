//===- VulkanTexelBufferTest.cpp - Uniform texel buffer bindings ----------===//
//
// Bindings the module declares as images of Dim Buffer are bound through
// buffer views of the format it names; the rest stay storage buffers.
//
//===----------------------------------------------------------------------===//

#include "VulkanTestUtils.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace opencgc::vulkan;
using namespace opencgc::vulkan::test;

namespace {

using VulkanTexelBufferTest = VulkanRuntimeTest;

/// out[i] = 2 * in[first + i] for i < length(out), `in` a uniform texel
/// buffer (binding 0) of `format` (R32f: texel i; Rgba32f: component i % 4
/// of texel i / 4) and `out` a storage buffer (binding 1).
std::string texelKernel(llvm::StringRef format) {
  bool vec4 = format == "Rgba32f";
  std::string fetch = vec4 ? R"(
          %q = OpUDiv %uint %i %uint_4
          %r = OpUMod %uint %i %uint_4
          %t = OpImageFetch %v4float %image %q
          %x = OpVectorExtractDynamic %float %t %r
)"
                           : R"(
          %t = OpImageFetch %v4float %image %i
          %x = OpCompositeExtract %float %t 0
)";
  return llvm::formatv(R"(
               OpCapability Shader
               OpCapability SampledBuffer
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "texels" %gid %in %out
               OpExecutionMode %main LocalSize {0} 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %arr ArrayStride 4
               OpDecorate %Buf Block
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %in DescriptorSet 0
               OpDecorate %in Binding 0
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
        %arr = OpTypeRuntimeArray %float
        %Buf = OpTypeStruct %arr
     %ptrBuf = OpTypePointer StorageBuffer %Buf
   %ptrFloat = OpTypePointer StorageBuffer %float
     %ptrGid = OpTypePointer Input %v3uint
        %img = OpTypeImage %float Buffer 0 0 0 1 {1}
     %ptrImg = OpTypePointer UniformConstant %img
        %gid = OpVariable %ptrGid Input
         %in = OpVariable %ptrImg UniformConstant
        %out = OpVariable %ptrBuf StorageBuffer
     %uint_0 = OpConstant %uint 0
     %uint_4 = OpConstant %uint 4
        %two = OpConstant %float 2
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %g3 = OpLoad %v3uint %gid
          %i = OpCompositeExtract %uint %g3 0
        %len = OpArrayLength %uint %out 0
     %inside = OpULessThan %bool %i %len
               OpSelectionMerge %end None
               OpBranchConditional %inside %body %end
       %body = OpLabel
      %image = OpLoad %img %in
{2}
     %result = OpFMul %float %x %two
         %po = OpAccessChain %ptrFloat %out %uint_0 %i
               OpStore %po %result
               OpBranch %end
        %end = OpLabel
               OpReturn
               OpFunctionEnd
)",
                       kLocalSize, format, fetch)
      .str();
}

std::vector<float> iota(size_t count) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i)
    values[i] = static_cast<float>(i) - 100.0f;
  return values;
}

/// Runs `pipeline` over in -> out (out.size() / 4 elements).
llvm::Error runOnce(CommandBatch &batch,
                    const std::shared_ptr<ComputePipeline> &pipeline,
                    BufferRange in, const std::shared_ptr<VulkanBuffer> &out) {
  uint64_t count = out->size() / sizeof(float);
  if (llvm::Error error =
          batch.dispatch(pipeline, {in, {out}}, {groupsFor(count), 1, 1}))
    return error;
  return batch.submitAndWait();
}

::testing::AssertionResult doubles(const std::shared_ptr<VulkanBuffer> &out,
                                   llvm::ArrayRef<float> in, size_t first) {
  const float *values = out->dataAs<float>();
  for (size_t i = 0; i < out->size() / sizeof(float); ++i)
    if (values[i] != 2 * in[first + i])
      return ::testing::AssertionFailure()
             << "element " << i << ": " << values[i] << " != 2 * "
             << in[first + i];
  return ::testing::AssertionSuccess();
}

TEST_F(VulkanTexelBufferTest, ReportsTexelBufferSupport) {
  const VulkanLimits &limits = context->getLimits();
  // Vulkan requires both formats as uniform texel buffers and at least
  // 65536 texels; lavapipe and SwiftShader meet that.
  EXPECT_TRUE(context->getFeatures().uniformTexelBufferR32f);
  EXPECT_TRUE(context->getFeatures().uniformTexelBufferRgba32f);
  EXPECT_GE(limits.maxTexelBufferElements, 65536u);
  EXPECT_EQ(context->getTexelBufferLimit(), limits.maxTexelBufferElements);
  EXPECT_GE(limits.minTexelBufferOffsetAlignment, 1u);
}

TEST_F(VulkanTexelBufferTest, PipelineTakesBindingKindsFromTheModule) {
  auto pipeline = makePipeline(texelKernel("R32f"), "texels", 2);
  ASSERT_TRUE(pipeline);
  ASSERT_EQ(pipeline->getNumBindings(), 2u);
  const PipelineBinding &in = pipeline->getBindings()[0];
  EXPECT_EQ(in.type, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER);
  EXPECT_EQ(in.texelFormat, VK_FORMAT_R32_SFLOAT);
  EXPECT_EQ(in.texelSize, 4u);
  EXPECT_EQ(pipeline->getBindings()[1].type, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);

  auto rgba = makePipeline(texelKernel("Rgba32f"), "texels", 2);
  ASSERT_TRUE(rgba);
  EXPECT_EQ(rgba->getBindings()[0].texelFormat, VK_FORMAT_R32G32B32A32_SFLOAT);
  EXPECT_EQ(rgba->getBindings()[0].texelSize, 16u);
}

TEST_F(VulkanTexelBufferTest, RefusesTexelBuffersWithoutFormat) {
  std::vector<uint32_t> words = assemble(texelKernel("Unknown"));
  auto pipeline = context->createComputePipeline(words, "texels", 2);
  ASSERT_FALSE(static_cast<bool>(pipeline));
  EXPECT_NE(llvm::toString(pipeline.takeError())
                .find("binding 0: a uniform texel buffer must declare the "
                      "format R32f or Rgba32f"),
            std::string::npos);
}

TEST_F(VulkanTexelBufferTest, RefusesOtherImageBindings) {
  // A storage image: neither kind the runtime binds.
  std::vector<uint32_t> words = assemble(R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "image" %img
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %img DescriptorSet 0
               OpDecorate %img Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
    %imgType = OpTypeImage %float 2D 0 0 0 2 R32f
     %ptrImg = OpTypePointer UniformConstant %imgType
        %img = OpVariable %ptrImg UniformConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
)");
  auto pipeline = context->createComputePipeline(words, "image", 1);
  ASSERT_FALSE(static_cast<bool>(pipeline));
  EXPECT_EQ(llvm::toString(pipeline.takeError()),
            "kernel 'image': binding 0 is neither a storage buffer nor a "
            "uniform texel buffer");
}

TEST_F(VulkanTexelBufferTest, FetchesR32fTexelsAndReusesTheView) {
  constexpr size_t kCount = 1000;
  std::vector<float> values = iota(kCount);
  auto in = makeFloats(kCount, values);
  auto out = makeFloats(kCount);
  auto pipeline = makePipeline(texelKernel("R32f"), "texels", 2);
  ASSERT_TRUE(in && out && pipeline);
  // Twice, in two batches: the second dispatch binds the cached view.
  for (int run = 0; run < 2; ++run) {
    std::memset(out->data(), 0, out->size());
    auto batch = makeBatch();
    ASSERT_TRUE(batch);
    llvm::Error error = runOnce(*batch, pipeline, {in}, out);
    ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
    EXPECT_TRUE(doubles(out, values, 0));
  }
}

TEST_F(VulkanTexelBufferTest, FetchesRgba32fTexelsAtAnAlignedOffset) {
  uint64_t alignment = context->getLimits().minTexelBufferOffsetAlignment;
  size_t skipped = alignment / sizeof(float);
  constexpr size_t kCount = 256;
  std::vector<float> values = iota(skipped + kCount);
  auto in = makeFloats(values.size(), values);
  auto out = makeFloats(kCount);
  auto pipeline = makePipeline(texelKernel("Rgba32f"), "texels", 2);
  auto batch = makeBatch();
  ASSERT_TRUE(in && out && pipeline && batch);
  llvm::Error error =
      runOnce(*batch, pipeline, {in, alignment, kCount * sizeof(float)}, out);
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  EXPECT_TRUE(doubles(out, values, skipped));
}

TEST_F(VulkanTexelBufferTest, RefusesAMisalignedOffset) {
  uint64_t alignment = context->getLimits().minTexelBufferOffsetAlignment;
  if (alignment <= sizeof(float))
    GTEST_SKIP() << "every float offset is aligned on this device";
  auto in = makeFloats(1024);
  auto out = makeFloats(64);
  auto pipeline = makePipeline(texelKernel("R32f"), "texels", 2);
  auto batch = makeBatch();
  ASSERT_TRUE(in && out && pipeline && batch);
  llvm::Error error =
      batch->dispatch(pipeline, {{in, sizeof(float)}, {out}}, {1, 1, 1});
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_EQ(llvm::toString(std::move(error)),
            "dispatch of kernel 'texels', binding 0: offset 4 of a uniform "
            "texel buffer is not a multiple of minTexelBufferOffsetAlignment " +
                std::to_string(alignment));
  EXPECT_EQ(batch->getNumDispatches(), 0u);
}

TEST_F(VulkanTexelBufferTest, RefusesARangeHoldingNoTexel) {
  auto in = makeFloats(1024);
  auto out = makeFloats(64);
  auto pipeline = makePipeline(texelKernel("Rgba32f"), "texels", 2);
  auto batch = makeBatch();
  ASSERT_TRUE(in && out && pipeline && batch);
  llvm::Error error =
      batch->dispatch(pipeline, {{in, 0, 12}, {out}}, {1, 1, 1});
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_EQ(llvm::toString(std::move(error)),
            "dispatch of kernel 'texels', binding 0: range of 12 bytes holds "
            "no texel of 16 bytes");
}

/// Past maxTexelBufferElements: a sized range is refused, a whole-buffer
/// range views the first maxTexelBufferElements texels. Only where the
/// limit is small enough to allocate (SwiftShader: 65536).
TEST_F(VulkanTexelBufferTest, LimitsTheTexelsOfARange) {
  uint64_t limit = context->getLimits().maxTexelBufferElements;
  if (limit > (uint64_t(1) << 24))
    GTEST_SKIP() << "maxTexelBufferElements " << limit
                 << " is too large to exceed in a test";
  std::vector<float> values = iota(limit + 64);
  auto in = makeFloats(values.size(), values);
  auto out = makeFloats(limit);
  auto pipeline = makePipeline(texelKernel("R32f"), "texels", 2);
  ASSERT_TRUE(in && out && pipeline);

  auto refused = makeBatch();
  ASSERT_TRUE(refused);
  llvm::Error error = refused->dispatch(
      pipeline, {{in, 0, (limit + 1) * sizeof(float)}, {out}}, {1, 1, 1});
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_EQ(llvm::toString(std::move(error)),
            "dispatch of kernel 'texels', binding 0: range of " +
                std::to_string(limit + 1) +
                " texels exceeds maxTexelBufferElements " +
                std::to_string(limit));

  auto batch = makeBatch();
  ASSERT_TRUE(batch);
  error = runOnce(*batch, pipeline, {in}, out);
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  EXPECT_TRUE(doubles(out, values, 0));
}

} // namespace
