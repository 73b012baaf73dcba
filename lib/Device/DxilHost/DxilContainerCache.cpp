//===- DxilContainerCache.cpp - DXIL containers kept between runs ---------===//
#include "DxilContainerCache.h"

#include "../CacheDirectory.h"

#include "opencgc/Codegen/DxilValidator.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

namespace opencgc::device {
namespace {
/// Bumped when the DXIL backend's output for the same input changes.
constexpr llvm::StringLiteral kFormat = "opencgc-dxil-2";
} // namespace

std::vector<std::string>
DxilContainerCache::pathsFor(codegen::KernelModule &kernels) const {
  std::string kernelIR;
  llvm::raw_string_ostream os(kernelIR);
  kernels.module->print(os);
  std::vector<std::string> paths;
  for (const codegen::KernelLaunch &launch : kernels.launches) {
    llvm::SHA256 hash;
    std::string model = "cs_6_" + std::to_string(shaderModelMinor);
    std::string size, count;
    for (unsigned axis = 0; axis < 3; ++axis) {
      size += std::to_string(launch.workgroupSize[axis]) + ",";
      count += std::to_string(launch.workgroupCount[axis]) + ",";
    }
    for (llvm::StringRef part :
         {llvm::StringRef(kFormat), llvm::StringRef(model),
          llvm::StringRef(launch.name), llvm::StringRef(size),
          llvm::StringRef(count), llvm::StringRef(kernelIR)}) {
      hash.update(part);
      hash.update(llvm::ArrayRef<uint8_t>{0}); // Parts cannot run together.
    }
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(
        path, "dxil", llvm::toHex(hash.final(), /*LowerCase=*/true) + ".dxil");
    paths.push_back(path.str().str());
  }
  return paths;
}

std::optional<std::vector<std::vector<uint8_t>>>
DxilContainerCache::load(codegen::KernelModule &kernels) const {
  if (directory.empty())
    return std::nullopt;
  std::vector<std::vector<uint8_t>> containers;
  for (const std::string &path : pathsFor(kernels)) {
    auto file = llvm::MemoryBuffer::getFile(path);
    if (!file)
      return std::nullopt;
    llvm::StringRef bytes = (*file)->getBuffer();
    std::vector<uint8_t> container(bytes.begin(), bytes.end());
    if (codegen::hasDxilErrors(codegen::validateDxilContainer(container)))
      return std::nullopt;
    containers.push_back(std::move(container));
  }
  return containers;
}

void DxilContainerCache::store(
    codegen::KernelModule &kernels,
    const std::vector<std::vector<uint8_t>> &containers) const {
  if (directory.empty())
    return;
  for (auto [path, container] : llvm::zip(pathsFor(kernels), containers))
    writeCacheFile(path, [&](llvm::raw_ostream &os) {
      os.write(reinterpret_cast<const char *>(container.data()),
               container.size());
    });
}

} // namespace opencgc::device
