//===- WeightsFileTest.cpp - Named constant tensors beside the IR ---------===//

#include "TensorTestUtils.h"

#include "opencgc/Tensor/WeightsFile.h"

#include "llvm/Support/Endian.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <optional>

using namespace opencgc;
using namespace opencgc::tensortest;
using ::testing::HasSubstr;
namespace endian = llvm::support::endian;

namespace {

/// One table entry, written as docs/weights-format.md describes it, with
/// every field under the test's control.
struct RawEntry {
  std::string name = "w";
  uint8_t dtypeCode = 1; // float32
  std::vector<uint64_t> dims = {2};
  uint64_t offset = 64;
  uint64_t size = 8;
  uint16_t reserved = 0;
};

struct RawFile {
  std::vector<RawEntry> entries = {RawEntry()};
  /// Total bytes; the area after the table is zero-filled.
  size_t size = 128;
  std::string magic = "CGCWGHTS";
  uint32_t version = 1;
  std::optional<uint32_t> count;
  std::optional<uint64_t> fileSizeField;
};

void put(std::vector<uint8_t> &out, uint64_t value, size_t size) {
  for (size_t i = 0; i < size; ++i)
    out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

std::vector<uint8_t> build(const RawFile &file) {
  std::vector<uint8_t> out(file.magic.begin(), file.magic.end());
  put(out, file.version, 4);
  put(out, file.count.value_or(file.entries.size()), 4);
  put(out, file.fileSizeField.value_or(file.size), 8);
  for (const RawEntry &entry : file.entries) {
    put(out, entry.name.size(), 4);
    out.insert(out.end(), entry.name.begin(), entry.name.end());
    put(out, entry.dtypeCode, 1);
    put(out, entry.dims.size(), 1);
    put(out, entry.reserved, 2);
    for (uint64_t dim : entry.dims)
      put(out, dim, 8);
    put(out, entry.offset, 8);
    put(out, entry.size, 8);
  }
  out.resize(std::max(out.size(), file.size), 0);
  return out;
}

std::string parseError(llvm::ArrayRef<uint8_t> bytes) {
  return messageOf(parseWeights(bytes, "w.cgcw"));
}

std::string rawError(const RawFile &file) { return parseError(build(file)); }

NamedTensors parseOrFail(llvm::ArrayRef<uint8_t> bytes) {
  llvm::Expected<NamedTensors> tensors = parseWeights(bytes, "w.cgcw");
  if (!tensors) {
    ADD_FAILURE() << llvm::toString(tensors.takeError());
    return {};
  }
  return std::move(*tensors);
}

std::vector<uint8_t> serializeOrFail(const NamedTensors &tensors) {
  llvm::Expected<std::vector<uint8_t>> bytes = serializeWeights(tensors);
  if (!bytes) {
    ADD_FAILURE() << llvm::toString(bytes.takeError());
    return {};
  }
  return std::move(*bytes);
}

/// One tensor per dtype and sample shape, in a fixed order.
NamedTensors sampleWeights() {
  NamedTensors tensors;
  for (DType dtype : allDTypes())
    for (const Shape &shape : sampleShapes())
      tensors.emplace_back(getDTypeName(dtype).str() + "/" + formatShape(shape),
                           makeSampleTensor(dtype, shape));
  return tensors;
}

void expectSameWeights(const NamedTensors &actual,
                       const NamedTensors &expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    EXPECT_EQ(actual[i].first, expected[i].first);
    EXPECT_TRUE(actual[i].second.bitwiseEqual(expected[i].second))
        << expected[i].first;
  }
}

//===----------------------------------------------------------------------===//
// Round trips and layout
//===----------------------------------------------------------------------===//

TEST(WeightsFileTest, RoundTripsEveryDTypeAndShapeInOrder) {
  NamedTensors tensors = sampleWeights();
  expectSameWeights(parseOrFail(serializeOrFail(tensors)), tensors);
}

TEST(WeightsFileTest, RoundTripsNoTensors) {
  std::vector<uint8_t> bytes = serializeOrFail({});
  EXPECT_EQ(bytes.size(), 24u);
  EXPECT_TRUE(parseOrFail(bytes).empty());
}

TEST(WeightsFileTest, RoundTripsUnicodeNames) {
  NamedTensors tensors = {
      {"gewicht/\xc3\xa4", Tensor(DType::Int8, {1})},
      {"\xe6\x9d\x83\xe9\x87\x8d", Tensor(DType::Int8, {})}};
  expectSameWeights(parseOrFail(serializeOrFail(tensors)), tensors);
}

TEST(WeightsFileTest, WritesTheDocumentedExample) {
  // docs/weights-format.md, section 5.
  Tensor tensor(DType::Int16, {3});
  for (int64_t i = 0; i < 3; ++i)
    tensor.setFromInt(i, std::vector<int64_t>{1, -2, 3}[i]);
  std::vector<uint8_t> expected = fromHex("43474357474854530100000001000000"
                                          "46000000000000000200000061620501"
                                          "00000300000000000000400000000000"
                                          "00000600000000000000000000000000"
                                          "0100feff0300");
  EXPECT_EQ(serializeOrFail({{"ab", tensor}}), expected);
  NamedTensors read = parseOrFail(expected);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].first, "ab");
  EXPECT_TRUE(read[0].second.bitwiseEqual(tensor));
}

TEST(WeightsFileTest, AlignsEveryTensorTo64Bytes) {
  NamedTensors tensors = sampleWeights();
  std::vector<uint8_t> bytes = serializeOrFail(tensors);
  size_t offset = 24;
  for (const auto &[name, tensor] : tensors) {
    offset += 4 + name.size() + 4 + 8 * tensor.getRank();
    uint64_t dataOffset = endian::read64le(&bytes[offset]);
    EXPECT_EQ(dataOffset % 64, 0u) << name;
    EXPECT_EQ(endian::read64le(&bytes[offset + 8]), tensor.getByteSize());
    offset += 16;
  }
}

TEST(WeightsFileTest, RoundTripsThroughFiles) {
  ScopedTempDir dir;
  NamedTensors tensors = sampleWeights();
  std::string path = dir.path("model") + kWeightsFileExtension.str();
  ASSERT_EQ(messageOf(writeWeights(tensors, path)), "");
  llvm::Expected<NamedTensors> read = readWeights(path);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  expectSameWeights(*read, tensors);
}

TEST(WeightsFileTest, ReportsFileErrors) {
  ScopedTempDir dir;
  std::string missing = dir.path("missing.cgcw");
  EXPECT_THAT(messageOf(readWeights(missing)),
              HasSubstr(missing + ": cannot read"));
  std::string badDir = dir.path("no/such/dir/a.cgcw");
  EXPECT_THAT(messageOf(writeWeights({{"a", Tensor(DType::Int8, {})}}, badDir)),
              HasSubstr(badDir + ": cannot write"));
  EXPECT_THAT(messageOf(writeWeights({{"", Tensor(DType::Int8, {})}},
                                     dir.path("a.cgcw"))),
              HasSubstr("a.cgcw: cannot write weights: tensor #0 has an "
                        "empty name"));
}

//===----------------------------------------------------------------------===//
// Writer rejections
//===----------------------------------------------------------------------===//

TEST(WeightsFileTest, WriterRejectsBadInput) {
  Tensor t(DType::Float32, {2});
  EXPECT_THAT(messageOf(serializeWeights({{"a", t}, {"", t}})),
              HasSubstr("tensor #1 has an empty name"));
  EXPECT_THAT(messageOf(serializeWeights({{"a", t}, {"b", t}, {"a", t}})),
              HasSubstr("duplicate tensor name 'a' (tensors #0 and #2)"));
  EXPECT_THAT(messageOf(serializeWeights({{"bad\xff", t}})),
              HasSubstr("tensor #0: name is not valid UTF-8"));
  EXPECT_THAT(messageOf(serializeWeights({{"a", Tensor()}})),
              HasSubstr("tensor 'a' has no storage"));
  EXPECT_THAT(messageOf(serializeWeights(
                  {{"deep", Tensor(DType::Int8, Shape(256, 1))}})),
              HasSubstr("tensor 'deep' has rank 256; weights files allow at "
                        "most 255"));
}

//===----------------------------------------------------------------------===//
// Reader rejections
//===----------------------------------------------------------------------===//

TEST(WeightsFileTest, AcceptsTheRawBuilderBaseline) {
  // The rejection tests below each change one field of this valid file.
  NamedTensors tensors = parseOrFail(build(RawFile()));
  ASSERT_EQ(tensors.size(), 1u);
  EXPECT_EQ(tensors[0].first, "w");
  EXPECT_EQ(tensors[0].second.getDType(), DType::Float32);
}

TEST(WeightsFileTest, RejectsEveryTruncation) {
  std::vector<uint8_t> bytes = serializeOrFail(sampleWeights());
  for (size_t size = 0; size < bytes.size(); ++size)
    EXPECT_THAT(parseError(llvm::ArrayRef(bytes).take_front(size)),
                HasSubstr("truncated"))
        << size;
  EXPECT_THAT(parseError(llvm::ArrayRef(bytes).take_front(10)),
              HasSubstr("w.cgcw: truncated: the header needs 24 bytes at "
                        "byte offset 0 but the file has 10 bytes"));
}

TEST(WeightsFileTest, RejectsBadHeaders) {
  RawFile file;
  file.magic = "CGCWGHTX";
  EXPECT_THAT(rawError(file), HasSubstr("w.cgcw: not a weights file"));
  file = RawFile();
  file.version = 2;
  EXPECT_THAT(rawError(file),
              HasSubstr("unsupported weights format version 2 (this reader "
                        "supports 1)"));
  file = RawFile();
  file.fileSizeField = 129;
  EXPECT_THAT(rawError(file),
              HasSubstr("truncated: the header gives the file size as 129 "
                        "bytes but there are only 128"));
  file.fileSizeField = 100;
  EXPECT_THAT(rawError(file),
              HasSubstr("28 unexpected bytes after the end of the file (byte "
                        "offset 100)"));
  file = RawFile();
  file.count = 0xffffffff;
  EXPECT_THAT(rawError(file),
              HasSubstr("the header claims 4294967295 tensors"));
}

TEST(WeightsFileTest, RejectsTablesRunningPastTheEnd) {
  RawFile file;
  file.count = 2;
  file.size = 80;
  file.entries[0].dims = {0};
  file.entries[0].size = 0;
  std::vector<uint8_t> bytes = build(file);
  endian::write32le(&bytes[57], 100); // entry #1's name length
  EXPECT_THAT(parseError(bytes),
              HasSubstr("w.cgcw: truncated: the name of tensor #1 (table entry "
                        "at byte offset 57) needs 100 bytes at byte offset 61 "
                        "but the file has 80 bytes"));

  file = RawFile();
  file.entries[0].name = std::string(200, 'n');
  file.size = 0;
  bytes = build(file);
  bytes.resize(128);
  endian::write64le(&bytes[16], 128);
  EXPECT_THAT(parseError(bytes),
              HasSubstr("truncated: the name of tensor #0 (table entry at byte "
                        "offset 24) needs 200 bytes at byte offset 28"));

  file = RawFile();
  file.entries[0].dims.assign(255, 1); // 2040 bytes of dims in 128
  file.size = 0;
  bytes = build(file);
  bytes.resize(128);
  endian::write64le(&bytes[16], 128);
  EXPECT_THAT(parseError(bytes),
              HasSubstr("truncated: the shape and data range of tensor 'w' "
                        "(table entry at byte offset 24) needs 2056 bytes at "
                        "byte offset 33"));
}

TEST(WeightsFileTest, RejectsBadNames) {
  RawFile file;
  file.entries[0].name = "";
  EXPECT_THAT(rawError(file), HasSubstr("tensor #0 (table entry at byte "
                                        "offset 24) has an empty name"));
  file.entries[0].name = "a\xc3";
  EXPECT_THAT(rawError(file), HasSubstr("the name of tensor #0 (table entry "
                                        "at byte offset 24) is not valid "
                                        "UTF-8"));
  file = RawFile();
  file.entries.push_back(file.entries[0]);
  file.entries[1].offset = 128;
  file.size = 192;
  EXPECT_THAT(rawError(file),
              HasSubstr("duplicate tensor name 'w' (tensors #0 and #1)"));
}

TEST(WeightsFileTest, RejectsUnknownDTypeCodes) {
  // 17-26 are the float8, float4, int4 and int2 types (docs/weights-format.md).
  for (uint8_t code : {0, 8, 14, 15, 27, 255}) {
    RawFile file;
    file.entries[0].dtypeCode = code;
    EXPECT_THAT(rawError(file),
                HasSubstr("tensor 'w' (table entry at byte offset 24) has "
                          "unknown dtype code " +
                          std::to_string(code)));
  }
}

TEST(WeightsFileTest, RejectsNonZeroReservedField) {
  RawFile file;
  file.entries[0].reserved = 1;
  EXPECT_THAT(rawError(file), HasSubstr("has reserved field 1; it must be 0"));
}

TEST(WeightsFileTest, RejectsBadShapes) {
  RawFile file;
  file.entries[0].dims = {uint64_t(1) << 63};
  EXPECT_THAT(rawError(file), HasSubstr("dimension 0 (9223372036854775808) "
                                        "does not fit in int64"));
  file.entries[0].dims = {uint64_t(1) << 32, uint64_t(1) << 32, 0};
  EXPECT_THAT(rawError(file), HasSubstr("w.cgcw: tensor 'w' (table entry at "
                                        "byte offset 24): shape "
                                        "4294967296x4294967296x0 has more "
                                        "than 2^63 elements"));
  file.entries[0].dims = {uint64_t(1) << 62};
  EXPECT_THAT(rawError(file), HasSubstr("needs more than 2^63 bytes"));
}

TEST(WeightsFileTest, RejectsSizesThatDisagreeWithTheShape) {
  RawFile file;
  file.entries[0].size = 12;
  EXPECT_THAT(rawError(file),
              HasSubstr("tensor 'w' (table entry at byte offset 24): data size "
                        "is 12 bytes but float32 2 needs 8"));
}

TEST(WeightsFileTest, RejectsBadDataRanges) {
  RawFile file;
  file.entries[0].offset = 72;
  EXPECT_THAT(rawError(file),
              HasSubstr("tensor 'w': data offset 72 is not a multiple of 64"));
  file.entries[0].offset = 0;
  EXPECT_THAT(rawError(file),
              HasSubstr("tensor 'w': data offset 0 is inside the header or "
                        "table, which end at byte offset 57"));
  file.entries[0].offset = 128;
  EXPECT_THAT(rawError(file),
              HasSubstr("tensor 'w': data of 8 bytes at byte offset 128 runs "
                        "past the end of the file (128 bytes)"));
  file.entries[0].offset = ~uint64_t(63);
  EXPECT_THAT(rawError(file), HasSubstr("runs past the end of the file"));
}

TEST(WeightsFileTest, RejectsOverlappingData) {
  RawFile file;
  file.entries.push_back(file.entries[0]);
  file.entries[0].dims = {32}; // 128 bytes from offset 128
  file.entries[0].offset = 128;
  file.entries[0].size = 128;
  file.entries[1].name = "v";
  file.entries[1].offset = 192;
  file.size = 256;
  EXPECT_THAT(rawError(file),
              HasSubstr("the data of tensors 'w' (byte offset 128, 128 bytes) "
                        "and 'v' (byte offset 192) overlap"));
  file.entries[1].offset = 128; // same start
  EXPECT_THAT(rawError(file), HasSubstr("overlap"));
}

TEST(WeightsFileTest, AcceptsSharedOffsetsOfEmptyTensors) {
  RawFile file;
  file.entries.push_back(file.entries[0]);
  file.entries[1].name = "empty";
  file.entries[1].dims = {0, 5};
  file.entries[1].size = 0;
  file.entries[0].offset = 128;
  file.entries[1].offset = 128;
  file.size = 136;
  NamedTensors tensors = parseOrFail(build(file));
  ASSERT_EQ(tensors.size(), 2u);
  EXPECT_EQ(tensors[1].second.getNumElements(), 0);
}

TEST(WeightsFileTest, RejectsBoolBytesOtherThanZeroAndOne) {
  RawFile file;
  file.entries[0].dtypeCode = 9; // bool
  file.entries[0].dims = {3};
  file.entries[0].size = 3;
  std::vector<uint8_t> bytes = build(file);
  bytes[64] = 1;
  bytes[66] = 7;
  EXPECT_THAT(parseError(bytes),
              HasSubstr("tensor 'w': bool element 2 is 7 at byte offset 66; "
                        "bools must be 0 or 1"));
}

} // namespace
