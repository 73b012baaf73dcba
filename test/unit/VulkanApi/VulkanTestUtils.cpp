//===- VulkanTestUtils.cpp - Shared pieces of the Vulkan tests ------------===//

#include "VulkanTestUtils.h"

#include "opencgc/Device/VulkanApi/SpirvTools.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>
#include <cstring>

using namespace opencgc::vulkan;
using namespace opencgc::vulkan::test;

// Shared by both kernels: one runtime array of floats per binding, indexed
// by GlobalInvocationId.x and bounded by the output's length.
static constexpr const char *kPrologue = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "{0}" %gid {1}
               OpExecutionMode %main LocalSize {2} 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %arr ArrayStride 4
               OpDecorate %Buf Block
               OpMemberDecorate %Buf 0 Offset 0
{3}
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
        %arr = OpTypeRuntimeArray %float
        %Buf = OpTypeStruct %arr
     %ptrBuf = OpTypePointer StorageBuffer %Buf
   %ptrFloat = OpTypePointer StorageBuffer %float
     %ptrGid = OpTypePointer Input %v3uint
        %gid = OpVariable %ptrGid Input
     %uint_0 = OpConstant %uint 0
)";

static constexpr const char *kBodyStart = R"(
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %g3 = OpLoad %v3uint %gid
          %i = OpCompositeExtract %uint %g3 0
        %len = OpArrayLength %uint %out 0
      %inside = OpULessThan %bool %i %len
               OpSelectionMerge %end None
               OpBranchConditional %inside %body %end
       %body = OpLabel
)";

static constexpr const char *kBodyEnd = R"(
         %po = OpAccessChain %ptrFloat %out %uint_0 %i
               OpStore %po %result
               OpBranch %end
        %end = OpLabel
               OpReturn
               OpFunctionEnd
)";

/// Decorations and variables for storage buffers `names`, binding i each.
static std::pair<std::string, std::string>
declareBuffers(llvm::ArrayRef<const char *> names) {
  std::string decorations, variables;
  for (auto [i, name] : llvm::enumerate(names)) {
    decorations += llvm::formatv("OpDecorate %{0} DescriptorSet 0\n"
                                 "OpDecorate %{0} Binding {1}\n",
                                 name, i);
    variables +=
        llvm::formatv("%{0} = OpVariable %ptrBuf StorageBuffer\n", name);
  }
  return {decorations, variables};
}

static std::string prologue(llvm::StringRef entryPoint,
                            llvm::ArrayRef<const char *> names) {
  auto [decorations, variables] = declareBuffers(names);
  std::string interface;
  for (const char *name : names)
    interface += std::string(" %") + name;
  return llvm::formatv(kPrologue, entryPoint, interface, kLocalSize,
                       decorations)
             .str() +
         variables;
}

std::string opencgc::vulkan::test::binaryKernel(llvm::StringRef entryPoint,
                                                llvm::StringRef op) {
  return prologue(entryPoint, {"in0", "in1", "out"}) + kBodyStart +
         llvm::formatv(R"(
         %p0 = OpAccessChain %ptrFloat %in0 %uint_0 %i
         %v0 = OpLoad %float %p0
         %p1 = OpAccessChain %ptrFloat %in1 %uint_0 %i
         %v1 = OpLoad %float %p1
     %result = {0} %float %v0 %v1
)",
                       op)
             .str() +
         kBodyEnd;
}

std::string opencgc::vulkan::test::affineKernel(llvm::StringRef entryPoint,
                                                float mul, float add) {
  std::string text = prologue(entryPoint, {"in", "out"});
  // Constants go before the function, after the other declarations.
  text += llvm::formatv("%mul = OpConstant %float {0}\n"
                        "%add = OpConstant %float {1}\n",
                        mul, add)
              .str();
  return text + kBodyStart + R"(
         %pi = OpAccessChain %ptrFloat %in %uint_0 %i
         %vi = OpLoad %float %pi
     %scaled = OpFMul %float %vi %mul
     %result = OpFAdd %float %scaled %add
)" + kBodyEnd;
}

std::vector<uint32_t> opencgc::vulkan::test::assemble(llvm::StringRef text) {
  auto words = assembleSpirv(text);
  if (!words) {
    ADD_FAILURE() << llvm::toString(words.takeError()) << "\n" << text.str();
    return {};
  }
  return *words;
}

void VulkanRuntimeTest::SetUp() {
  auto created = VulkanContext::create();
  ASSERT_TRUE(static_cast<bool>(created))
      << "cannot open a Vulkan device: " << llvm::toString(created.takeError())
      << "\nThe Vulkan tests need a Vulkan 1.3 driver; CI installs lavapipe "
         "(mesa-vulkan-drivers) and SwiftShader (chromium-common), see "
         "scripts/dev.sh.";
  context = std::move(*created);
  if (const char *expected = std::getenv("OPENCGC_VULKAN_EXPECT_DEVICE")) {
    llvm::StringRef want(expected);
    ASSERT_TRUE(context->getDeviceName().contains_insensitive(want) ||
                context->getDriverName().contains_insensitive(want))
        << "expected a '" << expected << "' device, got '"
        << context->getDeviceName().str() << "' ("
        << context->getDriverName().str() << ")";
  }
}

std::shared_ptr<VulkanBuffer>
VulkanRuntimeTest::makeFloats(size_t count, llvm::ArrayRef<float> values) {
  auto buffer = context->createBuffer(count * sizeof(float));
  if (!buffer) {
    ADD_FAILURE() << llvm::toString(buffer.takeError());
    return nullptr;
  }
  if (!values.empty())
    std::memcpy((*buffer)->data(), values.data(),
                std::min(count, values.size()) * sizeof(float));
  return *buffer;
}

std::shared_ptr<ComputePipeline> VulkanRuntimeTest::makePipeline(
    llvm::StringRef text, llvm::StringRef entryPoint, unsigned numBindings) {
  std::vector<uint32_t> words = assemble(text);
  auto pipeline =
      context->createComputePipeline(words, entryPoint, numBindings);
  if (!pipeline) {
    ADD_FAILURE() << llvm::toString(pipeline.takeError());
    return nullptr;
  }
  return *pipeline;
}

std::unique_ptr<CommandBatch> VulkanRuntimeTest::makeBatch() {
  auto batch = context->createCommandBatch();
  if (!batch) {
    ADD_FAILURE() << llvm::toString(batch.takeError());
    return nullptr;
  }
  return std::move(*batch);
}
