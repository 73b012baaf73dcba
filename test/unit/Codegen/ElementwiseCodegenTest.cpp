//===- ElementwiseCodegenTest.cpp - Every supported op, end to end --------===//
//
// Each supported elementwise op, alone in a subgraph (with broadcasting
// operands where it takes several), lowers to Kernel IR with one kernel
// argument per input and output, and compiles to SPIR-V that SPIRV-Tools
// accepts for Vulkan 1.3.
//
//===----------------------------------------------------------------------===//
#include "CodegenTestSupport.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/SpirvBackend.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;
using namespace opencgc::codegen;
using test::SingleOpSubgraph;

namespace {

const char *const kF = "!cgc.tensor<2x3x!cgc.float32>";
const char *const kRow = "!cgc.tensor<3x!cgc.float32>";
const char *const kScalar = "!cgc.tensor<!cgc.float32>";
const char *const kB = "!cgc.tensor<2x3x!cgc.bool>";
const char *const kRowB = "!cgc.tensor<3x!cgc.bool>";
const char *const kH = "!cgc.tensor<2x3x!cgc.float16>";

std::vector<SingleOpSubgraph> supportedOps() {
  std::vector<SingleOpSubgraph> ops;
  for (const char *op : {"relu",       "sigmoid",      "tanh",
                         "abs",        "neg",          "sign",
                         "ceil",       "floor",        "round",
                         "reciprocal", "sqrt",         "exp",
                         "log",        "erf",          "sin",
                         "cos",        "tan",          "asin",
                         "acos",       "atan",         "sinh",
                         "cosh",       "asinh",        "acosh",
                         "atanh",      "softplus",     "softsign",
                         "hard_swish", "elu",          "selu",
                         "leaky_relu", "hard_sigmoid", "thresholded_relu",
                         "celu",       "shrink",       "gelu"})
    ops.push_back({op, op, {kF}, "", kF});
  ops.push_back({"gelu_tanh", "gelu", {kF}, " {approximate = \"tanh\"}", kF});
  ops.push_back({"half_exp", "exp", {kH}, "", kH});
  ops.push_back({"is_nan", "is_nan", {kF}, "", kB});
  ops.push_back({"is_inf", "is_inf", {kF}, " {detect_negative = false}", kB});
  ops.push_back({"not", "not", {kB}, "", kB});
  for (const char *op : {"add", "sub", "mul", "div", "pow", "prelu", "max",
                         "min", "sum", "mean"})
    ops.push_back({op, op, {kF, kRow}, "", kF});
  ops.push_back({"sum3", "sum", {kF, kRow, kScalar}, "", kF});
  ops.push_back({"fmod", "mod", {kF, kRow}, " {fmod = 1 : i64}", kF});
  for (const char *op :
       {"equal", "greater", "greater_or_equal", "less", "less_or_equal"})
    ops.push_back({op, op, {kF, kRow}, "", kB});
  for (const char *op : {"and", "or", "xor"})
    ops.push_back({op, op, {kB, kRowB}, "", kB});
  ops.push_back({"where", "where", {kB, kF, kRow}, "", kF});
  ops.push_back({"clip",
                 "clip",
                 {kF},
                 " {min_value = 0.0 : f64, max_value = 6.0 : f64}",
                 kF});
  ops.push_back({"clip_operands", "clip", {kF, kScalar, kScalar}, "", kF});
  ops.push_back({"cast_to_half", "cast", {kF}, " {to = !cgc.float16}", kH});
  ops.push_back({"cast_to_bool", "cast", {kF}, " {to = !cgc.bool}", kB});
  ops.push_back({"cast_from_bool", "cast", {kB}, " {to = !cgc.float32}", kF});
  return ops;
}

class SupportedOpTest : public ::testing::TestWithParam<SingleOpSubgraph> {
protected:
  test::SubgraphParser parser;
};

TEST_P(SupportedOpTest, LowersToKernelIRAndValidSpirv) {
  const SingleOpSubgraph &param = GetParam();
  cgc::SubgraphOp subgraph = parser.parseSubgraph(param);
  ASSERT_TRUE(subgraph);
  ASSERT_FALSE(llvm::errorToBool(checkKernelSupport(subgraph)));

  llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph);
  ASSERT_TRUE(bool(kernels)) << llvm::toString(kernels.takeError());
  ASSERT_EQ(kernels->launches.size(), 1u);
  EXPECT_EQ(kernels->launches[0].name, param.name);
  SmallVector<gpu::GPUFuncOp> functions;
  kernels->module->walk(
      [&](gpu::GPUFuncOp function) { functions.push_back(function); });
  ASSERT_EQ(functions.size(), 1u);
  EXPECT_TRUE(functions[0].isKernel());
  EXPECT_EQ(functions[0].getNumArguments(), param.inputTypes.size() + 1);

  llvm::Expected<std::vector<SpirvKernel>> spirv = compileToSpirv(*kernels);
  ASSERT_TRUE(bool(spirv)) << llvm::toString(spirv.takeError());
  ASSERT_EQ(spirv->size(), 1u);
  const SpirvKernel &kernel = spirv->front();
  EXPECT_EQ(kernel.entryPoint, param.name);
  EXPECT_EQ(kernel.numBindings, param.inputTypes.size() + 1);
  ASSERT_GT(kernel.binary.size(), 5u);
  EXPECT_EQ(kernel.binary[0], 0x07230203u) << "SPIR-V magic number";
  EXPECT_FALSE(llvm::errorToBool(validateSpirv(kernel.binary, param.name)));
}

INSTANTIATE_TEST_SUITE_P(
    Codegen, SupportedOpTest, ::testing::ValuesIn(supportedOps()),
    [](const ::testing::TestParamInfo<SingleOpSubgraph> &info) {
      return info.param.name;
    });

} // namespace
