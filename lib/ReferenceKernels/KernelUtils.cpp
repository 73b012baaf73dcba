//===- KernelUtils.cpp - Helpers shared by reference kernels --------------===//
#include "KernelUtils.h"

#include "mlir/IR/Diagnostics.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace opencgc::reference {

Tensor allocateResult(Operation *op, unsigned index) {
  auto type = cast<cgc::TensorType>(op->getResult(index).getType());
  return Tensor(*dtypeFromElementType(type.getElementType()), type.getShape());
}

llvm::Error kernelError(Operation *op, const llvm::Twine &message) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getLoc() << ": '" << op->getName() << "': " << message;
  return llvm::createStringError(llvm::inconvertibleErrorCode(), text);
}

llvm::Error unsupportedType(Operation *op, DType dtype) {
  return kernelError(op, "no reference kernel for element type " +
                             getDTypeName(dtype));
}

Shape stridesOf(llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

Shape broadcastStrides(llvm::ArrayRef<int64_t> inShape,
                       llvm::ArrayRef<int64_t> outShape) {
  Shape dense = stridesOf(inShape);
  Shape strides(outShape.size(), 0);
  size_t shift = outShape.size() - inShape.size();
  for (size_t d = 0; d < inShape.size(); ++d)
    strides[d + shift] = inShape[d] == 1 ? 0 : dense[d];
  return strides;
}

Shape intArray(ArrayAttr attr, size_t count, int64_t fill) {
  Shape values(count, fill);
  if (!attr)
    return values;
  values.clear();
  for (Attribute element : attr)
    values.push_back(cast<IntegerAttr>(element).getInt());
  return values;
}

} // namespace opencgc::reference
