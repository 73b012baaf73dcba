//===- MemoryPlan.h - The memory plan a compile writes ----------*- C++ -*-===//
//
// The part of plan.json (written by `opencgc compile` beside output.cgc)
// that `opencgc show` draws: the schedule's steps and where each buffer
// lives, in which location and from which step to which.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_VISUALIZE_MEMORYPLAN_H
#define OPENCGC_VISUALIZE_MEMORYPLAN_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opencgc::visualize {

struct PlanStep {
  uint64_t step = 0;
  std::string partition;
  std::string subgraph;
};

struct PlannedBuffer {
  std::string name;
  uint64_t bytes = 0;
  /// Live from the start of firstStep to the end of lastStep.
  uint64_t firstStep = 0;
  uint64_t lastStep = 0;
  /// "scratch", or "output:NAME" for a buffer placed in an output.
  std::string location;
  uint64_t offset = 0;
};

struct MemoryPlan {
  std::string program;
  std::string target;
  std::string partitioning;
  /// The Output IR file, relative to plan.json's directory.
  std::string outputIr;
  std::vector<PlanStep> steps;
  std::optional<uint64_t> scratchBytes;
  std::optional<uint64_t> naiveBytes;
  std::optional<uint64_t> lowerBoundBytes;
  std::optional<uint64_t> peakLiveBytes;
  std::optional<uint64_t> alignment;
  std::vector<PlannedBuffer> buffers;
};

/// The file name `opencgc compile` gives the plan in its output directory.
inline constexpr const char *kPlanFileName = "plan.json";

/// Reads plan.json text. Optional keys may be missing; a wrong or missing
/// required key is named in the error ("memory.buffers[1].bytes: expected
/// a non-negative integer").
llvm::Expected<MemoryPlan> parseMemoryPlan(llvm::StringRef text);

} // namespace opencgc::visualize

#endif // OPENCGC_VISUALIZE_MEMORYPLAN_H
