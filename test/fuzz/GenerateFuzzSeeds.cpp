//===- GenerateFuzzSeeds.cpp - Seed corpus for the container fuzzer -------===//
//
// Usage: opencgc-fuzz-seed-gen <output-dir>
// Writes a few valid CGC containers so that the fuzzer starts from inputs
// that reach the CGC-level checks, not just the DX Container header checks.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Interchange/CgcContainer.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace opencgc;

/// Bytes that pass the reader's MLIR magic check; the fuzzer does not need
/// bytecode that MLIR can load.
static std::vector<uint8_t> fakeBytecode(size_t size) {
  std::vector<uint8_t> bytes(size, 0);
  for (size_t i = 0; i < size; ++i)
    bytes[i] = i < 4 ? kMlirBytecodeMagic[i] : static_cast<uint8_t>(i);
  return bytes;
}

static bool writeFile(const llvm::Twine &path,
                      const std::vector<uint8_t> &bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path.str(), ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::errs() << "error: cannot write " << path << ": " << ec.message()
                 << "\n";
    return false;
  }
  os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return true;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: " << argv[0] << " <output-dir>\n";
    return 2;
  }
  llvm::StringRef dir = argv[1];
  if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    llvm::errs() << "error: cannot create " << dir << ": " << ec.message()
                 << "\n";
    return 1;
  }

  bool ok = true;
  size_t sizes[] = {4, 13, 64, 300};
  for (MlirInterface interface : allInterfaces()) {
    size_t size = sizes[static_cast<size_t>(interface) % std::size(sizes)];
    CgcPayload payload{interface, kCgcDialectVersion, fakeBytecode(size)};
    ok &= writeFile(dir + "/" + getInterfaceName(interface).lower() + ".cgc",
                    writeCgcContainer(payload));
  }

  // Unsigned, with an extra part the reader must skip.
  std::vector<uint8_t> cgci(kCgcInterfacePartSize, 0);
  auto guid = getInterfaceGuid(MlirInterface::CgcOutput).toBytes();
  std::copy(guid.begin(), guid.end(), cgci.begin());
  cgci[16] = kCgcDialectVersion.major; // little-endian u16, small value
  DxContainerWriter writer;
  writer.addPart(kCgcInterfacePartFourCC, std::move(cgci));
  writer.addPart(makeFourCC("XTRA"), {1, 2, 3, 4});
  writer.addPart(kCgcBytecodePartFourCC, {4, 0, 0, 0, 'M', 'L', 0xef, 'R'});
  ok &= writeFile(dir + "/unsigned-extra-part.cgc",
                  writer.finish(/*sign=*/false));
  return ok ? 0 : 1;
}
