//===- VulkanTexelCodegenTest.cpp - Texel buffer inputs end to end --------===//
//
// The SPIR-V backend reads an input through a uniform texel buffer only when
// it fits the element limit it is given; the runtime binds whatever the
// binary declares. Each limit must give the same results.
//
//===----------------------------------------------------------------------===//

#include "VulkanTestUtils.h"

#include "opencgc/Codegen/SpirvBackend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

using namespace opencgc;
using namespace opencgc::vulkan;
using namespace opencgc::vulkan::test;

namespace {

// out[i] = a[i] + b[i / 4][i % 4]: a scalar and a vec4 input.
constexpr const char *kKernelIR = R"(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum(%a: memref<256xf32>, %b: memref<64xvector<4xf32>>,
                  %out: memref<256xf32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %block = gpu.block_id x
      %lane = gpu.thread_id x
      %first = arith.muli %block, %c64 : index
      %i = arith.addi %first, %lane : index
      %inside = arith.cmpi ult, %i, %c256 : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<256xf32>
        %q = arith.divui %i, %c4 : index
        %r = arith.remui %i, %c4 : index
        %v = memref.load %b[%q] : memref<64xvector<4xf32>>
        %y = vector.extract %v[%r] : f32 from vector<4xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %out[%i] : memref<256xf32>
      }
      gpu.return
    }
  }
}
)";

class VulkanTexelCodegenTest : public VulkanRuntimeTest {
protected:
  /// The kernel compiled with `limit`, as a pipeline.
  std::shared_ptr<ComputePipeline> compile(uint32_t limit) {
    codegen::loadCodegenDialects(mlir);
    codegen::KernelModule kernels;
    kernels.module = mlir::parseSourceString<mlir::ModuleOp>(kKernelIR, &mlir);
    if (!kernels.module) {
      ADD_FAILURE() << "the Kernel IR does not parse";
      return nullptr;
    }
    codegen::KernelLaunch launch;
    launch.name = "sum";
    launch.workgroupCount = {4, 1, 1};
    kernels.launches.push_back(launch);
    auto spirv = codegen::compileToSpirv(kernels, {limit});
    if (!spirv) {
      ADD_FAILURE() << llvm::toString(spirv.takeError());
      return nullptr;
    }
    auto pipeline = context->createComputePipeline(spirv->front().binary, "sum",
                                                   spirv->front().numBindings);
    if (!pipeline) {
      ADD_FAILURE() << llvm::toString(pipeline.takeError());
      return nullptr;
    }
    return *pipeline;
  }

  /// Runs `pipeline` and checks every sum.
  void expectSums(const std::shared_ptr<ComputePipeline> &pipeline) {
    std::vector<float> a(256), b(256);
    for (size_t i = 0; i < 256; ++i) {
      a[i] = static_cast<float>(i);
      b[i] = 0.5f * static_cast<float>(i % 7);
    }
    auto bufferA = makeFloats(256, a), bufferB = makeFloats(256, b);
    auto out = makeFloats(256);
    auto batch = makeBatch();
    ASSERT_TRUE(bufferA && bufferB && out && batch);
    llvm::Error error =
        batch->dispatch(pipeline, {{bufferA}, {bufferB}, {out}}, {4, 1, 1});
    if (!error)
      error = batch->submitAndWait();
    ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
    for (size_t i = 0; i < 256; ++i)
      ASSERT_EQ(out->dataAs<float>()[i], a[i] + b[i]) << "element " << i;
  }

  static std::vector<VkDescriptorType> types(const ComputePipeline &pipeline) {
    std::vector<VkDescriptorType> result;
    for (const PipelineBinding &binding : pipeline.getBindings())
      result.push_back(binding.type);
    return result;
  }

  mlir::MLIRContext mlir;
};

constexpr VkDescriptorType kTexel = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
constexpr VkDescriptorType kStorage = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;

TEST_F(VulkanTexelCodegenTest, InputsWithinTheLimitAreTexelBuffers) {
  auto pipeline = compile(256);
  ASSERT_TRUE(pipeline);
  EXPECT_EQ(types(*pipeline),
            (std::vector<VkDescriptorType>{kTexel, kTexel, kStorage}));
  EXPECT_EQ(pipeline->getBindings()[0].texelFormat, VK_FORMAT_R32_SFLOAT);
  EXPECT_EQ(pipeline->getBindings()[1].texelFormat,
            VK_FORMAT_R32G32B32A32_SFLOAT);
  expectSums(pipeline);
}

TEST_F(VulkanTexelCodegenTest, InputsAboveTheLimitStayStorageBuffers) {
  // a has 256 floats, b 64 vec4s: only b fits.
  auto pipeline = compile(255);
  ASSERT_TRUE(pipeline);
  EXPECT_EQ(types(*pipeline),
            (std::vector<VkDescriptorType>{kStorage, kTexel, kStorage}));
  expectSums(pipeline);

  auto none = compile(0);
  ASSERT_TRUE(none);
  EXPECT_EQ(types(*none),
            (std::vector<VkDescriptorType>{kStorage, kStorage, kStorage}));
  expectSums(none);
}

TEST_F(VulkanTexelCodegenTest, DeviceLimitAdmitsTheKernel) {
  auto pipeline = compile(context->getTexelBufferLimit());
  ASSERT_TRUE(pipeline);
  EXPECT_EQ(types(*pipeline),
            (std::vector<VkDescriptorType>{kTexel, kTexel, kStorage}));
  expectSums(pipeline);
}

} // namespace
