//===- TensorChecksTest.cpp - Validating tensors read from files ----------===//

#include "TensorTestUtils.h"

#include "opencgc/Tensor/TensorChecks.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace opencgc;
using namespace opencgc::tensortest;
using ::testing::HasSubstr;

namespace {

int64_t countOrFail(llvm::ArrayRef<int64_t> shape, DType dtype) {
  llvm::Expected<int64_t> count = checkNumElements(shape, dtype, "ctx");
  if (!count) {
    ADD_FAILURE() << llvm::toString(count.takeError());
    return -1;
  }
  return *count;
}

TEST(TensorChecksTest, CountsElements) {
  EXPECT_EQ(countOrFail({}, DType::Float32), 1);
  EXPECT_EQ(countOrFail({0}, DType::Float32), 0);
  EXPECT_EQ(countOrFail({2, 3, 4}, DType::Float64), 24);
  EXPECT_EQ(
      countOrFail({0, int64_t(1) << 62, int64_t(1) << 62}, DType::Float32), 0);
  EXPECT_EQ(countOrFail({int64_t(1) << 60}, DType::Float32), int64_t(1) << 60);
}

TEST(TensorChecksTest, RejectsNegativeAndOverflowingShapes) {
  EXPECT_EQ(messageOf(checkNumElements({2, -1}, DType::Int8, "ctx")),
            "ctx: dimension 1 of shape 2x-1 is negative");
  // Tensor multiplies in order, so a zero after an overflow still overflows.
  EXPECT_EQ(messageOf(checkNumElements({int64_t(1) << 32, int64_t(1) << 32, 0},
                                       DType::Int8, "ctx")),
            "ctx: shape 4294967296x4294967296x0 has more than 2^63 elements");
  EXPECT_EQ(
      messageOf(checkNumElements({int64_t(1) << 62}, DType::Int16, "ctx")),
      "ctx: shape 4611686018427387904 of int16 needs more than 2^63 "
      "bytes");
}

TEST(TensorChecksTest, FindsInvalidBoolBytes) {
  EXPECT_EQ(findInvalidBoolByte({}), std::nullopt);
  EXPECT_EQ(findInvalidBoolByte({0, 1, 1, 0}), std::nullopt);
  EXPECT_EQ(findInvalidBoolByte({0, 1, 2, 0xff}), 2u);
  EXPECT_EQ(findInvalidBoolByte({0x80}), 0u);
}

} // namespace
