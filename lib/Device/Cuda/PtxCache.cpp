//===- PtxCache.cpp - PTX kept on disk between runs -----------------------===//
#include "PtxCache.h"

#include "../CacheDirectory.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

namespace opencgc::device {
namespace {
constexpr llvm::StringLiteral kFormat = "opencgc-ptx-1";
} // namespace

std::string PtxCache::pathFor(llvm::ArrayRef<char> bitcode,
                              llvm::StringRef name,
                              llvm::StringRef arch) const {
  llvm::SHA256 hash;
  for (llvm::StringRef part :
       {llvm::StringRef(kFormat), llvm::StringRef(compiler), arch, name}) {
    hash.update(part);
    hash.update(llvm::ArrayRef<uint8_t>{0}); // Parts cannot run together.
  }
  hash.update(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(bitcode.data()), bitcode.size()));
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(
      path, "ptx", llvm::toHex(hash.final(), /*LowerCase=*/true) + ".ptx");
  return path.str().str();
}

std::optional<std::string> PtxCache::load(llvm::ArrayRef<char> bitcode,
                                          llvm::StringRef name,
                                          llvm::StringRef arch) const {
  if (directory.empty())
    return std::nullopt;
  auto file = llvm::MemoryBuffer::getFile(pathFor(bitcode, name, arch));
  if (!file)
    return std::nullopt;
  llvm::StringRef text = (*file)->getBuffer();
  // A cache file is outside our control: it must at least define the entry.
  if (!text.contains((".entry " + name).str()))
    return std::nullopt;
  return text.str();
}

void PtxCache::store(llvm::ArrayRef<char> bitcode, llvm::StringRef name,
                     llvm::StringRef arch, llvm::StringRef ptx) const {
  if (directory.empty())
    return;
  writeCacheFile(pathFor(bitcode, name, arch),
                 [&](llvm::raw_ostream &os) { os << ptx; });
}

} // namespace opencgc::device
