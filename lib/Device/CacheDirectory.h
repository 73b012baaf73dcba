//===- CacheDirectory.h - Where devices keep compiled kernels ---*- C++ -*-===//
#ifndef OPENCGC_LIB_DEVICE_CACHEDIRECTORY_H
#define OPENCGC_LIB_DEVICE_CACHEDIRECTORY_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace opencgc::device {

/// $OPENCGC_CACHE_DIR, else $XDG_CACHE_HOME/opencgc, else ~/.cache/opencgc;
/// empty when none can be found.
std::string getCacheDirectory();

/// The cache directory a device uses: none when `useCache` is off, else
/// `given`, else getCacheDirectory().
std::string chooseCacheDirectory(bool useCache, const std::string &given);

/// Writes `path` (creating its folder) through a temporary file renamed into
/// place, so that readers never see half a file. A cache is best effort:
/// failures leave no file and are not reported.
void writeCacheFile(llvm::StringRef path,
                    llvm::function_ref<void(llvm::raw_ostream &)> write);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_CACHEDIRECTORY_H
