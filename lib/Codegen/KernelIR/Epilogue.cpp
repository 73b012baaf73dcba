//===- Epilogue.cpp - Fused elementwise ops at one output element ---------===//
#include "Epilogue.h"

#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "NormalizationKernel.h"
#include "ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCOp/IndexingOps.h"
#include "llvm/ADT/TypeSwitch.h"

#include <limits>

using namespace mlir;

namespace opencgc::codegen {

llvm::ArrayRef<int64_t> shapeOf(Value value) {
  return cast<cgc::TensorType>(value.getType()).getShape();
}

bool epilogueBroadcastsTo(Block *body, llvm::ArrayRef<int64_t> outShape) {
  SmallVector<llvm::ArrayRef<int64_t>> shapes = {outShape};
  for (Operation &op : llvm::drop_begin(body->without_terminator())) {
    for (OpOperand &use : op.getOpOperands())
      if (!isChannelParameter(use)) // read at the channel, not broadcast
        shapes.push_back(shapeOf(use.get()));
    shapes.push_back(shapeOf(op.getResult(0)));
  }
  std::optional<Shape> iteration = broadcastShapes(shapes);
  return iteration && llvm::ArrayRef<int64_t>(*iteration) == outShape;
}

llvm::Error checkBufferIndexing(cgc::SubgraphOp subgraph,
                                llvm::ArrayRef<int64_t> outShape) {
  for (Value input :
       subgraph.getFunctionalDefinition().getBodyBlock()->getArguments())
    if (product(shapeOf(input)) > std::numeric_limits<int32_t>::max())
      return refuse(subgraph, "an input exceeds 32-bit indexing");
  if (product(outShape) > std::numeric_limits<int32_t>::max())
    return refuse(subgraph, "the output exceeds 32-bit indexing");
  return llvm::Error::success();
}

/// A gather's (gather_elements', gather_nd's) indices: an integer input
/// that the first op reads, only as indices (DataMovementKernel.cpp checks
/// their type).
static bool isIndicesOfFirstOp(Block *body, BlockArgument argument) {
  Value indices =
      llvm::TypeSwitch<Operation *, Value>(&body->front())
          .Case<cgc_op::GatherOp, cgc_op::GatherElementsOp, cgc_op::GatherNDOp>(
              [](auto gather) { return gather.getIndices(); })
          .Default([](Operation *) { return Value(); });
  return indices == argument && argument.hasOneUse();
}

llvm::Error checkEpilogueKernel(cgc::SubgraphOp subgraph,
                                llvm::StringRef kernel, EpilogueOps allowed) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  Block *body = definition.getBodyBlock();
  for (Operation &epilogue : llvm::drop_begin(body->without_terminator()))
    if (llvm::Error error = allowed == EpilogueOps::PerElement
                                ? checkPerElementOp(subgraph, &epilogue)
                                : checkElementwiseOp(subgraph, &epilogue))
      return error;
  bool floatInputs = llvm::all_of(body->getArguments(), [&](BlockArgument a) {
    return isFloat32(a.getType()) || isIndicesOfFirstOp(body, a);
  });
  if (!floatInputs || !llvm::all_of(definition.getResultTypes(), isFloat32))
    return refuse(subgraph, body->front().getName().getStringRef() +
                                " has no kernel generator yet for tensors "
                                "other than float32");
  if (definition.getNumResults() != 1)
    return refuse(subgraph, "a " + kernel + " kernel stores one result, not " +
                                llvm::Twine(definition.getNumResults()));
  return llvm::Error::success();
}

llvm::Error checkFirstOpEpilogue(cgc::SubgraphOp subgraph,
                                 llvm::ArrayRef<int64_t> outShape,
                                 llvm::StringRef kernel, EpilogueOps allowed) {
  if (llvm::Error error = checkEpilogueKernel(subgraph, kernel, allowed))
    return error;
  Block *body = subgraph.getFunctionalDefinition().getBodyBlock();
  if (!epilogueBroadcastsTo(body, outShape))
    return refuse(subgraph, "the epilogue's shapes must broadcast to the " +
                                kernel + "'s output shape");
  return checkBufferIndexing(subgraph, outShape);
}

Value applyEpilogueAt(OpBuilder &builder, Location loc,
                      cgc::SubgraphOp subgraph, ValueRange arguments,
                      Value element, llvm::ArrayRef<int64_t> outShape,
                      Value first) {
  Block *body = subgraph.getFunctionalDefinition().getBodyBlock();
  IterationSpace space(builder, loc, element, outShape);
  EpilogueEvaluator epilogue(
      builder, loc, space, [&](unsigned number) { return arguments[number]; });
  epilogue.map(body->front().getResult(0), first);
  return epilogue.applyAfterFirst(body);
}

KernelModule
buildFirstOpKernel(OpBuilder &builder, cgc::SubgraphOp subgraph,
                   ArrayRef<int64_t> outShape,
                   llvm::function_ref<Value(gpu::GPUFuncOp, Value)> firstAt) {
  Location loc = subgraph.getLoc();
  KernelModule result;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, result);
  int64_t elements = product(outShape);
  int64_t perInvocation = elementsPerInvocation(subgraph, outShape);
  gpu::GPUFuncOp function =
      createKernelFunction(builder, kernels, subgraph, perInvocation);
  builder.setInsertionPointToStart(&function.getBody().front());
  Value invocation = invocationIndex(builder, loc);
  int64_t invocations = elements / perInvocation;
  auto inRange = scf::IfOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, invocation,
                            constantIndex(builder, loc, invocations)),
      false);
  builder.setInsertionPoint(inRange.thenBlock()->getTerminator());
  SmallVector<Value> stored;
  for (int64_t e = 0; e < perInvocation; ++e) {
    Value element =
        elementOfInvocation(builder, loc, invocation, perInvocation, e);
    stored.push_back(applyEpilogueAt(builder, loc, subgraph,
                                     function.getArguments(), element, outShape,
                                     firstAt(function, element)));
  }
  storeInvocationValues(builder, loc, function.getArguments().back(),
                        invocation, stored);
  builder.setInsertionPointAfter(inRange);
  gpu::ReturnOp::create(builder, loc);
  result.launches.push_back(linearLaunch(subgraph, invocations));
  return result;
}

Value EpilogueEvaluator::scalarOf(Value value) {
  if (Value scalar = scalars.lookupOrNull(value))
    return scalar;
  auto input = cast<BlockArgument>(value);
  Value scalar =
      memref::LoadOp::create(builder, loc, buffer(input.getArgNumber()),
                             space.offsetOf(shapeOf(value)));
  scalars.map(value, scalar);
  return scalar;
}

/// batch_normalization's [C] parameters are read at the element's channel,
/// and not cached: the same input may also be read numpy-style.
Value EpilogueEvaluator::scalarOf(OpOperand &use) {
  if (!isChannelParameter(use))
    return scalarOf(use.get());
  return memref::LoadOp::create(
      builder, loc, buffer(cast<BlockArgument>(use.get()).getArgNumber()),
      space.offsetOf(channelParameterShape(use)));
}

Value EpilogueEvaluator::applyAfterFirst(Block *body) {
  for (Operation &op : llvm::drop_begin(body->without_terminator())) {
    SmallVector<Value> operands;
    for (OpOperand &use : op.getOpOperands())
      operands.push_back(scalarOf(use));
    scalars.map(op.getResult(0),
                lookupScalarOp(&op)->emit(builder, op.getLoc(), &op, operands));
  }
  return scalarOf(body->getTerminator()->getOperand(0));
}

} // namespace opencgc::codegen
