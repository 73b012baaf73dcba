//===- DxilDigest.cpp - The HASH part -------------------------------------===//
//
// HASH: u32 flags (0, or 1 when the hash includes source) and the standard
// MD5 of the bitcode in the DXIL part (reference section 1.3; reproduced on
// all 141 corpus containers). The container's own digest, the modified
// MD5 of reference section 1.6, is computeContainerDigest in
// opencgc/Interchange/DxContainer.h.
//
//===----------------------------------------------------------------------===//
#include "PartWriter.h"

#include "opencgc/Codegen/DxilContainer.h"

#include "llvm/Support/MD5.h"

namespace opencgc::dxil {

std::vector<uint8_t> writeHashPart(llvm::ArrayRef<uint8_t> bitcode) {
  llvm::MD5 md5;
  md5.update(bitcode);
  llvm::MD5::MD5Result digest = md5.final();
  PartWriter part;
  part.u32(0); // flags: no source included
  part.append(digest);
  return part.take();
}

} // namespace opencgc::dxil
