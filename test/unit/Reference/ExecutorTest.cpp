//===- ExecutorTest.cpp - The reference device on Input IR ----------------===//
//
// Runs the specification's 7-layer example with hand-picked weights whose
// result can be computed by hand, and checks the executor's errors.
//
//===----------------------------------------------------------------------===//
#include "opencgc/ReferenceKernels/Executor.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/Registration.h"
#include "llvm/ADT/StringMap.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
// The specification's Input IR example (examples/spec-input-ir.mlir).
constexpr const char *kSpecExample = R"(
cgc.module {
  cgc.entry_point @main(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
    %w1 = cgc.constant("w1") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b2 = cgc.constant("b2") : !cgc.tensor<constant 1x!cgc.float32>
    %w2 = cgc.constant("w2") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b1 = cgc.constant("b1") : !cgc.tensor<constant 1x!cgc.float32>
    %conv1 = cgc_op.convolution(%in, %w1, %b1) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>)
    %relu1 = cgc_op.relu(%conv1) : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    %add1 = cgc_op.add(%relu1, %in) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>)
    %conv2 = cgc_op.convolution(%add1, %w2, %b2) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>)
    %relu2 = cgc_op.relu(%conv2) : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    %add2 = cgc_op.add(%relu2, %add1) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>)
    %upsample = cgc_op.upsample(%add2) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    cgc.return %upsample : !cgc.tensor<1x1x8x8x!cgc.float32>
  }
})";

Tensor filled(llvm::ArrayRef<int64_t> shape, float value) {
  Tensor tensor(DType::Float32, shape);
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    tensor.getData<float>()[i] = value;
  return tensor;
}

class ExecutorTest : public ::testing::Test {
protected:
  ExecutorTest() {
    loadCGCDialects(context);
    ParserConfig config(&context);
    EXPECT_TRUE(succeeded(parseSourceString(kSpecExample, &block, config)));
    entry = *cast<cgc::ModuleOp>(block.front())
                 .getBodyBlock()
                 ->getOps<cgc::EntryPointOp>()
                 .begin();
    // w1 is the identity kernel (centre tap 1), w2 is all zeros with bias -1.
    Tensor identity = filled({1, 1, 3, 3}, 0);
    identity.getData<float>()[4] = 1;
    weights["w1"] = identity;
    weights["b1"] = filled({1}, 0.5f);
    weights["w2"] = filled({1, 1, 3, 3}, 0);
    weights["b2"] = filled({1}, -1);
  }

  llvm::Expected<std::vector<Tensor>> run(llvm::ArrayRef<Tensor> args) {
    auto lookup = [&](llvm::StringRef name) -> llvm::Expected<Tensor> {
      auto it = weights.find(name);
      if (it == weights.end())
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "not in the test's weights");
      return it->second;
    };
    return reference::executeEntryPoint(entry, args, lookup);
  }

  MLIRContext context;
  Block block;
  cgc::EntryPointOp entry;
  llvm::StringMap<Tensor> weights;
};

TEST_F(ExecutorTest, RunsTheSpecificationExample) {
  Tensor input(DType::Float32, {1, 1, 4, 4});
  for (int64_t i = 0; i < 16; ++i)
    input.getData<float>()[i] = float(i) - 8;
  auto results = run({input});
  ASSERT_TRUE(bool(results)) << llvm::toString(results.takeError());
  ASSERT_EQ(results->size(), 1u);
  const Tensor &out = (*results)[0];
  ASSERT_EQ(out.getShape(), llvm::ArrayRef<int64_t>({1, 1, 8, 8}));
  // conv1 = x + 0.5; add1 = relu(x + 0.5) + x; conv2 = -1 so relu2 = 0 and
  // add2 = add1; upsample repeats each value in a 2x2 block.
  for (int64_t y = 0; y < 8; ++y)
    for (int64_t x = 0; x < 8; ++x) {
      float v = float((y / 2) * 4 + x / 2) - 8;
      float expected = std::max(v + 0.5f, 0.0f) + v;
      EXPECT_FLOAT_EQ(out.getData<float>()[y * 8 + x], expected)
          << "at " << y << "," << x;
    }
}

TEST_F(ExecutorTest, RejectsArgumentsOfTheWrongShape) {
  auto results = run({filled({1, 1, 4, 5}, 0)});
  ASSERT_FALSE(bool(results));
  std::string message = llvm::toString(results.takeError());
  EXPECT_NE(message.find("argument #0 is float32 1x1x4x5 but must be "
                         "float32 1x1x4x4"),
            std::string::npos)
      << message;
}

TEST_F(ExecutorTest, NamesAnUnboundConstant) {
  weights.erase("b2");
  auto results = run({filled({1, 1, 4, 4}, 0)});
  ASSERT_FALSE(bool(results));
  std::string message = llvm::toString(results.takeError());
  EXPECT_NE(message.find("cannot bind named constant \"b2\""),
            std::string::npos)
      << message;
}

TEST_F(ExecutorTest, RejectsAConstantOfTheWrongShape) {
  weights["w1"] = filled({1, 1, 2, 2}, 0);
  auto results = run({filled({1, 1, 4, 4}, 0)});
  ASSERT_FALSE(bool(results));
  std::string message = llvm::toString(results.takeError());
  EXPECT_NE(message.find("named constant \"w1\" is float32 1x1x2x2"),
            std::string::npos)
      << message;
}
} // namespace
