//===- ConvolutionConfig.h - A convolution kernel's shape -------*- C++ -*-===//
//
// The convolution kernel (ConvolutionKernel.cpp) in three concerns: the
// convolution's geometry (ConvolutionAnalysis.cpp: match and check), the
// configuration chosen for it (ConvolutionConfig.cpp: fast path, register
// tile, vec4 reads) and the code built from both.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_CONVOLUTIONCONFIG_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_CONVOLUTIONCONFIG_H

#include "IterationSpace.h"

#include "opencgc/Codegen/KernelTarget.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen::conv {

constexpr int64_t kMaxChannels = 16; // output channels per invocation
constexpr int64_t kColumns = 4;      // output columns, the general path
constexpr int64_t kVector = 4;       // f32s per vec4 texel fetch
/// The fast path's accumulators take their products in chains of whole
/// kernel rows, as many as stay within this many taps (vectorStep). On
/// lavapipe, same minute: 3x3 whole windows at 56x56 7.8 against 9.3 ms
/// tap by tap, at 7x7 9.4 against 11.0 ms; ResNet's 7x7 stem row by row
/// 19.5 against 23.5 ms, and 26 ms with whole windows (its 49 taps' input
/// elements no longer fit the registers).
constexpr int64_t kMaxChainTaps = 9;
/// The convolution's geometry (2-D spatial, NCHW).
struct ConvShape {
  int64_t batch, inChannels, outChannels, groups;
  int64_t inH, inW, outH, outW, kernelH, kernelW;
  int64_t strideH, strideW, dilationH, dilationW, padH, padW;
  Shape outShape;
  int64_t channelTile = 1;    // output channels per invocation
  int64_t columns = kColumns; // output columns per invocation
  int64_t rows = 1;           // fast path: output rows per invocation
  bool unrolled = false;      // fast path: window unrolled, rows reused
  bool vectorInput = false;   // fast path: input rows read as vec4s
  bool vectorWeights = false; // fast path: weights read as vec4s
  bool vectorOutput = false;  // fast path: output columns stored as vec4s
  int64_t channelStep = 1;    // fast path: input channels per loop step
  int64_t taps() const { return kernelH * kernelW; }
  int64_t groupIn() const { return inChannels / groups; }
  int64_t groupOut() const { return outChannels / groups; }
  int64_t columnTiles() const { return (outW + columns - 1) / columns; }
  int64_t rowTiles() const { return (outH + rows - 1) / rows; }
  /// The accumulator of the tile's channel k, row i and column j.
  int64_t accumulator(int64_t k, int64_t i, int64_t j) const {
    return (k * rows + i) * columns + j;
  }
  /// Fast path: the vec4s of an input row an invocation reads, its
  /// columns' and one either side for the window's reach.
  int64_t loadedRowVectors() const { return columns / kVector + 2; }
  /// Fast path: the input column of output column firstColumn + j at
  /// kernel column kw, relative to firstColumn * strideW.
  int64_t tapOffset(int64_t j, int64_t kw) const {
    return j * strideW + kw * dilationW - padW;
  }
  int64_t invocations() const {
    return batch * (outChannels / channelTile) * rowTiles() * columnTiles();
  }
};

// ConvolutionAnalysis.cpp

/// The geometry of `conv` (the subgraph's first op), configured by
/// chooseFastPath; the refusal names the subgraph.
llvm::Expected<ConvShape>
analyze(cgc::SubgraphOp subgraph, cgc_op::ConvolutionOp conv,
        const KernelTarget &target = getDefaultKernelTarget());

// ConvolutionConfig.cpp

/// Whether the fast path applies, its register tile, and which operands
/// it reads as vec4s.
void chooseFastPath(ConvShape &s, cgc_op::ConvolutionOp conv,
                    const KernelTarget &target);
/// The configuration in words, for describeKernelConfig.
std::string describe(const ConvShape &s);

} // namespace opencgc::codegen::conv

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_CONVOLUTIONCONFIG_H
