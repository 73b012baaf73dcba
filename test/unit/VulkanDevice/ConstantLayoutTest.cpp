//===- ConstantLayoutTest.cpp - Constants bound re-laid out on Vulkan -----===//
//
// Constant preprocessing (docs/compiler.md, "Constant layouts"): a matmul
// whose constant B has rows that are not whole vec4s reads it padded to
// whole vec4s, which the program executor binds, made once from the
// constant; where another kernel of the partition reads the same constant,
// it stays plain. Results must match the reference executor's, and a
// second run with another value of the constant must see the new value.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/Tensor/ConstantLayout.h"
#include "opencgc/ReferenceKernels/Executor.h"
#include "llvm/ADT/StringMap.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir;
using namespace opencgc;

namespace {
class ConstantLayoutTest : public testgen::FusedKernelTest {
protected:
  /// Compiles `text` for the GPU device (partitions as `partitioning`
  /// says), runs it with `constants` and compares with the reference.
  void expectMatchesReference(const std::string &text,
                              const llvm::StringMap<Tensor> &constants,
                              compiler::Partitioning partitioning);

  /// A float32 tensor of `shape`, uniform in [-1, 1] from `seed`.
  static Tensor randomTensor(llvm::ArrayRef<int64_t> shape, unsigned seed) {
    std::mt19937 random(seed);
    return testgen::randomTensor(shape, random);
  }
};

void ConstantLayoutTest::expectMatchesReference(
    const std::string &text, const llvm::StringMap<Tensor> &constants,
    compiler::Partitioning partitioning) {
  auto module = parseSourceString<cgc::ModuleOp>(text, &context);
  ASSERT_TRUE(module) << text;
  device::Device *targets[] = {gpu.get()};
  compiler::CompileOptions options;
  options.partitioning = partitioning;
  auto compiled = compiler::compileModule(*module, targets, options);
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  device::Device *devices[] = {gpu.get(), reference.get()};
  auto program =
      runtime::CompiledProgram::compile(*compiled->outputIR, devices);
  ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
  for (const auto &entry : (*program)->getPartitionDevices())
    EXPECT_EQ(entry.getValue(), GetParam()) << text;

  auto entry = *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
  std::vector<Tensor> inputs = testgen::randomInputs(entry, /*seed=*/5);
  // Two values of the constants: the second run must re-lay out the new
  // one, not keep the first one's copy.
  for (unsigned round = 0; round < 2; ++round) {
    llvm::StringMap<Tensor> values;
    for (const auto &constant : constants)
      values[constant.getKey()] =
          round ? randomTensor(constant.getValue().getShape(), 11)
                : constant.getValue();
    auto lookup = [&](llvm::StringRef name) -> llvm::Expected<Tensor> {
      auto it = values.find(name);
      if (it == values.end())
        return llvm::createStringError("no constant " + name.str());
      return it->second;
    };
    auto expected = reference::executeEntryPoint(entry, inputs, lookup);
    ASSERT_TRUE(bool(expected)) << llvm::toString(expected.takeError());
    auto actual = (*program)->run(inputs, lookup);
    ASSERT_TRUE(bool(actual)) << llvm::toString(actual.takeError());
    ASSERT_EQ(actual->size(), expected->size());
    for (size_t i = 0; i < actual->size(); ++i)
      EXPECT_TRUE(testgen::closeEnough((*actual)[i], (*expected)[i]))
          << "round " << round << ", output " << i << "\n"
          << text;
  }
}

/// x [1, 5, 12] times a constant w [12, 10] (rows of 10: not whole vec4s)
/// plus a constant bias; with `second`, another matmul of x2 [5, 12] by the
/// same w, relu'd, as a second output.
std::string constantProduct(bool second) {
  std::string extraArgs = second ? ", %x2: !cgc.tensor<5x12x!cgc.float32>" : "";
  std::string extraResults = second ? ", !cgc.tensor<5x10x!cgc.float32>" : "";
  std::string extraOps = second ? R"mlir(
    %p = cgc_op.matmul(%x2, %w) : (!cgc.tensor<5x12x!cgc.float32>, !cgc.tensor<constant 12x10x!cgc.float32>)
    %r = cgc_op.relu(%p) : (!cgc.tensor<5x10x!cgc.float32>))mlir"
                                : "";
  std::string extraReturns = second ? ", %r" : "";
  return R"mlir(
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x5x12x!cgc.float32>)mlir" +
         extraArgs + ") -> (!cgc.tensor<1x5x10x!cgc.float32>" + extraResults +
         R"mlir() {
    %w = cgc.constant("w") : !cgc.tensor<constant 12x10x!cgc.float32>
    %b = cgc.constant("b") : !cgc.tensor<constant 10x!cgc.float32>
    %m = cgc_op.matmul(%x, %w) : (!cgc.tensor<1x5x12x!cgc.float32>, !cgc.tensor<constant 12x10x!cgc.float32>)
    %y = cgc_op.add(%m, %b) : (!cgc.tensor<1x5x10x!cgc.float32>, !cgc.tensor<constant 10x!cgc.float32>))mlir" +
         extraOps + R"mlir(
    cgc.return %y)mlir" +
         extraReturns + " : !cgc.tensor<1x5x10x!cgc.float32>" + extraResults +
         R"mlir(
  }
})mlir";
}

TEST_P(ConstantLayoutTest, PaddedProductMatchesTheReference) {
  llvm::StringMap<Tensor> constants;
  constants["w"] = randomTensor({12, 10}, 1);
  constants["b"] = randomTensor({10}, 2);
  expectMatchesReference(constantProduct(false), constants,
                         compiler::Partitioning::Coarse);
}

// Two products read w in one partition: it stays plain for both. In a
// partition each, both read it padded, from one laid-out copy.
TEST_P(ConstantLayoutTest, ASharedConstantMatchesTheReference) {
  llvm::StringMap<Tensor> constants;
  constants["w"] = randomTensor({12, 10}, 3);
  constants["b"] = randomTensor({10}, 4);
  expectMatchesReference(constantProduct(true), constants,
                         compiler::Partitioning::Coarse);
  expectMatchesReference(constantProduct(true), constants,
                         compiler::Partitioning::Fine);
}

INSTANTIATE_TEST_SUITE_P(Vulkan, ConstantLayoutTest,
                         ::testing::Values("vulkan"));

TEST(ConstantLayout, RowsArePaddedWithZerosToWholeVec4s) {
  Tensor value(DType::Float32, {2, 3, 5});
  for (int64_t i = 0; i < value.getNumElements(); ++i)
    value.setFromDouble(i, double(i + 1));
  auto laid = layOutConstant(ConstantLayout::RowsPaddedToVec4, value);
  ASSERT_TRUE(bool(laid)) << llvm::toString(laid.takeError());
  EXPECT_EQ(laid->getShape(), (llvm::ArrayRef<int64_t>{2, 3, 8}));
  for (int64_t row = 0; row < 6; ++row)
    for (int64_t column = 0; column < 8; ++column)
      EXPECT_EQ(laid->getAsDouble(row * 8 + column),
                column < 5 ? double(row * 5 + column + 1) : 0.0)
          << row << ", " << column;
  EXPECT_EQ(getLaidOutShape(ConstantLayout::RowsPaddedToVec4, {7, 8}),
            (std::vector<int64_t>{7, 8}));
  EXPECT_EQ(getLaidOutByteSize(ConstantLayout::RowsPaddedToVec4, {2, 3, 5},
                               2 * 3 * 5 * 4),
            uint64_t(2 * 3 * 8 * 4));
  EXPECT_EQ(getLaidOutByteSize(ConstantLayout::RowsPaddedToVec4, {0, 5}, 0),
            0u);
}

TEST(ConstantLayout, OnlyFloat32TensorsArePadded) {
  Tensor value(DType::Int32, {3});
  EXPECT_EQ(
      llvm::toString(
          layOutConstant(ConstantLayout::RowsPaddedToVec4, value).takeError()),
      "layout rows-padded-to-vec4 applies to float32 tensors of rank 1 "
      "or more, not int32 3");
}

} // namespace
