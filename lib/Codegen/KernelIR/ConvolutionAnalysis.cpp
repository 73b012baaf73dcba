//===- ConvolutionAnalysis.cpp - Which convolutions get a kernel ----------===//
//
// The convolution kernel kind's match and check: a subgraph whose first op
// is a 2-D convolution, its geometry (ConvShape) and what the kernel
// accepts of it.
//
//===----------------------------------------------------------------------===//
#include "ConvolutionConfig.h"
#include "ConvolutionKernel.h"
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "LinearLaunch.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

using namespace mlir;

namespace opencgc::codegen {
namespace conv {
namespace {
/// `attr`'s two values, or {fallback, fallback} when absent.
std::optional<std::array<int64_t, 2>> pair(ArrayAttr attr, int64_t fallback) {
  if (!attr)
    return std::array<int64_t, 2>{fallback, fallback};
  if (attr.size() != 2)
    return std::nullopt;
  return std::array<int64_t, 2>{cast<IntegerAttr>(attr[0]).getInt(),
                                cast<IntegerAttr>(attr[1]).getInt()};
}

} // namespace

llvm::Expected<ConvShape> analyze(cgc::SubgraphOp subgraph,
                                  cgc_op::ConvolutionOp conv,
                                  const KernelTarget &target) {
  auto refuse = [&](const llvm::Twine &why) {
    return llvm::createStringError("subgraph @" + subgraph.getSymName().str() +
                                   ": cgc_op.convolution " + why.str());
  };
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  llvm::ArrayRef<int64_t> w = shapeOf(conv.getWeight());
  llvm::ArrayRef<int64_t> y = shapeOf(conv.getOutput());
  if (x.size() != 4 || w.size() != 4 || y.size() != 4)
    return refuse("with other than 2 spatial dimensions has no kernel "
                  "generator yet");
  auto strides = pair(conv.getStridesAttr(), 1);
  auto dilations = pair(conv.getDilationsAttr(), 1);
  auto padding = pair(conv.getStartPaddingAttr(), 0);
  if (!strides || !dilations || !padding)
    return refuse("has attributes of the wrong length");
  ConvShape s;
  s.batch = x[0];
  s.inChannels = x[1];
  s.inH = x[2];
  s.inW = x[3];
  s.outChannels = w[0];
  s.kernelH = w[2];
  s.kernelW = w[3];
  s.groups = int64_t(conv.getGroup());
  s.outH = y[2];
  s.outW = y[3];
  std::tie(s.strideH, s.strideW) = std::pair((*strides)[0], (*strides)[1]);
  std::tie(s.dilationH, s.dilationW) =
      std::pair((*dilations)[0], (*dilations)[1]);
  std::tie(s.padH, s.padW) = std::pair((*padding)[0], (*padding)[1]);
  s.outShape = Shape(y);
  if (s.groups < 1 || s.inChannels % s.groups || s.outChannels % s.groups ||
      w[1] != s.groupIn() || y[0] != s.batch || y[1] != s.outChannels)
    return refuse("has inconsistent channels or groups");
  for (int64_t tile = kMaxChannels; tile > 1 && s.channelTile == 1; tile /= 2)
    if (s.groupOut() % tile == 0)
      s.channelTile = tile;
  if (product(y) == 0 || product(x) == 0 || product(w) == 0)
    return refuse("on empty tensors has no kernel generator yet");
  if ((s.invocations() + kWorkgroupSize - 1) / kWorkgroupSize >
      kMaxWorkgroupCount * kMaxWorkgroupCount)
    return refuse("has too many outputs for one launch");
  chooseFastPath(s, conv, target);
  return s;
}

} // namespace conv

using namespace conv;

bool isConvolutionSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  return !body->without_terminator().empty() &&
         isa<cgc_op::ConvolutionOp>(body->front());
}

llvm::Error checkConvolutionSupport(cgc::SubgraphOp subgraph) {
  Block *body = subgraph.getFunctionalDefinition().getBodyBlock();
  auto conv = cast<cgc_op::ConvolutionOp>(body->front());
  llvm::Expected<ConvShape> shape = analyze(subgraph, conv);
  if (!shape)
    return shape.takeError();
  return checkFirstOpEpilogue(subgraph, shape->outShape, "convolution",
                              EpilogueOps::PerElement);
}

} // namespace opencgc::codegen
