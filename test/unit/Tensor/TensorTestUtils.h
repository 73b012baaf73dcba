//===- TensorTestUtils.h - Helpers for tensor I/O tests ---------*- C++ -*-===//
#ifndef OPENCGC_TEST_UNIT_RUNTIME_TENSORTESTUTILS_H
#define OPENCGC_TEST_UNIT_RUNTIME_TENSORTESTUTILS_H

#include "opencgc/Tensor/Tensor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace opencgc::tensortest {

/// Every DType, in enum order.
std::vector<DType> allDTypes();

/// Shapes every format must round-trip: scalar, empty, vector, matrix, ...
std::vector<Shape> sampleShapes();

/// A tensor whose elements differ from each other and exercise the type:
/// negative values for signed types, fractions for floats, both bools.
Tensor makeSampleTensor(DType dtype, llvm::ArrayRef<int64_t> shape);

/// A fresh directory for one test's files, removed by the caller's
/// ScopedTempDir.
class ScopedTempDir {
public:
  ScopedTempDir();
  ~ScopedTempDir();
  std::string path(llvm::StringRef fileName) const;

private:
  std::string dir;
};

/// The message of `err`, or "" on success.
std::string messageOf(llvm::Error err);
template <typename T> std::string messageOf(llvm::Expected<T> &&value) {
  return value ? std::string() : messageOf(value.takeError());
}

/// Bytes from a hex string such as "0000c03f".
std::vector<uint8_t> fromHex(llvm::StringRef hex);

} // namespace opencgc::tensortest

#endif // OPENCGC_TEST_UNIT_RUNTIME_TENSORTESTUTILS_H
