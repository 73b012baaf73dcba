//===- AttentionKernel.cpp - softmax(Q K^T) V as one kernel ---------------===//
//
// Attention in either form AttentionAnalysis.h reads runs as one kernel:
// each invocation walks the keys once for its query rows with an online
// softmax (a running maximum and sum, the weighted sum of values rescaled
// whenever the maximum grows), so the score matrix is never written.
// Transposed operands are read, and a transposed result written, in place
// through strides. The unfused form's score ops (scale, an additive mask,
// a Where mask) run at each score, their other operands loaded at its
// coordinates; the ONNX op's scale, softcap, mask and causality likewise.
//
// The grid is (row blocks, batch x heads): a workgroup's rows share their
// head, whose coordinates come from the workgroup id alone, so every row
// of a workgroup reads the same key at the same step. The first form: no
// shared memory.
//
//===----------------------------------------------------------------------===//
#include "AttentionKernel.h"
#include "AttentionAnalysis.h"
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
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// How the rows of a head are spread: workgroups of `workgroupSize`
/// invocations, each computing `rowsPerInvocation` rows (each key's column
/// and value row loaded once for them all).
struct AttentionConfig {
  int64_t workgroupSize = kWorkgroupSize;
  int64_t rowsPerInvocation = 1;
  int64_t rowsPerWorkgroup() const { return workgroupSize * rowsPerInvocation; }
  /// Workgroups along x: enough for `rows`.
  int64_t rowBlocks(int64_t rows) const {
    return (rows + rowsPerWorkgroup() - 1) / rowsPerWorkgroup();
  }
};

/// On lavapipe (measured, --micro attention at 128 tokens: 7.4 ms with
/// one row per invocation, 4.8 with two, 4.1 with four in workgroups of
/// 32), where every load of a key is one per lane, several rows share it;
/// GPUs keep one row per thread in registers (a row and its output are
/// already 128 registers at head size 64). Unmeasured on GPUs.
AttentionConfig chooseAttentionConfig(const AttentionForm &form,
                                      const KernelTarget &target) {
  AttentionConfig config;
  if (target.stagesTilesInSharedMemory)
    return config;
  int64_t rows = form.rows();
  config.workgroupSize = kAttentionLaneWorkgroupSize;
  config.rowsPerInvocation = std::clamp<int64_t>(
      (rows + config.workgroupSize - 1) / config.workgroupSize, 1, 4);
  return config;
}

class AttentionKernelBuilder {
public:
  AttentionKernelBuilder(cgc::SubgraphOp subgraph, const KernelOptions &options)
      : subgraph(subgraph),
        form(*analyzeAttention(subgraph.getFunctionalDefinition())),
        builder(subgraph.getContext()), loc(subgraph.getLoc()),
        math(builder, loc),
        config(chooseAttentionConfig(form, options.getTarget())) {}

  KernelModule build();

private:
  Value f32(double x) { return constantF32(builder, loc, x); }
  /// The offset of the row's first element in `tensor`'s buffer.
  Value rowBase(const StridedTensor &tensor, Value row);
  /// Element `offset` of an input, float16 widened to float32.
  Value load(const StridedTensor &tensor, Value offset) {
    return widened(memref::LoadOp::create(
        builder, loc, function.getArgument(tensor.argument), offset));
  }
  Value widened(Value loaded) {
    if (!loaded.getType().isF16())
      return loaded;
    return arith::ExtFOp::create(builder, loc, builder.getF32Type(), loaded);
  }
  /// Stores float32 `value` at `offset` of a result, narrowed to its
  /// element type.
  void store(const StridedTensor &result, Value value, Value offset);
  /// With the ONNX op's scores output at `stage` (qk_matmul_output_mode
  /// 0: scaled, 1: after softcap, 2: after the mask), stores `score` at
  /// flat score index `element`; mode 3 is no stage of a score
  /// (storeProbabilities).
  void recordScore(int64_t stage, Value score, Value element);
  /// The flat index of the score of `row` and `keyIndex` among the
  /// scores (the head's rows x keys block).
  Value scoreIndex(Value row, Value keyIndex);
  Value compare(arith::CmpFPredicate predicate, Value a, Value b) {
    return arith::CmpFOp::create(builder, loc, predicate, a, b);
  }
  /// Mode 3: the row's softmax, from its final maximum and sum, a second
  /// walk over the keys.
  /// `rowIndex`: the row's place among the invocation's (queryRows).
  void storeProbabilities(size_t rowIndex, Value row, Value maximum, Value sum);
  /// q . k for the key at `keyIndex` and each query row of `rowIndices`.
  SmallVector<Value> dotsWith(Value keyIndex, ArrayRef<size_t> rowIndices);
  /// The score at key `keyIndex` of `row`, `dot` being q . k: after the
  /// score ops, or the ONNX op's scale, softcap, mask and causality (each
  /// stage recorded in its scores output, recordScore).
  Value scoreAt(Value dot, Value keyIndex, Value row);
  Value unfusedScoreAt(Value dot, IterationSpace &space);
  Value opScoreAt(Value dot, Value keyIndex, Value row, IterationSpace &space,
                  Value element);
  /// A bool (i8) or float32 input at the space's element.
  Value loadAt(Value input, IterationSpace &space, ArrayRef<int64_t> shape);
  int64_t headSize() const { return form.query.shape.back(); }
  int64_t valueSize() const { return form.value.shape.back(); }
  /// Per row: the running maximum, the running sum, the output row.
  int64_t stateWidth() const { return 2 + valueSize(); }
  /// One step of the online softmax over key `keyIndex` for `rows`;
  /// `state` holds stateWidth() values per row.
  SmallVector<Value> attendTo(Value keyIndex, ArrayRef<Value> rows,
                              ValueRange state);
  void emitRows(Value first, Value head);

  cgc::SubgraphOp subgraph;
  AttentionForm form;
  OpBuilder builder;
  Location loc;
  IndexMath math;
  gpu::GPUFuncOp function;
  /// The invocation's batch coordinates (all but the scores' last two),
  /// and their flat index.
  SmallVector<Value> batch;
  Value head;
  /// Where the head's keys and values begin in their buffers.
  Value keyBase, valueBase;
  AttentionConfig config;
  SmallVector<SmallVector<Value>> queryRows;
};

/// Batch dimensions right-aligned to the scores'; a tensor's extent of 1
/// broadcasts, a smaller one is shared by consecutive heads (grouped-query
/// attention: head h reads h / (heads / extent)).
Value AttentionKernelBuilder::rowBase(const StridedTensor &tensor, Value row) {
  ArrayRef<int64_t> batchShape = form.batch();
  int64_t own = tensor.rank() - 2;
  Value offset = math.index(0);
  for (int64_t i = 0; i < own; ++i) {
    int64_t dim = int64_t(batchShape.size()) - own + i;
    int64_t extent = tensor.shape[i];
    if (extent == 1)
      continue;
    Value coordinate = batch[dim];
    if (extent != batchShape[dim])
      coordinate = math.div(coordinate, batchShape[dim] / extent);
    offset = math.add(offset, math.mul(coordinate, tensor.strides[i]));
  }
  return row ? math.add(offset, math.mul(row, tensor.rowStride())) : offset;
}

Value AttentionKernelBuilder::loadAt(Value input, IterationSpace &space,
                                     ArrayRef<int64_t> shape) {
  auto argument = cast<BlockArgument>(input);
  Value loaded = memref::LoadOp::create(
      builder, loc, function.getArgument(argument.getArgNumber()),
      space.offsetOf(shape));
  return loaded.getType().isInteger(8) ? byteAsBool(builder, loc, loaded)
                                       : widened(loaded);
}

void AttentionKernelBuilder::store(const StridedTensor &result, Value value,
                                   Value offset) {
  unsigned inputs = subgraph.getFunctionalDefinition().getNumArguments();
  Value buffer = function.getArgument(inputs + result.argument);
  Type element = cast<MemRefType>(buffer.getType()).getElementType();
  if (element != value.getType())
    value = arith::TruncFOp::create(builder, loc, element, value);
  memref::StoreOp::create(builder, loc, value, buffer, offset);
}

/// A row past the last is computed as the last (emitRows), so its
/// invocation stores the same values there again: harmless.
void AttentionKernelBuilder::recordScore(int64_t stage, Value score,
                                         Value element) {
  if (form.scoresOutput && int64_t(form.op.getQkMatmulOutputMode()) == stage)
    store(*form.scoresOutput, score, element);
}

/// The space's element is the score's flat index: IterationSpace reads an
/// operand as large as the scores at it.
Value AttentionKernelBuilder::scoreIndex(Value row, Value keyIndex) {
  return math.add(
      math.mul(math.add(math.mul(head, form.rows()), row), form.keys()),
      keyIndex);
}

Value AttentionKernelBuilder::scoreAt(Value dot, Value keyIndex, Value row) {
  Value element = scoreIndex(row, keyIndex);
  IterationSpace space(builder, loc, element, form.scoresShape);
  for (auto [dim, coordinate] : llvm::enumerate(batch))
    space.setCoordinate(dim, coordinate);
  space.setCoordinate(form.scoresShape.size() - 2, row);
  space.setCoordinate(form.scoresShape.size() - 1, keyIndex);
  if (form.unfused)
    return unfusedScoreAt(dot, space);
  return opScoreAt(dot, keyIndex, row, space, element);
}

Value AttentionKernelBuilder::unfusedScoreAt(Value dot, IterationSpace &space) {
  UnfusedAttention parts = *form.unfused;
  IRMapping scalars;
  scalars.map(parts.scores.getResult(), dot);
  auto scalarOf = [&](Value operand) -> Value {
    if (Value scalar = scalars.lookupOrNull(operand))
      return scalar;
    Value loaded = loadAt(operand, space, shapeOf(operand));
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

/// As the reference kernel: dot * scale (1/sqrt(D) by default), then
/// softcap * tanh(s / softcap), then -inf where causality or a false bool
/// mask hides the key (or the mask is shorter than the keys), else plus the
/// float mask.
Value AttentionKernelBuilder::opScoreAt(Value dot, Value keyIndex, Value row,
                                        IterationSpace &space, Value element) {
  cgc_op::AttentionOp op = form.op;
  double scale = op.getScale() ? op.getScaleAttr().getValueAsDouble()
                               : 1.0 / std::sqrt(double(headSize()));
  Value score = arith::MulFOp::create(builder, loc, dot, f32(scale));
  recordScore(0, score, element);
  double softcap = op.getSoftcapAttr().getValueAsDouble();
  if (softcap > 0)
    score = arith::MulFOp::create(
        builder, loc, f32(softcap),
        math::TanhOp::create(
            builder, loc,
            arith::DivFOp::create(builder, loc, score, f32(softcap))));
  recordScore(1, score, element);
  Value hidden;
  auto hide = [&](Value condition) {
    hidden =
        hidden
            ? arith::OrIOp::create(builder, loc, hidden, condition).getResult()
            : condition;
  };
  if (op.getIsCausal())
    hide(arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sgt, keyIndex,
        math.add(row, math.index(int64_t(op.getCausalOffset())))));
  if (Value mask = op.getMask()) {
    ArrayRef<int64_t> maskShape = shapeOf(mask);
    int64_t columns = maskShape.back();
    if (columns < form.keys()) {
      hide(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge,
                                 keyIndex, math.index(columns)));
      space.setCoordinate(form.scoresShape.size() - 1,
                          arith::MinUIOp::create(builder, loc, keyIndex,
                                                 math.index(columns - 1)));
    }
    Value bias = loadAt(mask, space, maskShape);
    if (bias.getType().isInteger(1))
      hide(arith::XOrIOp::create(
          builder, loc, bias,
          arith::ConstantIntOp::create(builder, loc, bias.getType(), 1)));
    else
      score = arith::AddFOp::create(builder, loc, score, bias);
  }
  if (hidden)
    score =
        arith::SelectOp::create(builder, loc, hidden, f32(-INFINITY), score);
  recordScore(2, score, element);
  return score;
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
  auto rowIndices = llvm::to_vector(llvm::seq<size_t>(0, rows.size()));
  SmallVector<Value> dots = dotsWith(keyIndex, rowIndices);
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
      math.add(valueBase, math.mul(keyIndex, form.value.rowStride()));
  SmallVector<Value> values;
  for (int64_t e = 0; e < valueSize(); ++e)
    values.push_back(load(
        form.value, math.add(valueRow, math.mul(math.index(e),
                                                form.value.columnStride()))));
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

SmallVector<Value>
AttentionKernelBuilder::dotsWith(Value keyIndex, ArrayRef<size_t> rowIndices) {
  Value keyColumn =
      math.add(keyBase, math.mul(keyIndex, form.key.columnStride()));
  SmallVector<Value> dots(rowIndices.size(), f32(0));
  for (int64_t d = 0; d < headSize(); ++d) {
    Value k =
        load(form.key, math.add(keyColumn,
                                math.mul(math.index(d), form.key.rowStride())));
    for (auto [dot, i] : llvm::zip(dots, rowIndices))
      dot = arith::AddFOp::create(
          builder, loc, dot,
          arith::MulFOp::create(builder, loc, queryRows[i][d], k));
  }
  return dots;
}

/// p = exp(s - m) / l, 0 for a hidden key (s = -inf) and in a row with
/// every key hidden (l = 0), as the reference's softmax.
void AttentionKernelBuilder::storeProbabilities(size_t rowIndex, Value row,
                                                Value maximum, Value sum) {
  auto loop = scf::ForOp::create(builder, loc, math.index(0),
                                 math.index(form.keys()), math.index(1));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(loop.getBody()->getTerminator());
  Value keyIndex = loop.getInductionVar();
  Value score = scoreAt(dotsWith(keyIndex, {rowIndex}).front(), keyIndex, row);
  Value hidden = arith::OrIOp::create(
      builder, loc, compare(arith::CmpFPredicate::OEQ, score, f32(-INFINITY)),
      compare(arith::CmpFPredicate::OLE, sum, f32(0)));
  Value p = arith::DivFOp::create(
      builder, loc,
      math::ExpOp::create(builder, loc,
                          arith::SubFOp::create(builder, loc, score, maximum)),
      sum);
  Value element = scoreIndex(row, keyIndex);
  store(*form.scoresOutput,
        arith::SelectOp::create(builder, loc, hidden, f32(0), p), element);
}

/// Rows first + i * workgroup size for i below rowsPerInvocation; a row
/// past the last is computed as the last (its loads stay in bounds) and
/// not stored.
void AttentionKernelBuilder::emitRows(Value first, Value flatHead) {
  int64_t lastRow = form.rows() - 1;
  head = flatHead;
  batch = math.coordinatesOf(head, form.batch());
  keyBase = rowBase(form.key, Value());
  valueBase = rowBase(form.value, Value());
  SmallVector<Value> rows, clamped;
  for (int64_t i = 0; i < config.rowsPerInvocation; ++i) {
    rows.push_back(math.add(first, math.index(i * config.workgroupSize)));
    clamped.push_back(
        arith::MinUIOp::create(builder, loc, rows.back(), math.index(lastRow)));
    Value queryBase = rowBase(form.query, clamped.back());
    SmallVector<Value> queryRow;
    for (int64_t d = 0; d < headSize(); ++d)
      queryRow.push_back(
          load(form.query,
               math.add(queryBase,
                        math.mul(math.index(d), form.query.columnStride()))));
    queryRows.push_back(std::move(queryRow));
  }
  SmallVector<Value> initial;
  for (int64_t i = 0; i < config.rowsPerInvocation; ++i) {
    initial.append({f32(-INFINITY), f32(0)});
    initial.append(size_t(valueSize()), f32(0));
  }
  auto loop = scf::ForOp::create(
      builder, loc, math.index(0), math.index(form.keys()), math.index(1),
      initial,
      [&](OpBuilder &nested, Location, Value keyIndex, ValueRange state) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPoint(nested.getInsertionBlock(),
                                  nested.getInsertionPoint());
        scf::YieldOp::create(builder, loc, attendTo(keyIndex, clamped, state));
      });
  for (auto [i, row] : llvm::enumerate(rows)) {
    ValueRange own = loop.getResults().slice(i * stateWidth(), stateWidth());
    auto inRange = scf::IfOp::create(
        builder, loc,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule, row,
                              math.index(lastRow)),
        /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(inRange.thenBlock()->getTerminator());
    Value outputBase = rowBase(form.result, row);
    // ONNX's Attention gives zeros where every key is hidden (sum 0);
    // softmax there is NaN, as the reference's.
    Value anyKey;
    if (form.op)
      anyKey = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OGT,
                                     own[1], f32(0));
    for (auto [e, weighted] : llvm::enumerate(own.drop_front(2))) {
      Value out = arith::DivFOp::create(builder, loc, weighted, own[1]);
      if (anyKey)
        out = arith::SelectOp::create(builder, loc, anyKey, out, f32(0));
      store(form.result, out,
            math.add(outputBase,
                     math.mul(math.index(e), form.result.columnStride())));
    }
    if (form.scoresOutput && form.op.getQkMatmulOutputMode() == 3)
      storeProbabilities(i, row, own[0], own[1]);
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
  int64_t rows = form.rows();
  auto inRange = scf::IfOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, first,
                            math.index(rows)),
      /*withElseRegion=*/false);
  gpu::ReturnOp::create(builder, loc);
  builder.setInsertionPoint(inRange.thenBlock()->getTerminator());
  emitRows(first, head);
  KernelLaunch launch;
  launch.name = subgraph.getSymName().str();
  launch.workgroupSize = {uint32_t(config.workgroupSize), 1, 1};
  launch.workgroupCount = {uint32_t(config.rowBlocks(rows)),
                           uint32_t(product(form.batch())), 1};
  module.launches.push_back(launch);
  return module;
}

} // namespace

bool isAttentionSubgraph(cgc::FunctionalDefinitionOp definition) {
  return analyzeAttention(definition).has_value();
}

llvm::Error checkAttentionSupport(cgc::SubgraphOp subgraph) {
  std::optional<AttentionForm> form =
      analyzeAttention(subgraph.getFunctionalDefinition());
  if (!form)
    return refuse(subgraph, "not attention");
  return checkAttentionForm(subgraph, *form);
}

KernelModule buildAttentionKernel(cgc::SubgraphOp subgraph,
                                  const KernelOptions &options) {
  return AttentionKernelBuilder(subgraph, options).build();
}

std::string describeAttentionConfig(cgc::SubgraphOp subgraph,
                                    const KernelOptions &options) {
  AttentionForm form = *analyzeAttention(subgraph.getFunctionalDefinition());
  AttentionConfig config = chooseAttentionConfig(form, options.getTarget());
  return llvm::formatv(
             "attention {0} heads x {1} rows x {2} keys, head sizes {3} and "
             "{4}: {5} row(s) per lane, workgroups of {6}, {7}x{0}x1 "
             "workgroups",
             product(form.batch()), form.rows(), form.keys(),
             form.query.shape.back(), form.value.shape.back(),
             config.rowsPerInvocation, config.workgroupSize,
             config.rowBlocks(form.rows()))
      .str();
}

} // namespace opencgc::codegen
