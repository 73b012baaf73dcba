//===- AttentionKernel.cpp - softmax(Q K^T) V as one kernel ---------------===//
//
// A subgraph matmul(q, k) -> elementwise scores -> softmax (last axis) ->
// matmul(., v) [-> transpose], where q, k and v are subgraph inputs or
// transposes of them (the heads an exporter splits off by reshape and
// transpose), runs as one kernel. One invocation per query row walks the
// keys once with an online softmax: a running maximum and sum, the
// weighted sum of values rescaled whenever the maximum grows, so the score
// matrix is never written. Transposed operands are read, and a transposed
// result written, in place through strides; the score ops (scale, an
// additive mask, a Where mask) run at each score, their other operands
// loaded at its coordinates.
//
// The grid is (row blocks of 64, batch x heads): a workgroup's rows share
// their head, whose coordinates come from the workgroup id alone, so the
// keys and values every row reads at the same step are one address for
// the whole workgroup, which compilers see as uniform (lavapipe then loads
// it once, not once per lane). The first form: no shared memory.
//
//===----------------------------------------------------------------------===//
#include "AttentionKernel.h"
#include "DataMovementKernel.h"
#include "Epilogue.h"
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "LinearLaunch.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/KernelTarget.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// An operand or the result as the kernel addresses it: the matmul's view
/// of it (shape) and, per dimension, the stride of its elements in the
/// subgraph buffer that holds it.
struct StridedTensor {
  unsigned argument = 0;
  Shape shape;
  Shape strides;

  int64_t rank() const { return int64_t(shape.size()); }
  /// The stride of the second-to-last and last dimensions.
  int64_t rowStride() const { return strides[rank() - 2]; }
  int64_t columnStride() const { return strides.back(); }
};

struct AttentionParts {
  cgc_op::MatMulOp scores;
  /// The elementwise ops from the scores to the softmax, in order.
  SmallVector<Operation *> scoreOps;
  cgc_op::SoftmaxOp softmax;
  cgc_op::MatMulOp context;
  /// The transpose of the result (the heads merged back), if any.
  cgc_op::TransposeOp merge;
};

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
std::optional<AttentionParts>
analyzeAttention(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  Operation *terminator = body->getTerminator();
  if (terminator->getNumOperands() != 1)
    return std::nullopt;
  AttentionParts parts;
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
StridedTensor resultView(AttentionParts parts) {
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

/// Per dimension of `batch`, the stride of `tensor`'s batch dimension
/// right-aligned to it; 0 where the tensor broadcasts (or lacks it).
Shape batchStridesOf(const StridedTensor &tensor, ArrayRef<int64_t> batch) {
  Shape strides(batch.size(), 0);
  int64_t own = tensor.rank() - 2;
  for (int64_t i = 0; i < own; ++i)
    if (tensor.shape[i] != 1)
      strides[batch.size() - own + i] = tensor.strides[i];
  return strides;
}

/// How the rows of a head are spread: workgroups of `workgroupSize`
/// invocations, each computing `rowsPerInvocation` rows (each key's column
/// and value row loaded once for them all).
struct AttentionConfig {
  int64_t workgroupSize = kWorkgroupSize;
  int64_t rowsPerInvocation = 1;
  int64_t rowsPerWorkgroup() const { return workgroupSize * rowsPerInvocation; }
};

/// On lavapipe (measured, --micro attention at 128 tokens: 7.4 ms with
/// one row per invocation, 4.8 with two, 4.1 with four in workgroups of
/// 32), where every load of a key is one per lane, several rows share it;
/// GPUs keep one row per thread in registers (a row and its output are
/// already 128 registers at head size 64). Unmeasured on GPUs.
AttentionConfig chooseAttentionConfig(ArrayRef<int64_t> scoresShape,
                                      const KernelTarget &target) {
  AttentionConfig config;
  if (target.stagesTilesInSharedMemory)
    return config;
  int64_t rows = scoresShape[scoresShape.size() - 2];
  config.workgroupSize = 32;
  config.rowsPerInvocation = std::clamp<int64_t>(
      (rows + config.workgroupSize - 1) / config.workgroupSize, 1, 4);
  return config;
}

class AttentionKernelBuilder {
public:
  AttentionKernelBuilder(cgc::SubgraphOp subgraph, const KernelOptions &options)
      : subgraph(subgraph),
        parts(*analyzeAttention(subgraph.getFunctionalDefinition())),
        query(*stridedInput(parts.scores.getLhs())),
        key(*stridedInput(parts.scores.getRhs())),
        value(*stridedInput(parts.context.getRhs())), result(resultView(parts)),
        scoresShape(shapeOf(parts.scores.getResult())),
        builder(subgraph.getContext()), loc(subgraph.getLoc()),
        math(builder, loc),
        config(chooseAttentionConfig(scoresShape, options.getTarget())) {}

  KernelModule build();

private:
  Value f32(double x) { return constantF32(builder, loc, x); }
  /// The offset of the row's first element in `tensor`'s buffer.
  Value rowBase(const StridedTensor &tensor, Value row);
  Value load(const StridedTensor &tensor, Value offset) {
    return memref::LoadOp::create(
        builder, loc, function.getArgument(tensor.argument), offset);
  }
  /// The score at key `keyIndex` after the score ops, `dot` being q . k.
  Value scoreAt(Value dot, Value keyIndex, Value row);
  int64_t headSize() const { return query.shape.back(); }
  int64_t valueSize() const { return value.shape.back(); }
  /// Per row: the running maximum, the running sum, the output row.
  int64_t stateWidth() const { return 2 + valueSize(); }
  /// One step of the online softmax over key `keyIndex` for `rows`;
  /// `state` holds stateWidth() values per row.
  SmallVector<Value> attendTo(Value keyIndex, ArrayRef<Value> rows,
                              ValueRange state);
  void emitRows(Value first, Value head);

  cgc::SubgraphOp subgraph;
  AttentionParts parts;
  StridedTensor query, key, value, result;
  Shape scoresShape;
  OpBuilder builder;
  Location loc;
  IndexMath math;
  gpu::GPUFuncOp function;
  /// The invocation's batch coordinates (all but the scores' last two).
  SmallVector<Value> batch;
  AttentionConfig config;
  SmallVector<SmallVector<Value>> queryRows;
};

Value AttentionKernelBuilder::rowBase(const StridedTensor &tensor, Value row) {
  ArrayRef<int64_t> batchShape = ArrayRef(scoresShape).drop_back(2);
  Shape strides = batchStridesOf(tensor, batchShape);
  Value offset = math.index(0);
  for (auto [coordinate, stride] : llvm::zip(batch, strides))
    offset = math.add(offset, math.mul(coordinate, stride));
  return row ? math.add(offset, math.mul(row, tensor.rowStride())) : offset;
}

Value AttentionKernelBuilder::scoreAt(Value dot, Value keyIndex, Value row) {
  IterationSpace space(builder, loc, keyIndex, scoresShape);
  for (auto [dim, coordinate] : llvm::enumerate(batch))
    space.setCoordinate(dim, coordinate);
  space.setCoordinate(scoresShape.size() - 2, row);
  space.setCoordinate(scoresShape.size() - 1, keyIndex);
  IRMapping scalars;
  scalars.map(parts.scores.getResult(), dot);
  auto scalarOf = [&](Value operand) -> Value {
    if (Value scalar = scalars.lookupOrNull(operand))
      return scalar;
    auto argument = cast<BlockArgument>(operand);
    Value loaded = memref::LoadOp::create(
        builder, loc, function.getArgument(argument.getArgNumber()),
        space.offsetOf(shapeOf(operand)));
    if (loaded.getType().isInteger(8)) // bool: a Where mask
      loaded = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ne, loaded,
          arith::ConstantIntOp::create(builder, loc, loaded.getType(), 0));
    scalars.map(operand, loaded);
    return loaded;
  };
  for (Operation *op : parts.scoreOps) {
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(scalarOf(operand));
    scalars.map(op->getResult(0),
                lookupScalarOp(op)->emit(builder, op->getLoc(), op, operands));
  }
  return scalarOf(parts.softmax.getInput());
}

/// m' = max(m, s); c = exp(m - m'); p = exp(s - m'); l' = l c + p;
/// o' = o c + p v, for each of the invocation's rows, the key's column
/// and value row loaded once for all of them. c is 1 where the maximum
/// stays (also at -inf, where exp(-inf - -inf) would be NaN) and p is 0
/// for a score of -inf, so rows that begin masked with -inf come out as
/// the reference's softmax; a NaN score still poisons its row, as there.
SmallVector<Value> AttentionKernelBuilder::attendTo(Value keyIndex,
                                                    ArrayRef<Value> rows,
                                                    ValueRange state) {
  Value keyColumn =
      math.add(rowBase(key, Value()), math.mul(keyIndex, key.columnStride()));
  SmallVector<Value> dots(rows.size(), f32(0));
  for (int64_t d = 0; d < headSize(); ++d) {
    Value k = load(
        key, math.add(keyColumn, math.mul(math.index(d), key.rowStride())));
    for (auto [i, dot] : llvm::enumerate(dots))
      dot = arith::AddFOp::create(
          builder, loc, dot,
          arith::MulFOp::create(builder, loc, queryRows[i][d], k));
  }
  auto compare = [&](arith::CmpFPredicate predicate, Value a, Value b) {
    return arith::CmpFOp::create(builder, loc, predicate, a, b);
  };
  int64_t width = stateWidth();
  SmallVector<Value> maxima, corrections, weights, next;
  for (auto [i, row] : llvm::enumerate(rows)) {
    Value score = scoreAt(dots[i], keyIndex, row);
    Value maximum = state[i * width];
    Value grown = arith::SelectOp::create(
        builder, loc, compare(arith::CmpFPredicate::OLT, maximum, score), score,
        maximum);
    corrections.push_back(arith::SelectOp::create(
        builder, loc, compare(arith::CmpFPredicate::OEQ, maximum, grown),
        f32(1),
        math::ExpOp::create(
            builder, loc,
            arith::SubFOp::create(builder, loc, maximum, grown))));
    weights.push_back(arith::SelectOp::create(
        builder, loc, compare(arith::CmpFPredicate::OEQ, score, f32(-INFINITY)),
        f32(0),
        math::ExpOp::create(
            builder, loc, arith::SubFOp::create(builder, loc, score, grown))));
    maxima.push_back(grown);
  }
  Value valueRow =
      math.add(rowBase(value, Value()), math.mul(keyIndex, value.rowStride()));
  SmallVector<Value> values;
  for (int64_t e = 0; e < valueSize(); ++e)
    values.push_back(
        load(value, math.add(valueRow,
                             math.mul(math.index(e), value.columnStride()))));
  for (size_t i = 0; i < rows.size(); ++i) {
    auto rescaled = [&](Value running, Value added) -> Value {
      return arith::AddFOp::create(
          builder, loc,
          arith::MulFOp::create(builder, loc, running, corrections[i]), added);
    };
    ValueRange own = state.slice(i * width, width);
    next.push_back(maxima[i]);
    next.push_back(rescaled(own[1], weights[i]));
    for (auto [e, v] : llvm::enumerate(values))
      next.push_back(rescaled(
          own[2 + e], arith::MulFOp::create(builder, loc, weights[i], v)));
  }
  return next;
}

/// Rows first + i * workgroup size for i below rowsPerInvocation; a row
/// past the last is computed as the last (its loads stay in bounds) and
/// not stored.
void AttentionKernelBuilder::emitRows(Value first, Value head) {
  int64_t lastRow = scoresShape[scoresShape.size() - 2] - 1;
  batch = math.coordinatesOf(head, ArrayRef(scoresShape).drop_back(2));
  SmallVector<Value> rows, clamped;
  for (int64_t i = 0; i < config.rowsPerInvocation; ++i) {
    rows.push_back(math.add(first, math.index(i * config.workgroupSize)));
    clamped.push_back(
        arith::MinUIOp::create(builder, loc, rows.back(), math.index(lastRow)));
    Value queryBase = rowBase(query, clamped.back());
    SmallVector<Value> queryRow;
    for (int64_t d = 0; d < headSize(); ++d)
      queryRow.push_back(
          load(query, math.add(queryBase,
                               math.mul(math.index(d), query.columnStride()))));
    queryRows.push_back(std::move(queryRow));
  }
  SmallVector<Value> initial;
  for (int64_t i = 0; i < config.rowsPerInvocation; ++i) {
    initial.append({f32(-INFINITY), f32(0)});
    initial.append(size_t(valueSize()), f32(0));
  }
  auto loop = scf::ForOp::create(
      builder, loc, math.index(0), math.index(scoresShape.back()),
      math.index(1), initial,
      [&](OpBuilder &nested, Location, Value keyIndex, ValueRange state) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPoint(nested.getInsertionBlock(),
                                  nested.getInsertionPoint());
        scf::YieldOp::create(builder, loc, attendTo(keyIndex, clamped, state));
      });
  Value output = function.getArguments().back();
  for (auto [i, row] : llvm::enumerate(rows)) {
    ValueRange own = loop.getResults().slice(i * stateWidth(), stateWidth());
    auto inRange = scf::IfOp::create(
        builder, loc,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule, row,
                              math.index(lastRow)),
        /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(inRange.thenBlock()->getTerminator());
    Value outputBase = rowBase(result, row);
    for (auto [e, weighted] : llvm::enumerate(own.drop_front(2)))
      memref::StoreOp::create(
          builder, loc, arith::DivFOp::create(builder, loc, weighted, own[1]),
          output,
          math.add(outputBase, math.mul(math.index(e), result.columnStride())));
  }
}

KernelModule AttentionKernelBuilder::build() {
  KernelModule module;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, module);
  SmallVector<Type> buffers;
  for (Type type : subgraph.getFunctionalDefinition().getArgumentTypes())
    buffers.push_back(bufferTypeOf(type));
  for (Type type : subgraph.getFunctionalDefinition().getResultTypes())
    buffers.push_back(bufferTypeOf(type));
  function = createKernelFunction(builder, kernels, subgraph, buffers, loc,
                                  int32_t(config.workgroupSize));
  builder.setInsertionPointToStart(&function.getBody().front());
  Value block = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::x);
  Value head = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::y);
  Value first = math.add(
      math.mul(block, config.rowsPerWorkgroup()),
      gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x).getResult());
  int64_t rows = scoresShape[scoresShape.size() - 2];
  auto inRange = scf::IfOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, first,
                            math.index(rows)),
      /*withElseRegion=*/false);
  gpu::ReturnOp::create(builder, loc);
  builder.setInsertionPoint(inRange.thenBlock()->getTerminator());
  emitRows(first, head);
  KernelLaunch launch = linearLaunch(subgraph, rows);
  int64_t perWorkgroup = config.rowsPerWorkgroup();
  launch.workgroupSize = {uint32_t(config.workgroupSize), 1, 1};
  launch.workgroupCount = {
      uint32_t((rows + perWorkgroup - 1) / perWorkgroup),
      uint32_t(product(ArrayRef(scoresShape).drop_back(2))), 1};
  module.launches.push_back(launch);
  return module;
}

bool isFloat32OrBool(Type type) {
  auto tensor = dyn_cast<cgc::TensorType>(type);
  return tensor &&
         isa<cgc::Float32Type, cgc::BoolType>(tensor.getElementType());
}

/// The shapes and types the kernel's indexing assumes.
llvm::Error checkOperands(cgc::SubgraphOp subgraph, AttentionParts parts) {
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
  int64_t heads = product(scores.drop_back(2));
  int64_t rowBlocks =
      (scores[scores.size() - 2] + kWorkgroupSize - 1) / kWorkgroupSize;
  if (heads > kMaxWorkgroupCount || rowBlocks > kMaxWorkgroupCount)
    return refuse(subgraph,
                  llvm::formatv("attention: {0} heads (batch x heads) and {1} "
                                "row blocks; a grid holds {2} of each",
                                heads, rowBlocks, kMaxWorkgroupCount)
                      .str());
  int64_t headSize = shapeOf(parts.scores.getLhs()).back();
  int64_t valueSize = context.back();
  if (headSize > kMaxAttentionHeadSize || valueSize > kMaxAttentionHeadSize)
    return refuse(subgraph,
                  llvm::formatv("attention: head sizes {0} and {1}; the kernel "
                                "holds rows of at most {2} in registers",
                                headSize, valueSize, kMaxAttentionHeadSize)
                      .str());
  return llvm::Error::success();
}

/// Score ops the scalar generators take, on float32 scores, whose other
/// operands broadcast to the scores without growing them.
llvm::Error checkScoreOps(cgc::SubgraphOp subgraph, AttentionParts parts) {
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

} // namespace

bool isAttentionSubgraph(cgc::FunctionalDefinitionOp definition) {
  return analyzeAttention(definition).has_value();
}

llvm::Error checkAttentionSupport(cgc::SubgraphOp subgraph) {
  std::optional<AttentionParts> parts =
      analyzeAttention(subgraph.getFunctionalDefinition());
  if (!parts)
    return refuse(subgraph, "not attention");
  if (llvm::Error error = checkOperands(subgraph, *parts))
    return error;
  if (llvm::Error error = checkScoreOps(subgraph, *parts))
    return error;
  Shape out(shapeOf(subgraph.getFunctionalDefinition()
                        .getBodyBlock()
                        ->getTerminator()
                        ->getOperand(0)));
  return checkBufferIndexing(subgraph, out);
}

KernelModule buildAttentionKernel(cgc::SubgraphOp subgraph,
                                  const KernelOptions &options) {
  return AttentionKernelBuilder(subgraph, options).build();
}

std::string describeAttentionConfig(cgc::SubgraphOp subgraph,
                                    const KernelOptions &options) {
  AttentionParts parts = *analyzeAttention(subgraph.getFunctionalDefinition());
  ArrayRef<int64_t> scores = shapeOf(parts.scores.getResult());
  AttentionConfig config = chooseAttentionConfig(scores, options.getTarget());
  int64_t rows = scores[scores.size() - 2];
  return llvm::formatv(
             "attention {0} heads x {1} rows x {2} keys, head sizes {3} and "
             "{4}: {5} row(s) per lane, workgroups of {6}, {7}x{0}x1 "
             "workgroups",
             product(scores.drop_back(2)), rows, scores.back(),
             shapeOf(parts.scores.getLhs()).back(),
             shapeOf(parts.context.getResult()).back(),
             config.rowsPerInvocation, config.workgroupSize,
             (rows + config.rowsPerWorkgroup() - 1) / config.rowsPerWorkgroup())
      .str();
}

} // namespace opencgc::codegen
