//===- DxilCorpusTest.cpp - Reader and digest against DXC output ----------===//
//
// The 141 DXC-compiled containers of shared/corpus/dxil are the oracle for
// the generic reader, the writer's layout and the container digest.
//
//===----------------------------------------------------------------------===//

#include "InterchangeTestUtils.h"

#include "opencgc/Interchange/DxContainer.h"

#include "gtest/gtest.h"

#include <cctype>

using namespace opencgc;
using namespace opencgc::test;

namespace {

// The one corpus file DXC left unsigned (see the corpus README).
const char kUnsignedFile[] = "cs_6_0/cs_root_constant_indexing.dxil";

TEST(DxilCorpusTest, Inventory) {
  std::vector<std::string> files = listDxilCorpus();
  EXPECT_EQ(files.size(), 141u) << "corpus not found at " << dxilCorpusDir();
}

TEST(DxilCorpusTest, DigestExercisesBothPaddingPaths) {
  // Bytes [20, size) hashed; a tail of 56 bytes or more needs two final
  // blocks. The reference counts 120 single-block and 21 two-block files.
  unsigned oneBlock = 0, twoBlocks = 0;
  for (const std::string &file : listDxilCorpus()) {
    size_t tail = (readBytes(dxilCorpusDir() + "/" + file).size() - 20) % 64;
    ++(tail < 56 ? oneBlock : twoBlocks);
  }
  EXPECT_EQ(oneBlock, 120u);
  EXPECT_EQ(twoBlocks, 21u);
}

class DxilCorpusFileTest : public ::testing::TestWithParam<std::string> {
protected:
  void SetUp() override {
    bytes = readBytes(dxilCorpusDir() + "/" + GetParam());
    ASSERT_FALSE(bytes.empty());
  }
  std::vector<uint8_t> bytes;
};

TEST_P(DxilCorpusFileTest, ParsesWithDxcPartLayout) {
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
  std::vector<std::string> names;
  for (const DxPart &part : view->parts)
    names.push_back(fourCCToString(part.fourCC));
  EXPECT_EQ(names, (std::vector<std::string>{"SFI0", "ISG1", "OSG1", "PSV0",
                                             "HASH", "DXIL"}));
  EXPECT_EQ(view->minorVersion, 0);
  EXPECT_TRUE(view->isContiguous());
}

TEST_P(DxilCorpusFileTest, DigestMatches) {
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
  DigestStatus expected = GetParam() == kUnsignedFile ? DigestStatus::Unsigned
                                                      : DigestStatus::Valid;
  EXPECT_EQ(getDigestStatus(*view), expected);
}

TEST_P(DxilCorpusFileTest, WriterReproducesContainer) {
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
  DxContainerWriter writer;
  for (const DxPart &part : view->parts)
    writer.addPart(part.fourCC, {part.data.begin(), part.data.end()});
  EXPECT_EQ(writer.finish(/*sign=*/!view->isUnsigned()), bytes);
}

INSTANTIATE_TEST_SUITE_P(Corpus, DxilCorpusFileTest,
                         ::testing::ValuesIn(listDxilCorpus()),
                         dxilCorpusTestName);
// An absent corpus is reported by DxilCorpusTest.Inventory.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(DxilCorpusFileTest);

TEST(DxilCorpusTest, RejectsEveryTruncationOfDxcContainer) {
  std::vector<uint8_t> bytes =
      readBytes(dxilCorpusDir() + "/cs_6_0/default_cs.dxil");
  ASSERT_FALSE(bytes.empty());
  for (size_t size = 0; size < bytes.size(); ++size)
    EXPECT_NE(errorOf(parseDxContainer(llvm::ArrayRef(bytes).take_front(size))),
              "")
        << size;
}

} // namespace
