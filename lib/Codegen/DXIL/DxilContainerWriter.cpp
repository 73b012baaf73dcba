//===- DxilContainerWriter.cpp - A compute shader's DX container ----------===//
//
// The parts in DXC's order (SerializeDxilContainerForModule; reference
// section 1.3): SFI0, ISG1, OSG1, PSV0, HASH (validator 1.5 and later),
// DXIL, framed and signed by DxContainerWriter.
//
//===----------------------------------------------------------------------===//
#include "PartWriter.h"

#include "opencgc/Codegen/DxilContainer.h"
#include "opencgc/Interchange/DxContainer.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>

namespace opencgc::dxil {
namespace {

constexpr uint8_t kBitcodeMagic[] = {'B', 'C', 0xC0, 0xDE};
/// An empty signature: no elements, the element table right after the
/// 8-byte header (DxilProgramSignature).
constexpr uint32_t kSignatureHeaderSize = 8;

bool writesHash(DxilVersion validator) {
  return validator.major > 1 || (validator.major == 1 && validator.minor >= 5);
}

llvm::Error checkShader(const DxilShaderDescription &shader) {
  if (shader.bitcode.size() < 4 ||
      !std::equal(std::begin(kBitcodeMagic), std::end(kBitcodeMagic),
                  shader.bitcode.begin()))
    return llvm::createStringError("DXIL container: the bitcode does not "
                                   "start with 'BC' 0xC0DE");
  if (shader.shaderModelMinor > 15)
    return llvm::createStringError("DXIL container: shader model 6." +
                                   llvm::Twine(shader.shaderModelMinor) +
                                   " does not fit the program version");
  for (uint32_t threads : shader.numThreads)
    if (threads == 0)
      return llvm::createStringError(
          "DXIL container: numthreads must be at least 1 in each dimension");
  for (const ResourceBinding &resource : shader.resources)
    if (resource.count == 0 ||
        (resource.count != kUnboundedRange &&
         uint64_t(resource.lowerBound) + resource.count - 1 >= kUnboundedRange))
      return llvm::createStringError(
          "DXIL container: resource range at register " +
          llvm::Twine(resource.lowerBound) + " space " +
          llvm::Twine(resource.space) + " is empty or wraps");
  return llvm::Error::success();
}

} // namespace

std::vector<uint8_t> writeEmptySignaturePart() {
  PartWriter part;
  part.u32(0);
  part.u32(kSignatureHeaderSize);
  return part.take();
}

llvm::Expected<std::vector<uint8_t>>
writeDxilContainer(const DxilShaderDescription &shader) {
  if (llvm::Error error = checkShader(shader))
    return std::move(error);
  DxContainerWriter container;
  container.addPart(makeFourCC("SFI0"),
                    writeFeatureInfoPart(shader.shaderFlags));
  container.addPart(makeFourCC("ISG1"), writeEmptySignaturePart());
  container.addPart(makeFourCC("OSG1"), writeEmptySignaturePart());
  container.addPart(makeFourCC("PSV0"), writePsv0Part(shader));
  if (writesHash(shader.validator))
    container.addPart(makeFourCC("HASH"), writeHashPart(shader.bitcode));
  container.addPart(makeFourCC("DXIL"), writeProgramPart(shader));
  return container.finish(shader.sign);
}

} // namespace opencgc::dxil
