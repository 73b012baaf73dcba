//===- KernelCacheTest.cpp - The Vulkan device's partitions on disk -------===//
//
// A partition's kernels are found again only under the key they were
// stored with, which changes with the container, the device and the kernel
// target's configuration; a damaged file is a miss, never a crash.
//
//===----------------------------------------------------------------------===//
#include "../../../lib/Device/Vulkan/KernelCache.h"

#include "opencgc/Codegen/KernelTarget.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace opencgc;

namespace {

class KernelCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kernel-cache", root));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root); }

  /// One subgraph's one kernel, as the SPIR-V backend returns it.
  static device::PartitionKernels makeKernels() {
    codegen::SpirvKernel kernel;
    kernel.launch.name = "add";
    kernel.launch.workgroupSize = {64, 1, 1};
    kernel.launch.workgroupCount = {3, 2, 1};
    kernel.entryPoint = "add";
    kernel.numBindings = 3;
    kernel.binary = {0x07230203, 0x00010600, 7, 42};
    return {{"add", {kernel}}};
  }

  /// The one file the cache wrote.
  std::string storedFile() const {
    std::error_code error;
    llvm::SmallString<256> dir(root);
    llvm::sys::path::append(dir, "kernels");
    for (llvm::sys::fs::directory_iterator it(dir, error), end;
         it != end && !error; it.increment(error))
      return it->path();
    return "";
  }

  llvm::SmallString<128> root;
  const std::vector<uint8_t> container = {1, 2, 3, 4};
};

TEST_F(KernelCacheTest, KeysChangeWithContainerDeviceAndKernelTarget) {
  std::string lavapipe = codegen::getDefaultKernelTarget().getFingerprint();
  std::string nvidia = codegen::getNvidiaKernelTarget(90).getFingerprint();
  std::string key =
      device::KernelCache::computeKey(container, "llvmpipe", lavapipe);
  EXPECT_EQ(key,
            device::KernelCache::computeKey(container, "llvmpipe", lavapipe));
  EXPECT_NE(
      key, device::KernelCache::computeKey({1, 2, 3, 5}, "llvmpipe", lavapipe));
  EXPECT_NE(
      key, device::KernelCache::computeKey(container, "SwiftShader", lavapipe));
  EXPECT_NE(key,
            device::KernelCache::computeKey(container, "llvmpipe", nvidia));
}

TEST_F(KernelCacheTest, StoredKernelsReadBackOnlyUnderTheirKey) {
  device::KernelCache cache(root.str().str());
  std::string fingerprint = codegen::getDefaultKernelTarget().getFingerprint();
  std::string key =
      device::KernelCache::computeKey(container, "llvmpipe", fingerprint);
  cache.store(key, makeKernels());
  std::optional<device::PartitionKernels> loaded = cache.load(key);
  ASSERT_TRUE(loaded);
  const codegen::SpirvKernel &kernel = loaded->at("add").at(0);
  EXPECT_EQ(kernel.entryPoint, "add");
  EXPECT_EQ(kernel.numBindings, 3u);
  EXPECT_EQ(kernel.launch.workgroupCount, (std::array<uint32_t, 3>{3, 2, 1}));
  EXPECT_EQ(kernel.binary, makeKernels().at("add").at(0).binary);
  std::string otherTarget = device::KernelCache::computeKey(
      container, "llvmpipe",
      codegen::getNvidiaKernelTarget(80).getFingerprint());
  EXPECT_FALSE(cache.load(otherTarget));
}

TEST_F(KernelCacheTest, ATruncatedFileIsAMiss) {
  device::KernelCache cache(root.str().str());
  std::string key = device::KernelCache::computeKey(container, "llvmpipe", "t");
  cache.store(key, makeKernels());
  std::string path = storedFile();
  ASSERT_FALSE(path.empty());
  auto bytes = llvm::MemoryBuffer::getFile(path);
  ASSERT_TRUE(bytes);
  std::string truncated = (*bytes)->getBuffer().drop_back(3).str();
  {
    std::error_code error;
    llvm::raw_fd_ostream os(path, error);
    ASSERT_FALSE(error);
    os << truncated;
  }
  EXPECT_FALSE(cache.load(key));
}

TEST_F(KernelCacheTest, AnEmptyDirectoryDisablesTheCache) {
  device::KernelCache cache("");
  EXPECT_FALSE(cache.isEnabled());
  std::string key = device::KernelCache::computeKey(container, "llvmpipe", "t");
  cache.store(key, makeKernels());
  EXPECT_FALSE(cache.load(key));
}

} // namespace
