//===- DxilValidatorFuzzer.cpp - Fuzz the DXIL validator ------------------===//
//
// libFuzzer entry point: every input is validated as a DX Container
// holding a DXIL shader (parts, digest, the LLVM 3.7 bitcode read through
// LLVM 22's reader, the module's rules). Hostile containers must give
// findings, never a crash or a hang.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Codegen/DxilValidator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  (void)opencgc::codegen::validateDxilContainer(
      llvm::ArrayRef<uint8_t>(data, size));
  return 0;
}
