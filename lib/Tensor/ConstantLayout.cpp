//===- ConstantLayout.cpp - Constants re-laid out for a target's kernels --===//
#include "opencgc/Tensor/ConstantLayout.h"

#include <algorithm>
#include <cstring>

namespace opencgc {
namespace {
constexpr int64_t kVector = 4;

int64_t paddedToVector(int64_t n) {
  return (n + kVector - 1) / kVector * kVector;
}
} // namespace

llvm::StringRef getConstantLayoutName(ConstantLayout layout) {
  switch (layout) {
  case ConstantLayout::Plain:
    return "plain";
  case ConstantLayout::RowsPaddedToVec4:
    return "rows-padded-to-vec4";
  }
  return "unknown";
}

std::vector<int64_t> getLaidOutShape(ConstantLayout layout,
                                     llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> result(shape.begin(), shape.end());
  if (layout == ConstantLayout::RowsPaddedToVec4 && !result.empty())
    result.back() = paddedToVector(result.back());
  return result;
}

uint64_t getLaidOutByteSize(ConstantLayout layout,
                            llvm::ArrayRef<int64_t> shape,
                            uint64_t plainBytes) {
  int64_t plain = getNumElements(shape);
  if (!plain)
    return 0;
  return plainBytes / plain * getNumElements(getLaidOutShape(layout, shape));
}

llvm::Expected<Tensor> layOutConstant(ConstantLayout layout,
                                      const Tensor &value) {
  if (layout == ConstantLayout::Plain)
    return value;
  llvm::ArrayRef<int64_t> shape = value.getShape();
  if (value.getDType() != DType::Float32 || shape.empty())
    return llvm::createStringError(
        "layout " + getConstantLayoutName(layout).str() +
        " applies to float32 tensors of rank 1 or more, not " +
        getDTypeName(value.getDType()).str() + " " + formatShape(shape));
  Tensor result(DType::Float32, getLaidOutShape(layout, shape));
  int64_t width = shape.back(), padded = result.getShape().back();
  int64_t rows = width ? value.getNumElements() / width : 0;
  const float *from = value.getData<float>();
  float *to = result.getData<float>();
  for (int64_t row = 0; row < rows; ++row) {
    std::memcpy(to + row * padded, from + row * width, width * sizeof(float));
    std::fill(to + row * padded + width, to + (row + 1) * padded, 0.0f);
  }
  return result;
}

} // namespace opencgc
