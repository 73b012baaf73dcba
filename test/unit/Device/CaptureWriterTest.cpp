//===- CaptureWriterTest.cpp - The capture directory's layout -------------===//
#include "opencgc/Device/CaptureWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cstring>
#include <numeric>

using namespace opencgc::device;

namespace {

class CaptureWriterTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> base;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("capture", base));
    directory = (base + "/cap").str();
  }
  void TearDown() override {
    llvm::sys::fs::remove_directories(llvm::sys::path::parent_path(directory));
  }
  std::string read(llvm::StringRef relative) {
    auto buffer = llvm::MemoryBuffer::getFile(directory + "/" + relative);
    return buffer ? (*buffer)->getBuffer().str() : "<missing>";
  }

  std::string directory;
};

/// Buffers are host arrays here; the writer reads them through `read`.
llvm::Error readHost(const void *buffer, uint64_t offset,
                     llvm::MutableArrayRef<uint8_t> out) {
  std::memcpy(out.data(), static_cast<const uint8_t *>(buffer) + offset,
              out.size());
  return llvm::Error::success();
}

TEST_F(CaptureWriterTest, BindingsOfOneBufferShareAnAlignedRegion) {
  auto writer = CaptureWriter::create(directory, "vulkan", "test device");
  ASSERT_TRUE(static_cast<bool>(writer)) << toString(writer.takeError());
  std::vector<uint8_t> arena(2048), other(64);
  std::iota(arena.begin(), arena.end(), 0);
  auto key = std::make_shared<int>(0);
  static const uint8_t code[] = {1, 2, 3, 4};
  CapturedKernel kernel{"spirv", "main", code, 3, std::nullopt, {{1, "r32f"}}};
  auto id = (*writer)->addKernel(key, kernel);
  ASSERT_TRUE(static_cast<bool>(id)) << toString(id.takeError());
  // Two ranges of one buffer, the second in place over the first's end.
  CapturedBinding bindings[] = {{arena.data(), 2048, 512, 256},
                                {other.data(), 64, 0, 64},
                                {arena.data(), 2048, 768, 512}};
  auto run = [&] {
    arena[800] = 0xff; // The "kernel" writes one byte.
    return llvm::Error::success();
  };
  ASSERT_FALSE(static_cast<bool>(
      (*writer)->captureDispatch(*id, {2, 1, 1}, bindings, readHost, run)));
  // The kernel is written once however often it is used.
  auto again = (*writer)->addKernel(key, kernel);
  ASSERT_TRUE(static_cast<bool>(again));
  EXPECT_EQ(*again, *id);

  EXPECT_EQ(read("capture.txt"),
            "opencgc-capture 1\n"
            "device vulkan test_device\n"
            "kernel K0 spirv kernels/K0.spv main 3\n"
            "texel K0 1 r32f\n"
            "dispatch 0 K0 groups 2 1 1 buffers 2\n"
            "region 0 bytes 768 dispatches/0/0.before dispatches/0/0.after\n"
            "region 1 bytes 64 dispatches/0/1.before dispatches/0/1.after\n"
            "bind 0 0 0 256\n"
            "bind 1 1 0 64\n"
            "bind 2 0 256 512\n"
            "end\n");
  EXPECT_EQ(read("kernels/K0.spv"), std::string("\1\2\3\4"));
  std::string before = read("dispatches/0/0.before");
  std::string after = read("dispatches/0/0.after");
  ASSERT_EQ(before.size(), 768u);
  ASSERT_EQ(after.size(), 768u);
  EXPECT_EQ(static_cast<uint8_t>(before[0]), 512 % 256);
  EXPECT_EQ(static_cast<uint8_t>(before[800 - 512]), 800 % 256);
  EXPECT_EQ(static_cast<uint8_t>(after[800 - 512]), 0xff);
  EXPECT_EQ((*writer)->getNumDispatches(), 1u);
}

TEST_F(CaptureWriterTest, RegionsStartAtA256ByteBoundary) {
  auto writer = CaptureWriter::create(directory, "cuda", "gpu");
  ASSERT_TRUE(static_cast<bool>(writer));
  std::vector<uint8_t> buffer(1024);
  static const uint8_t ptx[] = {'.', 'v'};
  auto id = (*writer)->addKernel(
      std::make_shared<int>(1),
      {"ptx", "main_kernel", ptx, 1, std::array<uint32_t, 3>{64, 1, 1}, {}});
  ASSERT_TRUE(static_cast<bool>(id));
  CapturedBinding binding{buffer.data(), 1024, 300, 100};
  ASSERT_FALSE(static_cast<bool>(
      (*writer)->captureDispatch(*id, {1, 1, 1}, binding, readHost,
                                 [] { return llvm::Error::success(); })));
  std::string manifest = read("capture.txt");
  EXPECT_NE(manifest.find("kernel K0 ptx kernels/K0.ptx main_kernel 1 "
                          "block 64 1 1\n"),
            std::string::npos);
  EXPECT_NE(manifest.find("region 0 bytes 144 "), std::string::npos);
  EXPECT_NE(manifest.find("bind 0 0 44 100\n"), std::string::npos);
}

TEST_F(CaptureWriterTest, AFailedDispatchWritesNoRecord) {
  auto writer = CaptureWriter::create(directory, "vulkan", "d");
  ASSERT_TRUE(static_cast<bool>(writer));
  std::vector<uint8_t> buffer(256);
  static const uint8_t code[] = {0};
  auto id = (*writer)->addKernel(std::make_shared<int>(2),
                                 {"spirv", "main", code, 1, std::nullopt, {}});
  ASSERT_TRUE(static_cast<bool>(id));
  CapturedBinding binding{buffer.data(), 256, 0, 256};
  llvm::Error error =
      (*writer)->captureDispatch(*id, {1, 1, 1}, binding, readHost, [] {
        return llvm::createStringError("device lost");
      });
  EXPECT_EQ(toString(std::move(error)), "device lost");
  EXPECT_EQ(read("capture.txt").find("dispatch"), std::string::npos);
  EXPECT_EQ((*writer)->getNumDispatches(), 0u);
}

TEST_F(CaptureWriterTest, RefusesADirectoryThatIsNotEmpty) {
  ASSERT_FALSE(llvm::sys::fs::create_directories(directory + "/old"));
  auto writer = CaptureWriter::create(directory, "vulkan", "d");
  ASSERT_FALSE(static_cast<bool>(writer));
  EXPECT_NE(toString(writer.takeError()).find("exists and is not empty"),
            std::string::npos);
}

} // namespace
