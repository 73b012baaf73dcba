//===- Tensor.cpp - Dense host tensors ------------------------------------===//
#include "opencgc/Tensor/Tensor.h"

#include "opencgc/Tensor/NarrowTypes.h"

#include <cassert>
#include <cmath>
#include <cstring>

namespace opencgc {

int64_t getNumElements(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  for (int64_t dim : shape)
    text += (text.empty() ? "" : "x") + std::to_string(dim);
  return text;
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape)
    : dtype(dtype), shape(shape.begin(), shape.end()),
      numElements(opencgc::getNumElements(shape)),
      storage(std::make_shared<std::vector<uint8_t>>(
          getStorageSize(dtype, numElements))) {}

double Tensor::getAsDouble(int64_t index) const {
  if (isNarrowDType(dtype))
    return decodeNarrow(dtype, loadNarrowCode(dtype, getBytes(), index));
  return dispatchDType(dtype, [&](auto zero) -> double {
    using T = decltype(zero);
    return static_cast<double>(
        static_cast<ComputeType<T>>(getData<T>()[index]));
  });
}

int64_t Tensor::getAsInt(int64_t index) const {
  if (isNarrowDType(dtype)) {
    double value = getAsDouble(index);
    return std::isfinite(value) ? static_cast<int64_t>(value) : 0;
  }
  return dispatchDType(dtype, [&](auto zero) -> int64_t {
    using T = decltype(zero);
    return static_cast<int64_t>(
        static_cast<ComputeType<T>>(getData<T>()[index]));
  });
}

void Tensor::setFromDouble(int64_t index, double value) {
  if (isNarrowDType(dtype))
    return storeNarrowCode(dtype, getBytes(), index,
                           encodeNarrow(dtype, value));
  dispatchDType(dtype, [&](auto zero) {
    using T = decltype(zero);
    using C = ComputeType<T>;
    if constexpr (std::is_same_v<T, bool>)
      getData<T>()[index] = value != 0;
    else
      getData<T>()[index] = T(static_cast<C>(value));
  });
}

void Tensor::setFromInt(int64_t index, int64_t value) {
  if (isNarrowDType(dtype))
    return storeNarrowCode(dtype, getBytes(), index,
                           isFloatDType(dtype) ? encodeNarrow(dtype, value)
                                               : wrapNarrowInt(dtype, value));
  dispatchDType(dtype, [&](auto zero) {
    using T = decltype(zero);
    using C = ComputeType<T>;
    if constexpr (std::is_same_v<T, bool>)
      getData<T>()[index] = value != 0;
    else
      getData<T>()[index] = T(static_cast<C>(value));
  });
}

std::vector<int64_t> Tensor::toIntVector() const {
  std::vector<int64_t> values(numElements);
  for (int64_t i = 0; i < numElements; ++i)
    values[i] = getAsInt(i);
  return values;
}

Tensor Tensor::clone() const {
  Tensor copy(dtype, shape);
  if (numElements)
    std::memcpy(copy.getBytes(), getBytes(), getByteSize());
  return copy;
}

Tensor Tensor::reshaped(llvm::ArrayRef<int64_t> newShape) const {
  assert(opencgc::getNumElements(newShape) == numElements &&
         "reshape must keep the element count");
  Tensor view = *this;
  view.shape.assign(newShape.begin(), newShape.end());
  return view;
}

Tensor Tensor::bitcast(DType newType) const {
  assert(getDTypeBitWidth(newType) == getDTypeBitWidth(dtype) &&
         "bitcast must keep the element size");
  Tensor view = *this;
  view.dtype = newType;
  return view;
}

bool Tensor::bitwiseEqual(const Tensor &other) const {
  return dtype == other.dtype && shape == other.shape &&
         (numElements == 0 ||
          std::memcmp(getBytes(), other.getBytes(), getByteSize()) == 0);
}

} // namespace opencgc
