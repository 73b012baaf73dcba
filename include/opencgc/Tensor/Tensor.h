//===- Tensor.h - Dense host tensors ----------------------------*- C++ -*-===//
//
// A dense, row-major tensor in host memory: element type, static shape and
// a shared byte buffer. Copies share storage; clone() copies the bytes.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TENSOR_TENSOR_H
#define OPENCGC_TENSOR_TENSOR_H

#include "opencgc/Tensor/DType.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <string>
#include <vector>

namespace opencgc {

using Shape = llvm::SmallVector<int64_t, 6>;

/// Number of elements of a shape (1 for rank 0).
int64_t getNumElements(llvm::ArrayRef<int64_t> shape);
/// "1x3x224x224", or "scalar" for rank 0.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

class Tensor {
public:
  Tensor() = default;
  /// A zero-filled tensor.
  Tensor(DType dtype, llvm::ArrayRef<int64_t> shape);

  DType getDType() const { return dtype; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  int64_t getRank() const { return shape.size(); }
  int64_t getNumElements() const { return numElements; }
  size_t getByteSize() const { return getStorageSize(dtype, numElements); }
  bool isValid() const { return storage != nullptr; }

  uint8_t *getBytes() { return storage->data(); }
  const uint8_t *getBytes() const { return storage->data(); }
  template <typename T> T *getData() {
    return reinterpret_cast<T *>(getBytes());
  }
  template <typename T> const T *getData() const {
    return reinterpret_cast<const T *>(getBytes());
  }

  /// Element `index` (row-major) converted to double / int64.
  double getAsDouble(int64_t index) const;
  int64_t getAsInt(int64_t index) const;
  /// Stores `value` into element `index`, converting to the element type
  /// (narrow float types saturate, narrow integers keep their low bits).
  void setFromDouble(int64_t index, double value);
  void setFromInt(int64_t index, int64_t value);

  /// All elements as int64 (for shape-like tensors).
  std::vector<int64_t> toIntVector() const;

  /// A deep copy.
  Tensor clone() const;
  /// The same bytes viewed with another shape of equal element count.
  Tensor reshaped(llvm::ArrayRef<int64_t> newShape) const;

  /// The same bytes viewed as another element type of the same size.
  Tensor bitcast(DType newType) const;

  /// True when dtype, shape and bytes are all equal.
  bool bitwiseEqual(const Tensor &other) const;

private:
  DType dtype = DType::Float32;
  Shape shape;
  int64_t numElements = 0;
  std::shared_ptr<std::vector<uint8_t>> storage;
};

} // namespace opencgc

#endif // OPENCGC_TENSOR_TENSOR_H
