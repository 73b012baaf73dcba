//===- PtxCacheTest.cpp - PTX kept between runs ---------------------------===//
#include "../../../lib/Device/Cuda/PtxCache.h"
#include "../../../lib/Device/Cuda/PtxCompiler.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace opencgc::device;

namespace {

class PtxCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ptx-cache", path));
    directory = path.str().str();
  }
  void TearDown() override { llvm::sys::fs::remove_directories(directory); }

  std::string directory;
  const llvm::StringRef bitcode = "not really bitcode";
  const std::string ptx = "//\n.version 8.0\n.visible .entry kernel(\n)\n{}\n";
};

llvm::ArrayRef<char> bytes(llvm::StringRef text) {
  return {text.data(), text.size()};
}

TEST_F(PtxCacheTest, KeepsPtxPerBitcodeTargetAndCompiler) {
  PtxCache cache(directory, "libNVVM 2.0");
  EXPECT_FALSE(cache.load(bytes(bitcode), "kernel", "compute_75"));
  cache.store(bytes(bitcode), "kernel", "compute_75", ptx);
  EXPECT_EQ(cache.load(bytes(bitcode), "kernel", "compute_75"), ptx);
  EXPECT_FALSE(cache.load(bytes(bitcode), "kernel", "compute_90"));
  EXPECT_FALSE(cache.load(bytes("other bitcode"), "kernel", "compute_75"));
  PtxCache newer(directory, "libNVVM 2.1");
  EXPECT_FALSE(newer.load(bytes(bitcode), "kernel", "compute_75"));
}

TEST_F(PtxCacheTest, AFileWithoutTheEntryIsAMiss) {
  PtxCache cache(directory, "libNVVM 2.0");
  cache.store(bytes(bitcode), "kernel", "compute_75", "garbage");
  EXPECT_FALSE(cache.load(bytes(bitcode), "kernel", "compute_75"));
}

TEST_F(PtxCacheTest, DisabledWithoutADirectory) {
  PtxCache cache("", "libNVVM 2.0");
  cache.store(bytes(bitcode), "kernel", "compute_75", ptx);
  EXPECT_FALSE(cache.load(bytes(bitcode), "kernel", "compute_75"));
}

/// The compiler answers from the cache before it asks libNVVM: the stored
/// "PTX" of bytes libNVVM would reject comes back.
TEST_F(PtxCacheTest, TheCompilerReadsTheCacheFirst) {
  auto compiler = PtxCompiler::create(75, directory);
  if (!compiler)
    GTEST_SKIP() << "libNVVM absent: " << toString(compiler.takeError());
  PtxCache cache(directory, opencgc::codegen::LibNvvm::get()->describe());
  cache.store(bytes(bitcode), "kernel", "compute_75", ptx);
  auto compiled = (*compiler)->compile(bytes(bitcode), "kernel");
  ASSERT_TRUE(static_cast<bool>(compiled)) << toString(compiled.takeError());
  EXPECT_EQ(*compiled, ptx);
}

} // namespace
