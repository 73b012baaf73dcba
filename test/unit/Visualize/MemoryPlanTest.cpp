//===- MemoryPlanTest.cpp - Reading and drawing plan.json -----------------===//
//
// plan.json is read leniently (optional keys may be missing) but every
// wrong required key is named; the SVG has one rectangle per buffer, placed
// by step and offset.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Visualize/MemoryPlan.h"
#include "opencgc/Visualize/MemoryPlanSvg.h"

#include "llvm/Support/raw_ostream.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace opencgc::visualize;
using ::testing::HasSubstr;

namespace {
std::string errorOf(llvm::StringRef text) {
  llvm::Expected<MemoryPlan> plan = parseMemoryPlan(text);
  if (plan)
    return "(parsed)";
  return llvm::toString(plan.takeError());
}

TEST(MemoryPlanTest, OnlyBuffersAreRequired) {
  llvm::Expected<MemoryPlan> plan = parseMemoryPlan(
      R"({"memory": {"buffers": [{"name": "t", "bytes": 16, "first_step": 1,
          "last_step": 3, "location": "scratch", "offset": 32}]}})");
  ASSERT_TRUE(static_cast<bool>(plan)) << llvm::toString(plan.takeError());
  EXPECT_FALSE(plan->scratchBytes.has_value());
  EXPECT_TRUE(plan->steps.empty());
  ASSERT_EQ(plan->buffers.size(), 1u);
  EXPECT_EQ(plan->buffers[0].name, "t");
  EXPECT_EQ(plan->buffers[0].bytes, 16u);
  EXPECT_EQ(plan->buffers[0].firstStep, 1u);
  EXPECT_EQ(plan->buffers[0].lastStep, 3u);
  EXPECT_EQ(plan->buffers[0].offset, 32u);
}

TEST(MemoryPlanTest, StepsDefaultToTheirPosition) {
  llvm::Expected<MemoryPlan> plan = parseMemoryPlan(
      R"({"steps": [{"partition": "p"}, {"partition": "q"}],
          "memory": {"buffers": []}})");
  ASSERT_TRUE(static_cast<bool>(plan)) << llvm::toString(plan.takeError());
  ASSERT_EQ(plan->steps.size(), 2u);
  EXPECT_EQ(plan->steps[1].step, 1u);
  EXPECT_EQ(plan->steps[1].partition, "q");
}

TEST(MemoryPlanTest, ErrorsNameTheKey) {
  EXPECT_EQ(errorOf(R"({"memory": {}})"), "memory.buffers: missing");
  EXPECT_EQ(errorOf(R"({"memory": {"buffers": [7]}})"),
            "memory.buffers[0]: expected an object");
  EXPECT_EQ(errorOf(R"({"memory": {"buffers": [{"name": "a", "bytes": -1,
                "first_step": 0, "last_step": 0, "location": "scratch",
                "offset": 0}]}})"),
            "memory.buffers[0].bytes: expected a non-negative integer");
  EXPECT_EQ(errorOf(R"({"memory": {"buffers": [{"bytes": 1}]}})"),
            "memory.buffers[0].name: missing");
  EXPECT_EQ(errorOf(R"({"memory": {"scratch_bytes": "1", "buffers": []}})"),
            "memory.scratch_bytes: expected a non-negative integer");
  EXPECT_EQ(errorOf(R"({"format": "other", "memory": {"buffers": []}})"),
            "format: expected \"opencgc-plan\", found \"other\"");
  EXPECT_EQ(errorOf(R"({"version": 2, "memory": {"buffers": []}})"),
            "version: 2 is newer than this reader (1)");
  EXPECT_EQ(errorOf(R"({"steps": {}, "memory": {"buffers": []}})"),
            "steps: expected an array");
  EXPECT_EQ(errorOf("[]"), "(top level): expected an object");
  EXPECT_THAT(errorOf("{"), HasSubstr("not valid JSON"));
}

TEST(MemoryPlanTest, FormatBytes) {
  EXPECT_EQ(formatBytes(0), "0 B");
  EXPECT_EQ(formatBytes(1023), "1023 B");
  EXPECT_EQ(formatBytes(1536), "1.5 KiB");
  EXPECT_EQ(formatBytes(12ull << 20), "12.0 MiB");
}

TEST(MemoryPlanTest, SvgHasOneRectanglePerBufferInItsLocation) {
  MemoryPlan plan;
  plan.scratchBytes = 100;
  plan.buffers = {{"a", 50, 0, 0, "scratch", 0},
                  {"b", 50, 1, 1, "scratch", 50},
                  {"c", 10, 0, 1, "output:y", 0}};
  std::string svg;
  llvm::raw_string_ostream os(svg);
  writeMemoryPlanSvg(plan, os);
  // Two steps of 240 pixels from x=110; scratch: 200 pixels for 100 bytes.
  EXPECT_THAT(svg, HasSubstr("<rect x=\"110\" y=\"88\" width=\"240\" "
                             "height=\"100\""));
  EXPECT_THAT(svg, HasSubstr("<rect x=\"350\" y=\"188\" width=\"240\" "
                             "height=\"100\""));
  // The output panel comes second and has its own scale (10 bytes).
  size_t scratch = svg.find("data-location=\"scratch\"");
  size_t output = svg.find("data-location=\"output:y\"");
  ASSERT_NE(scratch, std::string::npos);
  ASSERT_NE(output, std::string::npos);
  EXPECT_LT(scratch, output);
  EXPECT_THAT(svg.substr(output), HasSubstr("width=\"480\" height=\"200\" "
                                            "fill=\"#"));
  EXPECT_THAT(svg, HasSubstr("scratch 100 B"));
}

TEST(MemoryPlanTest, SvgEscapesNames) {
  MemoryPlan plan;
  plan.buffers = {{"a<b>&\"c\"", 8, 0, 0, "scratch", 0}};
  std::string svg;
  llvm::raw_string_ostream os(svg);
  writeMemoryPlanSvg(plan, os);
  EXPECT_THAT(svg, HasSubstr("a&lt;b&gt;&amp;&quot;c&quot;"));
  EXPECT_THAT(svg, ::testing::Not(HasSubstr("a<b>")));
}
} // namespace
