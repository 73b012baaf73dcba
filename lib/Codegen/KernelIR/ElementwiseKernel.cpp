//===- ElementwiseKernel.cpp - Elementwise subgraphs as one kernel --------===//
//
// One gpu.func per subgraph, one invocation per element of the iteration
// shape. Inputs are loaded where first used, every op becomes scalar
// arith/math code, and every output is stored in the same invocation.
//
//===----------------------------------------------------------------------===//
#include "IterationSpace.h"
#include "KernelBuilding.h"
#include "KernelKinds.h"
#include "KernelSupport.h"
#include "NormalizationKernel.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

cgc::TensorType tensorOf(Value value) {
  return cast<cgc::TensorType>(value.getType());
}

class ElementwiseKernelBuilder {
public:
  ElementwiseKernelBuilder(cgc::SubgraphOp subgraph, Shape shape)
      : subgraph(subgraph), definition(subgraph.getFunctionalDefinition()),
        shape(std::move(shape)), builder(subgraph.getContext()),
        integers(computesOnIntegers(definition)) {}

  KernelModule build();

private:
  void emitElement(IterationSpace &space, gpu::GPUFuncOp function);
  SmallVector<Value> computeOutputs(IterationSpace &space,
                                    gpu::GPUFuncOp function);
  void emitElements(Value invocation, int64_t perInvocation,
                    gpu::GPUFuncOp function);
  Value scalarOf(Value value, IterationSpace &space, gpu::GPUFuncOp function);
  Value operandScalar(OpOperand &use, IterationSpace &space,
                      gpu::GPUFuncOp function);
  void store(Value scalar, cgc::TensorType tensor, Value buffer,
             IterationSpace &space, Location loc);

  cgc::SubgraphOp subgraph;
  cgc::FunctionalDefinitionOp definition;
  Shape shape;
  OpBuilder builder;
  /// Whether integer values are i64/i32 scalars (an op computes on them)
  /// rather than f32 read by casts.
  bool integers;
  /// The scalar of each subgraph value at the current element.
  IRMapping scalars;
};

/// Loads subgraph inputs on first use; f16 is widened, bool becomes i1,
/// int64 and int32 become i64 and i32 where ops compute on integers, else
/// f32 (only a cast reads them).
Value ElementwiseKernelBuilder::scalarOf(Value value, IterationSpace &space,
                                         gpu::GPUFuncOp function) {
  if (Value scalar = scalars.lookupOrNull(value))
    return scalar;
  auto argument = cast<BlockArgument>(value);
  Location loc = argument.getLoc();
  Value offset = space.offsetOf(tensorOf(value).getShape());
  Type element = tensorOf(value).getElementType();
  if (isa<cgc::Int64Type, cgc::Int32Type>(element)) {
    Value buffer = function.getArgument(argument.getArgNumber());
    bool isInt64 = isa<cgc::Int64Type>(element);
    Value scalar =
        integers ? loadInteger(builder, loc, buffer, offset, isInt64)
                 : loadIntegerAsFloat(builder, loc, buffer, offset, isInt64);
    scalars.map(value, scalar);
    return scalar;
  }
  Value loaded = memref::LoadOp::create(
      builder, loc, function.getArgument(argument.getArgNumber()), offset);
  Value scalar = loaded;
  if (loaded.getType().isF16())
    scalar = arith::ExtFOp::create(builder, loc, builder.getF32Type(), loaded);
  else if (loaded.getType().isInteger(8))
    scalar = byteAsBool(builder, loc, loaded);
  scalars.map(value, scalar);
  return scalar;
}

/// batch_normalization's [C] parameters are read at the element's channel,
/// and not cached: the same input may also be read numpy-style.
Value ElementwiseKernelBuilder::operandScalar(OpOperand &use,
                                              IterationSpace &space,
                                              gpu::GPUFuncOp function) {
  if (!isChannelParameter(use))
    return scalarOf(use.get(), space, function);
  // float32 only (checkPerElementOp): no widening.
  return memref::LoadOp::create(
      builder, use.get().getLoc(),
      function.getArgument(cast<BlockArgument>(use.get()).getArgNumber()),
      space.offsetOf(channelParameterShape(use)));
}

/// Stores `scalar` unless another invocation owns the same output element.
void ElementwiseKernelBuilder::store(Value scalar, cgc::TensorType tensor,
                                     Value buffer, IterationSpace &space,
                                     Location loc) {
  Type storage = cast<MemRefType>(buffer.getType()).getElementType();
  Value stored = scalar;
  if (storage.isF16())
    stored = arith::TruncFOp::create(builder, loc, storage, scalar);
  else if (storage.isInteger(8))
    stored = arith::ExtUIOp::create(builder, loc, storage, scalar);
  // Everything the store needs is computed before the guard so that later
  // stores may reuse the coordinates.
  Value offset = space.offsetOf(tensor.getShape());
  Value owns = space.ownsElementOf(tensor.getShape());
  OpBuilder::InsertionGuard guard(builder);
  if (owns) {
    auto ifOp = scf::IfOp::create(builder, loc, owns, /*withElseRegion=*/false);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  if (isa<cgc::Int64Type, cgc::Int32Type>(tensor.getElementType()))
    storeInteger(builder, loc, stored, buffer, offset);
  else
    memref::StoreOp::create(builder, loc, stored, buffer, offset);
}

/// Every op at the space's element; the outputs' scalars, in order.
SmallVector<Value>
ElementwiseKernelBuilder::computeOutputs(IterationSpace &space,
                                         gpu::GPUFuncOp function) {
  Block *body = definition.getBodyBlock();
  for (Operation &op : body->without_terminator()) {
    SmallVector<Value> operands;
    for (OpOperand &use : op.getOpOperands())
      operands.push_back(operandScalar(use, space, function));
    const ScalarOpInfo *info = lookupScalarOp(&op);
    scalars.map(op.getResult(0),
                info->emit(builder, op.getLoc(), &op, operands));
  }
  SmallVector<Value> outputs;
  for (Value value : body->getTerminator()->getOperands())
    outputs.push_back(scalarOf(value, space, function));
  return outputs;
}

void ElementwiseKernelBuilder::emitElement(IterationSpace &space,
                                           gpu::GPUFuncOp function) {
  SmallVector<Value> outputs = computeOutputs(space, function);
  Operation *terminator = definition.getBodyBlock()->getTerminator();
  unsigned firstOutput = definition.getNumArguments();
  for (auto [index, value] : llvm::enumerate(terminator->getOperands()))
    store(outputs[index], tensorOf(value),
          function.getArgument(firstOutput + index), space,
          terminator->getLoc());
}

/// elementsPerInvocation's four consecutive elements: each computed as by
/// emitElement, then one vec4 store per output.
void ElementwiseKernelBuilder::emitElements(Value invocation,
                                            int64_t perInvocation,
                                            gpu::GPUFuncOp function) {
  Location loc = subgraph.getLoc();
  SmallVector<SmallVector<Value>> outputs(definition.getNumResults());
  for (int64_t e = 0; e < perInvocation; ++e) {
    IterationSpace space(
        builder, loc,
        elementOfInvocation(builder, loc, invocation, perInvocation, e), shape);
    scalars.clear();
    for (auto [index, value] : llvm::enumerate(computeOutputs(space, function)))
      outputs[index].push_back(value);
  }
  unsigned firstOutput = definition.getNumArguments();
  for (auto [index, values] : llvm::enumerate(outputs))
    storeInvocationValues(builder, loc,
                          function.getArgument(firstOutput + index), invocation,
                          values);
}

KernelModule ElementwiseKernelBuilder::build() {
  Location loc = subgraph.getLoc();
  KernelModule result;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, result);
  int64_t perInvocation = elementsPerInvocation(subgraph, shape);
  gpu::GPUFuncOp function =
      createKernelFunction(builder, kernels, subgraph, perInvocation);

  builder.setInsertionPointToStart(&function.getBody().front());
  Value invocation = invocationIndex(builder, loc);
  int64_t invocations = product(shape) / perInvocation;
  Value inBounds = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ult, invocation,
      arith::ConstantIndexOp::create(builder, loc, invocations));
  auto ifOp =
      scf::IfOp::create(builder, loc, inBounds, /*withElseRegion=*/false);
  gpu::ReturnOp::create(builder, loc);

  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  if (perInvocation > 1) {
    emitElements(invocation, perInvocation, function);
  } else {
    IterationSpace space(builder, loc, invocation, shape);
    emitElement(space, function);
  }

  result.launches.push_back(linearLaunch(subgraph, invocations));
  return result;
}

} // namespace

KernelModule buildElementwiseKernel(cgc::SubgraphOp subgraph) {
  std::optional<Shape> shape =
      getIterationShape(subgraph.getFunctionalDefinition());
  return ElementwiseKernelBuilder(subgraph, *shape).build();
}

} // namespace opencgc::codegen
