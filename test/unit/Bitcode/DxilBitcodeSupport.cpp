//===- DxilBitcodeSupport.cpp - DXIL bitcode for tests --------------------===//
#include "DxilBitcodeSupport.h"

#include "../Interchange/InterchangeTestUtils.h"

#include "opencgc/Bitcode/LegacyBitcodeWriter.h"
#include "opencgc/Codegen/DxilContainer.h"
#include "opencgc/Interchange/DxContainer.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Support/MemoryBuffer.h"

namespace opencgc::test {

llvm::Expected<std::unique_ptr<llvm::Module>>
readDxilBitcode(llvm::ArrayRef<uint8_t> bitcode, llvm::LLVMContext &context,
                std::string *writtenLayout) {
  llvm::ParserCallbacks callbacks(
      [writtenLayout](llvm::StringRef,
                      llvm::StringRef layout) -> std::optional<std::string> {
        if (writtenLayout)
          *writtenLayout = layout.str();
        return std::string(bitcode::kDxilNativeLowPrecisionDataLayout);
      });
  return llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(
          llvm::StringRef(reinterpret_cast<const char *>(bitcode.data()),
                          bitcode.size()),
          "dxil"),
      context, callbacks);
}

std::vector<uint8_t> corpusBitcode(const std::string &corpusFile) {
  std::vector<uint8_t> bytes = readBytes(dxilCorpusDir() + "/" + corpusFile);
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  if (!view) {
    llvm::consumeError(view.takeError());
    return {};
  }
  const DxPart *part = view->findPart(makeFourCC("DXIL"));
  if (!part)
    return {};
  llvm::Expected<dxil::DxilProgramView> program =
      dxil::parseDxilProgramPart(part->data);
  if (!program) {
    llvm::consumeError(program.takeError());
    return {};
  }
  return {program->bitcode.begin(), program->bitcode.end()};
}

} // namespace opencgc::test
