//===- CaptureWriter.h - Recording dispatches for replay --------*- C++ -*-===//
//
// Writes a capture directory (docs/capture.md): each kernel once, and for
// each dispatch its launch size, its bindings as ranges of buffer regions,
// and each region's bytes before and after the dispatch. Device-neutral: a
// device hands over kernels and bindings and says how to read a buffer.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_CAPTUREWRITER_H
#define OPENCGC_DEVICE_CAPTUREWRITER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace opencgc::device {

/// A kernel as the device runs it.
struct CapturedKernel {
  /// "spirv", "ptx" or "dxil" (a signed DX container).
  std::string language;
  std::string entryPoint;
  llvm::ArrayRef<uint8_t> code;
  unsigned numBindings = 0;
  /// The block size to launch with (PTX only).
  std::optional<std::array<uint32_t, 3>> block;
  /// Bindings that are uniform texel buffers, with their format ("r32f",
  /// "rgba32f") (SPIR-V only).
  std::vector<std::pair<unsigned, std::string>> texelFormats;
};

/// One binding: `size` bytes at `offset` of a device buffer.
struct CapturedBinding {
  /// Identifies the buffer: bindings with the same one share a region.
  const void *buffer = nullptr;
  uint64_t bufferSize = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
};

/// Copies `out.size()` bytes at `offset` of `buffer` to the host.
using ReadBuffer = llvm::function_ref<llvm::Error(
    const void *buffer, uint64_t offset, llvm::MutableArrayRef<uint8_t> out)>;

class CaptureWriter {
public:
  /// Creates `directory` (it must be absent or empty) and the manifest.
  /// `deviceKind` is "vulkan", "cuda" or "d3d12".
  static llvm::Expected<std::shared_ptr<CaptureWriter>>
  create(llvm::StringRef directory, llvm::StringRef deviceKind,
         llvm::StringRef deviceName);

  /// The id of the kernel `key` identifies, writing it on first sight. The
  /// writer keeps `key` alive so that its address is never reused.
  llvm::Expected<std::string> addKernel(std::shared_ptr<const void> key,
                                        const CapturedKernel &kernel);

  /// Records one dispatch of kernel `kernelId`: reads the bound regions,
  /// calls `run`, reads them again. Dispatches of different threads are
  /// recorded one at a time.
  llvm::Error captureDispatch(llvm::StringRef kernelId,
                              std::array<uint32_t, 3> groups,
                              llvm::ArrayRef<CapturedBinding> bindings,
                              ReadBuffer read,
                              llvm::function_ref<llvm::Error()> run);

  unsigned getNumDispatches() const { return numDispatches; }

private:
  struct Region {
    const void *buffer;
    uint64_t begin, end;
  };
  CaptureWriter(std::string directory, std::unique_ptr<llvm::raw_fd_ostream>);
  llvm::Error writeFile(llvm::StringRef relative, llvm::ArrayRef<uint8_t> data);
  llvm::Error readRegions(llvm::ArrayRef<Region> regions, ReadBuffer read,
                          llvm::StringRef suffix);
  std::string regionFile(unsigned region, llvm::StringRef suffix) const;

  std::string directory;
  std::unique_ptr<llvm::raw_fd_ostream> manifest;
  std::mutex mutex;
  llvm::DenseMap<const void *, std::string> kernelIds;
  std::vector<std::shared_ptr<const void>> kernelKeys;
  unsigned numDispatches = 0;
};

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_CAPTUREWRITER_H
