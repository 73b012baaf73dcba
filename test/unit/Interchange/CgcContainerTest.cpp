//===- CgcContainerTest.cpp - MLIR bytecode in a DX Container -------------===//

#include "InterchangeTestUtils.h"

#include "opencgc/Interchange/CgcContainer.h"

#include "llvm/Support/Endian.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace opencgc;
using namespace opencgc::test;
using ::testing::HasSubstr;
namespace endian = llvm::support::endian;

namespace {

CgcPayload samplePayload(size_t bytecodeSize = 13) {
  return {MlirInterface::CgcSubgraphPartition,
          {1, 2, 3},
          fakeBytecode(bytecodeSize)};
}

std::vector<uint8_t> cgciPart(const Guid &guid, DialectVersion version,
                              size_t size = kCgcInterfacePartSize) {
  std::vector<uint8_t> part(size, 0);
  auto guidBytes = guid.toBytes();
  std::copy_n(guidBytes.begin(), std::min(size, guidBytes.size()),
              part.begin());
  if (size >= 22) {
    endian::write16le(&part[16], version.major);
    endian::write16le(&part[18], version.minor);
    endian::write16le(&part[20], version.patch);
  }
  return part;
}

std::vector<uint8_t> cgciPart(DialectVersion version = kCgcDialectVersion) {
  return cgciPart(getInterfaceGuid(MlirInterface::CgcOutput), version);
}

std::vector<uint8_t> mlbcPart(llvm::ArrayRef<uint8_t> bytecode,
                              uint32_t length) {
  std::vector<uint8_t> part(4, 0);
  endian::write32le(part.data(), length);
  part.insert(part.end(), bytecode.begin(), bytecode.end());
  return part;
}

std::vector<uint8_t> mlbcPart(llvm::ArrayRef<uint8_t> bytecode) {
  return mlbcPart(bytecode, static_cast<uint32_t>(bytecode.size()));
}

/// A signed container with exactly the given parts.
std::vector<uint8_t>
container(std::vector<std::pair<const char *, std::vector<uint8_t>>> parts) {
  DxContainerWriter writer;
  for (auto &[name, data] : parts) {
    char fourCC[5] = {name[0], name[1], name[2], name[3], 0};
    writer.addPart(makeFourCC(fourCC), std::move(data));
  }
  return writer.finish();
}

std::string readError(llvm::ArrayRef<uint8_t> bytes,
                      DialectVersion reader = kCgcDialectVersion) {
  return errorOf(readCgcContainer(bytes, reader));
}

TEST(CgcContainerTest, RoundTripsEveryInterface) {
  for (MlirInterface interface : allInterfaces()) {
    CgcPayload payload = samplePayload();
    payload.interface = interface;
    llvm::Expected<CgcPayload> read =
        readCgcContainer(writeCgcContainer(payload));
    ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
    EXPECT_EQ(read->interface, interface);
    EXPECT_EQ(read->version, payload.version);
    EXPECT_EQ(read->bytecode, payload.bytecode);
  }
}

TEST(CgcContainerTest, RoundTripsEveryPadding) {
  for (size_t size = 4; size < 12; ++size) {
    CgcPayload payload = samplePayload(size);
    llvm::Expected<CgcPayload> read =
        readCgcContainer(writeCgcContainer(payload));
    ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
    EXPECT_EQ(read->bytecode, payload.bytecode);
  }
}

TEST(CgcContainerTest, Layout) {
  std::vector<uint8_t> bytes = writeCgcContainer(samplePayload(13));
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
  EXPECT_TRUE(view->isContiguous());
  EXPECT_EQ(getDigestStatus(*view), DigestStatus::Valid);
  ASSERT_EQ(view->parts.size(), 2u);

  const DxPart &cgci = view->parts[0];
  EXPECT_EQ(fourCCToString(cgci.fourCC), "CGCI");
  ASSERT_EQ(cgci.data.size(), 24u);
  EXPECT_EQ(Guid::fromBytes(cgci.data),
            getInterfaceGuid(MlirInterface::CgcSubgraphPartition));
  EXPECT_EQ(endian::read16le(&cgci.data[16]), 1);
  EXPECT_EQ(endian::read16le(&cgci.data[18]), 2);
  EXPECT_EQ(endian::read16le(&cgci.data[20]), 3);
  EXPECT_EQ(endian::read16le(&cgci.data[22]), 0); // reserved

  const DxPart &mlbc = view->parts[1];
  EXPECT_EQ(fourCCToString(mlbc.fourCC), "MLBC");
  ASSERT_EQ(mlbc.data.size(), 4u + 16u); // 13 bytes padded to 16
  EXPECT_EQ(endian::read32le(mlbc.data.data()), 13u);
  EXPECT_EQ(mlbc.data.slice(4, 13), llvm::ArrayRef(fakeBytecode(13)));
  EXPECT_EQ(mlbc.data.take_back(3), llvm::ArrayRef<uint8_t>({0, 0, 0}));
  // 32 + 2 * 4 + (8 + 24) + (8 + 20)
  EXPECT_EQ(bytes.size(), 100u);
}

TEST(CgcContainerTest, AcceptsUnsignedContainer) {
  std::vector<uint8_t> bytes = writeCgcContainer(samplePayload());
  std::fill(bytes.begin() + 4, bytes.begin() + 20, 0);
  EXPECT_EQ(readError(bytes), "");
  llvm::Expected<CgcContainerInfo> info = inspectCgcContainer(bytes);
  ASSERT_TRUE(bool(info));
  EXPECT_EQ(info->digestStatus, DigestStatus::Unsigned);
}

TEST(CgcContainerTest, RejectsEveryTruncation) {
  std::vector<uint8_t> bytes = writeCgcContainer(samplePayload());
  for (size_t size = 0; size < bytes.size(); ++size)
    EXPECT_THAT(readError(llvm::ArrayRef(bytes).take_front(size)),
                HasSubstr("malformed DX container"))
        << size;
}

TEST(CgcContainerTest, RejectsTrailingBytes) {
  std::vector<uint8_t> bytes = writeCgcContainer(samplePayload());
  bytes.push_back(0);
  EXPECT_THAT(readError(bytes), HasSubstr("1 trailing bytes"));
}

TEST(CgcContainerTest, RejectsDigestMismatch) {
  std::vector<uint8_t> bytes = writeCgcContainer(samplePayload());
  bytes.back() ^= 0x40;
  std::string error = readError(bytes);
  EXPECT_THAT(error, HasSubstr("invalid CGC container: container digest "
                               "mismatch: stored "));
  EXPECT_THAT(error, HasSubstr(", computed "));
}

TEST(CgcContainerTest, RejectsMissingParts) {
  EXPECT_THAT(readError(container({{"MLBC", mlbcPart(fakeBytecode(8))}})),
              HasSubstr("missing 'CGCI' part (MLIR interface)"));
  EXPECT_THAT(readError(container({{"CGCI", cgciPart()}})),
              HasSubstr("missing 'MLBC' part (MLIR bytecode)"));
  EXPECT_THAT(readError(DxContainerWriter().finish()),
              HasSubstr("missing 'CGCI' part"));
}

TEST(CgcContainerTest, RejectsRepeatedParts) {
  EXPECT_THAT(readError(container({{"CGCI", cgciPart()},
                                   {"CGCI", cgciPart()},
                                   {"MLBC", mlbcPart(fakeBytecode(8))}})),
              HasSubstr("'CGCI' part (MLIR interface) appears 2 times"));
  EXPECT_THAT(readError(container({{"CGCI", cgciPart()},
                                   {"MLBC", mlbcPart(fakeBytecode(8))},
                                   {"MLBC", mlbcPart(fakeBytecode(8))}})),
              HasSubstr("'MLBC' part (MLIR bytecode) appears 2 times"));
}

TEST(CgcContainerTest, RejectsWrongInterfacePartSize) {
  Guid input = getInterfaceGuid(MlirInterface::CgcInput);
  for (size_t size : {0, 16, 20, 28})
    EXPECT_THAT(readError(container({{"CGCI", cgciPart(input, {1, 0, 0}, size)},
                                     {"MLBC", mlbcPart(fakeBytecode(8))}})),
                HasSubstr("'CGCI' part at offset 40 is " +
                          std::to_string(size) + " bytes, expected 24"));
}

TEST(CgcContainerTest, RejectsUnknownInterface) {
  Guid unknown = *Guid::parse("{01234567-89AB-CDEF-0123-456789ABCDEF}");
  std::vector<uint8_t> bytes =
      container({{"CGCI", cgciPart(unknown, {1, 0, 0})},
                 {"MLBC", mlbcPart(fakeBytecode(8))}});
  EXPECT_THAT(readError(bytes),
              HasSubstr("unknown MLIR interface GUID "
                        "{01234567-89AB-CDEF-0123-456789ABCDEF}"));
  llvm::Expected<CgcContainerInfo> info = inspectCgcContainer(bytes);
  ASSERT_TRUE(bool(info));
  EXPECT_EQ(info->interfaceGuid, unknown);
  EXPECT_FALSE(info->interface);
  EXPECT_TRUE(info->bytecode);
}

TEST(CgcContainerTest, RejectsNewerMajorVersion) {
  CgcPayload payload = samplePayload();
  payload.version = {2, 0, 0};
  EXPECT_THAT(readError(writeCgcContainer(payload)),
              HasSubstr("container written by CGC dialects 2.0.0, this build "
                        "reads up to 1.x"));
  EXPECT_EQ(readError(writeCgcContainer(payload), {2, 0, 0}), "");
}

TEST(CgcContainerTest, AcceptsOlderAndNewerMinorVersions) {
  for (DialectVersion version :
       {DialectVersion{0, 9, 0}, {1, 0, 0}, {1, 7, 3}, {1, 0xffff, 0xffff}}) {
    CgcPayload payload = samplePayload();
    payload.version = version;
    llvm::Expected<CgcPayload> read =
        readCgcContainer(writeCgcContainer(payload), {1, 0, 0});
    ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
    EXPECT_EQ(read->version, version);
  }
}

TEST(CgcContainerTest, RejectsBytecodeLengthPastPart) {
  std::vector<uint8_t> bytecode = fakeBytecode(8);
  EXPECT_THAT(readError(container(
                  {{"CGCI", cgciPart()}, {"MLBC", mlbcPart(bytecode, 9)}})),
              HasSubstr("'MLBC' bytecode length 9 exceeds the 8 bytes that "
                        "follow the length field"));
  EXPECT_THAT(readError(container({{"CGCI", cgciPart()},
                                   {"MLBC", mlbcPart(bytecode, 0xffffffff)}})),
              HasSubstr("length 4294967295 exceeds"));
  EXPECT_THAT(readError(container({{"CGCI", cgciPart()}, {"MLBC", {1, 2}}})),
              HasSubstr("'MLBC' part at offset 72 is 2 bytes, too small"));
}

TEST(CgcContainerTest, AcceptsPaddingBeyondLength) {
  std::vector<uint8_t> bytecode = fakeBytecode(12);
  llvm::Expected<CgcPayload> read = readCgcContainer(
      container({{"CGCI", cgciPart()}, {"MLBC", mlbcPart(bytecode, 5)}}));
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_EQ(read->bytecode, fakeBytecode(5));
}

TEST(CgcContainerTest, RejectsPayloadWithoutBytecodeMagic) {
  CgcPayload payload = samplePayload();
  payload.bytecode[2] = 'x';
  EXPECT_THAT(readError(writeCgcContainer(payload)),
              HasSubstr("'MLBC' payload of 13 bytes does not start with the "
                        "MLIR bytecode magic"));
  payload.bytecode = {'M', 'L'};
  EXPECT_THAT(readError(writeCgcContainer(payload)),
              HasSubstr("payload of 2 bytes"));
  payload.bytecode.clear();
  EXPECT_THAT(readError(writeCgcContainer(payload)),
              HasSubstr("payload of 0 bytes"));
}

TEST(CgcContainerTest, RejectsDxcShader) {
  std::vector<uint8_t> bytes =
      readBytes(dxilCorpusDir() + "/cs_6_0/default_cs.dxil");
  ASSERT_FALSE(bytes.empty());
  EXPECT_THAT(readError(bytes), HasSubstr("missing 'CGCI' part"));
}

TEST(CgcContainerTest, IgnoresUnknownPartsAndOrder) {
  std::vector<uint8_t> bytes = container({{"XTRA", {1, 2, 3, 4}},
                                          {"MLBC", mlbcPart(fakeBytecode(8))},
                                          {"CGCI", cgciPart({1, 4, 0})}});
  llvm::Expected<CgcPayload> read = readCgcContainer(bytes);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_EQ(read->interface, MlirInterface::CgcOutput);
  llvm::Expected<CgcContainerInfo> info = inspectCgcContainer(bytes);
  ASSERT_TRUE(bool(info));
  EXPECT_EQ(info->ignoredParts, std::vector<uint32_t>{makeFourCC("XTRA")});
  EXPECT_EQ(info->container.parts.size(), 3u);
}

TEST(CgcContainerTest, InspectDescribesValidContainer) {
  std::vector<uint8_t> bytes = writeCgcContainer(samplePayload(9));
  llvm::Expected<CgcContainerInfo> info = inspectCgcContainer(bytes);
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  EXPECT_TRUE(info->isValid());
  EXPECT_EQ(info->digestStatus, DigestStatus::Valid);
  EXPECT_EQ(info->interface, MlirInterface::CgcSubgraphPartition);
  EXPECT_EQ(info->version, (DialectVersion{1, 2, 3}));
  ASSERT_TRUE(info->bytecode);
  EXPECT_EQ(info->bytecode->size(), 9u);
  EXPECT_TRUE(info->ignoredParts.empty());
}

TEST(CgcContainerTest, InspectCollectsEveryProblem) {
  CgcPayload payload = samplePayload();
  payload.version = {3, 0, 0};
  payload.bytecode[0] = 'X';
  std::vector<uint8_t> bytes = writeCgcContainer(payload);
  bytes[23] = 1; // container minor version, breaks the digest
  llvm::Expected<CgcContainerInfo> info = inspectCgcContainer(bytes);
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  ASSERT_EQ(info->problems.size(), 3u);
  EXPECT_THAT(info->problems[0], HasSubstr("digest mismatch"));
  EXPECT_THAT(info->problems[1], HasSubstr("CGC dialects 3.0.0"));
  EXPECT_THAT(info->problems[2], HasSubstr("bytecode magic"));
  EXPECT_EQ(info->version, (DialectVersion{3, 0, 0}));
}

TEST(CgcContainerTest, InspectFailsOnlyOnContainerErrors) {
  EXPECT_THAT(errorOf(inspectCgcContainer({1, 2, 3})),
              HasSubstr("3 bytes is shorter than the 32-byte"));
}

} // namespace
