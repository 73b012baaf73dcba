//===- CaptureWriter.cpp - Recording dispatches for replay ----------------===//
#include "opencgc/Device/CaptureWriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace opencgc::device {
namespace {
/// Regions start at this alignment of their buffer, so that the offsets of
/// bindings within them keep the alignment a device asks for (256 is the
/// largest minStorageBufferOffsetAlignment Vulkan allows).
constexpr uint64_t kRegionAlignment = 256;

/// Manifest fields hold no spaces (docs/capture.md).
std::string sanitize(llvm::StringRef text) {
  std::string result = text.str();
  for (char &c : result)
    if (!llvm::isAlnum(c) && c != '_' && c != '.' && c != '-')
      c = '_';
  return result.empty() ? "_" : result;
}

llvm::Error captureError(const llvm::Twine &message) {
  return llvm::createStringError("capture: " + message);
}
} // namespace

CaptureWriter::CaptureWriter(std::string directory,
                             std::unique_ptr<llvm::raw_fd_ostream> manifest)
    : directory(std::move(directory)), manifest(std::move(manifest)) {}

llvm::Expected<std::shared_ptr<CaptureWriter>>
CaptureWriter::create(llvm::StringRef directory, llvm::StringRef deviceKind,
                      llvm::StringRef deviceName) {
  std::error_code ec;
  if (llvm::sys::fs::exists(directory)) {
    llvm::sys::fs::directory_iterator it(directory, ec), end;
    if (ec || it != end)
      return captureError("directory '" + directory +
                          "' exists and is not empty");
  }
  if ((ec = llvm::sys::fs::create_directories(directory)))
    return captureError("cannot create '" + directory + "': " + ec.message());
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, "capture.txt");
  auto manifest = std::make_unique<llvm::raw_fd_ostream>(path, ec);
  if (ec)
    return captureError("cannot write '" + path + "': " + ec.message());
  *manifest << "opencgc-capture 1\n"
            << "device " << sanitize(deviceKind) << ' ' << sanitize(deviceName)
            << '\n';
  manifest->flush();
  return std::shared_ptr<CaptureWriter>(
      new CaptureWriter(directory.str(), std::move(manifest)));
}

llvm::Error CaptureWriter::writeFile(llvm::StringRef relative,
                                     llvm::ArrayRef<uint8_t> data) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, relative);
  std::error_code ec =
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
  llvm::raw_fd_ostream out(path, ec);
  if (ec)
    return captureError("cannot write '" + path + "': " + ec.message());
  out.write(reinterpret_cast<const char *>(data.data()), data.size());
  out.close();
  if (out.has_error())
    return captureError("cannot write '" + path +
                        "': " + out.error().message());
  return llvm::Error::success();
}

llvm::Expected<std::string>
CaptureWriter::addKernel(std::shared_ptr<const void> key,
                         const CapturedKernel &kernel) {
  std::lock_guard<std::mutex> lock(mutex);
  auto found = kernelIds.find(key.get());
  if (found != kernelIds.end())
    return found->second;
  std::string id = "K" + std::to_string(kernelIds.size());
  std::string extension = kernel.language == "spirv" ? ".spv"
                          : kernel.language == "ptx" ? ".ptx"
                                                     : ".dxil";
  std::string file = "kernels/" + id + extension;
  if (llvm::Error error = writeFile(file, kernel.code))
    return std::move(error);
  *manifest << "kernel " << id << ' ' << kernel.language << ' ' << file << ' '
            << sanitize(kernel.entryPoint) << ' ' << kernel.numBindings;
  if (kernel.block)
    *manifest << " block " << (*kernel.block)[0] << ' ' << (*kernel.block)[1]
              << ' ' << (*kernel.block)[2];
  *manifest << '\n';
  for (const auto &[binding, format] : kernel.texelFormats)
    *manifest << "texel " << id << ' ' << binding << ' ' << format << '\n';
  kernelIds[key.get()] = id;
  kernelKeys.push_back(std::move(key));
  return id;
}

std::string CaptureWriter::regionFile(unsigned region,
                                      llvm::StringRef suffix) const {
  return ("dispatches/" + llvm::Twine(numDispatches) + "/" +
          llvm::Twine(region) + "." + suffix)
      .str();
}

llvm::Error CaptureWriter::readRegions(llvm::ArrayRef<Region> regions,
                                       ReadBuffer read,
                                       llvm::StringRef suffix) {
  for (auto [index, region] : llvm::enumerate(regions)) {
    std::vector<uint8_t> bytes(region.end - region.begin);
    if (llvm::Error error = read(region.buffer, region.begin, bytes))
      return error;
    if (llvm::Error error = writeFile(regionFile(index, suffix), bytes))
      return error;
  }
  return llvm::Error::success();
}

llvm::Error CaptureWriter::captureDispatch(
    llvm::StringRef kernelId, std::array<uint32_t, 3> groups,
    llvm::ArrayRef<CapturedBinding> bindings, ReadBuffer read,
    llvm::function_ref<llvm::Error()> run) {
  std::lock_guard<std::mutex> lock(mutex);
  // One region per buffer, covering every range bound in it.
  std::vector<Region> regions;
  std::vector<unsigned> regionOf;
  for (const CapturedBinding &binding : bindings) {
    unsigned index = llvm::find_if(regions,
                                   [&](const Region &r) {
                                     return r.buffer == binding.buffer;
                                   }) -
                     regions.begin();
    uint64_t begin = binding.offset / kRegionAlignment * kRegionAlignment;
    uint64_t end = std::min(binding.bufferSize, binding.offset + binding.size);
    if (index == regions.size())
      regions.push_back({binding.buffer, begin, end});
    regions[index].begin = std::min(regions[index].begin, begin);
    regions[index].end = std::max(regions[index].end, end);
    regionOf.push_back(index);
  }
  if (llvm::Error error = readRegions(regions, read, "before"))
    return error;
  if (llvm::Error error = run())
    return error;
  if (llvm::Error error = readRegions(regions, read, "after"))
    return error;

  *manifest << "dispatch " << numDispatches << ' ' << kernelId << " groups "
            << groups[0] << ' ' << groups[1] << ' ' << groups[2] << " buffers "
            << regions.size() << '\n';
  for (auto [index, region] : llvm::enumerate(regions))
    *manifest << "region " << index << " bytes " << region.end - region.begin
              << ' ' << regionFile(index, "before") << ' '
              << regionFile(index, "after") << '\n';
  for (auto [index, binding] : llvm::enumerate(bindings))
    *manifest << "bind " << index << ' ' << regionOf[index] << ' '
              << binding.offset - regions[regionOf[index]].begin << ' '
              << binding.size << '\n';
  *manifest << "end\n";
  manifest->flush();
  ++numDispatches;
  return llvm::Error::success();
}

} // namespace opencgc::device
