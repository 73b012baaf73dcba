//===- CacheDirectory.cpp - Where devices keep compiled kernels -----------===//
#include "CacheDirectory.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"

namespace opencgc::device {

std::string getCacheDirectory() {
  llvm::SmallString<256> path;
  if (auto explicitDir = llvm::sys::Process::GetEnv("OPENCGC_CACHE_DIR"))
    return *explicitDir;
  if (auto xdg = llvm::sys::Process::GetEnv("XDG_CACHE_HOME"))
    path = *xdg;
  else if (!llvm::sys::path::cache_directory(path))
    return "";
  llvm::sys::path::append(path, "opencgc");
  return path.str().str();
}

void writeCacheFile(llvm::StringRef path,
                    llvm::function_ref<void(llvm::raw_ostream &)> write) {
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)))
    return;
  // Unique per thread too: partitions and their kernels are compiled on
  // several threads of one process.
  std::string temporary =
      (path + ".tmp" + llvm::Twine(llvm::sys::Process::getProcessId()) + "." +
       llvm::Twine(llvm::get_threadid()))
          .str();
  {
    std::error_code error;
    llvm::raw_fd_ostream os(temporary, error, llvm::sys::fs::OF_None);
    if (error)
      return;
    write(os);
  }
  if (llvm::sys::fs::rename(temporary, path))
    llvm::sys::fs::remove(temporary);
}

std::string chooseCacheDirectory(bool useCache, const std::string &given) {
  if (!useCache)
    return "";
  return given.empty() ? getCacheDirectory() : given;
}

} // namespace opencgc::device
