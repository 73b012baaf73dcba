//===- DataMovementKernel.cpp - reshape, transpose, concat with epilogues -===//
//
// One invocation per output element of a float32 reshape, transpose,
// concat, slice, gather, gather_elements or expand: the element's source is
// found by integer arithmetic on its coordinates (and, for a gather, the index
// it reads) and copied exactly, then the epilogue (every op after the data
// movement) runs on it before its store. These ops kept CNNs in several
// partitions (Flatten before the classifier, SqueezeNet's and DenseNet's
// Concats ran on the reference device), and gathers transformers (embeddings,
// ViT's class token).
//
//===----------------------------------------------------------------------===//
#include "DataMovementKernel.h"
#include "Epilogue.h"
#include "KernelBuilding.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/IndexingOps.h"
#include "opencgc/Dialect/CGCOp/LogicOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/TypeSwitch.h"

#include <functional>
#include <limits>

using namespace mlir;

namespace opencgc::codegen {
namespace {

Operation *movementOf(cgc::SubgraphOp subgraph) {
  return &subgraph.getFunctionalDefinition().getBodyBlock()->front();
}

class DataMovementKernelBuilder {
public:
  explicit DataMovementKernelBuilder(cgc::SubgraphOp subgraph)
      : subgraph(subgraph), movement(movementOf(subgraph)),
        out(shapeOf(movement->getResult(0))),
        builder(subgraph.getContext()), math(builder, loc) {}

  KernelModule build() {
    loc = subgraph.getLoc();
    return buildFirstOpKernel(builder, subgraph, out,
                              [&](gpu::GPUFuncOp kernel, Value element) {
                                function = kernel;
                                return moved(element);
                              });
  }

private:
  Value index(int64_t value) { return math.index(value); }
  Value add(Value x, Value y) { return math.add(x, y); }
  Value mul(Value x, int64_t y) { return math.mul(x, y); }
  Value div(Value x, int64_t y) { return math.div(x, y); }
  Value rem(Value x, int64_t y) { return math.rem(x, y); }
  Value flatten(ArrayRef<Value> coordinates, ArrayRef<int64_t> extents) {
    return math.flatten(coordinates, extents);
  }
  /// Element `offset` of the movement's operand `operand`.
  Value load(unsigned operand, Value offset) {
    Value input = function.getArgument(
        cast<BlockArgument>(movement->getOperand(operand)).getArgNumber());
    return memref::LoadOp::create(builder, loc, input, offset);
  }

  SmallVector<Value> coordinatesOf(Value element) {
    return math.coordinatesOf(element, out);
  }
  /// The input offsets of output coordinates `o`.
  Value transposed(cgc_op::TransposeOp transpose, ArrayRef<Value> o);
  Value concatenated(cgc_op::ConcatOp concat, Value element);
  Value sliced(cgc_op::SliceOp slice, ArrayRef<Value> o);
  Value gathered(cgc_op::GatherOp gather, ArrayRef<Value> o);
  Value expanded(cgc_op::ExpandOp expand, ArrayRef<Value> o);
  Value gatheredElements(cgc_op::GatherElementsOp gather, ArrayRef<Value> o);
  Value indexAt(Value indices, Value offset, int64_t extent);
  Value moved(Value element);

public:
  /// The input element a reshape, transpose, slice or expand copies to
  /// output element `element`.
  Value sourceOffset(Value element);
  /// Copies every element of an int64 or int32 movement word by word.
  KernelModule buildIntegerCopy();

private:
  cgc::SubgraphOp subgraph;
  Operation *movement;
  Shape out;
  OpBuilder builder;
  Location loc = builder.getUnknownLoc();
  IndexMath math;
  gpu::GPUFuncOp function;
};

/// output[o] = input[i] with i[perm[d]] = o[d].
Value DataMovementKernelBuilder::transposed(cgc_op::TransposeOp transpose,
                                            ArrayRef<Value> o) {
  Shape perm = transposePermutation(transpose);
  SmallVector<Value> source(o.size());
  for (auto [d, axis] : llvm::enumerate(perm))
    source[axis] = o[d];
  return flatten(source, shapeOf(transpose.getInput()));
}

/// Row-major, the output is a sequence of blocks, one per index of the
/// dimensions before the axis, each the inputs' blocks of extent_k * inner
/// elements side by side (inner: the elements after the axis). The element
/// at offset r of its block comes from the input whose part of the block
/// holds r: a chain of scf.if, one branch per non-empty input, so only the
/// chosen input is read, with one division and one remainder in all.
Value DataMovementKernelBuilder::concatenated(cgc_op::ConcatOp concat,
                                              Value element) {
  int64_t axis = positiveAxis(concat.getAxis(), int64_t(out.size()));
  int64_t inner = product(ArrayRef<int64_t>(out).drop_front(axis + 1));
  struct Part {
    unsigned operand;
    int64_t start, size; // within a block, in elements
  };
  SmallVector<Part> parts;
  int64_t start = 0;
  for (auto [operand, input] : llvm::enumerate(concat.getInputs())) {
    int64_t size = shapeOf(input)[axis] * inner;
    if (size > 0)
      parts.push_back({unsigned(operand), start, size});
    start += size;
  }
  Value block = div(element, start), within = rem(element, start);
  auto loadPart = [&](const Part &part) {
    Value offset = builder.createOrFold<arith::SubIOp>(loc, within,
                                                       index(part.start));
    return load(part.operand, add(mul(block, part.size), offset));
  };
  std::function<Value(size_t)> from = [&](size_t i) -> Value {
    if (i + 1 == parts.size())
      return loadPart(parts[i]);
    Value inPart = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, within,
        index(parts[i].start + parts[i].size));
    auto choice = scf::IfOp::create(builder, loc, builder.getF32Type(),
                                    inPart, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(choice.thenBlock());
    scf::YieldOp::create(builder, loc, loadPart(parts[i]));
    builder.setInsertionPointToStart(choice.elseBlock());
    scf::YieldOp::create(builder, loc, from(i + 1));
    return choice.getResult(0);
  };
  return from(0);
}

/// input[start_d + o_d * step_d] along every dimension (steps may be
/// negative; the flat offset is their sum, always within the input).
Value DataMovementKernelBuilder::sliced(cgc_op::SliceOp slice,
                                        ArrayRef<Value> o) {
  llvm::SmallVector<cgc_op::SliceAxis> axes = cgc_op::resolveSliceAxes(slice);
  Shape strides = denseStrides(shapeOf(slice.getInput()));
  int64_t base = 0;
  Value offset = index(0);
  for (auto [d, axis] : llvm::enumerate(axes)) {
    base += axis.start * strides[d];
    offset = add(offset, mul(o[d], axis.step * strides[d]));
  }
  return add(offset, index(base));
}

/// Element `offset` of a gather's int64 or int32 indices (an int64 is read
/// as its low 32-bit word, bufferTypeOf), negative ones counted from the
/// end of an axis of `extent` (ONNX Gather); out of range clamps to the
/// axis, so a bad index reads a wrong element, never past the buffer.
Value DataMovementKernelBuilder::indexAt(Value indices, Value offset,
                                         int64_t extent) {
  bool wide = isa<cgc::Int64Type>(
      cast<cgc::TensorType>(indices.getType()).getElementType());
  Value word = load(1, wide ? mul(offset, 2) : offset);
  Value index =
      arith::IndexCastOp::create(builder, loc, builder.getIndexType(), word);
  Value negative = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::slt, index, math.index(0));
  index = arith::SelectOp::create(builder, loc, negative,
                                  add(index, math.index(extent)), index);
  return arith::MinUIOp::create(builder, loc, index, math.index(extent - 1));
}

/// output[o_outer, o_indices, o_inner] = data[o_outer, indices[o_indices],
/// o_inner] along the gather's axis.
Value DataMovementKernelBuilder::gathered(cgc_op::GatherOp gather,
                                          ArrayRef<Value> o) {
  ArrayRef<int64_t> data = shapeOf(gather.getData());
  ArrayRef<int64_t> indices = shapeOf(gather.getIndices());
  int64_t axis = positiveAxis(gather.getAxis(), int64_t(data.size()));
  int64_t rank = int64_t(indices.size());
  Value at = indexAt(gather.getIndices(), flatten(o.slice(axis, rank), indices),
                     data[axis]);
  SmallVector<Value> source(o.take_front(axis));
  source.push_back(at);
  llvm::append_range(source, o.drop_front(axis + rank));
  return load(0, flatten(source, data));
}

/// output[o] = data[o with o[axis] replaced by indices[o]] (ONNX
/// GatherElements: the indices have the output's shape).
Value DataMovementKernelBuilder::gatheredElements(
    cgc_op::GatherElementsOp gather, ArrayRef<Value> o) {
  ArrayRef<int64_t> data = shapeOf(gather.getData());
  int64_t axis = positiveAxis(gather.getAxis(), int64_t(data.size()));
  SmallVector<Value> source(o);
  source[axis] = indexAt(gather.getIndices(), flatten(o, out), data[axis]);
  return load(0, flatten(source, data));
}

/// output[o] = input[o with broadcast dimensions at 0]: ONNX Expand's
/// numpy broadcast, the input right-aligned to the output.
Value DataMovementKernelBuilder::expanded(cgc_op::ExpandOp expand,
                                          ArrayRef<Value> o) {
  Shape strides = broadcastStrides(shapeOf(expand.getInput()), out);
  Value offset = index(0);
  for (auto [coordinate, stride] : llvm::zip(o, strides))
    if (stride != 0)
      offset = add(offset, mul(coordinate, stride));
  return offset;
}

Value DataMovementKernelBuilder::sourceOffset(Value element) {
  // A reshape keeps the row-major order: element i is input element i.
  if (isa<cgc_op::ReshapeOp>(movement))
    return element;
  if (auto transpose = dyn_cast<cgc_op::TransposeOp>(movement))
    return transposed(transpose, coordinatesOf(element));
  if (auto slice = dyn_cast<cgc_op::SliceOp>(movement))
    return sliced(slice, coordinatesOf(element));
  return expanded(cast<cgc_op::ExpandOp>(movement), coordinatesOf(element));
}

Value DataMovementKernelBuilder::moved(Value element) {
  if (isa<cgc_op::ReshapeOp, cgc_op::TransposeOp, cgc_op::SliceOp,
          cgc_op::ExpandOp>(movement))
    return load(0, sourceOffset(element));
  if (auto gather = dyn_cast<cgc_op::GatherOp>(movement))
    return gathered(gather, coordinatesOf(element));
  if (auto gather = dyn_cast<cgc_op::GatherElementsOp>(movement))
    return gatheredElements(gather, coordinatesOf(element));
  return concatenated(cast<cgc_op::ConcatOp>(movement), element);
}

} // namespace

Shape transposePermutation(cgc_op::TransposeOp transpose) {
  size_t rank = shapeOf(transpose.getInput()).size();
  Shape perm;
  if (std::optional<ArrayAttr> given = transpose.getPerm()) {
    for (Attribute axis : *given)
      perm.push_back(cast<IntegerAttr>(axis).getInt());
    return perm;
  }
  for (size_t d = rank; d-- > 0;)
    perm.push_back(int64_t(d));
  return perm;
}

bool isDataMovementSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  return !body->without_terminator().empty() &&
         isa<cgc_op::ReshapeOp, cgc_op::TransposeOp, cgc_op::ConcatOp,
             cgc_op::SliceOp, cgc_op::GatherOp, cgc_op::GatherElementsOp,
             cgc_op::ExpandOp>(body->front());
}

/// A gather (or gather_elements: the same operands and axis) reads
/// float32 data at int64 or int32 indices.
template <typename GatherLike>
static llvm::Error checkGatherTypes(cgc::SubgraphOp subgraph,
                                    GatherLike gather) {
  auto data = cast<cgc::TensorType>(gather.getData().getType());
  Type indices =
      cast<cgc::TensorType>(gather.getIndices().getType()).getElementType();
  int64_t axis = int64_t(gather.getAxis()); // unsigned in C++
  if (!isa<cgc::Float32Type>(data.getElementType()))
    return refuse(subgraph, "gather reads float32 data only");
  if (!isa<cgc::Int64Type, cgc::Int32Type>(indices))
    return refuse(subgraph, "gather takes int64 or int32 indices only");
  if (data.getShape()[positiveAxis(axis, data.getRank())] == 0)
    return refuse(subgraph, "gather along an empty axis");
  return llvm::Error::success();
}

llvm::Error checkDataMovementSupport(cgc::SubgraphOp subgraph) {
  Operation *movement = movementOf(subgraph);
  for (Value operand : movement->getOperands())
    if (!isa<BlockArgument>(operand))
      return refuse(subgraph, movement->getName().getStringRef() +
                                  " must read the subgraph's inputs");
  llvm::Error gatherError =
      llvm::TypeSwitch<Operation *, llvm::Error>(movement)
          .Case<cgc_op::GatherOp, cgc_op::GatherElementsOp>(
              [&](auto gather) { return checkGatherTypes(subgraph, gather); })
          .Default([](Operation *) { return llvm::Error::success(); });
  if (gatherError)
    return gatherError;
  return checkFirstOpEpilogue(subgraph,
                              shapeOf(movement->getResult(0)),
                              "data movement");
}

KernelModule buildDataMovementKernel(cgc::SubgraphOp subgraph) {
  return DataMovementKernelBuilder(subgraph).build();
}

// Integer movement: a reshape, transpose, slice, expand or where of int64
// or int32 alone copies each element's 32-bit words (two for an int64), so
// shape work that stays integer at run time (BERT's attention mask,
// unsqueezed before its cast) runs on the device too.

/// 32-bit words per element of an integer tensor.
static int64_t wordsOf(Type type) {
  return isa<cgc::Int64Type>(cast<cgc::TensorType>(type).getElementType()) ? 2
                                                                           : 1;
}

KernelModule DataMovementKernelBuilder::buildIntegerCopy() {
  loc = subgraph.getLoc();
  KernelModule result;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, result);
  function = createKernelFunction(builder, kernels, subgraph);
  builder.setInsertionPointToStart(&function.getBody().front());
  Value element = invocationIndex(builder, loc);
  int64_t elements = product(out);
  auto inRange = scf::IfOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, element,
                            index(elements)),
      /*withElseRegion=*/false);
  gpu::ReturnOp::create(builder, loc);
  builder.setInsertionPoint(inRange.thenBlock()->getTerminator());
  int64_t words = wordsOf(movement->getResult(0).getType());
  Value to = mul(element, words);
  auto store = [&](int64_t w, Value word) {
    memref::StoreOp::create(builder, loc, word, function.getArguments().back(),
                            add(to, index(w)));
  };
  if (auto where = dyn_cast<cgc_op::WhereOp>(movement)) {
    // condition ? x : y word by word, each operand read at its broadcast
    // offset; the condition's bool byte compared with 0.
    IterationSpace space(builder, loc, element, out);
    Value chosen = byteAsBool(
        builder, loc, load(0, space.offsetOf(shapeOf(where.getCondition()))));
    Value x = mul(space.offsetOf(shapeOf(where.getX())), words);
    Value y = mul(space.offsetOf(shapeOf(where.getY())), words);
    for (int64_t w = 0; w < words; ++w)
      store(w, arith::SelectOp::create(builder, loc, chosen,
                                       load(1, add(x, index(w))),
                                       load(2, add(y, index(w)))));
  } else {
    Value from = mul(sourceOffset(element), words);
    for (int64_t w = 0; w < words; ++w)
      store(w, load(0, add(from, index(w))));
  }
  result.launches.push_back(linearLaunch(subgraph, elements));
  return result;
}

bool isIntegerMovementSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  if (llvm::range_size(body->without_terminator()) != 1)
    return false;
  Operation &op = body->front();
  auto type = dyn_cast<cgc::TensorType>(op.getResult(0).getType());
  return isa<cgc_op::ReshapeOp, cgc_op::TransposeOp, cgc_op::SliceOp,
             cgc_op::ExpandOp, cgc_op::WhereOp>(op) &&
         type && isa<cgc::Int64Type, cgc::Int32Type>(type.getElementType());
}

llvm::Error checkIntegerMovementSupport(cgc::SubgraphOp subgraph) {
  Operation *movement = movementOf(subgraph);
  StringRef name = movement->getName().getStringRef();
  for (Value operand : movement->getOperands())
    if (!isa<BlockArgument>(operand))
      return refuse(subgraph, name + " must read the subgraph's inputs");
  Type type = movement->getResult(0).getType();
  if (auto where = dyn_cast<cgc_op::WhereOp>(movement)) {
    auto condition = cast<cgc::TensorType>(where.getCondition().getType());
    auto elementOf = [](Value value) {
      return cast<cgc::TensorType>(value.getType()).getElementType();
    };
    if (!isa<cgc::BoolType>(condition.getElementType()) ||
        elementOf(where.getX()) != elementOf(where.getResult()) ||
        elementOf(where.getY()) != elementOf(where.getResult()))
      return refuse(subgraph, "an integer where takes a bool condition and "
                              "values of its result's type");
  }
  int64_t words = wordsOf(type);
  for (Value value :
       llvm::concat<Value>(movement->getOperands(), movement->getResults()))
    if (product(shapeOf(value)) * words > std::numeric_limits<int32_t>::max())
      return refuse(subgraph, "integer movement exceeds 32-bit indexing");
  return llvm::Error::success();
}

KernelModule buildIntegerMovementKernel(cgc::SubgraphOp subgraph) {
  return DataMovementKernelBuilder(subgraph).buildIntegerCopy();
}

// Split: one kernel, one invocation per input element, which it stores in
// the output holding it (GPT-2 splits its Q, K, V projection three ways).

static cgc_op::SplitOp splitOf(cgc::SubgraphOp subgraph) {
  return cast<cgc_op::SplitOp>(
      subgraph.getFunctionalDefinition().getBodyBlock()->front());
}

bool isSplitSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  return !body->without_terminator().empty() &&
         isa<cgc_op::SplitOp>(body->front());
}

llvm::Error checkSplitSupport(cgc::SubgraphOp subgraph) {
  cgc_op::SplitOp split = splitOf(subgraph);
  Block *body = subgraph.getFunctionalDefinition().getBodyBlock();
  if (!isa<BlockArgument>(split.getInput()))
    return refuse(subgraph, "split must read the subgraph's input");
  if (!isFloat32(split.getInput().getType()))
    return refuse(subgraph, "split has no kernel generator yet for tensors "
                            "other than float32");
  if (&body->front() != &*std::prev(body->without_terminator().end()))
    return refuse(subgraph, "split takes no epilogue");
  for (Value result : body->getTerminator()->getOperands())
    if (result.getDefiningOp() != split)
      return refuse(subgraph, "split's subgraph returns its parts only");
  return checkBufferIndexing(subgraph, shapeOf(split.getInput()));
}

KernelModule buildSplitKernel(cgc::SubgraphOp subgraph) {
  cgc_op::SplitOp split = splitOf(subgraph);
  Block *body = subgraph.getFunctionalDefinition().getBodyBlock();
  Location loc = subgraph.getLoc();
  OpBuilder builder(subgraph.getContext());
  IndexMath math(builder, loc);
  KernelModule result;
  gpu::GPUModuleOp kernels = createKernelModule(builder, subgraph, loc, result);
  gpu::GPUFuncOp function = createKernelFunction(builder, kernels, subgraph);
  builder.setInsertionPointToStart(&function.getBody().front());
  ArrayRef<int64_t> in = shapeOf(split.getInput());
  int64_t axis = positiveAxis(split.getAxis(), int64_t(in.size()));
  int64_t inner = product(in.drop_front(axis + 1));
  int64_t elements = product(in);
  Value element = invocationIndex(builder, loc);
  auto inRange = scf::IfOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, element,
                            math.index(elements)),
      false);
  builder.setInsertionPoint(inRange.thenBlock()->getTerminator());
  Value value =
      memref::LoadOp::create(builder, loc, function.getArgument(0), element);
  Value outer = math.div(element, in[axis] * inner);
  Value within = math.rem(element, in[axis] * inner);
  // Part r holds axis positions [start, start + size): one scf.if per
  // returned part, each on its own range (not an if/else chain, whose
  // branches LLVM merges into one store through a select of pointers, which
  // DXIL cannot express: a kernel parameter plus offsets only).
  Operation *terminator = body->getTerminator();
  unsigned firstOutput = body->getNumArguments();
  int64_t start = 0;
  for (Value part : split.getOutputs()) {
    int64_t size = shapeOf(part)[axis];
    for (OpOperand &use : terminator->getOpOperands()) {
      if (use.get() != part)
        continue;
      OpBuilder::InsertionGuard guard(builder);
      // The first part needs no lower bound, the last no upper one.
      Value inRange;
      auto bound = [&](arith::CmpIPredicate predicate, int64_t at) {
        Value holds = arith::CmpIOp::create(builder, loc, predicate, within,
                                            math.index(at * inner));
        inRange = inRange ? arith::AndIOp::create(builder, loc, inRange, holds)
                                .getResult()
                          : holds;
      };
      if (start > 0)
        bound(arith::CmpIPredicate::uge, start);
      if (start + size < in[axis])
        bound(arith::CmpIPredicate::ult, start + size);
      if (!inRange) // one part: the whole input
        inRange = arith::ConstantIntOp::create(builder, loc, 1, 1);
      auto inPart =
          scf::IfOp::create(builder, loc, inRange, /*withElseRegion=*/false);
      builder.setInsertionPoint(inPart.thenBlock()->getTerminator());
      Value offset = builder.createOrFold<arith::SubIOp>(
          loc, within, math.index(start * inner));
      memref::StoreOp::create(
          builder, loc, value,
          function.getArgument(firstOutput + use.getOperandNumber()),
          math.add(math.mul(outer, size * inner), offset));
    }
    start += size;
  }
  builder.setInsertionPointAfter(inRange);
  gpu::ReturnOp::create(builder, loc);
  result.launches.push_back(linearLaunch(subgraph, elements));
  return result;
}

} // namespace opencgc::codegen
