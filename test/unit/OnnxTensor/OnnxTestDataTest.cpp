//===- OnnxTestDataTest.cpp - Real ONNX backend test data -----------------===//
//
// Reads the TensorProto files of the ONNX backend node tests, installed by
// Debian's libonnx-testdata (OPENCGC_ONNX_TESTDATA_DIR). The set-up installs
// it, so a missing directory is a failure, not a skip.
//
//===----------------------------------------------------------------------===//

#include "../Tensor/TensorTestUtils.h"

#include "opencgc/Frontend/ONNX/TensorProto.h"

#include "onnx/onnx_pb.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cmath>

using namespace opencgc;
using namespace opencgc::tensortest;
using ::testing::HasSubstr;

namespace {

std::string nodeTestFile(llvm::StringRef test, llvm::StringRef file) {
  return (llvm::Twine(OPENCGC_ONNX_TESTDATA_DIR) + "/node/" + test +
          "/test_data_set_0/" + file)
      .str();
}

/// The named tensor in `file` of node test `test`.
std::pair<std::string, Tensor> readOrFail(llvm::StringRef test,
                                          llvm::StringRef file) {
  std::string path = nodeTestFile(test, file);
  llvm::Expected<std::pair<std::string, Tensor>> read =
      readTensorProtoFile(path);
  if (!read) {
    ADD_FAILURE() << llvm::toString(read.takeError());
    return {};
  }
  return std::move(*read);
}

std::string readError(llvm::StringRef test, llvm::StringRef file) {
  return messageOf(readTensorProtoFile(nodeTestFile(test, file)));
}

TEST(OnnxTestDataTest, TestDataIsInstalled) {
  ASSERT_TRUE(llvm::sys::fs::is_directory(OPENCGC_ONNX_TESTDATA_DIR "/node"))
      << OPENCGC_ONNX_TESTDATA_DIR
      << "/node is missing; install Debian's libonnx-testdata";
}

TEST(OnnxTestDataTest, ReadsAbsFloat32) {
  auto [inputName, input] = readOrFail("test_abs", "input_0.pb");
  auto [outputName, output] = readOrFail("test_abs", "output_0.pb");
  EXPECT_EQ(inputName, "x");
  EXPECT_EQ(outputName, "y");
  ASSERT_EQ(input.getDType(), DType::Float32);
  ASSERT_EQ(input.getShape(), llvm::ArrayRef<int64_t>({3, 4, 5}));
  ASSERT_EQ(output.getShape(), input.getShape());
  // numpy.random.seed(0) data: the first and last values.
  EXPECT_FLOAT_EQ(input.getData<float>()[0], 1.7640524f);
  EXPECT_FLOAT_EQ(input.getData<float>()[59], -0.36274117f);
  for (int64_t i = 0; i < input.getNumElements(); ++i)
    ASSERT_EQ(output.getData<float>()[i], std::fabs(input.getData<float>()[i]));
}

TEST(OnnxTestDataTest, CastFloatToFloat16MatchesOurRounding) {
  Tensor input = readOrFail("test_cast_FLOAT_to_FLOAT16", "input_0.pb").second;
  Tensor output =
      readOrFail("test_cast_FLOAT_to_FLOAT16", "output_0.pb").second;
  ASSERT_EQ(input.getDType(), DType::Float32);
  ASSERT_EQ(output.getDType(), DType::Float16);
  ASSERT_EQ(output.getNumElements(), input.getNumElements());
  ASSERT_GT(input.getNumElements(), 0);
  for (int64_t i = 0; i < input.getNumElements(); ++i) {
    float value = input.getData<float>()[i];
    uint16_t expected = output.getData<Half>()[i].bits;
    if (std::isnan(value))
      EXPECT_TRUE(std::isnan(Half::toFloat(Half::fromFloat(value))));
    else
      EXPECT_EQ(Half::fromFloat(value), expected) << value;
  }
}

TEST(OnnxTestDataTest, CastFloat16ToDoubleMatchesOurWidening) {
  Tensor input = readOrFail("test_cast_FLOAT16_to_DOUBLE", "input_0.pb").second;
  Tensor output =
      readOrFail("test_cast_FLOAT16_to_DOUBLE", "output_0.pb").second;
  ASSERT_EQ(input.getDType(), DType::Float16);
  ASSERT_EQ(output.getDType(), DType::Float64);
  ASSERT_EQ(output.getShape(), llvm::ArrayRef<int64_t>({3, 4}));
  EXPECT_EQ(input.getAsDouble(0), 0.6123046875);
  for (int64_t i = 0; i < input.getNumElements(); ++i)
    EXPECT_EQ(output.getData<double>()[i], input.getAsDouble(i));
}

TEST(OnnxTestDataTest, ReadsBoolTensors) {
  auto [name, x] = readOrFail("test_and2d", "input_0.pb");
  Tensor y = readOrFail("test_and2d", "input_1.pb").second;
  Tensor out = readOrFail("test_and2d", "output_0.pb").second;
  EXPECT_EQ(name, "x");
  ASSERT_EQ(x.getDType(), DType::Bool);
  ASSERT_EQ(x.getShape(), llvm::ArrayRef<int64_t>({3, 4}));
  for (int64_t i = 0; i < x.getNumElements(); ++i)
    EXPECT_EQ(out.getData<bool>()[i],
              x.getData<bool>()[i] && y.getData<bool>()[i]);

  Tensor cond = readOrFail("test_if", "input_0.pb").second;
  EXPECT_EQ(cond.getDType(), DType::Bool);
  EXPECT_EQ(cond.getRank(), 0);
  EXPECT_EQ(cond.getAsInt(0), 1);
}

TEST(OnnxTestDataTest, ReadsInt64Tensors) {
  auto [name, result] =
      readOrFail("test_argmax_default_axis_example", "output_0.pb");
  EXPECT_EQ(name, "result");
  EXPECT_EQ(result.getDType(), DType::Int64);
  EXPECT_EQ(result.getShape(), llvm::ArrayRef<int64_t>({1, 2}));
  EXPECT_EQ(result.toIntVector(), (std::vector<int64_t>{1, 1}));
}

TEST(OnnxTestDataTest, ReadsEmptyTensors) {
  Tensor empty =
      readOrFail("test_constantofshape_int_shape_zero", "output_0.pb").second;
  EXPECT_EQ(empty.getDType(), DType::Int32);
  EXPECT_EQ(empty.getShape(), llvm::ArrayRef<int64_t>({0}));
}

TEST(OnnxTestDataTest, ReadsIntegerTypes) {
  std::pair<const char *, DType> cases[] = {
      {"test_clip_default_int8_inbounds", DType::Int8},
      {"test_max_int16", DType::Int16},
      {"test_add_uint8", DType::UInt8},
      {"test_bitshift_left_uint16", DType::UInt16},
      {"test_bitshift_left_uint32", DType::UInt32},
      {"test_bitshift_left_uint64", DType::UInt64},
      {"test_cast_BFLOAT16_to_FLOAT", DType::UInt16}, // bfloat16 bits as uint16
  };
  for (auto [test, dtype] : cases)
    EXPECT_EQ(readOrFail(test, "input_0.pb").second.getDType(), dtype) << test;
}

TEST(OnnxTestDataTest, RejectsWhatWeDoNotSupport) {
  EXPECT_THAT(readError("test_cast_FLOAT_to_STRING", "output_0.pb"),
              HasSubstr("output_0.pb: tensor 'output': data_type STRING (8) is "
                        "not supported"));
  // A SequenceProto, which parses as a TensorProto with a segment.
  EXPECT_THAT(readError("test_identity_sequence", "input_0.pb"),
              HasSubstr("segmented tensors are not supported"));
  // An OptionalProto: garbage dims and int32_data that cannot match them.
  EXPECT_THAT(readError("test_identity_opt", "input_0.pb"),
              HasSubstr("int8 111x112x116x95x105x110 needs"));
}

/// Every input and output of every node test either reads, and then survives
/// tensorToProto -> tensorFromProto unchanged, or is rejected cleanly.
TEST(OnnxTestDataTest, ReadsOrRejectsEveryNodeTestFile) {
  std::error_code ec;
  size_t read = 0, rejected = 0;
  for (llvm::sys::fs::recursive_directory_iterator
           it(OPENCGC_ONNX_TESTDATA_DIR "/node", ec),
       end;
       it != end && !ec; it.increment(ec)) {
    if (llvm::sys::path::extension(it->path()) != ".pb")
      continue;
    llvm::Expected<std::pair<std::string, Tensor>> result =
        readTensorProtoFile(it->path());
    if (!result) {
      EXPECT_THAT(llvm::toString(result.takeError()), HasSubstr(it->path()));
      ++rejected;
      continue;
    }
    ++read;
    onnx::TensorProto proto = tensorToProto(result->second, result->first);
    llvm::Expected<Tensor> again = tensorFromProto(proto, it->path());
    ASSERT_TRUE(bool(again)) << llvm::toString(again.takeError());
    EXPECT_TRUE(again->bitwiseEqual(result->second)) << it->path();
  }
  ASSERT_FALSE(ec) << ec.message();
  // libonnx-testdata 1.12: 2816 tensors we read; 71 sequences, optionals
  // and string tensors we reject.
  EXPECT_GT(read, 2500u);
  EXPECT_LT(rejected, 200u);
}

} // namespace
