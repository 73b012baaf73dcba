//===- NormalizationKernel.cpp - Normalizations with epilogues ------------===//
//
// The plain form, like the reductions: one invocation per normalized group
// (a row of layer_normalization, an (N, C) plane of
// instance_normalization, a group of mean_variance_normalization, a line
// of lp_normalization) loops over its elements to get the group's
// statistics in f32 (mean, then the mean squared deviation: two passes, as
// the reference kernels), then once more to store each normalized element
// through the elementwise epilogue. lrn is one invocation per element,
// summing squares over its channel window.
//
// batch_normalization needs no kernel of its own: it is a per-element op
// whose [C] parameters are read at the element's channel (see
// isChannelParameter), fused by the elementwise, matmul and convolution
// kernels.
//
//===----------------------------------------------------------------------===//
#include "NormalizationKernel.h"
#include "Epilogue.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"

#include "opencgc/Codegen/KernelIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/NormalizationOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;

namespace opencgc::codegen {
namespace {

enum class Norm { Layer, Instance, MeanVariance, Lp, Lrn };

std::optional<Norm> normKindOf(Operation *op) {
  if (isa<cgc_op::LayerNormalizationOp>(op))
    return Norm::Layer;
  if (isa<cgc_op::InstanceNormalizationOp>(op))
    return Norm::Instance;
  if (isa<cgc_op::MeanVarianceNormalizationOp>(op))
    return Norm::MeanVariance;
  if (isa<cgc_op::LpNormalizationOp>(op))
    return Norm::Lp;
  if (isa<cgc_op::LrnOp>(op))
    return Norm::Lrn;
  return std::nullopt;
}

/// The input axes one group spans (ONNX): layer_normalization from `axis`
/// on, instance_normalization the spatial ones, mean_variance_normalization
/// its `axes`, lp_normalization `axis`; lrn none (one element per group).
llvm::SmallVector<bool> groupAxes(Operation *op, Norm kind, int64_t rank) {
  llvm::SmallVector<bool> spanned(rank, false);
  auto from = [&](int64_t first) {
    for (int64_t d = first; d < rank; ++d)
      spanned[d] = true;
  };
  switch (kind) {
  case Norm::Layer:
    from(positiveAxis(int64_t(cast<cgc_op::LayerNormalizationOp>(op).getAxis()),
                      rank));
    break;
  case Norm::Instance:
    from(2);
    break;
  case Norm::MeanVariance:
    for (IntegerAttr axis : cast<cgc_op::MeanVarianceNormalizationOp>(op)
                                .getAxesAttr()
                                .getAsRange<IntegerAttr>())
      spanned[positiveAxis(axis.getInt(), rank)] = true;
    break;
  case Norm::Lp:
    spanned[positiveAxis(int64_t(cast<cgc_op::LpNormalizationOp>(op).getAxis()),
                         rank)] = true;
    break;
  case Norm::Lrn:
    break;
  }
  return spanned;
}

/// A group's elements: `spanned` extents and strides; the group's first
/// element from the other (kept) ones.
struct GroupLayout {
  Shape keptExtents, keptStrides, spannedExtents, spannedStrides;

  GroupLayout(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<bool> spanned) {
    Shape strides = denseStrides(shape);
    for (auto [d, extent] : llvm::enumerate(shape)) {
      (spanned[d] ? spannedExtents : keptExtents).push_back(extent);
      (spanned[d] ? spannedStrides : keptStrides).push_back(strides[d]);
    }
  }
  int64_t groups() const { return product(keptExtents); }
  int64_t groupSize() const { return product(spannedExtents); }
};

class NormalizationKernelBuilder {
public:
  explicit NormalizationKernelBuilder(cgc::SubgraphOp subgraph)
      : subgraph(subgraph), definition(subgraph.getFunctionalDefinition()),
        norm(&definition.getBodyBlock()->front()), kind(*normKindOf(norm)),
        inputShape(shapeOf(norm->getOperand(0))),
        layout(inputShape, groupAxes(norm, kind, inputShape.size())),
        builder(subgraph.getContext()), loc(norm->getLoc()) {}

  KernelModule build();

private:
  /// The statistics of one group.
  struct Statistics {
    Value mean;   // unused by lp_normalization
    Value second; // see emitStatistics
  };

  Value index(int64_t value) { return constantIndex(builder, loc, value); }
  Value f32(double value) { return constantF32(builder, loc, value); }
  Value scatter(Value flat, llvm::ArrayRef<int64_t> extents,
                llvm::ArrayRef<int64_t> strides);
  Value operandAt(unsigned operand, Value offset);
  Value sumOver(int64_t count, llvm::function_ref<Value(Value)> term);
  Statistics emitStatistics(Value group,
                            llvm::function_ref<Value(Value)> inputAt);
  Value normalize(Value x, Value j, Value group, const Statistics &stats);
  void emitGroup(Value group);
  void emitLrn(Value element);
  void storeElement(Value y, Value flat, const Statistics &stats);

  cgc::SubgraphOp subgraph;
  cgc::FunctionalDefinitionOp definition;
  Operation *norm;
  Norm kind;
  Shape inputShape;
  GroupLayout layout;
  OpBuilder builder;
  Location loc;
  gpu::GPUFuncOp function;
};

/// scatterIndex, but no arithmetic where `strides` are dense.
Value NormalizationKernelBuilder::scatter(Value flat,
                                          llvm::ArrayRef<int64_t> extents,
                                          llvm::ArrayRef<int64_t> strides) {
  // Dense trailing dimensions (layer and instance groups): no arithmetic.
  if (llvm::ArrayRef<int64_t>(denseStrides(extents)) == strides)
    return flat;
  return scatterIndex(builder, loc, flat, extents, strides);
}

/// Operand `operand` of the normalization (a subgraph input: the op comes
/// first) at flat offset `offset`.
Value NormalizationKernelBuilder::operandAt(unsigned operand, Value offset) {
  auto argument = cast<BlockArgument>(norm->getOperand(operand));
  return memref::LoadOp::create(
      builder, loc, function.getArgument(argument.getArgNumber()), offset);
}

/// The f32 sum of term(j) for j in [0, count).
Value NormalizationKernelBuilder::sumOver(
    int64_t count, llvm::function_ref<Value(Value)> term) {
  auto forOp = scf::ForOp::create(
      builder, loc, index(0), index(count), index(1), ValueRange{f32(0)},
      [&](OpBuilder &nested, Location, Value j, ValueRange acc) {
        Value sum = arith::AddFOp::create(builder, loc, acc[0], term(j));
        scf::YieldOp::create(nested, loc, sum);
      });
  return forOp.getResult(0);
}

/// The group's mean (none for lp_normalization) and a second statistic: the
/// inverse standard deviation (layer), scale / standard deviation
/// (instance), standard deviation + 1e-9 (mean-variance), or the norm (lp),
/// each as the reference kernel computes it.
NormalizationKernelBuilder::Statistics
NormalizationKernelBuilder::emitStatistics(
    Value group, llvm::function_ref<Value(Value)> inputAt) {
  int64_t count = layout.groupSize();
  auto square = [&](Value v) -> Value {
    return arith::MulFOp::create(builder, loc, v, v);
  };
  if (kind == Norm::Lp) {
    bool l1 = cast<cgc_op::LpNormalizationOp>(norm).getP() == 1;
    Value total = sumOver(count, [&](Value j) -> Value {
      Value x = inputAt(j);
      return l1 ? Value(math::AbsFOp::create(builder, loc, x)) : square(x);
    });
    return {Value(),
            l1 ? total : Value(math::SqrtOp::create(builder, loc, total))};
  }
  Value mean = arith::DivFOp::create(builder, loc, sumOver(count, inputAt),
                                     f32(double(count)));
  Value squares = sumOver(count, [&](Value j) {
    return square(arith::SubFOp::create(builder, loc, inputAt(j), mean));
  });
  Value variance =
      arith::DivFOp::create(builder, loc, squares, f32(double(count)));
  if (kind == Norm::MeanVariance)
    // ONNX's function body: (X - mean) / (sqrt(variance) + 1e-9).
    return {mean, arith::AddFOp::create(
                      builder, loc,
                      math::SqrtOp::create(builder, loc, variance), f32(1e-9))};
  double epsilon = kind == Norm::Layer
                       ? cast<cgc_op::LayerNormalizationOp>(norm)
                             .getEpsilon()
                             .convertToDouble()
                       : cast<cgc_op::InstanceNormalizationOp>(norm)
                             .getEpsilon()
                             .convertToDouble();
  Value stdDev = math::SqrtOp::create(
      builder, loc,
      arith::AddFOp::create(builder, loc, variance, f32(epsilon)));
  Value numerator = f32(1);
  if (kind == Norm::Instance) {
    // The group is plane (n, c): c is its index modulo C.
    Value channel =
        arith::RemUIOp::create(builder, loc, group, index(inputShape[1]));
    numerator = operandAt(1, channel);
  }
  return {mean, arith::DivFOp::create(builder, loc, numerator, stdDev)};
}

/// Element j of group `group`, whose input is x, normalized.
Value NormalizationKernelBuilder::normalize(Value x, Value j, Value group,
                                            const Statistics &stats) {
  if (kind == Norm::Lp) {
    // A zero norm gives zeros, as on the reference device (0 / 0 is NaN).
    Value quotient = arith::DivFOp::create(builder, loc, x, stats.second);
    Value zeroNorm = arith::CmpFOp::create(
        builder, loc, arith::CmpFPredicate::OEQ, stats.second, f32(0));
    return arith::SelectOp::create(builder, loc, zeroNorm, f32(0), quotient);
  }
  Value centered = arith::SubFOp::create(builder, loc, x, stats.mean);
  switch (kind) {
  case Norm::Layer: {
    // (x - mean) * invStdDev * scale [+ bias], scale and bias broadcast to
    // the normalized dimensions, which are the group's (trailing) ones.
    IterationSpace normalized(builder, loc, j, layout.spannedExtents);
    Value y = arith::MulFOp::create(
        builder, loc,
        arith::MulFOp::create(builder, loc, centered, stats.second),
        operandAt(1, normalized.offsetOf(shapeOf(norm->getOperand(1)))));
    if (norm->getNumOperands() < 3)
      return y;
    return arith::AddFOp::create(
        builder, loc, y,
        operandAt(2, normalized.offsetOf(shapeOf(norm->getOperand(2)))));
  }
  case Norm::Instance: {
    Value channel =
        arith::RemUIOp::create(builder, loc, group, index(inputShape[1]));
    return arith::AddFOp::create(
        builder, loc,
        arith::MulFOp::create(builder, loc, centered, stats.second),
        operandAt(2, channel));
  }
  default: // mean-variance divides, as the reference kernel
    return arith::DivFOp::create(builder, loc, centered, stats.second);
  }
}

/// Runs the epilogue on y, the normalization's result at flat index `flat`
/// of its shape, and stores every per-element subgraph result there.
void NormalizationKernelBuilder::storeElement(Value y, Value flat,
                                              const Statistics &stats) {
  IterationSpace space(builder, loc, flat, inputShape);
  EpilogueEvaluator epilogue(builder, loc, space, [&](unsigned number) {
    return function.getArgument(number);
  });
  epilogue.map(norm->getResult(0), y);
  if (kind == Norm::Layer) {
    epilogue.map(norm->getResult(1), stats.mean);
    epilogue.map(norm->getResult(2), stats.second);
  }
  epilogue.applyAfterFirst(definition.getBodyBlock());
  Operation *terminator = definition.getBodyBlock()->getTerminator();
  unsigned firstOutput = definition.getNumArguments();
  for (auto [k, value] : llvm::enumerate(terminator->getOperands()))
    if (value.getDefiningOp() != norm || value == norm->getResult(0))
      memref::StoreOp::create(builder, loc, epilogue.scalarOf(value),
                              function.getArgument(firstOutput + k), flat);
}

void NormalizationKernelBuilder::emitGroup(Value group) {
  Value base = scatter(group, layout.keptExtents, layout.keptStrides);
  auto flatAt = [&](Value j) -> Value {
    return arith::AddIOp::create(
        builder, loc, base,
        scatter(j, layout.spannedExtents, layout.spannedStrides));
  };
  auto inputAt = [&](Value j) { return operandAt(0, flatAt(j)); };
  Statistics stats = emitStatistics(group, inputAt);
  scf::ForOp::create(builder, loc, index(0), index(layout.groupSize()),
                     index(1), ValueRange{},
                     [&](OpBuilder &nested, Location, Value j, ValueRange) {
                       Value flat = flatAt(j);
                       Value y = normalize(operandAt(0, flat), j, group, stats);
                       storeElement(y, flat, stats);
                       scf::YieldOp::create(nested, loc);
                     });
  // layer_normalization's mean and inverse standard deviation have the
  // input's shape with the normalized (trailing) dimensions set to 1: one
  // element per group, at the group's index.
  Operation *terminator = definition.getBodyBlock()->getTerminator();
  unsigned firstOutput = definition.getNumArguments();
  for (auto [k, value] : llvm::enumerate(terminator->getOperands())) {
    if (value.getDefiningOp() != norm || value == norm->getResult(0))
      continue;
    Value stat = value == norm->getResult(1) ? stats.mean : stats.second;
    memref::StoreOp::create(builder, loc, stat,
                            function.getArgument(firstOutput + k), group);
  }
}

/// ONNX LRN: x / (bias + alpha / size * square_sum)^beta, square_sum over
/// the channels [c - floor((size-1)/2), c + ceil((size-1)/2)] that exist.
/// The window loop has a static trip count: taps outside the channels load
/// a clamped element and add 0.
void NormalizationKernelBuilder::emitLrn(Value element) {
  auto lrn = cast<cgc_op::LrnOp>(norm);
  int64_t size = int64_t(lrn.getSize()), channels = inputShape[1];
  int64_t below = (size - 1) / 2;
  int64_t inner = product(llvm::ArrayRef(inputShape).drop_front(2));
  auto mul = [&](Value a, int64_t b) -> Value {
    return b == 1 ? a : arith::MulIOp::create(builder, loc, a, index(b));
  };
  Value plane =
      inner == 1 ? element
                 : arith::DivUIOp::create(builder, loc, element, index(inner));
  Value channel = arith::RemUIOp::create(builder, loc, plane, index(channels));
  // The element at channel 0 of the same batch and spatial position.
  Value base =
      arith::SubIOp::create(builder, loc, element, mul(channel, inner));
  // Shifted by `below` so that every index stays non-negative.
  Value squareSum = sumOver(size, [&](Value t) -> Value {
    Value shifted = arith::AddIOp::create(builder, loc, channel, t);
    auto cmp = [&](arith::CmpIPredicate predicate, Value a,
                   int64_t b) -> Value {
      return arith::CmpIOp::create(builder, loc, predicate, a, index(b));
    };
    Value inside = arith::AndIOp::create(
        builder, loc, cmp(arith::CmpIPredicate::uge, shifted, below),
        cmp(arith::CmpIPredicate::ult, shifted, channels + below));
    Value clamped = arith::SelectOp::create(
        builder, loc, cmp(arith::CmpIPredicate::ult, shifted, below),
        index(below), shifted);
    clamped = arith::SelectOp::create(
        builder, loc, cmp(arith::CmpIPredicate::uge, clamped, channels + below),
        index(channels + below - 1), clamped);
    Value tap = arith::SubIOp::create(builder, loc, clamped, index(below));
    Value v = operandAt(
        0, arith::AddIOp::create(builder, loc, base, mul(tap, inner)));
    return arith::SelectOp::create(builder, loc, inside,
                                   arith::MulFOp::create(builder, loc, v, v),
                                   f32(0));
  });
  double alpha = lrn.getAlpha().convertToDouble();
  double beta = lrn.getBeta().convertToDouble();
  double bias = lrn.getBias().convertToDouble();
  Value scaled = arith::AddFOp::create(
      builder, loc, f32(bias),
      arith::MulFOp::create(builder, loc, f32(alpha / double(size)),
                            squareSum));
  Value y = arith::DivFOp::create(
      builder, loc, operandAt(0, element),
      math::PowFOp::create(builder, loc, scaled, f32(beta)));
  storeElement(y, element, {});
}

KernelModule NormalizationKernelBuilder::build() {
  KernelModule result;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, result);
  function = createKernelFunction(builder, kernels, subgraph);

  builder.setInsertionPointToStart(&function.getBody().front());
  Value invocation = invocationIndex(builder, loc);
  int64_t invocations = layout.groups();
  Value inBounds = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ult, invocation, index(invocations));
  auto ifOp =
      scf::IfOp::create(builder, loc, inBounds, /*withElseRegion=*/false);
  gpu::ReturnOp::create(builder, loc);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  if (kind == Norm::Lrn)
    emitLrn(invocation);
  else
    emitGroup(invocation);

  result.launches.push_back(linearLaunch(subgraph, invocations));
  return result;
}

/// What the op itself needs beyond float32 tensors.
llvm::Error checkNormalizationOp(cgc::SubgraphOp subgraph, Operation *op,
                                 Norm kind) {
  StringRef name = op->getName().getStringRef();
  llvm::ArrayRef<int64_t> shape = shapeOf(op->getOperand(0));
  if (product(shape) == 0)
    return refuse(subgraph, name + " of an empty tensor has no kernel");
  if (product(shape) > std::numeric_limits<int32_t>::max())
    return refuse(subgraph, name + " input exceeds 32-bit indexing");
  if (kind == Norm::MeanVariance &&
      !cast<cgc_op::MeanVarianceNormalizationOp>(op).getAxesAttr())
    // The ODS default ({0, 2, 3}) and the reference kernel (no axes)
    // disagree when `axes` is left out; the importer always sets it.
    return refuse(subgraph, name + " without explicit axes has no kernel");
  return llvm::Error::success();
}

/// Whether the epilogue (every op after the first) computes per element of
/// the output's shape, and each subgraph result is such an element or one
/// of layer_normalization's statistics.
llvm::Error checkEpilogue(cgc::SubgraphOp subgraph, Operation *norm) {
  Block *body = norm->getBlock();
  llvm::ArrayRef<int64_t> outShape = shapeOf(norm->getResult(0));
  SmallVector<llvm::ArrayRef<int64_t>> shapes = {outShape};
  for (Operation &op : llvm::drop_begin(body->without_terminator())) {
    if (llvm::Error error = checkPerElementOp(subgraph, &op))
      return error;
    for (OpOperand &use : op.getOpOperands())
      if (!isChannelParameter(use))
        shapes.push_back(shapeOf(use.get()));
    shapes.push_back(shapeOf(op.getResult(0)));
  }
  std::optional<Shape> iteration = broadcastShapes(shapes);
  if (!iteration || llvm::ArrayRef<int64_t>(*iteration) != outShape)
    return refuse(subgraph, "the epilogue's shapes must broadcast to the "
                            "normalization's output shape");
  for (Value value : body->getTerminator()->getOperands()) {
    bool statistic =
        value.getDefiningOp() == norm && value != norm->getResult(0);
    if (!statistic && (!value.getDefiningOp() || shapeOf(value) != outShape))
      return refuse(subgraph, "a normalization kernel stores elements of the "
                              "normalization's output shape or its "
                              "statistics only");
  }
  return llvm::Error::success();
}

} // namespace

bool isChannelParameter(OpOperand &use) {
  return isa<cgc_op::BatchNormalizationOp>(use.getOwner()) &&
         use.getOperandNumber() >= 1;
}

Shape channelParameterShape(OpOperand &use) {
  Operation *op = use.getOwner();
  Shape shape(shapeOf(op->getOperand(0)).size(), 1);
  shape[1] = shapeOf(op->getOperand(0))[1];
  return shape;
}

llvm::Error checkPerElementOp(cgc::SubgraphOp subgraph, Operation *op) {
  if (!isa<cgc_op::BatchNormalizationOp>(op))
    return checkElementwiseOp(subgraph, op);
  StringRef name = op->getName().getStringRef();
  if (!llvm::all_of(op->getOperandTypes(), isFloat32) ||
      !llvm::all_of(op->getResultTypes(), isFloat32))
    return refuse(subgraph, name + " is supported on float32 only");
  // Shape inference guarantees an N x C x ... input.
  llvm::ArrayRef<int64_t> shape = shapeOf(op->getOperand(0));
  for (OpOperand &use : llvm::drop_begin(op->getOpOperands()))
    // Computed parameters would need a per-channel pass of their own.
    if (!isa<BlockArgument>(use.get()) ||
        shapeOf(use.get()) != llvm::ArrayRef<int64_t>{shape[1]})
      return refuse(subgraph, name + " parameters must be [C] subgraph inputs");
  return llvm::Error::success();
}

bool isNormalizationSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  return !body->without_terminator().empty() &&
         normKindOf(&body->front()).has_value();
}

llvm::Error checkNormalizationSupport(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  Operation *norm = &definition.getBodyBlock()->front();
  StringRef name = norm->getName().getStringRef();
  bool float32 = llvm::all_of(definition.getArgumentTypes(), isFloat32) &&
                 llvm::all_of(definition.getResultTypes(), isFloat32);
  definition.getBodyBlock()->walk([&](Operation *op) {
    float32 &= llvm::all_of(op->getResultTypes(), [](Type type) {
      return !isa<cgc::TensorType>(type) || isFloat32(type);
    });
  });
  if (!float32)
    return refuse(subgraph, name + " is supported on float32 only");
  if (llvm::Error error =
          checkNormalizationOp(subgraph, norm, *normKindOf(norm)))
    return error;
  for (Value input : definition.getBodyBlock()->getArguments())
    if (product(shapeOf(input)) > std::numeric_limits<int32_t>::max())
      return refuse(subgraph, "an input exceeds 32-bit indexing");
  return checkEpilogue(subgraph, norm);
}

KernelModule buildNormalizationKernel(cgc::SubgraphOp subgraph) {
  return NormalizationKernelBuilder(subgraph).build();
}

} // namespace opencgc::codegen
