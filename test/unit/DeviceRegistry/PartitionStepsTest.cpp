//===- PartitionStepsTest.cpp - The GPU devices' one kernel loop ----------===//
#include "../../../lib/Device/GpuKernels/PartitionInvokes.h"

#include "opencgc/Dialect/Registration.h"
#include "opencgc/Interchange/ModuleFile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>

using namespace opencgc;

namespace {
// Two invokes of one subgraph, then one of another; the second invoke of
// @twice waits (cgc.depends) on nothing, the last one has no schedule.
constexpr const char *kPartition = R"mlir(
cgc.module {
  cgc.subgraph @twice attributes {origin = "vulkan"} {
    cgc.functional_definition private @twiceFunctional(
        %in: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      %0 = cgc_op.relu(%in) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.subgraph @once attributes {origin = "vulkan"} {
    cgc.functional_definition private @onceFunctional(
        %a: !cgc.tensor<4x!cgc.float32>,
        %b: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      %0 = cgc_op.add(%a, %b) : (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.partition @p(%x: !cgc.memref<4x!cgc.float32>,
                   %y: !cgc.memref<4x!cgc.float32>,
                   %z: !cgc.memref<4x!cgc.float32>,
                   %out: !cgc.memref<4x!cgc.float32>) {
    cgc.invoke @twice(%x, %y) {cgc.depends = array<i64>} : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.invoke @twice(%x, %z) {cgc.depends = array<i64>} : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.invoke @once(%y, %z, %out) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.return
  }
}
)mlir";

class PartitionStepsTest : public ::testing::Test {
protected:
  PartitionStepsTest() {
    registerCGCDialects(registry);
    context.appendDialectRegistry(registry);
    loadCGCDialects(context);
    module = mlir::parseSourceString<cgc::ModuleOp>(kPartition, &context);
  }
  cgc::PartitionOp getPartition() {
    return *(*module).getBodyBlock()->getOps<cgc::PartitionOp>().begin();
  }
  mlir::DialectRegistry registry;
  mlir::MLIRContext context;
  mlir::OwningOpRef<cgc::ModuleOp> module;
};

TEST_F(PartitionStepsTest, GeneratesEachSubgraphOnceAndKeepsEveryStep) {
  ASSERT_TRUE(module);
  auto invokes = device::collectPartitionInvokes(getPartition(), "test");
  ASSERT_TRUE(static_cast<bool>(invokes))
      << llvm::toString(invokes.takeError());
  std::vector<std::string> generated;
  auto steps = device::generateInvokeSteps(
      *invokes, [&](device::PartitionInvoke &invoke) {
        generated.push_back(invoke.subgraph.getSymName().str());
        return llvm::Error::success();
      });
  ASSERT_TRUE(static_cast<bool>(steps)) << llvm::toString(steps.takeError());
  EXPECT_EQ(generated, (std::vector<std::string>{"twice", "once"}));
  ASSERT_EQ(steps->size(), 3u);
  EXPECT_EQ((*steps)[1].subgraph, "twice");
  EXPECT_EQ((*steps)[1].operands, (llvm::SmallVector<unsigned, 8>{0, 2}));
  EXPECT_TRUE((*steps)[1].depends.empty()); // the schedule's cgc.depends
  // Without a schedule, a step waits for the one before it.
  EXPECT_EQ((*steps)[2].depends, (llvm::SmallVector<int64_t, 4>{1}));
}

TEST_F(PartitionStepsTest, TheFirstGenerationErrorStops) {
  ASSERT_TRUE(module);
  auto invokes = device::collectPartitionInvokes(getPartition(), "test");
  ASSERT_TRUE(static_cast<bool>(invokes));
  unsigned calls = 0;
  auto steps = device::generateInvokeSteps(
      *invokes, [&](device::PartitionInvoke &) -> llvm::Error {
        ++calls;
        return llvm::createStringError("cannot generate");
      });
  ASSERT_FALSE(steps);
  EXPECT_EQ(llvm::toString(steps.takeError()), "cannot generate");
  EXPECT_EQ(calls, 1u);
}

// Concurrently: the same steps, each subgraph generated once (in any
// order).
TEST_F(PartitionStepsTest, ConcurrentlyGeneratesEachSubgraphOnce) {
  ASSERT_TRUE(module);
  auto invokes = device::collectPartitionInvokes(getPartition(), "test");
  ASSERT_TRUE(static_cast<bool>(invokes));
  std::mutex mutex;
  std::vector<std::string> generated;
  auto steps = device::generateInvokeStepsConcurrently(
      *invokes, [&](device::PartitionInvoke &invoke) {
        std::lock_guard<std::mutex> lock(mutex);
        generated.push_back(invoke.subgraph.getSymName().str());
        return llvm::Error::success();
      });
  ASSERT_TRUE(static_cast<bool>(steps)) << llvm::toString(steps.takeError());
  std::sort(generated.begin(), generated.end());
  EXPECT_EQ(generated, (std::vector<std::string>{"once", "twice"}));
  ASSERT_EQ(steps->size(), 3u);
  EXPECT_EQ((*steps)[1].operands, (llvm::SmallVector<unsigned, 8>{0, 2}));
  EXPECT_EQ((*steps)[2].depends, (llvm::SmallVector<int64_t, 4>{1}));
}

// Every subgraph is tried, and the error is the first failing one's in
// invoke order, whichever thread failed first: what the serial loop says.
TEST_F(PartitionStepsTest, ConcurrentlyTheFirstErrorInInvokeOrderIsReported) {
  ASSERT_TRUE(module);
  auto invokes = device::collectPartitionInvokes(getPartition(), "test");
  ASSERT_TRUE(static_cast<bool>(invokes));
  std::atomic<unsigned> calls = 0;
  auto steps = device::generateInvokeStepsConcurrently(
      *invokes, [&](device::PartitionInvoke &invoke) -> llvm::Error {
        ++calls;
        return llvm::createStringError("cannot generate @" +
                                       invoke.subgraph.getSymName());
      });
  ASSERT_FALSE(steps);
  EXPECT_EQ(llvm::toString(steps.takeError()), "cannot generate @twice");
  EXPECT_EQ(calls.load(), 2u);
}
} // namespace
