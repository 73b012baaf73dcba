//===- NpyFileTest.cpp - NumPy .npy tensors -------------------------------===//

#include "TensorTestUtils.h"

#include "opencgc/Tensor/NpyFile.h"

#include "llvm/Support/Endian.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace opencgc;
using namespace opencgc::tensortest;
using ::testing::HasSubstr;

namespace {

/// A .npy file laid out byte for byte as NumPy writes it: `dict` padded
/// with spaces to `headerLength` - 1 bytes, then '\n', then `dataHex`.
std::vector<uint8_t> npyFile(uint8_t major, llvm::StringRef dict,
                             size_t headerLength, llvm::StringRef dataHex,
                             uint8_t minor = 0) {
  std::vector<uint8_t> bytes = {0x93, 'N', 'U', 'M', 'P', 'Y', major, minor};
  for (size_t i = 0; i < (major == 1 ? 2u : 4u); ++i)
    bytes.push_back(static_cast<uint8_t>(headerLength >> (8 * i)));
  bytes.insert(bytes.end(), dict.begin(), dict.end());
  if (headerLength > dict.size())
    bytes.resize(bytes.size() + headerLength - dict.size() - 1, ' ');
  bytes.push_back('\n');
  std::vector<uint8_t> data = fromHex(dataHex);
  bytes.insert(bytes.end(), data.begin(), data.end());
  return bytes;
}

/// A version 1.0 file with a minimal header, for malformed dicts.
std::vector<uint8_t> npyWithDict(llvm::StringRef dict,
                                 llvm::StringRef dataHex = "") {
  return npyFile(1, dict, dict.size() + 1, dataHex);
}

std::string parseError(llvm::ArrayRef<uint8_t> bytes) {
  return messageOf(parseNpy(bytes, "t.npy"));
}

std::string dictError(llvm::StringRef dict, llvm::StringRef dataHex = "") {
  return parseError(npyWithDict(dict, dataHex));
}

Tensor parseOrFail(llvm::ArrayRef<uint8_t> bytes) {
  llvm::Expected<Tensor> tensor = parseNpy(bytes, "t.npy");
  if (!tensor) {
    ADD_FAILURE() << llvm::toString(tensor.takeError());
    return Tensor();
  }
  return *tensor;
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

TEST(NpyFileTest, RoundTripsEveryDTypeAndShape) {
  for (DType dtype : allDTypes()) {
    if (dtype == DType::BFloat16)
      continue; // written as float32, tested below
    for (const Shape &shape : sampleShapes()) {
      SCOPED_TRACE(getDTypeName(dtype).str() + " " + formatShape(shape));
      Tensor tensor = makeSampleTensor(dtype, shape);
      Tensor read = parseOrFail(serializeNpy(tensor));
      EXPECT_TRUE(read.bitwiseEqual(tensor));
    }
  }
}

TEST(NpyFileTest, WritesBFloat16AsExactFloat32) {
  Tensor tensor = makeSampleTensor(DType::BFloat16, {2, 3});
  tensor.getData<BFloat16>()[0].bits = 0xff80; // -inf
  tensor.getData<BFloat16>()[1].bits = 0x0001; // subnormal
  Tensor read = parseOrFail(serializeNpy(tensor));
  ASSERT_EQ(read.getDType(), DType::Float32);
  EXPECT_EQ(read.getShape(), tensor.getShape());
  for (int64_t i = 0; i < tensor.getNumElements(); ++i) {
    uint32_t bits;
    std::memcpy(&bits, &read.getData<float>()[i], sizeof(bits));
    EXPECT_EQ(bits, uint32_t(tensor.getData<BFloat16>()[i].bits) << 16);
  }
}

TEST(NpyFileTest, WritesNumPyStyleHeaders) {
  std::vector<uint8_t> bytes =
      serializeNpy(makeSampleTensor(DType::Int16, {5}));
  ASSERT_GE(bytes.size(), 10u);
  EXPECT_EQ(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 8),
            (std::vector<uint8_t>{0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}));
  size_t headerLength = llvm::support::endian::read16le(&bytes[8]);
  size_t dataOffset = 10 + headerLength;
  EXPECT_EQ(dataOffset % 64, 0u);
  EXPECT_EQ(bytes.size(), dataOffset + 10);
  std::string header(bytes.begin() + 10, bytes.begin() + dataOffset);
  EXPECT_EQ(header.back(), '\n');
  EXPECT_THAT(header, ::testing::StartsWith("{'descr': '<i2', 'fortran_order':"
                                            " False, 'shape': (5,), }   "));
}

TEST(NpyFileTest, WritesOneByteTypesWithoutByteOrder) {
  for (auto [dtype, descr] : {std::pair{DType::Bool, "'|b1'"},
                              {DType::Int8, "'|i1'"},
                              {DType::UInt8, "'|u1'"},
                              {DType::Float64, "'<f8'"},
                              {DType::BFloat16, "'<f4'"}}) {
    std::vector<uint8_t> bytes = serializeNpy(Tensor(dtype, {}));
    std::string text(bytes.begin(), bytes.end());
    EXPECT_THAT(text, HasSubstr(std::string("'descr': ") + descr +
                                ", 'fortran_order': False, 'shape': (), }"));
  }
}

TEST(NpyFileTest, UsesVersion2ForHugeHeaders) {
  // Rank 30000 needs a header over 64 KiB.
  Shape shape(30000, 1);
  Tensor tensor = makeSampleTensor(DType::Float32, shape);
  std::vector<uint8_t> bytes = serializeNpy(tensor);
  EXPECT_EQ(bytes[6], 2);
  size_t dataOffset = 12 + llvm::support::endian::read32le(&bytes[8]);
  EXPECT_EQ(dataOffset % 64, 0u);
  EXPECT_TRUE(parseOrFail(bytes).bitwiseEqual(tensor));
}

TEST(NpyFileTest, RoundTripsThroughFiles) {
  ScopedTempDir dir;
  Tensor tensor = makeSampleTensor(DType::Float64, {3, 2});
  ASSERT_EQ(messageOf(writeNpy(tensor, dir.path("a.npy"))), "");
  llvm::Expected<Tensor> read = readNpy(dir.path("a.npy"));
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_TRUE(read->bitwiseEqual(tensor));
}

TEST(NpyFileTest, ReportsFileErrors) {
  ScopedTempDir dir;
  std::string missing = dir.path("missing.npy");
  EXPECT_THAT(messageOf(readNpy(missing)),
              HasSubstr(missing + ": cannot read"));
  std::string badDir = dir.path("no/such/dir/a.npy");
  EXPECT_THAT(messageOf(writeNpy(Tensor(DType::Int8, {2}), badDir)),
              HasSubstr(badDir + ": cannot write"));
  EXPECT_THAT(messageOf(writeNpy(Tensor(), dir.path("b.npy"))),
              HasSubstr("default-constructed"));
}

//===----------------------------------------------------------------------===//
// Files written by NumPy 1.24 (np.save), byte for byte
//===----------------------------------------------------------------------===//

TEST(NpyFileTest, ReadsNumPyFloat32Matrix) {
  // np.save(f, np.array([[1.5, -2, 3], [4, 5, 6]], dtype='<f4'))
  Tensor tensor = parseOrFail(
      npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
              118, "0000c03f000000c000004040000080400000a0400000c040"));
  ASSERT_EQ(tensor.getDType(), DType::Float32);
  EXPECT_EQ(tensor.getShape(), llvm::ArrayRef<int64_t>({2, 3}));
  std::vector<float> expected = {1.5f, -2, 3, 4, 5, 6};
  EXPECT_EQ(
      std::vector<float>(tensor.getData<float>(), tensor.getData<float>() + 6),
      expected);
}

TEST(NpyFileTest, ReadsNumPyScalarEmptyAndBool) {
  Tensor scalar = parseOrFail(
      npyFile(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (), }", 118,
              "0700000000000000"));
  EXPECT_EQ(scalar.getRank(), 0);
  EXPECT_EQ(scalar.getAsInt(0), 7);

  Tensor empty = parseOrFail(
      npyFile(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 3), }",
              118, ""));
  EXPECT_EQ(empty.getDType(), DType::Float64);
  EXPECT_EQ(empty.getShape(), llvm::ArrayRef<int64_t>({0, 3}));

  Tensor bools = parseOrFail(
      npyFile(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
              118, "010001"));
  EXPECT_EQ(bools.getDType(), DType::Bool);
  EXPECT_EQ(bools.toIntVector(), (std::vector<int64_t>{1, 0, 1}));
}

TEST(NpyFileTest, ConvertsNumPyBigEndian) {
  // np.save(f, np.array([1, 2], dtype='>i4'))
  Tensor tensor = parseOrFail(
      npyFile(1, "{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }",
              118, "0000000100000002"));
  EXPECT_EQ(tensor.getDType(), DType::Int32);
  EXPECT_EQ(tensor.toIntVector(), (std::vector<int64_t>{1, 2}));
  Tensor doubles = parseOrFail(
      npyWithDict("{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }",
                  "3ff8000000000000"));
  EXPECT_EQ(doubles.getAsDouble(0), 1.5);
}

TEST(NpyFileTest, ReadsNumPyFloat16) {
  Tensor tensor = parseOrFail(
      npyFile(1, "{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }",
              118, "003c00b8"));
  EXPECT_EQ(tensor.getDType(), DType::Float16);
  EXPECT_EQ(tensor.getAsDouble(0), 1.0);
  EXPECT_EQ(tensor.getAsDouble(1), -0.5);
}

TEST(NpyFileTest, ReadsNumPyVersions2And3) {
  for (uint8_t major : {2, 3}) {
    Tensor tensor = parseOrFail(npyFile(
        major, "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }", 116,
        "01000200"));
    EXPECT_EQ(tensor.getDType(), DType::UInt16);
    EXPECT_EQ(tensor.toIntVector(), (std::vector<int64_t>{1, 2}));
  }
}

TEST(NpyFileTest, RejectsNumPyFortranOrder) {
  // np.save(f, np.arange(6, dtype='<i2').reshape(2, 3).T)
  std::string error = parseError(
      npyFile(1, "{'descr': '<i2', 'fortran_order': True, 'shape': (3, 2), }",
              118, "000001000200030004000500"));
  EXPECT_THAT(error, HasSubstr("t.npy: npy header: 'fortran_order' is True"));
  EXPECT_THAT(error, HasSubstr("at byte offset 44"));
}

//===----------------------------------------------------------------------===//
// Header syntax NumPy's reader also accepts
//===----------------------------------------------------------------------===//

TEST(NpyFileTest, AcceptsPythonLiteralVariants) {
  llvm::StringRef dicts[] = {
      "{\"shape\": (2,), \"descr\": \"<i4\", \"fortran_order\": False}",
      "{ 'fortran_order' : False ,\n\t'shape':( 2 , ),'descr':'<i4' , }",
      "{'descr': '<i4', 'fortran_order': False, 'shape': (2L,), }",
      "{'descr': '=i4', 'fortran_order': False, 'shape': (2,)}",
      "{'descr': 'i4', 'fortran_order': False, 'shape': (2,)}",
  };
  for (llvm::StringRef dict : dicts) {
    SCOPED_TRACE(dict.str());
    Tensor tensor = parseOrFail(npyWithDict(dict, "0100000002000000"));
    EXPECT_EQ(tensor.getDType(), DType::Int32);
    EXPECT_EQ(tensor.toIntVector(), (std::vector<int64_t>{1, 2}));
  }
}

TEST(NpyFileTest, AcceptsOtherSpellingsOfOneByteTypes) {
  for (llvm::StringRef descr : {"?", "<b1", "|b1", "b1"})
    EXPECT_EQ(parseOrFail(npyWithDict(("{'descr': '" + descr +
                                       "', 'fortran_order': False, "
                                       "'shape': (1,)}")
                                          .str(),
                                      "01"))
                  .getDType(),
              DType::Bool);
  EXPECT_EQ(
      parseOrFail(
          npyWithDict("{'descr': '>u1', 'fortran_order': False, 'shape': (1,)}",
                      "fe"))
          .getAsInt(0),
      254);
}

TEST(NpyFileTest, AcceptsEveryNumPyDType) {
  std::pair<llvm::StringRef, DType> types[] = {
      {"<f2", DType::Float16}, {"<f4", DType::Float32}, {"<f8", DType::Float64},
      {"|i1", DType::Int8},    {"<i2", DType::Int16},   {"<i4", DType::Int32},
      {"<i8", DType::Int64},   {"|u1", DType::UInt8},   {"<u2", DType::UInt16},
      {"<u4", DType::UInt32},  {"<u8", DType::UInt64},  {"|b1", DType::Bool},
  };
  for (auto [descr, dtype] : types) {
    std::string dict =
        ("{'descr': '" + descr + "', 'fortran_order': False, 'shape': (), }")
            .str();
    std::string data(getDTypeSize(dtype) * 2, '0');
    EXPECT_EQ(parseOrFail(npyWithDict(dict, data)).getDType(), dtype)
        << descr.str();
  }
}

//===----------------------------------------------------------------------===//
// Rejections
//===----------------------------------------------------------------------===//

TEST(NpyFileTest, RejectsBadPreambles) {
  EXPECT_THAT(parseError({}), HasSubstr("t.npy: too short for a .npy file"));
  EXPECT_THAT(parseError({0x93, 'N', 'U', 'M', 'P', 'X', 1, 0, 0, 0}),
              HasSubstr("not a .npy file"));
  llvm::StringRef dict = "{'descr': '<i4', 'fortran_order': False, "
                         "'shape': (), }";
  EXPECT_THAT(parseError(npyFile(4, dict, 64, "00000000")),
              HasSubstr("unsupported .npy format version 4.0"));
  EXPECT_THAT(parseError(npyFile(1, dict, 64, "00000000", /*minor=*/1)),
              HasSubstr("unsupported .npy format version 1.1"));
  EXPECT_THAT(parseError({0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0, 5, 0}),
              HasSubstr("truncated: the header length ends at byte offset 12"));
  std::vector<uint8_t> longHeader = npyWithDict(dict);
  longHeader[8] = 0xff;
  EXPECT_THAT(parseError(longHeader),
              HasSubstr("truncated: the 255-byte header ends at byte offset "
                        "265"));
}

TEST(NpyFileTest, RejectsEveryTruncation) {
  std::vector<uint8_t> bytes =
      serializeNpy(makeSampleTensor(DType::Float32, {2, 3}));
  for (size_t size = 0; size < bytes.size(); ++size)
    EXPECT_NE(parseError(llvm::ArrayRef(bytes).take_front(size)), "") << size;
  std::string error = parseError(llvm::ArrayRef(bytes).drop_back(1));
  EXPECT_THAT(error,
              HasSubstr("truncated: the float32 2x3 data needs 24 "
                        "bytes from byte offset 128 but only 23 remain"));
}

TEST(NpyFileTest, RejectsTrailingBytes) {
  std::vector<uint8_t> bytes = serializeNpy(Tensor(DType::UInt8, {2}));
  bytes.push_back(0);
  EXPECT_THAT(parseError(bytes),
              HasSubstr("1 unexpected bytes after the uint8 2 data, which "
                        "ends at byte offset 130"));
}

TEST(NpyFileTest, RejectsUnsupportedDTypes) {
  for (llvm::StringRef descr :
       {"<c8", "<U3", "|S5", "|V2", "<M8[ns]", "<f16", "<i3", "", "<", "b2"}) {
    std::string dict =
        ("{'descr': '" + descr + "', 'fortran_order': False, 'shape': (), }")
            .str();
    EXPECT_THAT(dictError(dict),
                HasSubstr("unsupported dtype '" + descr.str() + "'"));
  }
  EXPECT_THAT(dictError("{'descr': '|O', 'fortran_order': False, "
                        "'shape': (), }"),
              HasSubstr("pickled Python objects"));
  EXPECT_THAT(dictError("{'descr': [('a', '<f4')], 'fortran_order': False, "
                        "'shape': (), }"),
              HasSubstr("structured dtypes"));
}

TEST(NpyFileTest, RejectsMalformedDicts) {
  std::pair<llvm::StringRef, llvm::StringRef> cases[] = {
      {"", "expected '{' but the header ended"},
      {"['descr']", "expected '{', found '['"},
      {"{'descr': '<i4', 'fortran_order': False}",
       "the header dict has no 'shape' key"},
      {"{'fortran_order': False, 'shape': ()}",
       "the header dict has no 'descr' key"},
      {"{'descr': '<i4', 'shape': ()}",
       "the header dict has no 'fortran_order' key"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (), 'x': 1}",
       "unexpected key 'x'"},
      {"{'descr': '<i4', 'descr': '<i4', 'fortran_order': False, 'shape': ()}",
       "duplicate key 'descr'"},
      {"{descr: '<i4'}", "expected a quoted string, found 'd'"},
      {"{'descr: '<i4'}", "expected ':', found '<'"},
      {"{'descr': '<i4", "line break inside a string"},
      {"{'descr': '<i\\x34'}", "escape sequences"},
      {"{'descr': '<i4' 'fortran_order': False}", "expected ',' or '}'"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': ()",
       "expected ',' or '}' but the header ended"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': ()} x",
       "unexpected 'x' after the header dict"},
      {"{'descr': '<i4', 'fortran_order': 0, 'shape': ()}",
       "'fortran_order' must be True or False"},
      {"{'descr': '<i4', 'fortran_order': Falsey, 'shape': ()}",
       "'fortran_order' must be True or False"},
      {"{'descr': 4, 'fortran_order': False, 'shape': ()}",
       "expected a quoted string, found '4'"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': [2]}",
       "'shape' must be a tuple of integers"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2)}",
       "'shape' (2) is an integer, not a tuple; write (2,)"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2, -1)}",
       "dimension 1 of 'shape' is negative"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2.5,)}",
       "expected ',' or ')' in 'shape', found '.'"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2,,)}",
       "expected an integer dimension"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3",
       "'shape' tuple is not closed"},
      {"{'descr': '<i4', 'fortran_order': False, "
       "'shape': (99999999999999999999,)}",
       "dimension 0 of 'shape' does not fit in 64 bits"},
      {"{'descr': '<i4', 'fortran_order': False, "
       "'shape': (4294967296, 4294967296)}",
       "'shape': shape 4294967296x4294967296 has more than 2^63 elements"},
      {"{'descr': '<i8', 'fortran_order': False, "
       "'shape': (4611686018427387904,)}",
       "needs more than 2^63 bytes"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2,)}\x01",
       "unexpected byte 0x01 after the header dict"},
      {"{'a\x02': 1}", "unexpected key 'a\\02'"},
  };
  for (auto [dict, message] : cases)
    EXPECT_THAT(dictError(dict), HasSubstr(message)) << dict.str();
}

TEST(NpyFileTest, RejectsHeadersEndingInsideAString) {
  std::vector<uint8_t> bytes = npyFile(1, "{'descr': '<i4", 14, "");
  bytes.pop_back(); // the '\n', leaving the string open at the end
  EXPECT_THAT(parseError(bytes),
              HasSubstr("unterminated string at byte offset 20"));
}

TEST(NpyFileTest, ReportsHeaderErrorOffsets) {
  // The bad descr value starts at byte 10 + 10.
  EXPECT_THAT(
      dictError("{'descr': '<c8', 'fortran_order': False, "
                "'shape': ()}"),
      HasSubstr("t.npy: npy header: unsupported dtype '<c8' (supported: "
                "f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1) at byte offset "
                "20"));
}

TEST(NpyFileTest, RejectsBoolBytesOtherThanZeroAndOne) {
  llvm::StringRef dict =
      "{'descr': '|b1', 'fortran_order': False, 'shape': (3,)}";
  size_t dataOffset = 10 + dict.size() + 1;
  EXPECT_THAT(parseError(npyWithDict(dict, "010200")),
              HasSubstr("bool element 1 is 2 at byte offset " +
                        std::to_string(dataOffset + 1) +
                        "; bools must be 0 or 1"));
}

} // namespace
