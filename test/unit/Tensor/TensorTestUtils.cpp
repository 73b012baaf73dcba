//===- TensorTestUtils.cpp - Helpers for tensor I/O tests -----------------===//

#include "TensorTestUtils.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include "gtest/gtest.h"

namespace opencgc::tensortest {

std::vector<DType> allDTypes() {
  std::vector<DType> dtypes;
  for (int i = 0; i <= static_cast<int>(DType::Bool); ++i)
    dtypes.push_back(static_cast<DType>(i));
  return dtypes;
}

std::vector<Shape> sampleShapes() {
  return {{}, {0}, {5}, {2, 3}, {2, 0, 3}, {1, 2, 1, 3}};
}

Tensor makeSampleTensor(DType dtype, llvm::ArrayRef<int64_t> shape) {
  Tensor tensor(dtype, shape);
  for (int64_t i = 0; i < tensor.getNumElements(); ++i) {
    if (dtype == DType::Bool)
      tensor.setFromInt(i, i % 3 != 1);
    else if (isFloatDType(dtype))
      tensor.setFromDouble(i, (i % 2 ? -1.0 : 1.0) * (0.25 + i * 1.5));
    else if (isSignedIntDType(dtype))
      tensor.setFromInt(i, (i % 2 ? -1 : 1) * (i * 7 + 3));
    else
      tensor.setFromInt(i, i * 11 + 5);
  }
  return tensor;
}

ScopedTempDir::ScopedTempDir() {
  llvm::SmallString<128> created;
  std::error_code ec =
      llvm::sys::fs::createUniqueDirectory("opencgc-tensor-io", created);
  EXPECT_FALSE(ec) << ec.message();
  dir = created.str().str();
}

ScopedTempDir::~ScopedTempDir() { llvm::sys::fs::remove_directories(dir); }

std::string ScopedTempDir::path(llvm::StringRef fileName) const {
  return dir + "/" + fileName.str();
}

std::string messageOf(llvm::Error err) {
  return err ? llvm::toString(std::move(err)) : std::string();
}

std::vector<uint8_t> fromHex(llvm::StringRef hex) {
  std::string bytes = llvm::fromHex(hex);
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

} // namespace opencgc::tensortest
