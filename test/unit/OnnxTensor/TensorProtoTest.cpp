//===- TensorProtoTest.cpp - ONNX TensorProto <-> Tensor ------------------===//

#include "../Tensor/TensorTestUtils.h"

#include "opencgc/Frontend/ONNX/TensorProto.h"

#include "onnx/onnx_pb.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace opencgc;
using namespace opencgc::tensortest;
using onnx::TensorProto;
using ::testing::HasSubstr;

namespace {

TensorProto makeProto(int32_t dataType, std::vector<int64_t> dims,
                      llvm::StringRef name = "x") {
  TensorProto proto;
  proto.set_name(name.str());
  proto.set_data_type(dataType);
  for (int64_t dim : dims)
    proto.add_dims(dim);
  return proto;
}

Tensor fromProtoOrFail(const TensorProto &proto) {
  llvm::Expected<Tensor> tensor = tensorFromProto(proto, "ctx");
  if (!tensor) {
    ADD_FAILURE() << llvm::toString(tensor.takeError());
    return Tensor();
  }
  return *tensor;
}

std::string fromProtoError(const TensorProto &proto) {
  return messageOf(tensorFromProto(proto, "ctx"));
}

//===----------------------------------------------------------------------===//
// Round trips and typed fields
//===----------------------------------------------------------------------===//

TEST(TensorProtoTest, MapsEveryDType) {
  for (DType dtype : allDTypes())
    EXPECT_EQ(dtypeFromOnnx(getOnnxDataType(dtype)), dtype);
  EXPECT_EQ(getOnnxDataType(DType::Float32), TensorProto::FLOAT);
  EXPECT_EQ(getOnnxDataType(DType::BFloat16), TensorProto::BFLOAT16);
  EXPECT_EQ(dtypeFromOnnx(TensorProto::STRING), std::nullopt);
  EXPECT_EQ(dtypeFromOnnx(99), std::nullopt);
}

TEST(TensorProtoTest, RoundTripsEveryDTypeAndShape) {
  for (DType dtype : allDTypes()) {
    for (const Shape &shape : sampleShapes()) {
      SCOPED_TRACE(getDTypeName(dtype).str() + " " + formatShape(shape));
      Tensor tensor = makeSampleTensor(dtype, shape);
      TensorProto proto = tensorToProto(tensor, "t");
      EXPECT_EQ(proto.name(), "t");
      EXPECT_EQ(proto.data_type(), getOnnxDataType(dtype));
      EXPECT_TRUE(proto.has_raw_data());
      EXPECT_TRUE(fromProtoOrFail(proto).bitwiseEqual(tensor));
    }
  }
}

TEST(TensorProtoTest, RoundTripsThroughFiles) {
  ScopedTempDir dir;
  Tensor tensor = makeSampleTensor(DType::Float16, {2, 2});
  std::string path = dir.path("input_0.pb");
  ASSERT_EQ(messageOf(writeTensorProtoFile(tensor, "x", path)), "");
  llvm::Expected<std::pair<std::string, Tensor>> read =
      readTensorProtoFile(path);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_EQ(read->first, "x");
  EXPECT_TRUE(read->second.bitwiseEqual(tensor));
}

TEST(TensorProtoTest, ReadsTypedFields) {
  TensorProto floats = makeProto(TensorProto::FLOAT, {2});
  floats.add_float_data(1.5f);
  floats.add_float_data(-INFINITY);
  Tensor tensor = fromProtoOrFail(floats);
  EXPECT_EQ(tensor.getAsDouble(0), 1.5);
  EXPECT_EQ(tensor.getAsDouble(1), -INFINITY);

  TensorProto doubles = makeProto(TensorProto::DOUBLE, {});
  doubles.add_double_data(0.125);
  EXPECT_EQ(fromProtoOrFail(doubles).getAsDouble(0), 0.125);

  TensorProto int64s = makeProto(TensorProto::INT64, {2});
  int64s.add_int64_data(INT64_MIN);
  int64s.add_int64_data(INT64_MAX);
  EXPECT_EQ(fromProtoOrFail(int64s).toIntVector(),
            (std::vector<int64_t>{INT64_MIN, INT64_MAX}));

  TensorProto uint64s = makeProto(TensorProto::UINT64, {1});
  uint64s.add_uint64_data(UINT64_MAX);
  EXPECT_EQ(fromProtoOrFail(uint64s).getData<uint64_t>()[0], UINT64_MAX);

  TensorProto uint32s = makeProto(TensorProto::UINT32, {1});
  uint32s.add_uint64_data(UINT32_MAX);
  EXPECT_EQ(fromProtoOrFail(uint32s).getData<uint32_t>()[0], UINT32_MAX);
}

TEST(TensorProtoTest, ReadsNarrowTypesFromInt32Data) {
  struct Case {
    int32_t dataType;
    std::vector<int32_t> values;
    std::vector<int64_t> expected;
  } cases[] = {
      {TensorProto::INT32, {INT32_MIN, INT32_MAX}, {INT32_MIN, INT32_MAX}},
      {TensorProto::INT16, {-32768, 32767}, {-32768, 32767}},
      {TensorProto::INT8, {-128, 127}, {-128, 127}},
      {TensorProto::UINT16, {0, 65535}, {0, 65535}},
      {TensorProto::UINT8, {0, 255}, {0, 255}},
      {TensorProto::BOOL, {1, 0}, {1, 0}},
  };
  for (const Case &c : cases) {
    TensorProto proto = makeProto(c.dataType, {2});
    for (int32_t value : c.values)
      proto.add_int32_data(value);
    EXPECT_EQ(fromProtoOrFail(proto).toIntVector(), c.expected)
        << TensorProto::DataType_Name(c.dataType);
  }
}

TEST(TensorProtoTest, ReadsHalfBitPatternsFromInt32Data) {
  TensorProto halves = makeProto(TensorProto::FLOAT16, {3});
  for (int32_t bits : {0x3c00, 0xc000, 0x7c00})
    halves.add_int32_data(bits);
  Tensor tensor = fromProtoOrFail(halves);
  EXPECT_EQ(tensor.getAsDouble(0), 1.0);
  EXPECT_EQ(tensor.getAsDouble(1), -2.0);
  EXPECT_EQ(tensor.getAsDouble(2), INFINITY);

  TensorProto bf16 = makeProto(TensorProto::BFLOAT16, {2});
  bf16.add_int32_data(0x3f80);
  bf16.add_int32_data(0xbfc0);
  tensor = fromProtoOrFail(bf16);
  EXPECT_EQ(tensor.getAsDouble(0), 1.0);
  EXPECT_EQ(tensor.getAsDouble(1), -1.5);
}

TEST(TensorProtoTest, ReadsEmptyTensorsWithoutData) {
  Tensor tensor = fromProtoOrFail(makeProto(TensorProto::INT32, {3, 0}));
  EXPECT_EQ(tensor.getShape(), llvm::ArrayRef<int64_t>({3, 0}));
  TensorProto withEmptyRaw = makeProto(TensorProto::FLOAT, {0});
  withEmptyRaw.set_raw_data("");
  EXPECT_EQ(fromProtoOrFail(withEmptyRaw).getNumElements(), 0);
}

//===----------------------------------------------------------------------===//
// Rejections
//===----------------------------------------------------------------------===//

TEST(TensorProtoTest, RejectsUnsupportedTypes) {
  std::pair<int32_t, std::string> cases[] = {
      {TensorProto::UNDEFINED, "data_type UNDEFINED (0) is not supported"},
      {TensorProto::STRING, "data_type STRING (8) is not supported"},
      {TensorProto::COMPLEX64, "data_type COMPLEX64 (14) is not supported"},
      {TensorProto::COMPLEX128, "data_type COMPLEX128 (15) is not supported"},
      {99, "unknown data_type 99"},
      {-1, "unknown data_type -1"},
  };
  for (auto [dataType, message] : cases) {
    TensorProto proto = makeProto(dataType, {1}, "w");
    EXPECT_THAT(fromProtoError(proto),
                HasSubstr("ctx: tensor 'w': " + message));
  }
}

TEST(TensorProtoTest, RejectsExternalDataAndSegments) {
  TensorProto external = makeProto(TensorProto::FLOAT, {4}, "w");
  external.set_data_location(TensorProto::EXTERNAL);
  onnx::StringStringEntryProto *entry = external.add_external_data();
  entry->set_key("location");
  entry->set_value("weights.bin");
  EXPECT_THAT(fromProtoError(external),
              HasSubstr("ctx: tensor 'w': data is stored externally (location "
                        "'weights.bin'); external data is not supported"));

  TensorProto segmented = makeProto(TensorProto::FLOAT, {4}, "w");
  segmented.mutable_segment()->set_begin(0);
  EXPECT_THAT(fromProtoError(segmented),
              HasSubstr("segmented tensors are not supported"));
}

TEST(TensorProtoTest, RejectsBadShapes) {
  EXPECT_THAT(fromProtoError(makeProto(TensorProto::FLOAT, {2, -3})),
              HasSubstr("ctx: tensor 'x': dimension 1 of shape 2x-3 is "
                        "negative"));
  EXPECT_THAT(fromProtoError(makeProto(TensorProto::FLOAT,
                                       {int64_t(1) << 40, int64_t(1) << 40})),
              HasSubstr("has more than 2^63 elements"));
}

TEST(TensorProtoTest, RejectsDataThatDisagreesWithTheShape) {
  TensorProto raw = makeProto(TensorProto::FLOAT, {2, 3});
  raw.set_raw_data(std::string(20, '\0'));
  EXPECT_THAT(fromProtoError(raw),
              HasSubstr("ctx: tensor 'x': raw_data has 20 bytes but float32 "
                        "2x3 needs 24"));

  TensorProto typed = makeProto(TensorProto::INT64, {2, 3});
  typed.add_int64_data(1);
  EXPECT_THAT(fromProtoError(typed),
              HasSubstr("int64_data has 1 values but int64 2x3 needs 6"));

  EXPECT_THAT(fromProtoError(makeProto(TensorProto::FLOAT, {})),
              HasSubstr("holds no values but float32 scalar needs 1"));

  // Found by the fuzzer: a huge shape must fail before anything is allocated.
  TensorProto huge = makeProto(TensorProto::FLOAT, {int64_t(1) << 40, 1024});
  huge.set_raw_data(std::string(4, '\0'));
  EXPECT_THAT(fromProtoError(huge),
              HasSubstr("raw_data has 4 bytes but float32 1099511627776x1024 "
                        "needs 4503599627370496"));
}

TEST(TensorProtoTest, RejectsValuesInTheWrongField) {
  TensorProto proto = makeProto(TensorProto::FLOAT, {1});
  proto.add_int64_data(1);
  EXPECT_THAT(fromProtoError(proto),
              HasSubstr("float32 values belong in raw_data or float_data, not "
                        "int64_data"));
  TensorProto uint32s = makeProto(TensorProto::UINT32, {1});
  uint32s.add_int32_data(1);
  EXPECT_THAT(fromProtoError(uint32s),
              HasSubstr("uint32 values belong in raw_data or uint64_data"));
  TensorProto strings = makeProto(TensorProto::INT8, {1});
  strings.add_string_data("1");
  EXPECT_THAT(fromProtoError(strings), HasSubstr("not string_data"));
}

TEST(TensorProtoTest, RejectsValuesInTwoFields) {
  TensorProto proto = makeProto(TensorProto::FLOAT, {1});
  proto.set_raw_data(std::string(4, '\0'));
  proto.add_float_data(1);
  EXPECT_THAT(fromProtoError(proto),
              HasSubstr("values are stored in both raw_data and float_data"));
}

TEST(TensorProtoTest, RejectsOutOfRangeNarrowValues) {
  std::pair<int32_t, int64_t> cases[] = {
      {TensorProto::INT8, 128},      {TensorProto::INT8, -129},
      {TensorProto::UINT8, 256},     {TensorProto::UINT8, -1},
      {TensorProto::INT16, 32768},   {TensorProto::UINT16, 65536},
      {TensorProto::BOOL, 2},        {TensorProto::BOOL, -1},
      {TensorProto::FLOAT16, 65536}, {TensorProto::BFLOAT16, -1},
  };
  for (auto [dataType, value] : cases) {
    TensorProto proto = makeProto(dataType, {2});
    proto.add_int32_data(0);
    proto.add_int32_data(static_cast<int32_t>(value));
    EXPECT_THAT(fromProtoError(proto),
                HasSubstr("element 1 (" + std::to_string(value) +
                          ") is out of range for"))
        << TensorProto::DataType_Name(dataType);
  }
  TensorProto uint32s = makeProto(TensorProto::UINT32, {1});
  uint32s.add_uint64_data(uint64_t(1) << 32);
  EXPECT_THAT(fromProtoError(uint32s),
              HasSubstr("element 0 (4294967296) is out of range for uint32"));
}

TEST(TensorProtoTest, RejectsBoolRawBytesOtherThanZeroAndOne) {
  TensorProto proto = makeProto(TensorProto::BOOL, {3});
  proto.set_raw_data(std::string("\x01\x00\x05", 3));
  EXPECT_THAT(fromProtoError(proto),
              HasSubstr("bool element 2 is 5 in raw_data; bools must be 0 or "
                        "1"));
}

TEST(TensorProtoTest, NamesUnnamedTensors) {
  TensorProto proto = makeProto(TensorProto::STRING, {1}, "");
  EXPECT_THAT(fromProtoError(proto), HasSubstr("ctx: unnamed tensor: "));
}

TEST(TensorProtoTest, RejectsBadFiles) {
  ScopedTempDir dir;
  std::string missing = dir.path("missing.pb");
  EXPECT_THAT(messageOf(readTensorProtoFile(missing)),
              HasSubstr(missing + ": cannot read"));
  // Field 1 (dims) as a length-delimited field claiming 100 bytes.
  std::vector<uint8_t> garbage = {0x0a, 0x64, 0x01};
  EXPECT_THAT(messageOf(parseTensorProto(garbage, "g.pb")),
              HasSubstr("g.pb: not a serialized ONNX TensorProto"));
  std::string badDir = dir.path("no/such/dir/a.pb");
  EXPECT_THAT(
      messageOf(writeTensorProtoFile(Tensor(DType::Int8, {}), "a", badDir)),
      HasSubstr(badDir + ": cannot write"));
  EXPECT_THAT(messageOf(writeTensorProtoFile(Tensor(), "a", badDir)),
              HasSubstr("default-constructed"));
}

} // namespace
