//===- MemoryPlannerTest.cpp - Offsets for intermediates over time --------===//
#include "opencgc/Compiler/MemoryPlanner.h"

#include <gtest/gtest.h>

using namespace opencgc::compiler;

namespace {
/// No two buffers live at the same step may overlap in the same arena.
void expectNoConflicts(llvm::ArrayRef<BufferRequest> requests,
                       const MemoryPlan &plan) {
  for (size_t a = 0; a < requests.size(); ++a)
    for (size_t b = a + 1; b < requests.size(); ++b) {
      bool sameTime = requests[a].firstStep <= requests[b].lastStep &&
                      requests[b].firstStep <= requests[a].lastStep;
      const BufferPlacement &pa = plan.placements[a], &pb = plan.placements[b];
      bool sameSpace = pa.arena == pb.arena &&
                       pa.offset < pb.offset + requests[b].bytes &&
                       pb.offset < pa.offset + requests[a].bytes;
      EXPECT_FALSE(sameTime && sameSpace) << "buffers " << a << " and " << b;
    }
}

TEST(MemoryPlanner, ChainNeedsTwoBuffers) {
  // a -> b -> c -> d, each 1 KiB: two buffers ping-pong.
  std::vector<BufferRequest> requests = {
      {1024, 0, 1}, {1024, 1, 2}, {1024, 2, 3}, {1024, 3, 4}};
  MemoryPlan plan = planMemory(requests, {}, 256);
  expectNoConflicts(requests, plan);
  EXPECT_EQ(plan.scratchBytes, 2048u);
  EXPECT_EQ(plan.naiveBytes, 4096u);
  EXPECT_EQ(plan.lowerBoundBytes, 2048u);
  EXPECT_EQ(plan.peakLiveBytes, 2048u);
}

TEST(MemoryPlanner, OffsetsAreAligned) {
  // All three are live at step 1: 0, 256 and 512.
  std::vector<BufferRequest> requests = {{100, 0, 1}, {100, 0, 1}, {100, 1, 2}};
  MemoryPlan plan = planMemory(requests, {}, 256);
  expectNoConflicts(requests, plan);
  for (const BufferPlacement &placement : plan.placements)
    EXPECT_EQ(placement.offset % 256, 0u);
  EXPECT_EQ(plan.lowerBoundBytes, 300u);
  EXPECT_EQ(plan.scratchBytes, 612u);
}

TEST(MemoryPlanner, SmallBufferFillsAGap) {
  // The big buffers die at different times; the small late one fits in the
  // hole the first big one leaves.
  std::vector<BufferRequest> requests = {
      {4096, 0, 1}, {4096, 0, 3}, {1024, 2, 3}};
  MemoryPlan plan = planMemory(requests, {}, 256);
  expectNoConflicts(requests, plan);
  EXPECT_EQ(plan.scratchBytes, 8192u);
}

TEST(MemoryPlanner, BorrowsAnOutputBufferBeforeItIsWritten) {
  // The specification's example: add1 (steps 0-1) can live in the 256-byte
  // output, which is written at step 2; add2 (steps 1-2) cannot.
  std::vector<BufferRequest> requests = {{64, 0, 1}, {64, 1, 2}};
  std::vector<BorrowedArena> outputs = {{256, 1}};
  MemoryPlan plan = planMemory(requests, outputs, 256);
  expectNoConflicts(requests, plan);
  EXPECT_EQ(plan.placements[0].arena, 0);
  EXPECT_EQ(plan.placements[1].arena, -1);
  EXPECT_EQ(plan.scratchBytes, 64u);
  EXPECT_EQ(plan.lowerBoundBytes, 64u);
  EXPECT_EQ(plan.peakLiveBytes, 128u);
}

TEST(MemoryPlanner, BorrowedArenaCapacityIsRespected) {
  std::vector<BufferRequest> requests = {{512, 0, 0}};
  std::vector<BorrowedArena> outputs = {{256, 5}};
  MemoryPlan plan = planMemory(requests, outputs, 256);
  EXPECT_EQ(plan.placements[0].arena, -1);
  EXPECT_EQ(plan.scratchBytes, 512u);
}

TEST(MemoryPlanner, LongLivedBuffersGoFirstWhenThatIsTighter) {
  // Placed largest first, or first started first, the two 64-byte buffers
  // take offsets 0 and 64 and the two longer-lived 32-byte ones end above
  // them (128 bytes); longest-lived first reaches the lower bound, 96.
  std::vector<BufferRequest> requests = {
      {64, 2, 2}, {64, 4, 5}, {32, 3, 4}, {32, 1, 3}};
  MemoryPlan plan = planMemory(requests, {}, 16);
  expectNoConflicts(requests, plan);
  EXPECT_EQ(plan.lowerBoundBytes, 96u);
  EXPECT_EQ(plan.scratchBytes, 96u);
}

TEST(MemoryPlanner, EmptyPlan) {
  MemoryPlan plan = planMemory({}, {}, 256);
  EXPECT_EQ(plan.scratchBytes, 0u);
  EXPECT_EQ(plan.naiveBytes, 0u);
  EXPECT_EQ(plan.lowerBoundBytes, 0u);
}

TEST(MemoryPlanner, RandomGraphsNeverConflict) {
  // Deterministic pseudo-random lifetimes and sizes.
  uint64_t state = 12345;
  auto next = [&](uint64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % bound;
  };
  for (int round = 0; round < 20; ++round) {
    std::vector<BufferRequest> requests;
    for (int i = 0; i < 40; ++i) {
      unsigned first = next(30);
      requests.push_back({1 + next(5000), first, unsigned(first + next(6))});
    }
    MemoryPlan plan = planMemory(requests, {{4096, 10}}, 64);
    expectNoConflicts(requests, plan);
    EXPECT_GE(plan.scratchBytes, plan.lowerBoundBytes);
  }
}
} // namespace
