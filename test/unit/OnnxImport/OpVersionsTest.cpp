//===- OpVersionsTest.cpp - ONNX operator versions at an opset ------------===//
#include "opencgc/Frontend/ONNX/OpVersions.h"
#include "opencgc/Frontend/ONNX/Importer.h"

#include "gtest/gtest.h"

using namespace opencgc::onnx_import;

namespace {

/// The message of an error, after checking its kind.
template <typename ErrT> std::string messageOf(llvm::Error error) {
  EXPECT_TRUE(error.isA<ErrT>());
  return llvm::toString(std::move(error));
}

TEST(OpVersions, TableCoversOpsets1To28) {
  EXPECT_EQ(getNewestKnownOpset(), 28);
  const OpHistory *reduceMean = findOpHistory("ReduceMean");
  ASSERT_NE(reduceMean, nullptr);
  EXPECT_EQ(reduceMean->sinceVersions, (std::vector<int64_t>{1, 11, 13, 18}));
  EXPECT_EQ(findOpHistory("NoSuchOp"), nullptr);
}

TEST(OpVersions, VersionIsNewestSinceVersionAtOpset) {
  const OpHistory *resize = findOpHistory("Resize");
  ASSERT_NE(resize, nullptr);
  EXPECT_EQ(resize->versionAt(9), 0);
  EXPECT_EQ(resize->versionAt(10), 10);
  EXPECT_EQ(resize->versionAt(17), 13);
  EXPECT_EQ(resize->versionAt(18), 18);
  EXPECT_EQ(resize->versionAt(28), 19);
}

TEST(OpVersions, ResolvesImplementedVersions) {
  llvm::Expected<int64_t> version = resolveOpVersion("Split", 21, 18);
  ASSERT_TRUE(bool(version)) << llvm::toString(version.takeError());
  EXPECT_EQ(*version, 18);
}

TEST(OpVersions, NewerVersionThanImplementedIsUnsupported) {
  llvm::Expected<int64_t> version = resolveOpVersion("Split", 18, 13);
  ASSERT_FALSE(bool(version));
  EXPECT_EQ(messageOf<UnsupportedError>(version.takeError()),
            "Split version 18 (opset 18) is not implemented; the converter "
            "implements versions up to 13");
}

TEST(OpVersions, MissingAndDeprecatedVersionsAreInvalid) {
  llvm::Expected<int64_t> tooEarly = resolveOpVersion("Gelu", 19, 20);
  ASSERT_FALSE(bool(tooEarly));
  EXPECT_EQ(messageOf<llvm::StringError>(tooEarly.takeError()),
            "Gelu does not exist in opset 19 (added in opset 20)");
  llvm::Expected<int64_t> deprecated = resolveOpVersion("Scatter", 11, 11);
  ASSERT_FALSE(bool(deprecated));
  EXPECT_EQ(messageOf<llvm::StringError>(deprecated.takeError()),
            "Scatter-11 is deprecated (the model imports opset 11)");
}

} // namespace
