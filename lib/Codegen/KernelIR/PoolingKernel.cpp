//===- PoolingKernel.cpp - Max, average and Lp pooling with epilogues -----===//
//
// One invocation per output element of a max_pooling, average_pooling or
// lp_pooling op (float32, 1 to 3 spatial dimensions, padded to three like
// the reference kernels in lib/ReferenceKernels). It walks the element's
// window with one f32 accumulator: small windows are unrolled, large ones
// (global pooling) loop. Taps in the padding load a clamped element and
// select the operation's neutral value instead of branching; a dimension
// whose windows always lie inside the input skips those checks. The epilogue
// (every op after the pooling) runs on the accumulator before its store.
//
//===----------------------------------------------------------------------===//
#include "PoolingKernel.h"
#include "Epilogue.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "LinearLaunch.h"

#include "opencgc/Codegen/KernelIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/NormalizationOps.h"

#include <array>
#include <limits>

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// Windows with at most this many taps are unrolled: their loop overhead
/// would cost more than the loads on the interpreting drivers.
constexpr int64_t kMaxUnrolledTaps = 32;
/// Integer Lp exponents up to this one are repeated multiplications.
constexpr int64_t kMaxMultipliedPower = 4;

enum class PoolKind { Max, Average, Lp };

using Triple = std::array<int64_t, 3>;

/// The pooling's geometry, spatial dimensions padded to three (leading
/// extents of 1), as in the reference kernels.
struct PoolShape {
  PoolKind kind;
  int64_t planes; // N * C
  Triple in, out, window, stride, dilation, padBegin, padEnd;
  bool countIncludePad = false;
  int64_t p = 2;
  Shape outShape;

  int64_t outPlane() const { return out[0] * out[1] * out[2]; }
  int64_t invocations() const { return planes * outPlane(); }
  int64_t taps() const { return window[0] * window[1] * window[2]; }
  /// Whether every window of every output lies inside the input along `d`.
  bool alwaysInside(size_t d) const {
    return padBegin[d] <= 0 && (out[d] - 1) * stride[d] - padBegin[d] +
                                       (window[d] - 1) * dilation[d] <
                                   in[d];
  }
};

/// The `spatial` values of the array attribute `name` of `op`, `fallback`
/// for each when absent; nullopt when it has another length.
std::optional<Shape> spatialValues(Operation *op, StringRef name,
                                   size_t spatial, int64_t fallback) {
  auto attr = op->getAttrOfType<ArrayAttr>(name);
  if (!attr)
    return Shape(spatial, fallback);
  if (attr.size() != spatial)
    return std::nullopt;
  Shape values;
  for (Attribute value : attr)
    values.push_back(cast<IntegerAttr>(value).getInt());
  return values;
}

std::optional<PoolKind> poolKindOf(Operation *op) {
  if (isa<cgc_op::MaxPoolingOp>(op))
    return PoolKind::Max;
  if (isa<cgc_op::AveragePoolingOp>(op))
    return PoolKind::Average;
  if (isa<cgc_op::LpPoolingOp>(op))
    return PoolKind::Lp;
  return std::nullopt;
}

/// The geometry of `pool` from input shape `x` to output shape `y`, the
/// spatial dimensions padded to three; nullopt when an attribute has the
/// wrong length.
std::optional<PoolShape> geometryOf(Operation *pool, llvm::ArrayRef<int64_t> x,
                                    llvm::ArrayRef<int64_t> y) {
  size_t spatial = x.size() - 2;
  std::optional<Shape> window = spatialValues(pool, "window_size", spatial, 1),
                       strides = spatialValues(pool, "strides", spatial, 1),
                       dilations = spatialValues(pool, "dilations", spatial, 1),
                       begin = spatialValues(pool, "start_padding", spatial, 0),
                       end = spatialValues(pool, "end_padding", spatial, 0);
  if (!window || !strides || !dilations || !begin || !end)
    return std::nullopt;
  PoolShape s;
  s.kind = *poolKindOf(pool);
  s.planes = x[0] * x[1];
  s.outShape = Shape(y);
  size_t lead = 3 - spatial;
  for (size_t d = 0; d < 3; ++d) {
    bool real = d >= lead;
    size_t i = d - lead;
    s.in[d] = real ? x[2 + i] : 1;
    s.out[d] = real ? y[2 + i] : 1;
    s.window[d] = real ? (*window)[i] : 1;
    s.stride[d] = real ? (*strides)[i] : 1;
    s.dilation[d] = real ? (*dilations)[i] : 1;
    s.padBegin[d] = real ? (*begin)[i] : 0;
    s.padEnd[d] = real ? (*end)[i] : 0;
  }
  if (auto average = dyn_cast<cgc_op::AveragePoolingOp>(pool))
    s.countIncludePad = average.getCountIncludePad();
  if (auto lp = dyn_cast<cgc_op::LpPoolingOp>(pool))
    s.p = int64_t(lp.getP());
  return s;
}

llvm::Expected<PoolShape> analyze(cgc::SubgraphOp subgraph, Operation *pool) {
  auto refusePool = [&](const llvm::Twine &why) {
    return refuse(subgraph, pool->getName().getStringRef() + " " + why);
  };
  if (isa<cgc_op::MaxPoolingWithIndicesOp>(pool))
    return refusePool("has no kernel generator yet: its indices are int64, "
                      "which kernels do not store");
  llvm::ArrayRef<int64_t> x = shapeOf(pool->getOperand(0));
  llvm::ArrayRef<int64_t> y = shapeOf(pool->getResult(0));
  if (x.size() < 3 || x.size() > 5 || y.size() != x.size())
    return refusePool("with other than 1 to 3 spatial dimensions has no "
                      "kernel generator yet");
  std::optional<PoolShape> s = geometryOf(pool, x, y);
  if (!s)
    return refusePool("has attributes of the wrong length");
  for (size_t d = 0; d < 3; ++d)
    if (s->window[d] < 1 || s->stride[d] < 1 || s->dilation[d] < 1)
      return refusePool("needs positive window sizes, strides and dilations");
  if (s->p < 1)
    return refusePool("with p < 1 has no kernel generator yet");
  if (y[0] != x[0] || y[1] != x[1])
    return refusePool("has inconsistent batch or channels");
  if (product(x) == 0 || product(y) == 0)
    return refusePool("on empty tensors has no kernel generator yet");
  if ((s->invocations() + kWorkgroupSize - 1) / kWorkgroupSize >
      int64_t(kMaxWorkgroupCount) * kMaxWorkgroupCount)
    return refusePool("has too many outputs for one launch");
  return *s;
}

class PoolingKernelBuilder {
public:
  PoolingKernelBuilder(cgc::SubgraphOp subgraph, PoolShape shape)
      : subgraph(subgraph), definition(subgraph.getFunctionalDefinition()),
        pool(&definition.getBodyBlock()->front()), shape(std::move(shape)),
        builder(subgraph.getContext()) {}

  KernelModule build();

private:
  // Index arithmetic folds as it is built, so the padded dimensions (extent
  // 1, no padding) cost nothing.
  Value index(int64_t value) { return constantIndex(builder, loc, value); }
  Value add(Value x, Value y) {
    return builder.createOrFold<arith::AddIOp>(loc, x, y);
  }
  Value add(Value x, int64_t y) { return add(x, index(y)); }
  Value mul(Value x, int64_t y) {
    return builder.createOrFold<arith::MulIOp>(loc, x, index(y));
  }
  Value f32(double value) { return constantF32(builder, loc, value); }
  Value compare(arith::CmpIPredicate predicate, Value x, int64_t bound) {
    return builder.createOrFold<arith::CmpIOp>(loc, predicate, x, index(bound));
  }
  /// Whether low <= x < high, x a signed index.
  Value inside(Value x, int64_t low, int64_t high) {
    Value above = compare(arith::CmpIPredicate::sge, x, low);
    return builder.createOrFold<arith::AndIOp>(
        loc, above, compare(arith::CmpIPredicate::slt, x, high));
  }
  Value both(Value x, Value y) {
    return x ? builder.createOrFold<arith::AndIOp>(loc, x, y) : y;
  }

  void decompose(Value element);
  /// Calls `body(k)` for k in [0, extent): unrolled when `unroll`, else an
  /// scf.for carrying `carried`; returns the final carried values.
  SmallVector<Value>
  repeat(int64_t extent, bool unroll, ValueRange carried,
         llvm::function_ref<SmallVector<Value>(Value, ValueRange)> body);
  Value accumulateWindow(unsigned d, Value offset, Value valid,
                         Value accumulator);
  Value accumulateTap(Value offset, Value valid, Value accumulator);
  Value power(Value x, int64_t p);
  Value tapsWithin(unsigned d, bool includePad);
  Value finish(Value accumulator);
  Value applyEpilogue(Value pooled, Value element);

  cgc::SubgraphOp subgraph;
  cgc::FunctionalDefinitionOp definition;
  Operation *pool;
  PoolShape shape;
  OpBuilder builder;
  Location loc = builder.getUnknownLoc();
  gpu::GPUFuncOp function;

  // The invocation's plane and the first input coordinate of its window
  // along each dimension (negative inside the start padding).
  Value plane;
  std::array<Value, 3> start;
};

/// Output elements are row-major (plane, o0, o1, o2), so neighbouring
/// lanes read neighbouring input columns.
void PoolingKernelBuilder::decompose(Value element) {
  Value rest = element;
  for (unsigned d = 3; d-- > 0;) {
    Value coordinate = index(0);
    if (shape.out[d] > 1) {
      coordinate =
          arith::RemUIOp::create(builder, loc, rest, index(shape.out[d]));
      rest = arith::DivUIOp::create(builder, loc, rest, index(shape.out[d]));
    }
    start[d] = add(mul(coordinate, shape.stride[d]), -shape.padBegin[d]);
  }
  plane = rest;
}

SmallVector<Value> PoolingKernelBuilder::repeat(
    int64_t extent, bool unroll, ValueRange carried,
    llvm::function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  if (unroll || extent == 1) {
    SmallVector<Value> values(carried);
    for (int64_t k = 0; k < extent; ++k)
      values = body(index(k), values);
    return values;
  }
  auto forOp = scf::ForOp::create(
      builder, loc, index(0), index(extent), index(1), carried,
      [&](OpBuilder &, Location, Value k, ValueRange values) {
        scf::YieldOp::create(builder, loc, body(k, values));
      });
  return SmallVector<Value>(forOp.getResults());
}

/// The window's taps along dimensions d.. . `offset` is the flat input
/// offset of the dimensions before d, `valid` whether they are inside the
/// input (null: always).
Value PoolingKernelBuilder::accumulateWindow(unsigned d, Value offset,
                                             Value valid, Value accumulator) {
  if (d == 3)
    return accumulateTap(offset, valid, accumulator);
  bool unroll = shape.taps() <= kMaxUnrolledTaps;
  return repeat(shape.window[d], unroll, accumulator,
                [&](Value k, ValueRange values) -> SmallVector<Value> {
                  Value i = add(start[d], mul(k, shape.dilation[d]));
                  Value tapValid = valid;
                  if (!shape.alwaysInside(d)) {
                    tapValid = both(valid, inside(i, 0, shape.in[d]));
                    Value low =
                        builder.createOrFold<arith::MaxSIOp>(loc, i, index(0));
                    i = builder.createOrFold<arith::MinSIOp>(
                        loc, low, index(shape.in[d] - 1));
                  }
                  Value next = add(mul(offset, shape.in[d]), i);
                  return {accumulateWindow(d + 1, next, tapValid, values[0])};
                })
      .front();
}

/// x^p, x >= 0: multiplications for a small integer p (cheaper than pow
/// and exact for p = 1), else math.powf.
Value PoolingKernelBuilder::power(Value x, int64_t p) {
  if (p > kMaxMultipliedPower)
    return math::PowFOp::create(builder, loc, x, f32(double(p)));
  Value result = x;
  for (int64_t i = 1; i < p; ++i)
    result = arith::MulFOp::create(builder, loc, result, x);
  return result;
}

Value PoolingKernelBuilder::accumulateTap(Value offset, Value valid,
                                          Value accumulator) {
  Value input = function.getArgument(
      cast<BlockArgument>(pool->getOperand(0)).getArgNumber());
  Value x = memref::LoadOp::create(builder, loc, input, offset);
  // Padding never wins a maximum and adds nothing to a sum.
  double neutral = shape.kind == PoolKind::Max
                       ? -std::numeric_limits<double>::infinity()
                       : 0.0;
  if (valid)
    x = builder.createOrFold<arith::SelectOp>(loc, valid, x, f32(neutral));
  switch (shape.kind) {
  case PoolKind::Max: {
    // std::max(best, x): a NaN tap never replaces the running maximum.
    Value greater = arith::CmpFOp::create(
        builder, loc, arith::CmpFPredicate::OLT, accumulator, x);
    return arith::SelectOp::create(builder, loc, greater, x, accumulator);
  }
  case PoolKind::Average:
    return arith::AddFOp::create(builder, loc, accumulator, x);
  case PoolKind::Lp:
    return arith::AddFOp::create(
        builder, loc, accumulator,
        power(math::AbsFOp::create(builder, loc, x), shape.p));
  }
  llvm_unreachable("unknown pooling kind");
}

/// How many taps of the window along `d` fall inside the input, or inside
/// the padded input when `includePad` (the reference's count_include_pad
/// divisor, which never counts taps past the end padding).
Value PoolingKernelBuilder::tapsWithin(unsigned d, bool includePad) {
  if (shape.alwaysInside(d))
    return index(shape.window[d]);
  int64_t low = includePad ? -shape.padBegin[d] : 0;
  int64_t high = shape.in[d] + (includePad ? shape.padEnd[d] : 0);
  return repeat(shape.window[d], shape.window[d] <= kMaxUnrolledTaps, index(0),
                [&](Value k, ValueRange count) -> SmallVector<Value> {
                  Value i = add(start[d], mul(k, shape.dilation[d]));
                  Value one = builder.createOrFold<arith::SelectOp>(
                      loc, inside(i, low, high), index(1), index(0));
                  return {add(count[0], one)};
                })
      .front();
}

/// The pooled value from the window's accumulator.
Value PoolingKernelBuilder::finish(Value accumulator) {
  switch (shape.kind) {
  case PoolKind::Max:
    return accumulator;
  case PoolKind::Average: {
    Value count = index(1);
    for (unsigned d = 0; d < 3; ++d)
      count = builder.createOrFold<arith::MulIOp>(
          loc, count, tapsWithin(d, shape.countIncludePad));
    // Folded to a constant when no window touches the padding.
    Value integer = builder.createOrFold<arith::IndexCastOp>(
        loc, builder.getI32Type(), count);
    Value divisor = builder.createOrFold<arith::SIToFPOp>(
        loc, builder.getF32Type(), integer);
    Value mean = arith::DivFOp::create(builder, loc, accumulator, divisor);
    // An all-padding window averages to 0, as in the reference.
    Value empty = compare(arith::CmpIPredicate::eq, count, 0);
    return builder.createOrFold<arith::SelectOp>(loc, empty, f32(0), mean);
  }
  case PoolKind::Lp:
    if (shape.p == 1)
      return accumulator;
    if (shape.p == 2)
      return math::SqrtOp::create(builder, loc, accumulator);
    return math::PowFOp::create(builder, loc, accumulator,
                                f32(1.0 / double(shape.p)));
  }
  llvm_unreachable("unknown pooling kind");
}

/// The ops after the pooling, at the output element `element`.
Value PoolingKernelBuilder::applyEpilogue(Value pooled, Value element) {
  return applyEpilogueAt(builder, loc, subgraph, function.getArguments(),
                         element, shape.outShape, pooled);
}

KernelModule PoolingKernelBuilder::build() {
  loc = subgraph.getLoc();
  KernelModule result;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, result);
  int64_t elements = shape.invocations();
  int64_t perInvocation = elementsPerInvocation(subgraph, shape.outShape);
  function = createKernelFunction(builder, kernels, subgraph, perInvocation);
  builder.setInsertionPointToStart(&function.getBody().front());

  Value invocation = invocationIndex(builder, loc);
  auto ifOp = scf::IfOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, invocation,
                            index(elements / perInvocation)),
      false);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  double initial = shape.kind == PoolKind::Max
                       ? -std::numeric_limits<double>::infinity()
                       : 0.0;
  SmallVector<Value> stored;
  for (int64_t e = 0; e < perInvocation; ++e) {
    Value element =
        elementOfInvocation(builder, loc, invocation, perInvocation, e);
    decompose(element);
    Value accumulated = accumulateWindow(0, plane, Value(), f32(initial));
    stored.push_back(applyEpilogue(finish(accumulated), element));
  }
  storeInvocationValues(builder, loc, function.getArguments().back(),
                        invocation, stored);
  builder.setInsertionPointAfter(ifOp);
  gpu::ReturnOp::create(builder, loc);

  result.launches.push_back(linearLaunch(subgraph, elements / perInvocation));
  return result;
}

} // namespace

bool isPoolingSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  return !body->without_terminator().empty() &&
         isa<cgc_op::MaxPoolingOp, cgc_op::AveragePoolingOp,
             cgc_op::LpPoolingOp, cgc_op::MaxPoolingWithIndicesOp>(
             body->front());
}

llvm::Error checkPoolingSupport(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  Block *body = definition.getBodyBlock();
  Operation *pool = &body->front();
  llvm::Expected<PoolShape> shape = analyze(subgraph, pool);
  if (!shape)
    return shape.takeError();
  return checkFirstOpEpilogue(subgraph, shape->outShape, "pooling");
}

KernelModule buildPoolingKernel(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  PoolShape shape =
      cantFail(analyze(subgraph, &definition.getBodyBlock()->front()));
  return PoolingKernelBuilder(subgraph, std::move(shape)).build();
}

} // namespace opencgc::codegen
