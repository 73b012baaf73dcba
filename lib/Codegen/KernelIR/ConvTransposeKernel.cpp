//===- ConvTransposeKernel.cpp - Transposed convolution with epilogues ----===//
//
// One invocation per output element of a float32 conv_transpose (ONNX
// ConvTranspose): the reference scatters every input element times the
// kernel into the output; here each output element gathers what lands on
// it. Along a spatial dimension, kernel tap k reaches output o from input
// position p = (o + start_padding - k * dilation) / stride, when that
// division is exact and p is inside the input. Those tests depend on the
// output position only, so they are made once per tap; the loop over the
// group's input channels then adds x * w for every tap that lands, then the
// bias, and the epilogue runs before the store.
//
//===----------------------------------------------------------------------===//
#include "ConvTransposeKernel.h"
#include "Epilogue.h"
#include "KernelBuilding.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// The most kernel taps one invocation unrolls.
constexpr int64_t kMaxTaps = 64;

cgc_op::ConvTransposeOp convTransposeOf(cgc::SubgraphOp subgraph) {
  return cast<cgc_op::ConvTransposeOp>(
      subgraph.getFunctionalDefinition().getBodyBlock()->front());
}

/// An optional per-dimension attribute, `fill` when absent.
Shape perDimension(std::optional<ArrayAttr> attr, size_t count, int64_t fill) {
  Shape values(count, fill);
  if (attr)
    for (auto [d, value] : llvm::enumerate(*attr))
      if (d < count)
        values[d] = cast<IntegerAttr>(value).getInt();
  return values;
}

/// The geometry of one conv_transpose.
struct Geometry {
  Shape in, weight, out;
  Shape strides, dilations, startPadding;
  int64_t group = 1;
  int64_t inPerGroup() const { return in[1] / group; }
  /// Whether at most one tap lands on each output element: no dilation
  /// and no kernel extent above its stride (the 2x2 stride-2 upsampling
  /// layers). Tap k_d = (o_d + pad_d) mod stride_d then.
  bool oneTap() const {
    for (size_t d = 0; d < spatial(); ++d)
      if (dilations[d] != 1 || weight[2 + d] > strides[d])
        return false;
    return true;
  }
  int64_t outPerGroup() const { return weight[1]; }
  size_t spatial() const { return in.size() - 2; }
};

Geometry geometryOf(cgc_op::ConvTransposeOp conv) {
  Geometry g;
  g.in = Shape(shapeOf(conv.getInput()));
  g.weight = Shape(shapeOf(conv.getWeight()));
  g.out = Shape(shapeOf(conv.getResult()));
  size_t spatial = g.in.size() >= 2 ? g.in.size() - 2 : 0;
  g.strides = perDimension(conv.getStrides(), spatial, 1);
  g.dilations = perDimension(conv.getDilations(), spatial, 1);
  g.startPadding = perDimension(conv.getStartPadding(), spatial, 0);
  g.group = conv.getGroup();
  return g;
}

class ConvTransposeKernelBuilder {
public:
  explicit ConvTransposeKernelBuilder(cgc::SubgraphOp subgraph)
      : subgraph(subgraph), conv(convTransposeOf(subgraph)),
        g(geometryOf(conv)), builder(subgraph.getContext()), math(builder, loc) {}

  KernelModule build() {
    loc = subgraph.getLoc();
    return buildFirstOpKernel(builder, subgraph, g.out,
                              [&](gpu::GPUFuncOp kernel, Value element) {
                                function = kernel;
                                return gathered(element);
                              });
  }

private:
  Value index(int64_t value) { return math.index(value); }
  Value add(Value x, Value y) { return math.add(x, y); }
  Value mul(Value x, int64_t y) { return math.mul(x, y); }
  Value argument(Value operand) {
    return function.getArgument(cast<BlockArgument>(operand).getArgNumber());
  }

  /// One kernel tap: whether it lands on this output element, and the
  /// input's spatial offset it reads there (0 when it does not land).
  struct Tap {
    Value lands, inputOffset;
  };
  SmallVector<Tap> tapsAt(ArrayRef<Value> o);
  /// The one tap that can land (Geometry::oneTap), with its kernel offset.
  Tap oneTapAt(ArrayRef<Value> o, Value &kernelOffset);
  Value gathered(Value element);

  cgc::SubgraphOp subgraph;
  cgc_op::ConvTransposeOp conv;
  Geometry g;
  OpBuilder builder;
  Location loc = builder.getUnknownLoc();
  IndexMath math;
  gpu::GPUFuncOp function;
};

SmallVector<ConvTransposeKernelBuilder::Tap>
ConvTransposeKernelBuilder::tapsAt(ArrayRef<Value> o) {
  size_t spatial = g.spatial();
  ArrayRef<int64_t> kernel = ArrayRef<int64_t>(g.weight).drop_front(2);
  Value zero = index(0), yes = arith::ConstantIntOp::create(builder, loc, 1, 1);
  SmallVector<Tap> taps;
  for (int64_t kp = 0; kp < product(kernel); ++kp) {
    Value lands = yes, offset = zero;
    for (int64_t d = 0, rest = kp; d < int64_t(spatial); ++d) {
      int64_t stride = product(kernel.drop_front(d + 1));
      int64_t k = rest / stride;
      rest %= stride;
      // t = o + start_padding - k * dilation, signed.
      Value t = add(o[d], index(g.startPadding[d] - k * g.dilations[d]));
      Value p = builder.createOrFold<arith::DivSIOp>(loc, t,
                                                     index(g.strides[d]));
      Value exact = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq,
          builder.createOrFold<arith::RemSIOp>(loc, t, index(g.strides[d])),
          zero);
      Value inside = arith::AndIOp::create(
          builder, loc,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, t,
                                zero),
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, p,
                                index(g.in[2 + d])));
      lands = arith::AndIOp::create(
          builder, loc, lands,
          arith::AndIOp::create(builder, loc, exact, inside));
      offset = add(mul(offset, g.in[2 + d]), p);
    }
    taps.push_back({lands, arith::SelectOp::create(builder, loc, lands, offset,
                                                   zero)});
  }
  return taps;
}

ConvTransposeKernelBuilder::Tap
ConvTransposeKernelBuilder::oneTapAt(ArrayRef<Value> o, Value &kernelOffset) {
  Value zero = index(0);
  Value lands = arith::ConstantIntOp::create(builder, loc, 1, 1);
  Value offset = zero;
  kernelOffset = zero;
  for (size_t d = 0; d < g.spatial(); ++d) {
    Value t = add(o[d], index(g.startPadding[d]));
    Value p = builder.createOrFold<arith::DivSIOp>(loc, t, index(g.strides[d]));
    Value k = builder.createOrFold<arith::RemSIOp>(loc, t, index(g.strides[d]));
    Value inside = arith::AndIOp::create(
        builder, loc,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, t,
                              zero),
        arith::AndIOp::create(
            builder, loc,
            arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, p,
                                  index(g.in[2 + d])),
            arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, k,
                                  index(g.weight[2 + d]))));
    lands = arith::AndIOp::create(builder, loc, lands, inside);
    offset = add(mul(offset, g.in[2 + d]), p);
    kernelOffset = add(mul(kernelOffset, g.weight[2 + d]), k);
  }
  kernelOffset = arith::SelectOp::create(builder, loc, lands, kernelOffset,
                                         zero);
  return {lands, arith::SelectOp::create(builder, loc, lands, offset, zero)};
}

Value ConvTransposeKernelBuilder::gathered(Value element) {
  // Output coordinates (n, oc, o_1 .. o_s), row-major.
  SmallVector<Value> o = math.coordinatesOf(element, g.out);
  Value n = o[0], oc = o[1];
  Value groupIndex = math.div(oc, g.outPerGroup());
  Value m = math.rem(oc, g.outPerGroup());
  // Each tap with its kernel offset: every tap, or the one that can land.
  SmallVector<Tap> taps;
  SmallVector<Value> kernelOffsets;
  if (g.oneTap()) {
    Value kernelOffset;
    taps.push_back(oneTapAt(ArrayRef<Value>(o).drop_front(2), kernelOffset));
    kernelOffsets.push_back(kernelOffset);
  } else {
    taps = tapsAt(ArrayRef<Value>(o).drop_front(2));
    for (size_t kp = 0; kp < taps.size(); ++kp)
      kernelOffsets.push_back(index(int64_t(kp)));
  }
  int64_t inPlane = product(ArrayRef<int64_t>(g.in).drop_front(2));
  int64_t kernelPlane = product(ArrayRef<int64_t>(g.weight).drop_front(2));
  Value x = argument(conv.getInput()), w = argument(conv.getWeight());
  Value zero = constantF32(builder, loc, 0.0);
  Value firstChannel = mul(groupIndex, g.inPerGroup());
  auto loop = scf::ForOp::create(
      builder, loc, index(0), index(g.inPerGroup()), index(1),
      ValueRange{zero},
      [&](OpBuilder &, Location, Value c, ValueRange acc) {
        Value ic = add(firstChannel, c);
        Value xBase = mul(add(mul(n, g.in[1]), ic), inPlane);
        Value wBase = mul(add(mul(ic, g.outPerGroup()), m), kernelPlane);
        Value sum = acc[0];
        for (auto [tap, kernelOffset] : llvm::zip_equal(taps, kernelOffsets)) {
          Value xv = memref::LoadOp::create(builder, loc, x,
                                            add(xBase, tap.inputOffset));
          Value wv = memref::LoadOp::create(builder, loc, w,
                                            add(wBase, kernelOffset));
          Value term = arith::MulFOp::create(builder, loc, xv, wv);
          sum = arith::SelectOp::create(
              builder, loc, tap.lands,
              arith::AddFOp::create(builder, loc, sum, term), sum);
        }
        scf::YieldOp::create(builder, loc, sum);
      });
  Value result = loop.getResult(0);
  if (Value bias = conv.getBias())
    result = arith::AddFOp::create(
        builder, loc, result,
        memref::LoadOp::create(builder, loc, argument(bias), oc));
  return result;
}

} // namespace

bool isConvTransposeSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  return !body->without_terminator().empty() &&
         isa<cgc_op::ConvTransposeOp>(body->front());
}

llvm::Error checkConvTransposeSupport(cgc::SubgraphOp subgraph) {
  cgc_op::ConvTransposeOp conv = convTransposeOf(subgraph);
  for (Value operand : conv->getOperands())
    if (!isa<BlockArgument>(operand))
      return refuse(subgraph, "conv_transpose must read the subgraph's inputs");
  Geometry g = geometryOf(conv);
  if (g.in.size() < 3 || g.weight.size() != g.in.size() || g.group < 1 ||
      g.in[1] % g.group != 0 || g.weight[0] != g.in[1] ||
      g.out[1] != g.group * g.outPerGroup())
    return refuse(subgraph, "conv_transpose has inconsistent shapes");
  if (product(ArrayRef<int64_t>(g.weight).drop_front(2)) > kMaxTaps)
    return refuse(subgraph, "conv_transpose with more than " +
                                llvm::Twine(kMaxTaps) +
                                " kernel taps has no kernel generator yet");
  if (llvm::any_of(g.strides, [](int64_t s) { return s < 1; }) ||
      llvm::any_of(g.dilations, [](int64_t d) { return d < 1; }))
    return refuse(subgraph, "conv_transpose needs positive strides and "
                            "dilations");
  if (product(g.out) == 0)
    return refuse(subgraph, "conv_transpose on empty tensors has no kernel "
                            "generator yet");
  return checkFirstOpEpilogue(subgraph, g.out, "conv_transpose");
}

KernelModule buildConvTransposeKernel(cgc::SubgraphOp subgraph) {
  return ConvTransposeKernelBuilder(subgraph).build();
}

} // namespace opencgc::codegen
