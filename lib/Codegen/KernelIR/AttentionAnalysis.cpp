//===- AttentionAnalysis.cpp - What an attention subgraph computes --------===//
#include "AttentionAnalysis.h"
#include "AttentionKernel.h"
#include "DataMovementKernel.h"
#include "Epilogue.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "LinearLaunch.h"
#include "ScalarOps.h"

#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// `value` as a view of a subgraph input: the input itself, or a transpose
/// of it read through permuted strides.
std::optional<StridedTensor> stridedInput(Value value) {
  Value source = value;
  Shape perm;
  if (auto transpose = value.getDefiningOp<cgc_op::TransposeOp>()) {
    perm = transposePermutation(transpose);
    source = transpose.getInput();
  }
  auto argument = dyn_cast<BlockArgument>(source);
  if (!argument)
    return std::nullopt;
  ArrayRef<int64_t> sourceShape = shapeOf(source);
  Shape dense = denseStrides(sourceShape);
  StridedTensor view{argument.getArgNumber(), Shape(sourceShape), dense};
  for (auto [i, axis] : llvm::enumerate(perm)) {
    view.shape[i] = sourceShape[axis];
    view.strides[i] = dense[axis];
  }
  return view;
}

/// The one operand of a score op that comes from inside the subgraph (the
/// scores so far); null when there is none or more than one.
Value scoreOperandOf(Operation *op) {
  Value inner;
  for (Value operand : op->getOperands()) {
    if (isa<BlockArgument>(operand) || operand == inner)
      continue;
    if (inner)
      return {};
    inner = operand;
  }
  return inner;
}

/// Walks back from the result: [transpose], matmul, softmax, score ops,
/// matmul; then requires every op of the body to be one of these or a
/// transpose of q, k or v.
std::optional<UnfusedAttention>
analyzeUnfused(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  Operation *terminator = body->getTerminator();
  if (terminator->getNumOperands() != 1)
    return std::nullopt;
  UnfusedAttention parts;
  Value result = terminator->getOperand(0);
  if ((parts.merge = result.getDefiningOp<cgc_op::TransposeOp>()))
    result = parts.merge.getInput();
  if (!(parts.context = result.getDefiningOp<cgc_op::MatMulOp>()) ||
      !(parts.softmax =
            parts.context.getLhs().getDefiningOp<cgc_op::SoftmaxOp>()))
    return std::nullopt;
  Value score = parts.softmax.getInput();
  while (!(parts.scores = score.getDefiningOp<cgc_op::MatMulOp>())) {
    Operation *op = score.getDefiningOp();
    if (!op || op->getNumResults() != 1 || !lookupScalarOp(op) ||
        !(score = scoreOperandOf(op)))
      return std::nullopt;
    parts.scoreOps.push_back(op);
  }
  std::reverse(parts.scoreOps.begin(), parts.scoreOps.end());
  llvm::SmallPtrSet<Operation *, 16> known(parts.scoreOps.begin(),
                                           parts.scoreOps.end());
  known.insert({parts.scores, parts.softmax, parts.context});
  if (parts.merge)
    known.insert(parts.merge);
  for (Value operand :
       {parts.scores.getLhs(), parts.scores.getRhs(), parts.context.getRhs()}) {
    if (!stridedInput(operand))
      return std::nullopt;
    if (Operation *transpose = operand.getDefiningOp())
      known.insert(transpose);
  }
  if (known.size() != size_t(llvm::range_size(body->without_terminator())))
    return std::nullopt;
  return parts;
}

/// The result's view: the product's shape, strided as the transpose after
/// it (if any) lays it out.
StridedTensor resultView(UnfusedAttention parts) {
  Shape shape(shapeOf(parts.context.getResult()));
  if (!parts.merge)
    return {0, shape, denseStrides(shape)};
  Shape perm = transposePermutation(parts.merge);
  Shape dense = denseStrides(shapeOf(parts.merge.getResult()));
  Shape strides(shape.size());
  for (auto [i, axis] : llvm::enumerate(perm))
    strides[axis] = dense[i];
  return {0, shape, strides};
}

/// The unfused form's views.
AttentionForm formOf(UnfusedAttention parts) {
  AttentionForm form;
  form.query = *stridedInput(parts.scores.getLhs());
  form.key = *stridedInput(parts.scores.getRhs());
  form.value = *stridedInput(parts.context.getRhs());
  form.result = resultView(parts);
  form.scoresShape = Shape(shapeOf(parts.scores.getResult()));
  form.unfused = parts;
  return form;
}

/// A subgraph input's dense view.
StridedTensor denseInput(Value value) {
  Shape shape(shapeOf(value));
  return {cast<BlockArgument>(value).getArgNumber(), shape,
          denseStrides(shape)};
}

/// ONNX Attention alone, its output used and maybe its scores output: q,
/// v and the results as they are, k [.., N, D] read as [.., D, N].
std::optional<AttentionForm>
analyzeAttentionOp(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  if (llvm::range_size(body->without_terminator()) != 1)
    return std::nullopt;
  auto op = dyn_cast<cgc_op::AttentionOp>(body->front());
  if (!op || !llvm::all_of(op->getOperands(), llvm::IsaPred<BlockArgument>))
    return std::nullopt;
  std::optional<unsigned> output, scores;
  for (auto [index, result] :
       llvm::enumerate(body->getTerminator()->getOperands())) {
    std::optional<unsigned> &slot = result == op.getOutput() ? output : scores;
    if (slot)
      return std::nullopt; // a result returned twice
    slot = unsigned(index);
  }
  if (!output)
    return std::nullopt;
  AttentionForm form;
  form.query = denseInput(op.getQuery());
  form.key = denseInput(op.getKey());
  std::swap(form.key.shape[2], form.key.shape[3]);
  std::swap(form.key.strides[2], form.key.strides[3]);
  form.value = denseInput(op.getValue());
  Shape out(shapeOf(op.getOutput()));
  form.result = {*output, out, denseStrides(out)};
  form.scoresShape = Shape(shapeOf(op.getQkMatmulOutput()));
  if (scores)
    form.scoresOutput = {*scores, form.scoresShape,
                         denseStrides(form.scoresShape)};
  form.op = op;
  return form;
}

bool isFloat32OrBool(Type type) {
  auto tensor = dyn_cast<cgc::TensorType>(type);
  return tensor &&
         isa<cgc::Float32Type, cgc::BoolType>(tensor.getElementType());
}

/// The shapes and types the kernel's indexing assumes.
llvm::Error checkUnfusedOperands(cgc::SubgraphOp subgraph,
                                 UnfusedAttention parts) {
  for (Operation *op :
       {parts.scores.getOperation(), parts.context.getOperation(),
        parts.softmax.getOperation()})
    if (!llvm::all_of(op->getOperandTypes(), isFloat32) ||
        !isFloat32(op->getResultTypes()[0]))
      return refuse(subgraph, "attention: " + op->getName().getStringRef() +
                                  " is not float32");
  ArrayRef<int64_t> scores = shapeOf(parts.scores.getResult());
  ArrayRef<int64_t> context = shapeOf(parts.context.getResult());
  for (Value operand :
       {parts.scores.getLhs(), parts.scores.getRhs(), parts.context.getRhs()})
    if (shapeOf(operand).size() < 2)
      return refuse(subgraph, "attention: a product operand of rank < 2");
  if (scores.drop_back(2) != context.drop_back(2))
    return refuse(subgraph, "attention: the values broadcast the scores' "
                            "batch dimensions");
  int64_t axis = positiveAxis(int64_t(parts.softmax.getAxis()), scores.size());
  if (axis != int64_t(scores.size()) - 1)
    return refuse(subgraph, "attention: softmax is not over the keys (the "
                            "last axis)");
  return llvm::Error::success();
}

/// Score ops the scalar generators take, on float32 scores, whose other
/// operands broadcast to the scores without growing them.
llvm::Error checkScoreOps(cgc::SubgraphOp subgraph, UnfusedAttention parts) {
  ArrayRef<int64_t> scores = shapeOf(parts.scores.getResult());
  for (Operation *op : parts.scoreOps) {
    if (llvm::Error error = checkElementwiseOp(subgraph, op))
      return error;
    if (!isFloat32(op->getResultTypes()[0]))
      return refuse(subgraph, "attention: score op " +
                                  op->getName().getStringRef() +
                                  " is not float32");
    for (Value operand : op->getOperands()) {
      if (!isFloat32OrBool(operand.getType()))
        return refuse(subgraph, "attention: an operand of " +
                                    op->getName().getStringRef() +
                                    " is neither float32 nor bool");
      std::optional<Shape> both = broadcastShapes({shapeOf(operand), scores});
      if (!both || ArrayRef<int64_t>(*both) != scores)
        return refuse(subgraph, "attention: an operand of " +
                                    op->getName().getStringRef() +
                                    " does not broadcast to the scores");
    }
  }
  return llvm::Error::success();
}

/// The ONNX op's types: query, key, value and both outputs all float32 or
/// all float16 (computed in float32, as softmax_precision may ask), a mask
/// of theirs or bool.
llvm::Error checkAttentionOp(cgc::SubgraphOp subgraph, cgc_op::AttentionOp op) {
  Type element = elementTypeOf(op.getQuery().getType());
  if (!isa<cgc::Float32Type, cgc::Float16Type>(element))
    return refuse(subgraph, "attention: query, key and value must be "
                            "float32 or float16");
  for (Value value :
       {op.getKey(), op.getValue(), op.getOutput(), op.getQkMatmulOutput()})
    if (elementTypeOf(value.getType()) != element)
      return refuse(subgraph, "attention: query, key, value and the "
                              "outputs must share one element type");
  if (Value mask = op.getMask())
    if (Type masked = elementTypeOf(mask.getType());
        !isa<cgc::BoolType>(masked) && masked != element)
      return refuse(subgraph, "attention: the mask is neither bool nor of "
                              "the query's type");
  return llvm::Error::success();
}

/// What every form shares: registers per row, and the grid (row blocks of
/// at least kAttentionLaneWorkgroupSize rows by batch x heads).
llvm::Error checkLimits(cgc::SubgraphOp subgraph, const AttentionForm &form) {
  int64_t heads = product(form.batch());
  int64_t rowBlocks = (form.rows() + kAttentionLaneWorkgroupSize - 1) /
                      kAttentionLaneWorkgroupSize;
  if (heads > kMaxWorkgroupCount || rowBlocks > kMaxWorkgroupCount)
    return refuse(subgraph,
                  llvm::formatv("attention: {0} heads (batch x heads) and {1} "
                                "row blocks; a grid holds {2} of each",
                                heads, rowBlocks, kMaxWorkgroupCount)
                      .str());
  int64_t headSize = form.query.shape.back();
  int64_t valueSize = form.value.shape.back();
  if (headSize > kMaxAttentionHeadSize || valueSize > kMaxAttentionHeadSize)
    return refuse(subgraph,
                  llvm::formatv("attention: head sizes {0} and {1}; the kernel "
                                "holds rows of at most {2} in registers",
                                headSize, valueSize, kMaxAttentionHeadSize)
                      .str());
  return llvm::Error::success();
}

} // namespace

std::optional<AttentionForm>
analyzeAttention(cgc::FunctionalDefinitionOp definition) {
  if (std::optional<UnfusedAttention> parts = analyzeUnfused(definition))
    return formOf(*parts);
  return analyzeAttentionOp(definition);
}

llvm::Error checkAttentionForm(cgc::SubgraphOp subgraph,
                               const AttentionForm &form) {
  if (form.unfused) {
    if (llvm::Error error = checkUnfusedOperands(subgraph, *form.unfused))
      return error;
    if (llvm::Error error = checkScoreOps(subgraph, *form.unfused))
      return error;
  } else if (llvm::Error error = checkAttentionOp(subgraph, form.op)) {
    return error;
  }
  if (llvm::Error error = checkLimits(subgraph, form))
    return error;
  if (form.scoresOutput)
    if (llvm::Error error = checkBufferIndexing(subgraph, form.scoresShape))
      return error;
  return checkBufferIndexing(subgraph, form.result.shape);
}

} // namespace opencgc::codegen
