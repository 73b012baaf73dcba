//===- ConvolutionConfig.cpp - The configuration of a convolution ---------===//
//
// Whether a convolution takes the fast path, its register tile (channels,
// columns and rows per invocation) and which operands are read as vec4s:
// every choice measured on lavapipe (docs/kernel-ir.md, "Convolution");
// a target with fewer registers per invocation keeps its tiles within its
// accumulators (KernelTarget::accumulatorRegisters).
//
//===----------------------------------------------------------------------===//
#include "ConvolutionConfig.h"
#include "ConvolutionKernel.h"
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelKinds.h"
#include "KernelSupport.h"
#include "LinearLaunch.h"
#include "NormalizationKernel.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace opencgc::codegen::conv {
namespace {
// Fast path: at most this many FMAs in one unrolled loop step (lavapipe's
// JIT time grows with the body; 3x3 over 4 input channels for 16 output
// channels and 8 columns is 4608, ResNet's 7x7 stem over one input channel
// for 8 channels and 16 columns 6272: 342 ms to compile).
constexpr int64_t kMaxStepFmas = 6272;
/// Multi-row fast-path tiles (chooseRows): output rows and columns per
/// invocation, and the unrolled step's limit in FMAs (3x3 over 4 input
/// channels for 8 channels x 8 columns x 4 rows; those kernels take about
/// 170 ms to compile against 90 for the one-row tile).
constexpr int64_t kRowsPerInvocation = 4;
constexpr int64_t kColumnsWithRows = 8;
constexpr int64_t kMaxRowsStepFmas = 9216;

/// Output columns per invocation for rows `width` wide: the whole row when
/// it fits in `target`, else the number above target / 2 and at most
/// target that pads the row least, the larger on a tie (7 for 14-wide rows
/// when 8 is the target); multiples of kVector when input rows are read as
/// vec4s (8 for 28-wide rows: 8.9 ms against 10.4 with 4).
int64_t columnsFor(int64_t width, int64_t target, bool vectors) {
  int64_t unit = vectors ? kVector : 1;
  if (width <= target)
    return (width + unit - 1) / unit * unit;
  auto padded = [&](int64_t c) { return (width + c - 1) / c * c; };
  int64_t best = target;
  for (int64_t c = target; c > target / 2; c -= unit)
    if (padded(c) < padded(best))
      best = c;
  return best;
}

/// Output rows per invocation on the fast path (docs/kernel-ir.md, "Fast
/// path register tiles"): each weight loaded then feeds every row, and each
/// input row every output row it reaches. With vec4 weights and at least 8
/// channels, 8 channels x 8 columns x 4 rows instead of 16 x 8 x 1 (64->64
/// 3x3 at 56x56 2.51-2.55 against 3.06-3.08 ms); depthwise at stride 1, 2
/// rows (5x5 at 40x40: 0.68-0.70 against 0.93-1.7 ms; at stride 2 they
/// were slower). The unrolled step stays within kMaxRowsStepFmas, and the
/// accumulators within the target's: 8 x 8 x 4 is 256, which spills on an
/// NVIDIA GPU (255 registers a thread), where these tiles took ResNet-50
/// from 27 to 55 ms (issue 27), so there the one-row tile stays.
void chooseRows(ConvShape &s, bool inputAsVectors, const KernelTarget &target) {
  int64_t rows = 1;
  int64_t rowColumns = columnsFor(s.outW, kColumnsWithRows, inputAsVectors);
  bool rowsFit = 8 * rowColumns * std::min(kRowsPerInvocation, s.outH) <=
                 target.accumulatorRegisters;
  if (s.vectorWeights && s.channelTile >= 8 && s.outH > 1 && rowsFit) {
    s.channelTile = 8;
    s.columns = rowColumns;
    rows = kRowsPerInvocation;
  } else if (s.channelTile == 1 && s.strideH == 1) {
    rows = 2;
  }
  rows = std::min(rows, s.outH);
  while (rows > 1 &&
         (s.channelStep * s.taps() * s.channelTile * s.columns * rows >
              kMaxRowsStepFmas ||
          s.channelTile * s.columns * rows > target.accumulatorRegisters))
    rows /= 2;
  s.rows = rows;
}

/// Whether the fast path applies (a small window), its register tile, and
/// whether its input rows are vec4s: an invocation's input columns, with
/// the window's reach either side, lie in its own vec4s of an input row
/// and one either side, and the input is read nowhere else (its buffer is
/// typed as vec4s). Weights are vec4s when channelStep input channels of a
/// filter are whole vec4s and the unrolled step stays small.
///
/// The tile, measured on lavapipe (one-convolution modules, same minute;
/// docs/kernel-ir.md): 16 channels x 8 columns where weights are vec4s
/// (3x3, 231 MFLOP: 8.1 against 10.6 ms at 56x56, 10.6 against 15.4 ms at
/// 7x7 with 7 columns); where weights are read one by one, 8 x 16 (ResNet's
/// 7x7 stem: 21 against 46 ms); fewer channels, 16 columns (depthwise 3x3
/// at 56x56: 1.7 against 2.3 ms).
} // namespace

void chooseFastPath(ConvShape &s, cgc_op::ConvolutionOp conv,
                    const KernelTarget &target) {
  bool inputAsVectors = s.strideW == 1 && s.dilationW == 1 &&
                        s.inW % kVector == 0 && s.padW <= kVector &&
                        s.kernelW - 1 - s.padW <= kVector &&
                        conv.getInput().hasOneUse();
  int64_t step = 1;
  while ((step * s.taps()) % kVector)
    step *= 2;
  bool weightsAsVectors =
      s.groupIn() % step == 0 && conv.getWeight().hasOneUse();
  int64_t tile = s.channelTile, columnTarget = 16;
  if (tile == kMaxChannels && weightsAsVectors)
    columnTarget = 8;
  else if (tile == kMaxChannels)
    tile /= 2;
  // A multiple of kVector where input rows are vec4s, as is kColumns.
  int64_t columns = columnsFor(s.outW, columnTarget, inputAsVectors);
  if (s.taps() * tile * columns > kMaxStepFmas)
    std::tie(tile, columns) = std::pair(s.channelTile, kColumns);
  s.unrolled = s.taps() * tile * columns <= kMaxStepFmas;
  if (!s.unrolled)
    return;
  s.channelTile = tile;
  s.columns = columns;
  s.vectorInput = inputAsVectors;
  s.vectorWeights =
      weightsAsVectors && step * s.taps() * tile * columns <= kMaxStepFmas;
  if (s.vectorWeights)
    s.channelStep = step;
  chooseRows(s, inputAsVectors, target);
  // Whole vec4s of a row: lavapipe stores each scalar in a loop over the
  // lanes, a vec4 in one.
  s.vectorOutput = s.columns % kVector == 0 && s.outW % kVector == 0;
}

std::string describe(const ConvShape &s) {
  std::string path =
      s.unrolled ? "fast path (window unrolled)" : "general path";
  std::string vectors =
      describeChoices({{s.vectorInput, "input rows read as vec4s"},
                       {s.vectorWeights, "weights read as vec4s"},
                       {s.vectorOutput, "output stored as vec4s"}});
  return llvm::formatv("convolution {0}x{1} {2}: {3} channels x {4} rows x "
                       "{5} columns per invocation, {6} input channel(s) a "
                       "step{7}",
                       s.kernelH, s.kernelW, path, s.channelTile, s.rows,
                       s.columns, s.channelStep, vectors)
      .str();
}

} // namespace opencgc::codegen::conv
