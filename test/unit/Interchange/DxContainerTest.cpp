//===- DxContainerTest.cpp - Generic DX Container reader and writer -------===//

#include "InterchangeTestUtils.h"

#include "opencgc/Interchange/DxContainer.h"

#include "llvm/Support/Endian.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace opencgc;
using namespace opencgc::test;
using ::testing::HasSubstr;
namespace endian = llvm::support::endian;

namespace {

const uint32_t kAAAA = makeFourCC("AAAA");
const uint32_t kBBBB = makeFourCC("BBBB");

/// Header + offset table + parts 'AAAA' (4 bytes) and 'BBBB' (8 bytes).
std::vector<uint8_t> twoPartContainer(bool sign = true) {
  DxContainerWriter writer;
  writer.addPart(kAAAA, {1, 2, 3, 4});
  writer.addPart(kBBBB, {5, 6, 7, 8, 9, 10, 11, 12});
  return writer.finish(sign);
}

void setU32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value) {
  endian::write32le(&bytes[offset], value);
}

std::string parseError(llvm::ArrayRef<uint8_t> bytes) {
  return errorOf(parseDxContainer(bytes));
}

TEST(DxContainerTest, FourCC) {
  EXPECT_EQ(makeFourCC("DXBC"), 0x43425844u);
  EXPECT_EQ(kDxContainerFourCC, 0x43425844u);
  EXPECT_EQ(fourCCToString(makeFourCC("DXIL")), "DXIL");
  EXPECT_EQ(fourCCToString(0x00014244), "DB\\x01\\x00");
  EXPECT_EQ(fourCCToString(makeFourCC("a\\b ")), "a\\x5cb ");
  EXPECT_EQ(fourCCToString(0xff7f0a41), "A\\x0a\\x7f\\xff");
}

TEST(DxContainerTest, WriterLayout) {
  std::vector<uint8_t> bytes = twoPartContainer();
  // 32 + 4 * 2 + (8 + 4) + (8 + 8), as reference section 1.2 computes it.
  ASSERT_EQ(bytes.size(), 68u);
  EXPECT_EQ(endian::read32le(&bytes[0]), kDxContainerFourCC);
  EXPECT_EQ(endian::read16le(&bytes[20]), 1);
  EXPECT_EQ(endian::read16le(&bytes[22]), 0);
  EXPECT_EQ(endian::read32le(&bytes[24]), 68u);
  EXPECT_EQ(endian::read32le(&bytes[28]), 2u);
  EXPECT_EQ(endian::read32le(&bytes[32]), 40u);
  EXPECT_EQ(endian::read32le(&bytes[36]), 52u);
  EXPECT_EQ(endian::read32le(&bytes[40]), kAAAA);
  EXPECT_EQ(endian::read32le(&bytes[44]), 4u);
  EXPECT_EQ(endian::read32le(&bytes[52]), kBBBB);
  EXPECT_EQ(endian::read32le(&bytes[56]), 8u);
  EXPECT_EQ(bytes[67], 12);
}

TEST(DxContainerTest, RoundTrip) {
  std::vector<uint8_t> bytes = twoPartContainer();
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
  EXPECT_EQ(view->majorVersion, 1);
  EXPECT_EQ(view->minorVersion, 0);
  EXPECT_EQ(view->containerSize, 68u);
  ASSERT_EQ(view->parts.size(), 2u);
  EXPECT_EQ(view->parts[0].fourCC, kAAAA);
  EXPECT_EQ(view->parts[0].offset, 40u);
  EXPECT_EQ(view->parts[0].data, llvm::ArrayRef<uint8_t>({1, 2, 3, 4}));
  EXPECT_EQ(view->parts[1].fourCC, kBBBB);
  EXPECT_EQ(view->parts[1].data.size(), 8u);
  EXPECT_EQ(view->findPart(kBBBB), &view->parts[1]);
  EXPECT_EQ(view->findPart(makeFourCC("CCCC")), nullptr);
  EXPECT_EQ(view->countParts(kAAAA), 1u);
  EXPECT_TRUE(view->isContiguous());
  EXPECT_FALSE(view->isUnsigned());
  EXPECT_EQ(getDigestStatus(*view), DigestStatus::Valid);
}

TEST(DxContainerTest, EmptyContainer) {
  std::vector<uint8_t> bytes = DxContainerWriter().finish();
  ASSERT_EQ(bytes.size(), 32u);
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
  EXPECT_TRUE(view->parts.empty());
  EXPECT_TRUE(view->isContiguous());
}

TEST(DxContainerTest, DigestStatus) {
  std::vector<uint8_t> unsignedBytes = twoPartContainer(/*sign=*/false);
  llvm::Expected<DxContainerView> view = parseDxContainer(unsignedBytes);
  ASSERT_TRUE(bool(view));
  EXPECT_TRUE(view->isUnsigned());
  EXPECT_EQ(getDigestStatus(*view), DigestStatus::Unsigned);

  std::vector<uint8_t> tampered = twoPartContainer();
  tampered.back() ^= 1;
  view = parseDxContainer(tampered);
  ASSERT_TRUE(bool(view)); // the generic reader does not judge digests
  EXPECT_EQ(getDigestStatus(*view), DigestStatus::Mismatch);
  EXPECT_EQ(getDigestStatusName(DigestStatus::Mismatch), "mismatch");
}

TEST(DxContainerTest, DigestCoversVersionFieldButNotItself) {
  std::vector<uint8_t> bytes = twoPartContainer();
  ContainerDigest original = computeContainerDigest(bytes);
  bytes[5] ^= 1; // inside the digest field: not hashed
  EXPECT_EQ(computeContainerDigest(bytes), original);
  bytes[22] ^= 1; // minor version: hashed
  EXPECT_NE(computeContainerDigest(bytes), original);
}

TEST(DxContainerTest, RejectsBufferShorterThanHeader) {
  std::vector<uint8_t> bytes = twoPartContainer();
  for (size_t size = 0; size < kDxContainerHeaderSize; ++size)
    EXPECT_THAT(parseError(llvm::ArrayRef(bytes).take_front(size)),
                HasSubstr("shorter than the 32-byte container header"))
        << size;
}

TEST(DxContainerTest, RejectsBadMagic) {
  std::vector<uint8_t> bytes = twoPartContainer();
  bytes[0] = 0x7f;
  bytes[1] = 'E';
  EXPECT_THAT(parseError(bytes),
              HasSubstr("bad magic '\\x7fEBC' (bytes 7f 45 42 43) at offset 0, "
                        "expected 'DXBC'"));
}

TEST(DxContainerTest, RejectsUnsupportedMajorVersion) {
  std::vector<uint8_t> bytes = twoPartContainer();
  endian::write16le(&bytes[20], 2);
  endian::write16le(&bytes[22], 3);
  EXPECT_THAT(parseError(bytes), HasSubstr("unsupported container version "
                                           "2.3 at offset 20"));
  endian::write16le(&bytes[20], 0);
  EXPECT_THAT(parseError(bytes), HasSubstr("unsupported container version"));
}

TEST(DxContainerTest, AcceptsAnyMinorVersion) {
  std::vector<uint8_t> bytes = twoPartContainer();
  endian::write16le(&bytes[22], 7);
  EXPECT_EQ(parseError(bytes), "");
}

TEST(DxContainerTest, RejectsSizeMismatch) {
  std::vector<uint8_t> bytes = twoPartContainer();
  EXPECT_THAT(parseError(llvm::ArrayRef(bytes).drop_back(3)),
              HasSubstr("truncated: ContainerSizeInBytes (offset 24) is 68 "
                        "but the buffer holds only 65 bytes"));
  bytes.resize(bytes.size() + 5);
  EXPECT_THAT(parseError(bytes),
              HasSubstr("5 trailing bytes: ContainerSizeInBytes (offset 24) "
                        "is 68 but the buffer holds 73 bytes"));
}

TEST(DxContainerTest, RejectsEveryTruncation) {
  std::vector<uint8_t> bytes = twoPartContainer();
  for (size_t size = 0; size < bytes.size(); ++size)
    EXPECT_NE(parseError(llvm::ArrayRef(bytes).take_front(size)), "") << size;
}

TEST(DxContainerTest, RejectsOversizedPartCount) {
  std::vector<uint8_t> bytes = twoPartContainer();
  setU32(bytes, 28, 0xffffffff);
  EXPECT_THAT(parseError(bytes),
              HasSubstr("part count 4294967295 (offset 28) needs an offset "
                        "table at [32, 17179869212), past the end of the "
                        "68-byte container"));
  setU32(bytes, 28, 10);
  EXPECT_THAT(parseError(bytes), HasSubstr("part count 10"));
}

TEST(DxContainerTest, RejectsPartOffsetIntoHeader) {
  std::vector<uint8_t> bytes = twoPartContainer();
  setU32(bytes, 36, 12);
  EXPECT_THAT(parseError(bytes), HasSubstr("part 1 offset 12 points into the "
                                           "header and offset table [0, 40)"));
}

TEST(DxContainerTest, RejectsPartHeaderOutOfRange) {
  std::vector<uint8_t> bytes = twoPartContainer();
  setU32(bytes, 36, 64);
  EXPECT_THAT(parseError(bytes),
              HasSubstr("part 1 header [64, 72) runs past the end of the "
                        "68-byte container"));
  setU32(bytes, 36, 0xfffffffc);
  EXPECT_THAT(parseError(bytes), HasSubstr("part 1 header"));
}

TEST(DxContainerTest, RejectsPartDataOutOfRange) {
  std::vector<uint8_t> bytes = twoPartContainer();
  setU32(bytes, 56, 9);
  EXPECT_THAT(parseError(bytes),
              HasSubstr("part 1 ('BBBB') data [60, 69) of size 9 runs past "
                        "the end of the 68-byte container"));
  setU32(bytes, 56, 0xffffffff);
  EXPECT_THAT(parseError(bytes), HasSubstr("of size 4294967295 runs past"));
}

TEST(DxContainerTest, RejectsOverlappingParts) {
  std::vector<uint8_t> bytes = twoPartContainer();
  setU32(bytes, 44, 8); // 'AAAA' now spans [40, 56), into 'BBBB' at 52
  EXPECT_THAT(parseError(bytes),
              HasSubstr("parts 0 ('AAAA', [40, 56)) and 1 ('BBBB', [52, 68)) "
                        "overlap"));
  bytes = twoPartContainer();
  setU32(bytes, 36, 40); // both offsets name the same part
  EXPECT_THAT(parseError(bytes), HasSubstr("overlap"));
}

TEST(DxContainerTest, AcceptsGapsAndAnyPartOrder) {
  // Parts listed in reverse order, with 4 unused bytes after the table.
  std::vector<uint8_t> bytes(32 + 8 + 4 + 12 + 12, 0);
  endian::write32le(&bytes[0], kDxContainerFourCC);
  endian::write16le(&bytes[20], 1);
  setU32(bytes, 24, static_cast<uint32_t>(bytes.size()));
  setU32(bytes, 28, 2);
  setU32(bytes, 32, 56);
  setU32(bytes, 36, 44);
  setU32(bytes, 44, kAAAA);
  setU32(bytes, 48, 4);
  setU32(bytes, 56, kBBBB);
  setU32(bytes, 60, 4);
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
  EXPECT_EQ(view->parts[0].fourCC, kBBBB);
  EXPECT_EQ(view->parts[1].fourCC, kAAAA);
  EXPECT_FALSE(view->isContiguous());
}

TEST(DxContainerTest, SurvivesEverySingleByteCorruption) {
  std::vector<uint8_t> original = twoPartContainer();
  for (size_t i = 0; i < original.size(); ++i) {
    for (int value : {0x00, 0x01, 0x7f, 0x80, 0xff}) {
      std::vector<uint8_t> bytes = original;
      bytes[i] = static_cast<uint8_t>(value);
      llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
      if (!view) {
        llvm::consumeError(view.takeError());
        continue;
      }
      for (const DxPart &part : view->parts)
        EXPECT_LE(part.endOffset(), bytes.size());
    }
  }
}

} // namespace
