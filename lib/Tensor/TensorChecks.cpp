//===- TensorChecks.cpp - Validating tensors read from files --------------===//

#include "opencgc/Tensor/TensorChecks.h"

#include "opencgc/Tensor/Tensor.h"

#include "llvm/Support/MathExtras.h"

namespace opencgc {

llvm::Expected<int64_t> checkNumElements(llvm::ArrayRef<int64_t> shape,
                                         DType dtype,
                                         const llvm::Twine &context) {
  int64_t count = 1;
  for (auto [index, dim] : llvm::enumerate(shape)) {
    if (dim < 0)
      return llvm::createStringError(context + ": dimension " +
                                     llvm::Twine(index) + " of shape " +
                                     formatShape(shape) + " is negative");
    if (llvm::MulOverflow(count, dim, count))
      return llvm::createStringError(context + ": shape " + formatShape(shape) +
                                     " has more than 2^63 elements");
  }
  int64_t bytes;
  // Packed sub-byte types need fewer bytes than elements, never more.
  if (llvm::MulOverflow(count, static_cast<int64_t>(getDTypeSize(dtype)),
                        bytes))
    return llvm::createStringError(context + ": shape " + formatShape(shape) +
                                   " of " + getDTypeName(dtype) +
                                   " needs more than 2^63 bytes");
  return count;
}

std::optional<size_t> findInvalidBoolByte(llvm::ArrayRef<uint8_t> bytes) {
  for (auto [index, byte] : llvm::enumerate(bytes))
    if (byte > 1)
      return index;
  return std::nullopt;
}

} // namespace opencgc
