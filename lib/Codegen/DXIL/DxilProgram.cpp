//===- DxilProgram.cpp - The DXIL part: program header and bitcode --------===//
//
// DxilProgramHeader (dxil-spec "DXIL Container Format"; encodings in
// reference section 1.4): program version (shader kind << 16 | major << 4
// | minor), the part's size in dwords, "DXIL", the DXIL version (major << 8
// | minor), the bitcode's offset from the magic (16) and size, then the
// bitcode padded with zeros to a dword.
//
//===----------------------------------------------------------------------===//
#include "PartWriter.h"

#include "opencgc/Codegen/DxilContainer.h"
#include "opencgc/Interchange/DxContainer.h"

#include "llvm/Support/Endian.h"

namespace opencgc::dxil {
namespace {

constexpr uint32_t kComputeShaderKind = 5;
constexpr uint32_t kShaderModelMajor = 6;
constexpr uint32_t kDxilMajor = 1;
constexpr uint32_t kDxilMagic = makeFourCC("DXIL");
constexpr uint32_t kProgramHeaderSize = 24;
/// BitcodeOffset counts from the magic, which is 8 bytes in.
constexpr uint32_t kBitcodeOffset = 16;
constexpr uint32_t kMagicOffset = 8;

} // namespace

std::vector<uint8_t> writeProgramPart(const DxilShaderDescription &shader) {
  uint32_t paddedSize = (shader.bitcode.size() + 3) / 4 * 4;
  PartWriter part;
  part.u32(kComputeShaderKind << 16 | kShaderModelMajor << 4 |
           shader.shaderModelMinor);
  part.u32((kProgramHeaderSize + paddedSize) / 4);
  part.u32(kDxilMagic);
  part.u32(kDxilMajor << 8 | shader.shaderModelMinor);
  part.u32(kBitcodeOffset);
  part.u32(shader.bitcode.size());
  part.append(shader.bitcode);
  part.padToDword();
  return part.take();
}

llvm::Expected<DxilProgramView>
parseDxilProgramPart(llvm::ArrayRef<uint8_t> data) {
  namespace endian = llvm::support::endian;
  if (data.size() < kProgramHeaderSize)
    return llvm::createStringError("DXIL part: shorter than its header");
  auto field = [&](unsigned index) {
    return endian::read32le(data.data() + 4 * index);
  };
  if (field(2) != kDxilMagic)
    return llvm::createStringError("DXIL part: no 'DXIL' magic");
  uint64_t begin = uint64_t(kMagicOffset) + field(4);
  uint64_t end = begin + field(5);
  if (begin < kProgramHeaderSize || end > data.size())
    return llvm::createStringError(
        "DXIL part: the bitcode lies outside the part");
  DxilProgramView view;
  view.programVersion = field(0);
  view.dxilVersion = field(3);
  view.bitcode = data.slice(begin, end - begin);
  return view;
}

} // namespace opencgc::dxil
