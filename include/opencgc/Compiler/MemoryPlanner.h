//===- MemoryPlanner.h - Offsets for intermediates over time ----*- C++ -*-===//
//
// Places buffers with known sizes and lifetimes (inclusive step ranges of
// the schedule) at byte offsets so that buffers live at the same step never
// overlap (the specification's appendix "Memory Planning"). Besides the
// scratch arena, which grows as needed, a plan may borrow fixed-size arenas
// that are free until some step: program output buffers before their
// producer writes them.
//
// The packing is greedy by size (largest first, each into the smallest gap
// among the lifetime-overlapping buffers already placed; TFLite's and
// IREE's strip packing), tried in three more orders (by first step, longest
// lifetime first, largest size times lifetime first); the smallest wins.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_COMPILER_MEMORYPLANNER_H
#define OPENCGC_COMPILER_MEMORYPLANNER_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace opencgc::compiler {

struct BufferRequest {
  uint64_t bytes = 0;
  /// Inclusive range of schedule steps during which the buffer is live.
  unsigned firstStep = 0, lastStep = 0;
};

/// A fixed-size arena that is free for steps [0, freeUntilStep].
struct BorrowedArena {
  uint64_t capacity = 0;
  int64_t freeUntilStep = -1;
};

/// Where a request went: arena -1 is scratch, otherwise an index into the
/// borrowed arenas.
struct BufferPlacement {
  int arena = -1;
  uint64_t offset = 0;
};

struct MemoryPlan {
  std::vector<BufferPlacement> placements;
  uint64_t scratchBytes = 0;
  /// Sum of all request sizes.
  uint64_t naiveBytes = 0;
  /// Maximum over steps of the live bytes placed in scratch.
  uint64_t lowerBoundBytes = 0;
  /// Maximum over steps of all live bytes, wherever placed.
  uint64_t peakLiveBytes = 0;
};

/// Plans `requests`; every offset is a multiple of `alignment` (> 0).
MemoryPlan planMemory(llvm::ArrayRef<BufferRequest> requests,
                      llvm::ArrayRef<BorrowedArena> borrowed,
                      uint64_t alignment);

} // namespace opencgc::compiler

#endif // OPENCGC_COMPILER_MEMORYPLANNER_H
