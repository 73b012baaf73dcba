//===- KernelIRTest.cpp - Kernel IR generation: launches and refusals -----===//
#include "CodegenTestSupport.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/SpirvBackend.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;
using namespace opencgc::codegen;
using test::SingleOpSubgraph;

namespace {

class KernelIRTest : public ::testing::Test {
protected:
  /// The launch of a relu over `shape` (e.g. "4x1000").
  std::optional<KernelLaunch> reluLaunch(const std::string &shape) {
    std::string type = "!cgc.tensor<" + shape + "x!cgc.float32>";
    cgc::SubgraphOp subgraph = parser.parseSubgraph(
        SingleOpSubgraph{"relu", "relu", {type}, "", type});
    if (!subgraph)
      return std::nullopt;
    llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph);
    if (!kernels) {
      ADD_FAILURE() << llvm::toString(kernels.takeError());
      return std::nullopt;
    }
    return kernels->launches.at(0);
  }

  /// The error checkKernelSupport and lowerToKernelIR give for `subgraph`.
  std::string refusal(const SingleOpSubgraph &subgraph) {
    cgc::SubgraphOp op = parser.parseSubgraph(subgraph);
    if (!op)
      return "(not parsed)";
    std::string checked = llvm::toString(checkKernelSupport(op));
    llvm::Expected<KernelModule> kernels = lowerToKernelIR(op);
    if (kernels)
      return "(lowered)";
    EXPECT_EQ(llvm::toString(kernels.takeError()), checked);
    return checked;
  }

  test::SubgraphParser parser;
};

TEST_F(KernelIRTest, OneWorkgroupOf64PerStartedBlockOf64Elements) {
  std::optional<KernelLaunch> launch = reluLaunch("2x3");
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->name, "relu");
  EXPECT_EQ(launch->workgroupSize, (std::array<uint32_t, 3>{64, 1, 1}));
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{1, 1, 1}));

  // An odd element count: one element per invocation.
  launch = reluLaunch("63x1015");
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{1000, 1, 1}));
  // Whole vec4s of at least 256 elements: four per invocation.
  launch = reluLaunch("1000x64");
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{250, 1, 1}));
  launch = reluLaunch("1000x65");
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{254, 1, 1}));
}

TEST_F(KernelIRTest, WorkgroupsBeyondTheXLimitSpreadOverY) {
  // 65535 * 64 invocations of four elements fill x exactly; one more
  // invocation needs a second row, as does one more of one element.
  std::optional<KernelLaunch> launch = reluLaunch("65535x256");
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{65535, 1, 1}));
  launch = reluLaunch("4194241x4");
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{65535, 2, 1}));
  launch = reluLaunch("4194241");
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->workgroupCount, (std::array<uint32_t, 3>{65535, 2, 1}));
}

TEST_F(KernelIRTest, EmptyTensorsGetOneElementBuffers) {
  const char *type = "!cgc.tensor<0x3x!cgc.float32>";
  cgc::SubgraphOp subgraph =
      parser.parseSubgraph(SingleOpSubgraph{"empty", "relu", {type}, "", type});
  ASSERT_TRUE(subgraph);
  llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph);
  ASSERT_TRUE(bool(kernels)) << llvm::toString(kernels.takeError());
  EXPECT_EQ(kernels->launches.at(0).workgroupCount,
            (std::array<uint32_t, 3>{1, 1, 1}));
  SmallVector<Type> argumentTypes;
  kernels->module->walk([&](gpu::GPUFuncOp function) {
    llvm::append_range(argumentTypes, function.getArgumentTypes());
  });
  Type oneFloat = MemRefType::get({1}, Float32Type::get(&parser.getContext()));
  EXPECT_EQ(argumentTypes, SmallVector<Type>({oneFloat, oneFloat}));
  llvm::Expected<std::vector<SpirvKernel>> spirv = compileToSpirv(*kernels);
  EXPECT_TRUE(bool(spirv)) << llvm::toString(spirv.takeError());
}

TEST_F(KernelIRTest, NonElementwiseOpIsRefusedByName) {
  const char *type = "!cgc.tensor<2x8x!cgc.float32>";
  EXPECT_EQ(refusal({"hardmax", "hardmax", {type}, " {axis = 1 : i64}", type}),
            "subgraph @hardmax: cgc_op.hardmax has no kernel generator yet");
}

TEST_F(KernelIRTest, ElementwiseOpWithoutGeneratorIsRefusedByName) {
  const char *type = "!cgc.tensor<4x!cgc.uint8>";
  EXPECT_EQ(refusal({"shift",
                     "bit_shift",
                     {type, type},
                     " {direction = \"LEFT\"}",
                     type}),
            "subgraph @shift: cgc_op.bit_shift has no kernel generator yet");
}

TEST_F(KernelIRTest, IntegerDivisionAndUnsignedCastsAreRefused) {
  const char *ints = "!cgc.tensor<4x!cgc.int32>";
  // A zero divisor is an error only the reference device reports.
  EXPECT_EQ(refusal({"intDiv", "div", {ints, ints}, "", ints}),
            "subgraph @intDiv: integer cgc_op.div stays on the reference "
            "device, which reports a zero divisor (a kernel cannot)");
  EXPECT_EQ(refusal({"toUint8",
                     "cast",
                     {"!cgc.tensor<4x!cgc.float32>"},
                     " {to = !cgc.uint8}",
                     "!cgc.tensor<4x!cgc.uint8>"}),
            "subgraph @toUint8: cgc_op.cast on (!cgc.float32) -> (!cgc.uint8) "
            "has no kernel generator yet");
}

// Without integer ops, integer inputs are read only by casts, as f32; one
// passed through to an output would need integer stores.
TEST_F(KernelIRTest, IntegerPassThroughOutputIsRefused) {
  const char *text = R"(cgc.module {
  cgc.subgraph @passThrough attributes {origin = "test"} {
    cgc.functional_definition private @f(%a: !cgc.tensor<4x!cgc.float32>, %b: !cgc.tensor<4x!cgc.int64>) -> (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.int64>) {
      %0 = cgc_op.neg(%a) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %0, %b : !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.int64>
    }
  }
})";
  cgc::SubgraphOp subgraph = parser.parseSubgraph(std::string(text));
  ASSERT_TRUE(subgraph);
  EXPECT_EQ(llvm::toString(checkKernelSupport(subgraph)),
            "subgraph @passThrough: output 1 of element type !cgc.int64 has no "
            "kernel generator yet");
}

TEST_F(KernelIRTest, RefusalNamesTheFirstUnsupportedOpOfAFusion) {
  const char *text = R"(cgc.module {
  cgc.subgraph @reluHardmax attributes {origin = "test"} {
    cgc.functional_definition private @f(%a: !cgc.tensor<2x8x!cgc.float32>) -> !cgc.tensor<2x8x!cgc.float32> {
      %0 = cgc_op.relu(%a) : (!cgc.tensor<2x8x!cgc.float32>)
      %1 = cgc_op.hardmax(%0) {axis = 1 : i64} : (!cgc.tensor<2x8x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x8x!cgc.float32>
    }
  }
})";
  cgc::SubgraphOp subgraph = parser.parseSubgraph(std::string(text));
  ASSERT_TRUE(subgraph);
  EXPECT_EQ(llvm::toString(checkKernelSupport(subgraph)),
            "subgraph @reluHardmax: cgc_op.hardmax has no kernel generator "
            "yet");
}

TEST_F(KernelIRTest, TensorsBeyond32BitIndexingAreRefused) {
  const char *type = "!cgc.tensor<65536x32768x!cgc.float32>";
  EXPECT_EQ(refusal({"huge", "relu", {type}, "", type}),
            "subgraph @huge: 2147483648 elements exceed 32-bit indexing");
}

} // namespace
