//===- MatmulAnalysis.cpp - Which subgraphs are products, and of what -----===//
//
// The matmul kernel kind's match and check: matmul and gemm, pointwise
// convolutions and upsampling conv_transposes read as matrix products
// (MatmulShape), and what the kernel accepts of them.
//
//===----------------------------------------------------------------------===//
#include "ConvolutionConfig.h"
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "MatmulConfig.h"
#include "NormalizationKernel.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"

#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;

namespace opencgc::codegen {
namespace matmul {
namespace {
/// A batch stride for an operand of numpy matmul: its batch dims must be
/// the output's or all 1 (one matrix for every batch).
std::optional<int64_t> batchStride(llvm::ArrayRef<int64_t> operand,
                                   llvm::ArrayRef<int64_t> out) {
  llvm::ArrayRef<int64_t> batch = operand.drop_back(2);
  if (product(batch) == 1)
    return 0;
  if (batch != out.drop_back(2))
    return std::nullopt;
  return operand[operand.size() - 2] * operand.back();
}

bool allEqual(ArrayAttr values, int64_t expected) {
  return !values || llvm::all_of(values, [&](Attribute value) {
    auto integer = dyn_cast<IntegerAttr>(value);
    return integer && integer.getInt() == expected;
  });
}

/// A pointwise convolution as batch products of weights [M, C] and images
/// [C, spatial].
MatmulShape analyzePointwise(cgc_op::ConvolutionOp conv) {
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  MatmulShape shape;
  shape.a = conv.getWeight();
  shape.b = conv.getInput();
  shape.batch = x[0];
  shape.k = x[1];
  shape.m = shapeOf(conv.getWeight())[0];
  shape.n = product(x.drop_front(2));
  shape.bBatchStride = shape.k * shape.n;
  shape.rowBias = conv.getBias();
  shape.channelRows = true;
  shape.outShape = Shape(shapeOf(conv.getOutput()));
  ArrayAttr strides = conv.getStridesAttr();
  if (!allEqual(strides, 1)) {
    llvm::ArrayRef<int64_t> y = shape.outShape;
    shape.n = product(y.drop_front(2));
    shape.subsampling = MatmulShape::Subsampling{
        x[3], y[3], cast<IntegerAttr>(strides[0]).getInt(),
        cast<IntegerAttr>(strides[1]).getInt(), product(x.drop_front(2))};
  }
  return shape;
}

/// An upsampling conv_transpose as batch products of the transposed
/// weights [M * taps, C] and images [C, spatial], scattered into the
/// output.
MatmulShape analyzeUpsampling(cgc_op::ConvTransposeOp conv) {
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  llvm::ArrayRef<int64_t> w = shapeOf(conv.getWeight());
  llvm::ArrayRef<int64_t> y = shapeOf(conv.getOutput());
  MatmulShape shape;
  shape.a = conv.getWeight();
  shape.b = conv.getInput();
  shape.transA = true;
  shape.batch = x[0];
  shape.k = x[1];
  shape.m = product(w.drop_front(1));
  shape.n = x[2] * x[3];
  shape.bBatchStride = shape.k * shape.n;
  shape.rowBias = conv.getBias();
  shape.rowsPerBias = w[2] * w[3];
  shape.channelRows = true;
  shape.outShape = Shape(y);
  shape.upsampling = MatmulShape::Upsampling{w[2], w[3], x[3], y[2], y[3]};
  return shape;
}

/// A 2-D convolution of one group as batch products of weights
/// [M, C * KH * KW] and the images' im2col matrices [C * KH * KW, OH * OW],
/// read in place (MatmulShape::Im2col).
llvm::Expected<MatmulShape> analyzeImplicitGemm(cgc::SubgraphOp subgraph,
                                                cgc_op::ConvolutionOp conv) {
  llvm::Expected<conv::ConvShape> geometry =
      conv::analyze(subgraph, conv, getDefaultKernelTarget());
  if (!geometry)
    return geometry.takeError();
  const conv::ConvShape &g = *geometry;
  if (g.groups != 1 || g.batch > kMaxWorkgroupCount)
    return llvm::createStringError(
        "subgraph @" + subgraph.getSymName().str() +
        ": cgc_op.convolution of several groups or over 65535 images is no "
        "implicit GEMM");
  MatmulShape shape;
  shape.a = conv.getWeight();
  shape.b = conv.getInput();
  shape.batch = g.batch;
  shape.m = g.outChannels;
  shape.k = g.inChannels * g.taps();
  shape.n = g.outH * g.outW;
  shape.bBatchStride = g.inChannels * g.inH * g.inW;
  shape.rowBias = conv.getBias();
  shape.channelRows = true;
  shape.outShape = g.outShape;
  shape.im2col = MatmulShape::Im2col{
      g.inChannels, g.inH,    g.inW,     g.kernelH,   g.kernelW, g.strideH,
      g.strideW,    g.padH,   g.padW,    g.dilationH, g.dilationW, g.outW};
  return shape;
}

llvm::Expected<MatmulShape> analyzeProduct(cgc::SubgraphOp subgraph,
                                           Operation *op) {
  auto refuse = [&](const llvm::Twine &why) {
    return llvm::createStringError(
        llvm::formatv("subgraph @{0}: {1} {2}", subgraph.getSymName(),
                      op->getName().getStringRef(), why.str())
            .str());
  };
  MatmulShape shape;
  shape.a = op->getOperand(0);
  shape.b = op->getOperand(1);
  shape.outShape = Shape(shapeOf(op->getResult(0)));
  llvm::ArrayRef<int64_t> a = shapeOf(op->getOperand(0));
  llvm::ArrayRef<int64_t> b = shapeOf(op->getOperand(1));
  if (a.size() < 2 || b.size() < 2)
    return refuse("on operands of rank below 2 has no kernel generator yet");
  if (auto gemm = dyn_cast<cgc_op::GemmOp>(op)) {
    shape.transA = gemm.getTransA();
    shape.transB = gemm.getTransB();
    shape.alpha = gemm.getAlpha().convertToDouble();
    shape.beta = gemm.getBeta().convertToDouble();
    shape.c = gemm.getC();
    if (a.size() != 2 || b.size() != 2)
      return refuse("needs 2-D operands");
  } else {
    std::optional<int64_t> aStride = batchStride(a, shape.outShape);
    std::optional<int64_t> bStride = batchStride(b, shape.outShape);
    if (!aStride || !bStride)
      return refuse("with broadcast batch dimensions has no kernel generator "
                    "yet");
    shape.aBatchStride = *aStride;
    shape.bBatchStride = *bStride;
  }
  size_t rank = shape.outShape.size();
  shape.m = shape.outShape[rank - 2];
  shape.n = shape.outShape[rank - 1];
  shape.k = a[a.size() - (shape.transA ? 2 : 1)];
  shape.batch = product(llvm::ArrayRef(shape.outShape).drop_back(2));
  return shape;
}

/// Whether every epilogue value (and C) broadcasts to the product's shape
/// without growing it: one epilogue element per accumulator.
bool epilogueFits(Block *body, const MatmulShape &product) {
  llvm::ArrayRef<int64_t> outShape = product.outShape;
  SmallVector<llvm::ArrayRef<int64_t>> shapes = {outShape};
  if (product.c)
    shapes.push_back(shapeOf(product.c));
  for (Operation &op : llvm::drop_begin(body->without_terminator())) {
    for (OpOperand &use : op.getOpOperands())
      if (!isChannelParameter(use)) // checked by checkPerElementOp
        shapes.push_back(shapeOf(use.get()));
    shapes.push_back(shapeOf(op.getResult(0)));
  }
  std::optional<Shape> iteration = broadcastShapes(shapes);
  return iteration && llvm::ArrayRef<int64_t>(*iteration) == outShape;
}

} // namespace

llvm::Expected<MatmulShape> analyze(cgc::SubgraphOp subgraph, Operation *op) {
  auto conv = dyn_cast<cgc_op::ConvolutionOp>(op);
  llvm::Expected<MatmulShape> analyzed =
      isPointwiseConvolution(op) ? analyzePointwise(conv)
      : conv                     ? analyzeImplicitGemm(subgraph, conv)
      : isUpsamplingConvTranspose(op)
          ? analyzeUpsampling(cast<cgc_op::ConvTransposeOp>(op))
          : analyzeProduct(subgraph, op);
  if (!analyzed)
    return analyzed.takeError();
  MatmulShape &shape = *analyzed;
  auto refuse = [&](const llvm::Twine &why) {
    return llvm::createStringError(
        llvm::formatv("subgraph @{0}: {1} {2}", subgraph.getSymName(),
                      op->getName().getStringRef(), why.str())
            .str());
  };
  shape.tile = chooseTile(shape, getDefaultKernelTarget());
  if (shape.m * shape.n * shape.k * shape.batch == 0)
    return refuse("on empty tensors has no kernel generator yet");
  if (llvm::any_of(workgroupGrid(shape, shape.tile),
                   [](int64_t groups) { return groups > kMaxWorkgroupCount; }))
    return refuse("has too many matrices, rows or columns for one launch");
  return shape;
}

/// analyze, with the tile of the options' target and B padded where padsB
/// says so. A target's tile whose grid would exceed a launch keeps the
/// default target's, which analyze checked.
llvm::Expected<MatmulShape> analyze(cgc::SubgraphOp subgraph, Operation *op,
                                    const KernelOptions &options) {
  llvm::Expected<MatmulShape> shape = analyze(subgraph, op);
  if (!shape)
    return shape;
  Tile tile = chooseTile(*shape, options.getTarget());
  if (llvm::none_of(workgroupGrid(*shape, tile),
                    [](int64_t groups) { return groups > kMaxWorkgroupCount; }))
    shape->tile = tile;
  if (usesMatrixTile(*shape, options)) {
    // Two mma k steps a stage, and every tile's staging still even (the
    // large one's invocations stage two vec4s of A and of B).
    shape->tile.matrix = true;
    shape->tile.unroll = 16;
    shape->precision = options.precision;
  }
  if (padsB(*shape, options)) {
    shape->paddedB = true;
    if (shape->bBatchStride)
      shape->bBatchStride = shape->k * shape->bColumns();
  }
  return shape;
}

} // namespace matmul

using namespace matmul;

bool isUpsamplingConvTranspose(Operation *op) {
  auto conv = dyn_cast<cgc_op::ConvTransposeOp>(op);
  if (!conv || conv.getGroup() != 1)
    return false;
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  llvm::ArrayRef<int64_t> w = shapeOf(conv.getWeight());
  llvm::ArrayRef<int64_t> y = shapeOf(conv.getOutput());
  if (x.size() != 4 || w.size() != 4 || y.size() != 4 ||
      x[0] > kMaxWorkgroupCount || w[0] != x[1] || y[0] != x[0] || y[1] != w[1])
    return false;
  std::optional<ArrayAttr> strides = conv.getStrides();
  auto strideAt = [&](unsigned d) -> int64_t {
    if (!strides)
      return 1;
    if (strides->size() != 2)
      return 0;
    auto stride = dyn_cast<IntegerAttr>((*strides)[d]);
    return stride ? stride.getInt() : 0;
  };
  auto absentOr = [](std::optional<ArrayAttr> values, int64_t expected) {
    return !values || allEqual(*values, expected);
  };
  // Each output element receives exactly one tap: kernel == stride, no
  // dilation, padding or output padding.
  for (unsigned d = 0; d < 2; ++d)
    if (w[2 + d] != strideAt(d) || y[2 + d] != x[2 + d] * w[2 + d])
      return false;
  return absentOr(conv.getDilations(), 1) &&
         absentOr(conv.getStartPadding(), 0) &&
         absentOr(conv.getEndPadding(), 0) &&
         absentOr(conv.getOutputPadding(), 0);
}

bool isPointwiseConvolution(Operation *op) {
  auto conv = dyn_cast<cgc_op::ConvolutionOp>(op);
  if (!conv || conv.getGroup() != 1)
    return false;
  llvm::ArrayRef<int64_t> x = shapeOf(conv.getInput());
  llvm::ArrayRef<int64_t> w = shapeOf(conv.getWeight());
  llvm::ArrayRef<int64_t> y = shapeOf(conv.getOutput());
  // Images are the launch's z dimension; more stay with the convolution
  // kernel's linear launch.
  if (x.size() < 3 || w.size() != x.size() || y.size() != x.size() ||
      x[0] > kMaxWorkgroupCount)
    return false;
  auto isOne = [](int64_t extent) { return extent == 1; };
  if (!llvm::all_of(w.drop_front(2), isOne) || w[1] != x[1] || y[0] != x[0] ||
      y[1] != w[0] || !allEqual(conv.getStartPaddingAttr(), 0) ||
      !allEqual(conv.getEndPaddingAttr(), 0))
    return false;
  ArrayAttr strides = conv.getStridesAttr();
  if (allEqual(strides, 1))
    return x.drop_front(2) == y.drop_front(2);
  // Strided (ResNet's projection shortcuts): 2-D, B's columns subsampled.
  auto subsampled = [&](unsigned d) {
    auto stride = dyn_cast<IntegerAttr>(strides[d]);
    return stride && stride.getInt() > 0 &&
           y[2 + d] == (x[2 + d] - 1) / stride.getInt() + 1;
  };
  return x.size() == 4 && strides.size() == 2 && subsampled(0) && subsampled(1);
}

bool usesImplicitGemm(cgc::SubgraphOp subgraph, const KernelOptions &options) {
  Block *body = subgraph.getFunctionalDefinition().getBodyBlock();
  Operation *op = &body->front();
  if (!options.getTarget().stagesTilesInSharedMemory ||
      !isa<cgc_op::ConvolutionOp>(op) || isPointwiseConvolution(op))
    return false;
  llvm::Expected<MatmulShape> shape = analyze(subgraph, op);
  if (!shape) {
    llvm::consumeError(shape.takeError());
    return false;
  }
  auto fitsInt32 = [](Value value) {
    return product(shapeOf(value)) <= std::numeric_limits<int32_t>::max();
  };
  return epilogueFits(body, *shape) &&
         llvm::all_of(body->getArguments(), fitsInt32) &&
         product(shape->outShape) <= std::numeric_limits<int32_t>::max();
}

llvm::Error checkMatmulSupport(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  Block *body = definition.getBodyBlock();
  Operation *op = &body->front();
  llvm::Expected<MatmulShape> shape = analyze(subgraph, op);
  if (!shape)
    return shape.takeError();
  if (llvm::Error error =
          checkEpilogueKernel(subgraph, "matmul", EpilogueOps::PerElement))
    return error;
  if (shape->rowBias &&
      shapeOf(shape->rowBias) != ArrayRef(shape->m / shape->rowsPerBias))
    return refuse(subgraph, "a convolution's bias must have one value per "
                            "output channel");
  if (!epilogueFits(body, *shape))
    return refuse(subgraph, "the epilogue's shapes must broadcast to the "
                            "product's shape");
  if (product(shape->outShape) > std::numeric_limits<int32_t>::max())
    return refuse(subgraph, "the product exceeds 32-bit indexing");
  for (Value input : definition.getBodyBlock()->getArguments())
    if (product(shapeOf(input)) > std::numeric_limits<int32_t>::max())
      return refuse(subgraph, "an input exceeds 32-bit indexing");
  return llvm::Error::success();
}

} // namespace opencgc::codegen
