//===- ResamplingKernel.cpp - Upsampling and block moves with epilogues ---===//
//
// One invocation per output element of an upsample, upsample2d,
// depth_to_space or space_to_depth op (float32), with the semantics of the
// reference kernels in lib/ReferenceKernels: the element's input taps are
// found by integer arithmetic on its coordinates, so nearest upsampling and
// the block moves copy exactly, and linear upsampling blends the two
// neighbours along each scaled dimension in f32. The epilogue (every op
// after the resampling) runs on the value before its store.
//
//===----------------------------------------------------------------------===//
#include "ResamplingKernel.h"
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "LinearLaunch.h"

#include "opencgc/Codegen/KernelIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

enum class ResampleKind { Nearest, Linear, DepthToSpace, SpaceToDepth };

/// What one resampling op does, from input shape `in` to `out`.
struct ResampleShape {
  ResampleKind kind;
  Shape in, out;
  Shape scales;      // upsampling: one factor per dimension (1 for N, C)
  int64_t block = 1; // block moves
  bool crd = false;  // depth_to_space's CRD channel order
};

/// The resampling op: the subgraph's first.
Operation *resamplingOf(cgc::SubgraphOp subgraph) {
  return &subgraph.getFunctionalDefinition().getBodyBlock()->front();
}

/// The per-dimension factors of an upsample whose `scale_size` has one per
/// spatial dimension; nullopt otherwise.
std::optional<Shape> upsampleScales(ArrayAttr scaleSize, size_t rank) {
  if (rank < 2 || scaleSize.size() != rank - 2)
    return std::nullopt;
  Shape scales = {1, 1};
  for (Attribute factor : scaleSize)
    scales.push_back(cast<IntegerAttr>(factor).getInt());
  return scales;
}

llvm::Error analyzeUpsample(cgc::SubgraphOp subgraph, Operation *op,
                            ArrayAttr scaleSize, StringRef mode,
                            ResampleShape &s) {
  auto refuseOp = [&](const llvm::Twine &why) {
    return refuse(subgraph, op->getName().getStringRef() + " " + why);
  };
  if (isa<cgc_op::Upsample2dOp>(op) && s.in.size() != 4)
    return refuseOp("needs an NCHW input");
  if (mode != "nearest" && mode != "linear")
    return refuseOp("in mode \"" + mode + "\" has no kernel generator yet");
  s.kind = mode == "linear" ? ResampleKind::Linear : ResampleKind::Nearest;
  std::optional<Shape> scales = upsampleScales(scaleSize, s.in.size());
  if (!scales)
    return refuseOp("needs one scale per spatial dimension");
  s.scales = *scales;
  for (size_t d = 0; d < s.in.size(); ++d)
    if (s.scales[d] < 1 || s.out[d] != s.in[d] * s.scales[d])
      return refuseOp("needs positive integer scales giving its output shape");
  return llvm::Error::success();
}

llvm::Error analyzeBlockMove(cgc::SubgraphOp subgraph, Operation *op,
                             ResampleShape &s) {
  auto refuseOp = [&](const llvm::Twine &why) {
    return refuse(subgraph, op->getName().getStringRef() + " " + why);
  };
  s.block = op->getAttrOfType<IntegerAttr>("blocksize").getInt();
  if (auto d2s = dyn_cast<cgc_op::DepthToSpaceOp>(op)) {
    s.kind = ResampleKind::DepthToSpace;
    if (d2s.getMode() != "DCR" && d2s.getMode() != "CRD")
      return refuseOp("in mode \"" + d2s.getMode() + "\" is not ONNX's");
    s.crd = d2s.getMode() == "CRD";
  } else {
    s.kind = ResampleKind::SpaceToDepth;
  }
  if (s.in.size() != 4 || s.out.size() != 4 || s.block < 1)
    return refuseOp("needs NCHW tensors and a positive block size");
  // The space side's extents are the depth side's times the block.
  bool toSpace = s.kind == ResampleKind::DepthToSpace;
  const Shape &space = toSpace ? s.out : s.in, &depth = toSpace ? s.in : s.out;
  int64_t b = s.block;
  if (depth[0] != space[0] || depth[1] != space[1] * b * b ||
      space[2] != depth[2] * b || space[3] != depth[3] * b)
    return refuseOp("has inconsistent shapes");
  return llvm::Error::success();
}

/// Resize in nearest mode with coordinate_transformation_mode "asymmetric"
/// and nearest_mode "floor" by positive integer factors reads the input at
/// floor(o / scale): nearest upsampling (PyTorch's nn.Upsample exports this
/// way). Other resizes have per-axis tap tables no kernel reproduces yet.
llvm::Error analyzeResize(cgc::SubgraphOp subgraph, cgc_op::ResizeOp resize,
                          ResampleShape &s) {
  auto refuseResize = [&](const llvm::Twine &why) {
    return refuse(subgraph, "cgc_op.resize (mode \"" + resize.getMode() +
                                "\", coordinate_transformation_mode \"" +
                                resize.getCoordinateTransformationMode() +
                                "\") has no kernel generator yet" + why);
  };
  if (resize.getMode() != "nearest" ||
      resize.getCoordinateTransformationMode() != "asymmetric" ||
      resize.getNearestMode() != "floor" || resize.getAntialias())
    return refuseResize(": only nearest/asymmetric/floor resizes by integer "
                        "factors are nearest upsampling");
  ArrayAttr scales = resize.getScales();
  s.kind = ResampleKind::Nearest;
  for (size_t d = 0; d < s.in.size(); ++d) {
    int64_t factor = s.in[d] ? s.out[d] / s.in[d] : 0;
    bool scaleAgrees =
        scales.empty() ||
        (d < scales.size() &&
         cast<FloatAttr>(scales[d]).getValueAsDouble() == double(factor));
    if (factor < 1 || s.out[d] != s.in[d] * factor || !scaleAgrees)
      return refuseResize(" for a factor that is not a positive integer");
    s.scales.push_back(factor);
  }
  return llvm::Error::success();
}

llvm::Expected<ResampleShape> analyze(cgc::SubgraphOp subgraph, Operation *op) {
  ResampleShape s;
  s.in = Shape(shapeOf(op->getOperand(0)));
  s.out = Shape(shapeOf(op->getResult(0)));
  if (s.in.size() != s.out.size())
    return refuse(subgraph, op->getName().getStringRef() + " changes the rank");
  llvm::Error error = llvm::Error::success();
  if (auto resize = dyn_cast<cgc_op::ResizeOp>(op))
    error = analyzeResize(subgraph, resize, s);
  else if (auto up = dyn_cast<cgc_op::UpsampleOp>(op))
    error = analyzeUpsample(subgraph, op, up.getScaleSize(), up.getMode(), s);
  else if (auto up2d = dyn_cast<cgc_op::Upsample2dOp>(op))
    error =
        analyzeUpsample(subgraph, op, up2d.getScaleSize(), up2d.getMode(), s);
  else
    error = analyzeBlockMove(subgraph, op, s);
  if (error)
    return std::move(error);
  if (product(s.out) == 0)
    return refuse(subgraph,
                  op->getName().getStringRef() +
                      " on empty tensors has no kernel generator yet");
  if ((product(s.out) + kWorkgroupSize - 1) / kWorkgroupSize >
      int64_t(kMaxWorkgroupCount) * kMaxWorkgroupCount)
    return refuse(subgraph, op->getName().getStringRef() +
                                " has too many outputs for one launch");
  return s;
}

class ResamplingKernelBuilder {
public:
  ResamplingKernelBuilder(cgc::SubgraphOp subgraph, ResampleShape shape)
      : subgraph(subgraph), resample(resamplingOf(subgraph)), shape(std::move(shape)),
        builder(subgraph.getContext()), math(builder, loc) {}

  KernelModule build();

private:
  // Index arithmetic folds as it is built, so unscaled dimensions cost
  // nothing.
  Value index(int64_t value) { return math.index(value); }
  Value add(Value x, Value y) { return math.add(x, y); }
  Value mul(Value x, int64_t y) { return math.mul(x, y); }
  Value div(Value x, int64_t y) { return math.div(x, y); }
  Value rem(Value x, int64_t y) { return math.rem(x, y); }
  Value flatten(ArrayRef<Value> coordinates, ArrayRef<int64_t> extents) {
    return math.flatten(coordinates, extents);
  }
  Value load(Value offset) {
    Value input = function.getArgument(
        cast<BlockArgument>(resample->getOperand(0)).getArgNumber());
    return memref::LoadOp::create(builder, loc, input, offset);
  }

  SmallVector<Value> coordinatesOf(Value element);
  Value upsampled(ArrayRef<Value> o);
  Value blockMoved(ArrayRef<Value> o);

  cgc::SubgraphOp subgraph;
  Operation *resample;
  ResampleShape shape;
  OpBuilder builder;
  Location loc = builder.getUnknownLoc();
  IndexMath math;
  gpu::GPUFuncOp function;
};

/// The output element's coordinates, row-major, so neighbouring lanes read
/// neighbouring (or the same) input elements.
SmallVector<Value> ResamplingKernelBuilder::coordinatesOf(Value element) {
  return math.coordinatesOf(element, shape.out);
}

/// The reference's upsampling: along each dimension the input coordinate
/// o / scale (integer division) and, when linear, its upper neighbour
/// (clamped to the border) weighted by the fraction (o mod scale) / scale.
/// The taps are summed from 0 and a zero weight skips its tap, as in the
/// reference (so -0 copies as +0 and an infinite neighbour of weight 0 adds
/// no NaN).
Value ResamplingKernelBuilder::upsampled(ArrayRef<Value> o) {
  struct Axis {
    Value lower, upper, fraction; // upper and fraction only when blended
  };
  SmallVector<Axis> axes;
  for (auto [d, coordinate] : llvm::enumerate(o)) {
    int64_t scale = shape.scales[d];
    Axis axis{div(coordinate, scale), {}, {}};
    if (shape.kind == ResampleKind::Linear && scale > 1) {
      axis.upper = builder.createOrFold<arith::MinUIOp>(
          loc, add(axis.lower, index(1)), index(shape.in[d] - 1));
      Value numerator = arith::UIToFPOp::create(
          builder, loc, builder.getF32Type(),
          arith::IndexCastUIOp::create(builder, loc, builder.getI32Type(),
                                       rem(coordinate, scale)));
      axis.fraction = arith::DivFOp::create(
          builder, loc, numerator, constantF32(builder, loc, double(scale)));
    }
    axes.push_back(axis);
  }
  Value zero = constantF32(builder, loc, 0.0),
        one = constantF32(builder, loc, 1);
  Value sum = zero;
  // Every corner of the blended dimensions: bit k of `corner` picks the
  // upper neighbour along the k-th of them.
  int64_t blended = llvm::count_if(axes, [](Axis &a) { return a.upper; });
  for (int64_t corner = 0; corner < (int64_t(1) << blended); ++corner) {
    SmallVector<Value> source;
    Value weight;
    int64_t bit = 0;
    for (Axis &axis : axes) {
      if (!axis.upper) {
        source.push_back(axis.lower);
        continue;
      }
      bool upper = (corner >> bit++) & 1;
      source.push_back(upper ? axis.upper : axis.lower);
      Value factor =
          upper ? axis.fraction
                : arith::SubFOp::create(builder, loc, one, axis.fraction);
      weight =
          weight ? arith::MulFOp::create(builder, loc, weight, factor) : factor;
    }
    Value x = load(flatten(source, shape.in));
    if (!weight) {
      sum = arith::AddFOp::create(builder, loc, sum, x);
      continue;
    }
    Value added = arith::AddFOp::create(
        builder, loc, sum, arith::MulFOp::create(builder, loc, weight, x));
    Value skip = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OEQ,
                                       weight, zero);
    sum = arith::SelectOp::create(builder, loc, skip, sum, added);
  }
  return sum;
}

/// depth[n][channel][h][w] <-> space[n][c][h*b+i][w*b+j] with channel
/// (i*b+j)*C + c (DCR, and space_to_depth) or (c*b+i)*b+j (CRD), C the
/// space side's channels: a pure copy.
Value ResamplingKernelBuilder::blockMoved(ArrayRef<Value> o) {
  int64_t b = shape.block;
  SmallVector<Value, 4> source(4);
  source[0] = o[0];
  if (shape.kind == ResampleKind::DepthToSpace) {
    Value i = rem(o[2], b), j = rem(o[3], b);
    int64_t channels = shape.out[1];
    source[1] = shape.crd ? add(mul(add(mul(o[1], b), i), b), j)
                          : add(mul(add(mul(i, b), j), channels), o[1]);
    source[2] = div(o[2], b);
    source[3] = div(o[3], b);
  } else {
    int64_t channels = shape.in[1];
    Value block = div(o[1], channels);
    source[1] = rem(o[1], channels);
    source[2] = add(mul(o[2], b), div(block, b));
    source[3] = add(mul(o[3], b), rem(block, b));
  }
  return load(flatten(source, shape.in));
}

KernelModule ResamplingKernelBuilder::build() {
  loc = subgraph.getLoc();
  bool moves = shape.kind == ResampleKind::DepthToSpace ||
               shape.kind == ResampleKind::SpaceToDepth;
  return buildFirstOpKernel(builder, subgraph, shape.out,
                            [&](gpu::GPUFuncOp kernel, Value element) {
                              function = kernel;
                              SmallVector<Value> o = coordinatesOf(element);
                              return moves ? blockMoved(o) : upsampled(o);
                            });
}

} // namespace

bool isResamplingSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  return !body->without_terminator().empty() &&
         isa<cgc_op::UpsampleOp, cgc_op::Upsample2dOp, cgc_op::DepthToSpaceOp,
             cgc_op::SpaceToDepthOp, cgc_op::ResizeOp>(body->front());
}

llvm::Error checkResamplingSupport(cgc::SubgraphOp subgraph) {
  llvm::Expected<ResampleShape> shape =
      analyze(subgraph, resamplingOf(subgraph));
  if (!shape)
    return shape.takeError();
  return checkFirstOpEpilogue(subgraph, shape->out, "resampling");
}

KernelModule buildResamplingKernel(cgc::SubgraphOp subgraph) {
  return ResamplingKernelBuilder(
             subgraph, cantFail(analyze(subgraph, resamplingOf(subgraph))))
      .build();
}

} // namespace opencgc::codegen
