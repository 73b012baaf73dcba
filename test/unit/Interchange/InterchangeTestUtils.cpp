//===- InterchangeTestUtils.cpp - Helpers for interchange tests -----------===//

#include "InterchangeTestUtils.h"

#include "opencgc/Interchange/CgcContainer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>

namespace opencgc::test {

std::vector<uint8_t> fakeBytecode(size_t size) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i)
    bytes[i] = static_cast<uint8_t>(i < 4 ? kMlirBytecodeMagic[i] : i * 7);
  return bytes;
}

void resign(std::vector<uint8_t> &container) {
  ContainerDigest digest = computeContainerDigest(container);
  std::copy(digest.begin(), digest.end(), container.begin() + kDxDigestOffset);
}

std::string dxilCorpusDir() { return OPENCGC_SHARED_DIR "/corpus/dxil"; }

std::vector<std::string> listDxilCorpus() {
  std::vector<std::string> files;
  std::error_code ec;
  std::string root = dxilCorpusDir();
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
       it != end && !ec; it.increment(ec)) {
    if (llvm::sys::path::extension(it->path()) != ".dxil")
      continue;
    llvm::StringRef relative(it->path());
    relative.consume_front(root);
    relative.consume_front("/");
    files.push_back(relative.str());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string
dxilCorpusTestName(const ::testing::TestParamInfo<std::string> &info) {
  std::string name = info.param.substr(0, info.param.rfind('.'));
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

std::vector<uint8_t> readBytes(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return {};
  llvm::StringRef data = (*buffer)->getBuffer();
  return std::vector<uint8_t>(data.begin(), data.end());
}

} // namespace opencgc::test
