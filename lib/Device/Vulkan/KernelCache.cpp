//===- KernelCache.cpp - Compiled partitions on disk ----------------------===//
#include "KernelCache.h"

#include "../CacheDirectory.h"

#include "opencgc/Support/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

namespace opencgc::device {
namespace {
/// Bump when the generated code or this file format changes.
constexpr llvm::StringLiteral kFormat = "opencgc-kernels-v1";

void writeU32(llvm::raw_ostream &os, uint32_t value) {
  os.write(reinterpret_cast<const char *>(&value), sizeof(value));
}
void writeString(llvm::raw_ostream &os, llvm::StringRef text) {
  writeU32(os, text.size());
  os << text;
}

/// Reads what writeU32/writeString wrote; any overrun makes it fail.
class Reader {
public:
  explicit Reader(llvm::StringRef bytes) : bytes(bytes) {}
  bool u32(uint32_t &value) {
    if (bytes.size() < 4)
      return false;
    std::memcpy(&value, bytes.data(), 4);
    bytes = bytes.drop_front(4);
    return true;
  }
  bool string(std::string &text) {
    uint32_t size;
    if (!u32(size) || bytes.size() < size)
      return false;
    text = bytes.take_front(size).str();
    bytes = bytes.drop_front(size);
    return true;
  }
  bool words(std::vector<uint32_t> &out) {
    uint32_t count;
    if (!u32(count) || bytes.size() / 4 < count)
      return false;
    out.resize(count);
    std::memcpy(out.data(), bytes.data(), count * 4ull);
    bytes = bytes.drop_front(count * 4ull);
    return true;
  }
  bool done() const { return bytes.empty(); }

private:
  llvm::StringRef bytes;
};

bool readKernel(Reader &reader, codegen::SpirvKernel &kernel) {
  uint32_t bindings;
  if (!reader.string(kernel.launch.name) || !reader.string(kernel.entryPoint) ||
      !reader.u32(bindings))
    return false;
  kernel.numBindings = bindings;
  for (uint32_t &size : kernel.launch.workgroupSize)
    if (!reader.u32(size))
      return false;
  for (uint32_t &count : kernel.launch.workgroupCount)
    if (!reader.u32(count))
      return false;
  return reader.words(kernel.binary);
}
} // namespace

/// Identifies the code generator: the running executable's path, size and
/// modification time, so a rebuilt generator never reuses kernels made by
/// an older one.
static std::string getGeneratorIdentity() {
  static int anchor;
  std::string path = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
  llvm::sys::fs::file_status status;
  if (path.empty() || llvm::sys::fs::status(path, status))
    return "unknown";
  return path + ":" + std::to_string(status.getSize()) + ":" +
         std::to_string(
             status.getLastModificationTime().time_since_epoch().count());
}

std::string KernelCache::computeKey(llvm::ArrayRef<uint8_t> partitionContainer,
                                    llvm::StringRef deviceName,
                                    llvm::StringRef kernelTarget) {
  static const std::string generator = getGeneratorIdentity();
  llvm::SHA256 hash;
  hash.update(kFormat);
  hash.update(generator);
  hash.update(kCgcDialectVersion.str());
  hash.update(deviceName);
  hash.update(kernelTarget);
  hash.update(partitionContainer);
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

std::string KernelCache::pathFor(llvm::StringRef key) const {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, "kernels", key + ".bin");
  return path.str().str();
}

std::optional<PartitionKernels> KernelCache::load(llvm::StringRef key) const {
  if (!isEnabled())
    return std::nullopt;
  auto file = llvm::MemoryBuffer::getFile(pathFor(key), /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return std::nullopt;
  Reader reader((*file)->getBuffer());
  std::string format;
  uint32_t numSubgraphs;
  if (!reader.string(format) || format != kFormat || !reader.u32(numSubgraphs))
    return std::nullopt;
  PartitionKernels kernels;
  for (uint32_t i = 0; i < numSubgraphs; ++i) {
    std::string name;
    uint32_t numKernels;
    if (!reader.string(name) || !reader.u32(numKernels))
      return std::nullopt;
    std::vector<codegen::SpirvKernel> &list = kernels[name];
    list.resize(numKernels);
    for (codegen::SpirvKernel &kernel : list)
      if (!readKernel(reader, kernel))
        return std::nullopt;
  }
  if (!reader.done())
    return std::nullopt;
  return kernels;
}

void KernelCache::store(llvm::StringRef key,
                        const PartitionKernels &kernels) const {
  if (!isEnabled())
    return;
  writeCacheFile(pathFor(key), [&](llvm::raw_ostream &os) {
    writeString(os, kFormat);
    writeU32(os, kernels.size());
    for (const auto &[name, list] : kernels) {
      writeString(os, name);
      writeU32(os, list.size());
      for (const codegen::SpirvKernel &kernel : list) {
        writeString(os, kernel.launch.name);
        writeString(os, kernel.entryPoint);
        writeU32(os, kernel.numBindings);
        for (uint32_t size : kernel.launch.workgroupSize)
          writeU32(os, size);
        for (uint32_t count : kernel.launch.workgroupCount)
          writeU32(os, count);
        writeU32(os, kernel.binary.size());
        os.write(reinterpret_cast<const char *>(kernel.binary.data()),
                 kernel.binary.size() * 4);
      }
    }
  });
}

} // namespace opencgc::device
