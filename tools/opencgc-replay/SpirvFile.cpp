//===- SpirvFile.cpp - A SPIR-V kernel file, as words ---------------------===//

#include "SpirvFile.h"
#include "CaptureReader.h"
#include "ReplayError.h"

#include <cstring>
#include <filesystem>

namespace replay {

namespace {
// From the SPIR-V specification: the header, and the one instruction read.
constexpr uint32_t SpirvMagic = 0x07230203u;
constexpr size_t HeaderWords = 5;
constexpr uint32_t OpEntryPoint = 15;
constexpr uint32_t ExecutionModelGLCompute = 5;
} // namespace

std::vector<uint32_t> readSpirv(const std::string &path) {
  std::error_code error;
  uint64_t size = std::filesystem::file_size(path, error);
  if (error || size < 4 * HeaderWords || size % 4 != 0)
    throw ReplayError(path + ": expected SPIR-V, a whole number of 32-bit "
                             "words after a 5-word header");
  std::vector<uint8_t> bytes = readBytes(path, size);
  std::vector<uint32_t> words(size / 4);
  std::memcpy(words.data(), bytes.data(), size);
  if (words[0] != SpirvMagic)
    throw ReplayError(path + ": expected SPIR-V, found no SPIR-V magic number");
  return words;
}

std::vector<std::string>
getComputeEntryPoints(const std::vector<uint32_t> &words,
                      const std::string &path) {
  std::vector<std::string> names;
  size_t at = HeaderWords;
  while (at < words.size()) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffffu;
    if (count == 0 || at + count > words.size())
      throw ReplayError(path + ": SPIR-V instruction at word " +
                        std::to_string(at) + " runs past the end");
    // OpEntryPoint: model, function id, then the name as a NUL-terminated
    // string packed into words.
    if (opcode == OpEntryPoint && count > 3 &&
        words[at + 1] == ExecutionModelGLCompute) {
      const char *name = reinterpret_cast<const char *>(&words[at + 3]);
      names.emplace_back(name, strnlen(name, 4 * (count - 3)));
    }
    at += count;
  }
  return names;
}

} // namespace replay
