//===- IterationSpace.cpp - Element indexing with broadcasting ------------===//
#include "IterationSpace.h"
#include "KernelBuilding.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace opencgc::codegen {

std::optional<Shape>
broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes) {
  size_t rank = 0;
  for (llvm::ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());
  Shape result(rank, 1);
  for (llvm::ArrayRef<int64_t> shape : shapes) {
    size_t lead = rank - shape.size();
    for (auto [i, extent] : llvm::enumerate(shape)) {
      int64_t &out = result[lead + i];
      if (extent == out || extent == 1)
        continue;
      if (out != 1)
        return std::nullopt;
      out = extent;
    }
  }
  return result;
}

Shape broadcastStrides(llvm::ArrayRef<int64_t> shape,
                       llvm::ArrayRef<int64_t> target) {
  Shape strides(target.size(), 0);
  size_t lead = target.size() - shape.size();
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    strides[lead + i] = shape[i] == 1 ? 0 : stride;
    stride *= shape[i];
  }
  return strides;
}

IterationSpace::IterationSpace(OpBuilder &builder, Location loc, Value element,
                               llvm::ArrayRef<int64_t> shape)
    : builder(builder), loc(loc), element(element), shape(shape),
      coordinates(shape.size()) {}

Value IterationSpace::constant(int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

Value IterationSpace::coordinate(unsigned dim) {
  if (coordinates[dim])
    return coordinates[dim];
  int64_t inner = 1;
  for (int64_t extent : llvm::ArrayRef(shape).drop_front(dim + 1))
    inner *= extent;
  Value value = element;
  if (inner != 1)
    value = arith::DivUIOp::create(builder, loc, value, constant(inner));
  // The outermost coordinate needs no remainder: the element is in bounds.
  if (dim != 0)
    value = arith::RemUIOp::create(builder, loc, value, constant(shape[dim]));
  coordinates[dim] = value;
  return value;
}

Value IterationSpace::offsetOf(llvm::ArrayRef<int64_t> operand) {
  // Broadcast-compatible with as many elements: the same dense layout.
  if (product(operand) == product(shape))
    return element;
  Shape strides = broadcastStrides(operand, shape);
  Value offset;
  for (auto [dim, stride] : llvm::enumerate(strides)) {
    if (stride == 0)
      continue;
    Value term = coordinate(dim);
    if (stride != 1)
      term = arith::MulIOp::create(builder, loc, term, constant(stride));
    offset = offset ? arith::AddIOp::create(builder, loc, offset, term) : term;
  }
  return offset ? offset : constant(0);
}

Value IterationSpace::ownsElementOf(llvm::ArrayRef<int64_t> operand) {
  size_t lead = shape.size() - operand.size();
  Value owns;
  for (auto [dim, extent] : llvm::enumerate(shape)) {
    bool broadcast = extent != 1 && (dim < lead || operand[dim - lead] == 1);
    if (!broadcast)
      continue;
    Value first = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        coordinate(dim), constant(0));
    owns = owns ? arith::AndIOp::create(builder, loc, owns, first) : first;
  }
  return owns;
}

} // namespace opencgc::codegen
