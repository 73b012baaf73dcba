//===- MemoryPlanSvg.h - A picture of a memory plan -------------*- C++ -*-===//
#ifndef OPENCGC_VISUALIZE_MEMORYPLANSVG_H
#define OPENCGC_VISUALIZE_MEMORYPLANSVG_H

#include "opencgc/Visualize/MemoryPlan.h"
#include "llvm/Support/raw_ostream.h"

namespace opencgc::visualize {

/// Draws `plan` as SVG: one panel per location (scratch first, then each
/// output:NAME), schedule steps along x, byte offsets down y, one labelled
/// rectangle per buffer over the steps it is live; a caption gives the
/// scratch size against the naive and lower-bound figures.
void writeMemoryPlanSvg(const MemoryPlan &plan, llvm::raw_ostream &os);

/// "64 B", "1.5 KiB", "12.0 MiB".
std::string formatBytes(uint64_t bytes);

} // namespace opencgc::visualize

#endif // OPENCGC_VISUALIZE_MEMORYPLANSVG_H
