//===- ConcatPlacement.cpp - Concat inputs written in place ---------------===//
//
// A concat along an axis with only unit dimensions before it is its
// inputs' bytes one after the other. Instead of copying them, each input's
// producer writes its slice of the result: the inputs become aliases of
// the result at their byte offsets (issue 13: SqueezeNet's fire modules,
// DenseNet's growing feature maps, where the concat's result is itself an
// input of the next concat and the whole dense block ends up in one
// buffer).
//
//===----------------------------------------------------------------------===//
#include "ConcatPlacement.h"

#include "MemoryAssignment.h"

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

using namespace mlir;

namespace opencgc::compiler {
namespace {

/// Whether `input` may be placed in another value's memory.
bool placeable(const CompilationGraph &graph, Value input,
               Operation *terminator) {
  Operation *producer = input.getDefiningOp();
  return producer && !isa<cgc::ConstantOp>(producer) &&
         !llvm::is_contained(terminator->getOperands(), input) &&
         !graph.aliases.count(input);
}

/// The byte offset of each input's slice, or nothing when the concat
/// does not qualify.
std::optional<llvm::SmallVector<uint64_t>>
sliceOffsets(const CompilationGraph &graph, cgc_op::ConcatOp concat,
             uint64_t alignment) {
  auto result = cast<cgc::TensorType>(concat.getType());
  int64_t rank = result.getShape().size();
  int64_t axis = concat.getAxis() < 0 ? concat.getAxis() + rank
                                      : concat.getAxis();
  if (axis < 0 || axis >= rank)
    return std::nullopt;
  for (int64_t extent : result.getShape().take_front(axis))
    if (extent != 1)
      return std::nullopt;
  if (cgc::getElementBitWidth(result.getElementType()) % 8 != 0)
    return std::nullopt; // Packed sub-byte elements.
  Operation *terminator = graph.entry.getBodyBlock()->getTerminator();
  llvm::SmallVector<uint64_t> offsets;
  uint64_t offset = 0;
  llvm::SmallPtrSet<void *, 4> seen;
  for (Value input : concat.getInputs()) {
    if (offset % alignment != 0 || !placeable(graph, input, terminator) ||
        !seen.insert(input.getAsOpaquePointer()).second)
      return std::nullopt;
    offsets.push_back(offset);
    offset += getByteSize(input);
  }
  return offsets;
}
} // namespace

void placeConcatInputs(CompilationGraph &graph, uint64_t alignment) {
  for (auto concat : graph.entry.getBodyBlock()->getOps<cgc_op::ConcatOp>()) {
    std::optional<llvm::SmallVector<uint64_t>> offsets =
        sliceOffsets(graph, concat, std::max<uint64_t>(alignment, 1));
    if (!offsets)
      continue;
    for (auto [input, offset] : llvm::zip_equal(concat.getInputs(), *offsets))
      graph.addAlias(input, concat.getResult(), offset);
    graph.placedOps.insert(concat);
  }
}

} // namespace opencgc::compiler
