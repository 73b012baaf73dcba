//===- DxilBitcodeSupport.h - DXIL bitcode for tests ------------*- C++ -*-===//
//
// Reads LLVM 3.7 (DXIL) bitcode with LLVM 22, whose data layout parser
// rejects DXIL's legacy layout (i8:32, shared/reference/dxil-format.md
// section 0 item 1): the layout is replaced by the native one and the
// string the bitcode holds is handed back.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TEST_UNIT_BITCODE_DXILBITCODESUPPORT_H
#define OPENCGC_TEST_UNIT_BITCODE_DXILBITCODESUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace opencgc::test {

/// The module, with the data layout the bitcode holds in `writtenLayout`.
llvm::Expected<std::unique_ptr<llvm::Module>>
readDxilBitcode(llvm::ArrayRef<uint8_t> bitcode, llvm::LLVMContext &context,
                std::string *writtenLayout = nullptr);

/// The bitcode of a corpus container's DXIL part (empty if unreadable).
std::vector<uint8_t> corpusBitcode(const std::string &corpusFile);

} // namespace opencgc::test

#endif // OPENCGC_TEST_UNIT_BITCODE_DXILBITCODESUPPORT_H
