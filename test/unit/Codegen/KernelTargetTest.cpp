//===- KernelTargetTest.cpp - Kernels configured per target ---------------===//
//
// The kernel targets' table, and the configurations a matmul and a
// convolution get on lavapipe and on an NVIDIA GPU: one subgroup of lanes,
// register tiles within the target's accumulators (KernelTarget.h). The
// NVIDIA kernels are lowered to NVVM IR, the backend that runs them.
//
//===----------------------------------------------------------------------===//
#include "CodegenTestSupport.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/KernelTarget.h"
#include "opencgc/Codegen/NvvmBackend.h"

#include <gtest/gtest.h>

using namespace opencgc;
using namespace opencgc::codegen;
using test::f32;

namespace {

TEST(KernelTargetTableTest, NamesCapabilitiesAndFingerprints) {
  EXPECT_EQ(getDefaultKernelTarget().name, "lavapipe");
  llvm::Expected<const KernelTarget &> unknown = getKernelTarget("nvidia");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(llvm::toString(unknown.takeError()),
            "unknown kernel target 'nvidia' (known: lavapipe, d3d12, "
            "nvidia-sm70, nvidia-sm80, nvidia-sm90)");
  EXPECT_EQ(getNvidiaKernelTarget(75).name, "nvidia-sm70");
  EXPECT_EQ(getNvidiaKernelTarget(86).name, "nvidia-sm80");
  EXPECT_EQ(getNvidiaKernelTarget(90).name, "nvidia-sm90");
  EXPECT_EQ(getNvidiaKernelTarget(120).name, "nvidia-sm90");
  std::set<std::string> fingerprints;
  for (const KernelTarget &target : getKernelTargets())
    EXPECT_TRUE(fingerprints.insert(target.getFingerprint()).second)
        << target.name.str();
}

class KernelTargetTest : public ::testing::Test {
protected:
  KernelTargetTest() { loadNvvmCodegenDialects(parser.getContext()); }

  /// The kernel's configuration in words and its launch, for `target`; the
  /// kernel lowers to NVVM IR.
  std::pair<std::string, KernelLaunch> configure(const std::string &name,
                                                 const KernelTarget &target) {
    cgc::SubgraphOp subgraph = parser.parseSubgraph(subgraphs.at(name));
    KernelOptions options;
    options.target = &target;
    std::string config = describeKernelConfig(subgraph, options);
    llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph, options);
    if (!kernels) {
      ADD_FAILURE() << llvm::toString(kernels.takeError());
      return {config, {}};
    }
    llvm::Expected<std::vector<NvvmKernel>> nvvm = compileToNvvm(*kernels);
    if (!nvvm)
      ADD_FAILURE() << llvm::toString(nvvm.takeError());
    return {config, kernels->launches.at(0)};
  }

  const KernelTarget &lavapipe = getDefaultKernelTarget();
  const KernelTarget &h200 = getNvidiaKernelTarget(90);
  test::SubgraphParser parser;
  std::map<std::string, test::SingleOpSubgraph> subgraphs = {
      {"sgemm",
       {"sgemm",
        "matmul",
        {f32({1024, 1024}), f32({1024, 1024})},
        "",
        f32({1024, 1024})}},
      // ResNet-50's 64 -> 64 3x3 convolution at 56x56.
      {"conv3x3",
       {"conv3x3",
        "convolution",
        {f32({1, 64, 56, 56}), f32({64, 64, 3, 3})},
        " {start_padding = [1, 1], end_padding = [1, 1]}",
        f32({1, 64, 56, 56})}},
      // MobileNetV2's 3x3 depthwise convolution on 96 channels at 56x56.
      {"depthwise",
       {"depthwise",
        "convolution",
        {f32({1, 96, 56, 56}), f32({96, 1, 3, 3})},
        " {group = 96 : i64, start_padding = [1, 1], end_padding = [1, 1]}",
        f32({1, 96, 56, 56})}},
  };
};

// lavapipe keeps its measured tile: 8 lanes (its AVX2 subgroup), 16 x 16
// accumulators each. An H200 stages tiles in shared memory: 1024^2 fills
// its 528 one-warp workgroups' worth of invocations with 64 x 64 tiles
// (256 workgroups of 256) but not with 128 x 128 ones (64).
TEST_F(KernelTargetTest, MatmulTilesFitTheTarget) {
  auto [lavapipeConfig, lavapipeLaunch] = configure("sgemm", lavapipe);
  EXPECT_EQ(lavapipeConfig,
            "matmul 1024x1024x1024: 8 lanes, 16 rows x 16 columns per lane, "
            "k unrolled 16, 64x8x1 workgroups; A read as vec4s, B read as "
            "vec4s");
  EXPECT_EQ(lavapipeLaunch.workgroupSize, (std::array<uint32_t, 3>{8, 1, 1}));
  auto [h200Config, h200Launch] = configure("sgemm", h200);
  EXPECT_EQ(h200Config,
            "matmul 1024x1024x1024: 64x64 tiles in shared memory, 16x16 "
            "invocations of 4 rows x 4 columns, 16 k steps a stage, 16x16x1 "
            "workgroups; A read as vec4s, B read as vec4s");
  EXPECT_EQ(h200Launch.workgroupSize, (std::array<uint32_t, 3>{16, 16, 1}));
}

// A convolution of one group is lavapipe's direct convolution and an
// H200's implicit GEMM; a depthwise one stays direct on both, with the
// same 2 x 12 tile (24 accumulators, within the GPU's 128).
TEST_F(KernelTargetTest, ConvolutionTilesFitTheTarget) {
  EXPECT_EQ(configure("conv3x3", lavapipe).first,
            "convolution 3x3 fast path (window unrolled): 8 channels x 4 rows "
            "x 8 columns per invocation, 4 input channel(s) a step; input "
            "rows read as vec4s, weights read as vec4s, output stored as "
            "vec4s");
  EXPECT_EQ(configure("conv3x3", h200).first,
            "implicit GEMM 64x3136x576: 32x32 tiles in shared memory, 8x8 "
            "invocations of 4 rows x 4 columns, 8 k steps a stage, 2x98x1 "
            "workgroups; A read as vec4s");
  for (const KernelTarget *target : {&lavapipe, &h200})
    EXPECT_EQ(configure("depthwise", *target).first,
              "convolution 3x3 fast path (window unrolled): 1 channels x 2 "
              "rows x 12 columns per invocation, 1 input channel(s) a step; "
              "input rows read as vec4s, output stored as vec4s");
}

} // namespace
