//===- TensorChecks.h - Validating tensors read from files ------*- C++ -*-===//
//
// Checks shared by the tensor readers (npy, weights, ONNX TensorProto): a
// shape or a bool payload that comes from a file must be validated before a
// Tensor is built from it.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TENSOR_TENSORCHECKS_H
#define OPENCGC_TENSOR_TENSORCHECKS_H

#include "opencgc/Tensor/DType.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace opencgc {

/// The element count of `shape`. Fails, with `context` leading the message,
/// when a dimension is negative or when the count, any partial product of
/// the dimensions (Tensor multiplies them in order), or the byte size for
/// `dtype` exceeds INT64_MAX.
llvm::Expected<int64_t> checkNumElements(llvm::ArrayRef<int64_t> shape,
                                         DType dtype,
                                         const llvm::Twine &context);

/// The index of the first byte that is neither 0 nor 1. Bool tensors store
/// C++ `bool`, for which any other byte value is undefined behaviour.
std::optional<size_t> findInvalidBoolByte(llvm::ArrayRef<uint8_t> bytes);

} // namespace opencgc

#endif // OPENCGC_TENSOR_TENSORCHECKS_H
