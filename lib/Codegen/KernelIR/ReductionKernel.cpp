//===- ReductionKernel.cpp - Reductions and softmax with prologues --------===//
//
// The plain form first: one invocation per output element of a reduce_*
// op, looping over the elements it reduces with an f32 accumulator; one
// invocation per line of softmax / log_softmax, which loops over its line
// three times (maximum, sum of exponentials, stores). The elementwise
// prologue (every op before the reduction) is recomputed at each element
// it loads, so no intermediate tensor is written.
//
//===----------------------------------------------------------------------===//
#include "ReductionKernel.h"
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace opencgc::codegen {
namespace {

enum class Reduce {
  Sum,
  Mean,
  Max,
  Min,
  Prod,
  L1,
  L2,
  LogSum,
  LogSumExp,
  SumSquare,
  Softmax,
  LogSoftmax
};

std::optional<Reduce> reduceKindOf(Operation &op) {
  return llvm::StringSwitch<std::optional<Reduce>>(op.getName().getStringRef())
      .Case("cgc_op.reduce_sum", Reduce::Sum)
      .Case("cgc_op.reduce_mean", Reduce::Mean)
      .Case("cgc_op.reduce_max", Reduce::Max)
      .Case("cgc_op.reduce_min", Reduce::Min)
      .Case("cgc_op.reduce_prod", Reduce::Prod)
      .Case("cgc_op.reduce_l1", Reduce::L1)
      .Case("cgc_op.reduce_l2", Reduce::L2)
      .Case("cgc_op.reduce_log_sum", Reduce::LogSum)
      .Case("cgc_op.reduce_log_sum_exp", Reduce::LogSumExp)
      .Case("cgc_op.reduce_sum_square", Reduce::SumSquare)
      .Case("cgc_op.softmax", Reduce::Softmax)
      .Case("cgc_op.log_softmax", Reduce::LogSoftmax)
      .Default(std::nullopt);
}

bool isSoftmax(Reduce kind) {
  return kind == Reduce::Softmax || kind == Reduce::LogSoftmax;
}

Operation *reductionOf(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  if (body->without_terminator().empty())
    return nullptr;
  return &*std::prev(body->without_terminator().end());
}

llvm::ArrayRef<int64_t> shapeOf(Value value) {
  return cast<cgc::TensorType>(value.getType()).getShape();
}

/// Which input axes a reduce_* op reduces: every axis when `axes` is absent
/// or empty, none then with noop_with_empty_axes (as the reference kernel).
llvm::SmallVector<bool> reducedAxes(Operation *op, int64_t rank) {
  auto noop = op->getAttrOfType<BoolAttr>("noop_with_empty_axes");
  llvm::SmallVector<bool> reduced(rank, !(noop && noop.getValue()));
  auto axes = op->getAttrOfType<ArrayAttr>("axes");
  if (!axes || axes.empty())
    return reduced;
  reduced.assign(rank, false);
  for (Attribute axis : axes) {
    int64_t value = cast<IntegerAttr>(axis).getInt();
    reduced[value < 0 ? value + rank : value] = true;
  }
  return reduced;
}

int64_t softmaxAxis(Operation *op, int64_t rank) {
  auto axis = op->getAttrOfType<IntegerAttr>("axis");
  int64_t value = axis ? axis.getInt() : -1;
  return value < 0 ? value + rank : value;
}

bool isBool(Type type) {
  auto tensor = dyn_cast<cgc::TensorType>(type);
  return tensor && isa<cgc::BoolType>(tensor.getElementType());
}

class ReductionKernelBuilder {
public:
  explicit ReductionKernelBuilder(cgc::SubgraphOp subgraph)
      : subgraph(subgraph), definition(subgraph.getFunctionalDefinition()),
        reduction(reductionOf(definition)), kind(*reduceKindOf(*reduction)),
        inputShape(shapeOf(reduction->getOperand(0))),
        builder(subgraph.getContext()), loc(reduction->getLoc()) {}

  KernelModule build();

private:
  Value index(int64_t value) { return constantIndex(builder, loc, value); }
  Value f32(double value) { return constantF32(builder, loc, value); }
  Value inputAt(Value flat);
  Value loop(int64_t count, Value init,
             llvm::function_ref<Value(Value, Value)> step);
  Value accumulate(Reduce step, Value acc, Value x, Value shift);
  int64_t countInvocations();
  void emitReduce(Value element);
  void emitSoftmax(Value line);

  cgc::SubgraphOp subgraph;
  cgc::FunctionalDefinitionOp definition;
  Operation *reduction;
  Reduce kind;
  Shape inputShape;
  OpBuilder builder;
  Location loc;
  gpu::GPUFuncOp function;
};

/// The reduction's input at flat index `flat` of its shape: subgraph inputs
/// loaded (broadcast) at its coordinates, then the prologue.
Value ReductionKernelBuilder::inputAt(Value flat) {
  IterationSpace space(builder, loc, flat, inputShape);
  IRMapping scalars;
  auto scalarOf = [&](Value value) -> Value {
    if (Value scalar = scalars.lookupOrNull(value))
      return scalar;
    auto argument = cast<BlockArgument>(value);
    Value loaded = memref::LoadOp::create(
        builder, loc, function.getArgument(argument.getArgNumber()),
        space.offsetOf(shapeOf(value)));
    scalars.map(value, loaded);
    return loaded;
  };
  for (Operation &op : definition.getBodyBlock()->without_terminator()) {
    if (&op == reduction)
      break;
    SmallVector<Value> operands;
    for (Value operand : op.getOperands())
      operands.push_back(scalarOf(operand));
    scalars.map(op.getResult(0),
                lookupScalarOp(&op)->emit(builder, op.getLoc(), &op, operands));
  }
  return scalarOf(reduction->getOperand(0));
}

/// for j in [0, count): acc = step(j, acc), starting from `init`.
Value ReductionKernelBuilder::loop(
    int64_t count, Value init, llvm::function_ref<Value(Value, Value)> step) {
  auto forOp = scf::ForOp::create(
      builder, loc, index(0), index(count), index(1), ValueRange{init},
      [&](OpBuilder &nested, Location, Value j, ValueRange acc) {
        scf::YieldOp::create(nested, loc, step(j, acc[0]));
      });
  return forOp.getResult(0);
}

/// One accumulation step, as the reference kernel: max/min let a NaN win;
/// log_sum_exp adds exp(x - shift), shift being the group's maximum.
Value ReductionKernelBuilder::accumulate(Reduce step, Value acc, Value x,
                                         Value shift) {
  auto select = [&](arith::CmpFPredicate predicate) -> Value {
    Value better = arith::CmpFOp::create(builder, loc, predicate, x, acc);
    Value nan =
        arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, x, x);
    Value take = arith::OrIOp::create(builder, loc, better, nan);
    return arith::SelectOp::create(builder, loc, take, x, acc);
  };
  switch (step) {
  case Reduce::Max:
    return select(arith::CmpFPredicate::OGT);
  case Reduce::Min:
    return select(arith::CmpFPredicate::OLT);
  case Reduce::Prod:
    return arith::MulFOp::create(builder, loc, acc, x);
  case Reduce::L1:
    return arith::AddFOp::create(builder, loc, acc,
                                 math::AbsFOp::create(builder, loc, x));
  case Reduce::L2:
  case Reduce::SumSquare:
    return arith::AddFOp::create(builder, loc, acc,
                                 arith::MulFOp::create(builder, loc, x, x));
  case Reduce::LogSumExp:
    return arith::AddFOp::create(
        builder, loc, acc,
        math::ExpOp::create(builder, loc,
                            arith::SubFOp::create(builder, loc, x, shift)));
  default:
    return arith::AddFOp::create(builder, loc, acc, x);
  }
}

/// One per output element of a reduction, per line of a softmax.
int64_t ReductionKernelBuilder::countInvocations() {
  if (!isSoftmax(kind))
    return product(shapeOf(reduction->getResult(0)));
  int64_t axis = softmaxAxis(reduction, inputShape.size());
  return product(inputShape) == 0 ? 0 : product(inputShape) / inputShape[axis];
}

/// Stores the reduction of output element `element`.
void ReductionKernelBuilder::emitReduce(Value element) {
  int64_t rank = inputShape.size();
  llvm::SmallVector<bool> reduced = reducedAxes(reduction, rank);
  Shape strides = denseStrides(inputShape);
  Shape keptExtents, keptStrides, reducedExtents, reducedStrides;
  for (int64_t d = 0; d < rank; ++d) {
    (reduced[d] ? reducedExtents : keptExtents).push_back(inputShape[d]);
    (reduced[d] ? reducedStrides : keptStrides).push_back(strides[d]);
  }
  int64_t count = product(reducedExtents);
  Value base = scatterIndex(builder, loc, element, keptExtents, keptStrides);
  auto flatAt = [&](Value j) -> Value {
    return arith::AddIOp::create(
        builder, loc, base,
        scatterIndex(builder, loc, j, reducedExtents, reducedStrides));
  };
  Value shift = f32(0);
  if (kind == Reduce::LogSumExp)
    shift = loop(count, f32(-INFINITY), [&](Value j, Value acc) {
      return accumulate(Reduce::Max, acc, inputAt(flatAt(j)), shift);
    });
  double init = kind == Reduce::Max    ? -INFINITY
                : kind == Reduce::Min  ? INFINITY
                : kind == Reduce::Prod ? 1.0
                                       : 0.0;
  Value acc = loop(count, f32(init), [&](Value j, Value acc) {
    return accumulate(kind, acc, inputAt(flatAt(j)), shift);
  });
  Value result = acc;
  if (kind == Reduce::Mean)
    result = arith::DivFOp::create(builder, loc, acc, f32(double(count)));
  else if (kind == Reduce::L2)
    result = math::SqrtOp::create(builder, loc, acc);
  else if (kind == Reduce::LogSum)
    result = math::LogOp::create(builder, loc, acc);
  else if (kind == Reduce::LogSumExp) {
    // An empty or infinite group keeps its shift (the reference's rule).
    Value infinite = arith::CmpFOp::create(
        builder, loc, arith::CmpFPredicate::OEQ,
        math::AbsFOp::create(builder, loc, shift), f32(INFINITY));
    Value logSum = arith::AddFOp::create(
        builder, loc, shift, math::LogOp::create(builder, loc, acc));
    result = arith::SelectOp::create(builder, loc, infinite, shift, logSum);
  }
  memref::StoreOp::create(builder, loc, result, function.getArguments().back(),
                          element);
}

/// Normalizes line `line` along the axis.
void ReductionKernelBuilder::emitSoftmax(Value line) {
  int64_t axis = softmaxAxis(reduction, inputShape.size());
  int64_t outer = product(llvm::ArrayRef(inputShape).take_front(axis));
  int64_t extent = inputShape[axis];
  int64_t inner = product(llvm::ArrayRef(inputShape).drop_front(axis + 1));
  Value base =
      scatterIndex(builder, loc, line, {outer, inner}, {extent * inner, 1});
  auto flatAt = [&](Value k) -> Value {
    Value step =
        inner == 1 ? k : arith::MulIOp::create(builder, loc, k, index(inner));
    return arith::AddIOp::create(builder, loc, base, step);
  };
  // std::max's rule, as the reference: a NaN element is skipped here but
  // still poisons the sum.
  Value maximum = loop(extent, f32(-INFINITY), [&](Value k, Value acc) {
    Value x = inputAt(flatAt(k));
    Value less =
        arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OLT, acc, x);
    return arith::SelectOp::create(builder, loc, less, x, acc);
  });
  auto shifted = [&](Value k) -> Value {
    return arith::SubFOp::create(builder, loc, inputAt(flatAt(k)), maximum);
  };
  Value sum = loop(extent, f32(0), [&](Value k, Value acc) {
    return arith::AddFOp::create(builder, loc, acc,
                                 math::ExpOp::create(builder, loc, shifted(k)));
  });
  Value logSum = kind == Reduce::LogSoftmax
                     ? Value(math::LogOp::create(builder, loc, sum))
                     : Value();
  scf::ForOp::create(
      builder, loc, index(0), index(extent), index(1), ValueRange{},
      [&](OpBuilder &nested, Location, Value k, ValueRange) {
        Value x = shifted(k);
        Value y =
            kind == Reduce::LogSoftmax
                ? Value(arith::SubFOp::create(builder, loc, x, logSum))
                : Value(arith::DivFOp::create(
                      builder, loc, math::ExpOp::create(builder, loc, x), sum));
        memref::StoreOp::create(builder, loc, y, function.getArguments().back(),
                                flatAt(k));
        scf::YieldOp::create(nested, loc);
      });
}

KernelModule ReductionKernelBuilder::build() {
  KernelModule result;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, result);
  function = createKernelFunction(builder, kernels, subgraph);

  builder.setInsertionPointToStart(&function.getBody().front());
  Value element = invocationIndex(builder, loc);
  int64_t invocations = countInvocations();
  Value inBounds = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ult, element, index(invocations));
  auto ifOp =
      scf::IfOp::create(builder, loc, inBounds, /*withElseRegion=*/false);
  gpu::ReturnOp::create(builder, loc);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  if (isSoftmax(kind))
    emitSoftmax(element);
  else
    emitReduce(element);

  result.launches.push_back(linearLaunch(subgraph, invocations));
  return result;
}

} // namespace

bool isReductionSubgraph(cgc::FunctionalDefinitionOp definition) {
  Operation *last = reductionOf(definition);
  return last && reduceKindOf(*last);
}

llvm::Error checkReductionSupport(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  Operation *reduction = reductionOf(definition);
  StringRef name = reduction->getName().getStringRef();
  Operation *terminator = definition.getBodyBlock()->getTerminator();
  if (terminator->getNumOperands() != 1 ||
      terminator->getOperand(0) != reduction->getResult(0))
    return refuse(subgraph, name + " must be the only result");
  if (!isFloat32(reduction->getOperandTypes()[0]) ||
      !isFloat32(reduction->getResultTypes()[0]))
    return refuse(subgraph, name + " is supported on float32 only");
  for (auto [index, type] : llvm::enumerate(definition.getArgumentTypes()))
    if (!isFloat32(type))
      return refuse(subgraph,
                    llvm::formatv("input {0} is not float32", index).str());
  ArrayRef<int64_t> shape = shapeOf(reduction->getOperand(0));
  if (isSoftmax(*reduceKindOf(*reduction)) && shape.empty())
    return refuse(subgraph, name + " of a scalar has no axis");
  if (product(shape) > std::numeric_limits<int32_t>::max())
    return refuse(subgraph, name + " input exceeds 32-bit indexing");
  llvm::SmallVector<llvm::ArrayRef<int64_t>> shapes = {shape};
  for (Operation &op : definition.getBodyBlock()->without_terminator()) {
    if (&op == reduction)
      break;
    if (llvm::Error error = checkElementwiseOp(subgraph, &op))
      return error;
    for (Type type : op.getResultTypes())
      if (!isFloat32(type) && !isBool(type))
        return refuse(subgraph, op.getName().getStringRef() +
                                    " in a reduction prologue is not "
                                    "float32 or bool");
    for (Value value : op.getOperands())
      shapes.push_back(shapeOf(value));
    shapes.push_back(shapeOf(op.getResult(0)));
  }
  std::optional<Shape> broadcast = broadcastShapes(shapes);
  if (!broadcast || ArrayRef<int64_t>(*broadcast) != shape)
    return refuse(subgraph, "the prologue of " + name +
                                " does not broadcast to its input's shape");
  return llvm::Error::success();
}

KernelModule buildReductionKernel(cgc::SubgraphOp subgraph) {
  return ReductionKernelBuilder(subgraph).build();
}

} // namespace opencgc::codegen
