//===- DataMovementKernel.cpp - reshape, transpose, concat with epilogues -===//
//
// One invocation per output element of a float32 reshape, transpose,
// concat, slice, gather, gather_elements, gather_nd or expand: the element's
// source is found by integer arithmetic on its coordinates (and, for a
// gather, the indices it reads) and copied exactly, then the epilogue (every
// op after the data movement) runs on it before its store. These ops kept
// CNNs in several partitions (Flatten before the classifier, SqueezeNet's
// and DenseNet's Concats ran on the reference device), and gathers
// transformers (embeddings, ViT's class token).
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
  Value concatenated(cgc_op::ConcatOp concat, Value element, int64_t words = 1);
  Value sliced(cgc_op::SliceOp slice, ArrayRef<Value> o);
  Value gathered(cgc_op::GatherOp gather, ArrayRef<Value> o);
  Value expanded(cgc_op::ExpandOp expand, ArrayRef<Value> o);
  Value gatheredElements(cgc_op::GatherElementsOp gather, ArrayRef<Value> o);
  Value gatheredNd(cgc_op::GatherNDOp gather, ArrayRef<Value> o);
  Value indexAt(Value indices, Value offset, int64_t extent);
  Value moved(Value element);

public:
  /// The data element every op but concat copies to output element
  /// `element`.
  Value sourceOffset(Value element);
  /// Copies every element of an int64, int32 or float16 movement unchanged,
  /// word by word.
  KernelModule buildElementCopy();

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
///
/// `element` may count `words` per element (an int64 is two 32-bit words):
/// the words of a concat are the concat of the inputs' words along the same
/// axis, its inner extent `words` times larger.
Value DataMovementKernelBuilder::concatenated(cgc_op::ConcatOp concat,
                                              Value element, int64_t words) {
  int64_t axis = positiveAxis(concat.getAxis(), int64_t(out.size()));
  int64_t inner = product(ArrayRef<int64_t>(out).drop_front(axis + 1)) * words;
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
  // What a part's load gives: an f32, f16 or 32-bit word (bufferTypeOf).
  Type loaded = bufferTypeOf(concat.getResult().getType()).getElementType();
  std::function<Value(size_t)> from = [&](size_t i) -> Value {
    if (i + 1 == parts.size())
      return loadPart(parts[i]);
    Value inPart = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, within,
        index(parts[i].start + parts[i].size));
    auto choice = scf::IfOp::create(builder, loc, loaded, inPart,
                                    /*withElseRegion=*/true);
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
  bool wide = isa<cgc::Int64Type>(elementTypeOf(indices.getType()));
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
  return flatten(source, data);
}

/// output[o] = data[o with o[axis] replaced by indices[o]] (ONNX
/// GatherElements: the indices have the output's shape).
Value DataMovementKernelBuilder::gatheredElements(
    cgc_op::GatherElementsOp gather, ArrayRef<Value> o) {
  ArrayRef<int64_t> data = shapeOf(gather.getData());
  int64_t axis = positiveAxis(gather.getAxis(), int64_t(data.size()));
  SmallVector<Value> source(o);
  source[axis] = indexAt(gather.getIndices(), flatten(o, out), data[axis]);
  return flatten(source, data);
}

/// output[o] = data[o_batch, indices[o_tuple, 0..k), o_rest] (ONNX GatherND:
/// the indices' last dimension of k addresses data dimensions b..b+k, after
/// b batch dimensions both share; o_tuple is the output's first
/// rank(indices) - 1 coordinates, o_batch their first b).
Value DataMovementKernelBuilder::gatheredNd(cgc_op::GatherNDOp gather,
                                            ArrayRef<Value> o) {
  ArrayRef<int64_t> data = shapeOf(gather.getData());
  ArrayRef<int64_t> indices = shapeOf(gather.getIndices());
  int64_t tuples = int64_t(indices.size()) - 1, k = indices.back();
  int64_t batch = int64_t(gather.getBatchDims()); // unsigned in C++
  Value tuple = mul(flatten(o.take_front(tuples), indices.drop_back()), k);
  SmallVector<Value> source(o.take_front(batch));
  for (int64_t j = 0; j < k; ++j)
    source.push_back(
        indexAt(gather.getIndices(), add(tuple, index(j)), data[batch + j]));
  llvm::append_range(source, o.drop_front(tuples));
  return flatten(source, data);
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
  SmallVector<Value> o = coordinatesOf(element);
  return llvm::TypeSwitch<Operation *, Value>(movement)
      .Case([&](cgc_op::TransposeOp op) { return transposed(op, o); })
      .Case([&](cgc_op::SliceOp op) { return sliced(op, o); })
      .Case([&](cgc_op::GatherOp op) { return gathered(op, o); })
      .Case(
          [&](cgc_op::GatherElementsOp op) { return gatheredElements(op, o); })
      .Case([&](cgc_op::GatherNDOp op) { return gatheredNd(op, o); })
      .Default([&](Operation *) {
        return expanded(cast<cgc_op::ExpandOp>(movement), o);
      });
}

Value DataMovementKernelBuilder::moved(Value element) {
  if (auto concat = dyn_cast<cgc_op::ConcatOp>(movement))
    return concatenated(concat, element);
  return load(0, sourceOffset(element));
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
             cgc_op::GatherNDOp, cgc_op::ExpandOp>(body->front());
}

/// A gather's (or gather_elements') indices are int64 or int32 along a
/// non-empty axis; gather_nd's are int64 (ONNX) addressing non-empty
/// dimensions.
template <typename GatherLike>
static llvm::Error checkGatherIndices(cgc::SubgraphOp subgraph,
                                      GatherLike gather) {
  auto data = cast<cgc::TensorType>(gather.getData().getType());
  if (!isa<cgc::Int64Type, cgc::Int32Type>(
          elementTypeOf(gather.getIndices().getType())))
    return refuse(subgraph, "gather takes int64 or int32 indices only");
  int64_t axis = int64_t(gather.getAxis()); // unsigned in C++
  if (data.getShape()[positiveAxis(axis, data.getRank())] == 0)
    return refuse(subgraph, "gather along an empty axis");
  return llvm::Error::success();
}

static llvm::Error checkGatherIndices(cgc::SubgraphOp subgraph,
                                      cgc_op::GatherNDOp gather) {
  ArrayRef<int64_t> data = shapeOf(gather.getData());
  ArrayRef<int64_t> indices = shapeOf(gather.getIndices());
  int64_t batch = int64_t(gather.getBatchDims()), k = indices.back();
  if (!isa<cgc::Int64Type>(elementTypeOf(gather.getIndices().getType())))
    return refuse(subgraph, "gather_nd takes int64 indices only");
  if (llvm::is_contained(data.slice(batch, k), 0))
    return refuse(subgraph, "gather_nd addresses an empty dimension");
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
          .Case<cgc_op::GatherOp, cgc_op::GatherElementsOp, cgc_op::GatherNDOp>(
              [&](auto gather) {
                if (!isFloat32(gather.getData().getType()))
                  return refuse(subgraph, "gather reads float32 data only");
                return checkGatherIndices(subgraph, gather);
              })
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

// Copy movement: a reshape, transpose, slice, expand, where, concat,
// gather, gather_elements or gather_nd of int64, int32 or float16 alone
// copies each element's words unchanged (two 32-bit words for an int64, one
// 16-bit word for a float16), so shape work that stays integer at run time
// (BERT's attention mask, unsqueezed before its cast) and the key/value
// caches of float16 models run on the device too.

/// Buffer words per element: 32-bit words for an integer tensor
/// (bufferTypeOf), the element itself for a float16.
static int64_t wordsOf(Type type) {
  return isa<cgc::Int64Type>(elementTypeOf(type)) ? 2 : 1;
}

KernelModule DataMovementKernelBuilder::buildElementCopy() {
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
  } else if (auto concat = dyn_cast<cgc_op::ConcatOp>(movement)) {
    for (int64_t w = 0; w < words; ++w)
      store(w, concatenated(concat, add(to, index(w)), words));
  } else {
    Value from = mul(sourceOffset(element), words);
    for (int64_t w = 0; w < words; ++w)
      store(w, load(0, add(from, index(w))));
  }
  result.launches.push_back(linearLaunch(subgraph, elements));
  return result;
}

/// Whether elements of `type` are copied by buildElementCopy.
static bool isCopiedElement(Type type) {
  auto tensor = dyn_cast<cgc::TensorType>(type);
  return tensor && isa<cgc::Int64Type, cgc::Int32Type, cgc::Float16Type>(
                       tensor.getElementType());
}

bool isCopyMovementSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  if (llvm::range_size(body->without_terminator()) != 1)
    return false;
  Operation &op = body->front();
  return isa<cgc_op::ReshapeOp, cgc_op::TransposeOp, cgc_op::SliceOp,
             cgc_op::ExpandOp, cgc_op::WhereOp, cgc_op::ConcatOp,
             cgc_op::GatherOp, cgc_op::GatherElementsOp, cgc_op::GatherNDOp>(
             op) &&
         isCopiedElement(op.getResult(0).getType());
}

/// The data operands (all but a where's condition and a gather's indices)
/// hold the result's element type.
static llvm::Error checkCopiedTypes(cgc::SubgraphOp subgraph,
                                    Operation *movement) {
  auto elementOf = [](Value value) { return elementTypeOf(value.getType()); };
  Type element = elementOf(movement->getResult(0));
  SmallVector<Value> data(movement->getOperands());
  if (auto where = dyn_cast<cgc_op::WhereOp>(movement)) {
    if (!isa<cgc::BoolType>(elementOf(where.getCondition())))
      return refuse(subgraph, "where takes a bool condition");
    data.erase(data.begin());
  }
  llvm::Error gatherError =
      llvm::TypeSwitch<Operation *, llvm::Error>(movement)
          .Case<cgc_op::GatherOp, cgc_op::GatherElementsOp, cgc_op::GatherNDOp>(
              [&](auto gather) {
                data.pop_back();
                return checkGatherIndices(subgraph, gather);
              })
          .Default([](Operation *) { return llvm::Error::success(); });
  if (gatherError)
    return gatherError;
  if (!llvm::all_of(data, [&](Value v) { return elementOf(v) == element; }))
    return refuse(subgraph, movement->getName().getStringRef() +
                                " copies data of its result's type only");
  return llvm::Error::success();
}

llvm::Error checkCopyMovementSupport(cgc::SubgraphOp subgraph) {
  Operation *movement = movementOf(subgraph);
  StringRef name = movement->getName().getStringRef();
  for (Value operand : movement->getOperands())
    if (!isa<BlockArgument>(operand))
      return refuse(subgraph, name + " must read the subgraph's inputs");
  if (llvm::Error error = checkCopiedTypes(subgraph, movement))
    return error;
  for (Value value :
       llvm::concat<Value>(movement->getOperands(), movement->getResults()))
    if (product(shapeOf(value)) * wordsOf(value.getType()) >
        std::numeric_limits<int32_t>::max())
      return refuse(subgraph, name + " exceeds 32-bit indexing");
  return llvm::Error::success();
}

KernelModule buildCopyMovementKernel(cgc::SubgraphOp subgraph) {
  return DataMovementKernelBuilder(subgraph).buildElementCopy();
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
