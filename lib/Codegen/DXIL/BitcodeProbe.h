//===- BitcodeProbe.h - LLVM's bitcode reader tried in a child --*- C++ -*-===//
//
// LLVM 22's bitcode reader is not made for hostile input: malformed
// bitcode can crash it (a fuzzer found a wild read in MetadataLoader within
// seconds). Before a container from outside is read in this process, a
// forked child reads its bitcode first; only if the child survives does
// the caller read the same bytes (docs/dxil-validator.md, "Hostile input").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_BITCODEPROBE_H
#define OPENCGC_LIB_CODEGEN_DXIL_BITCODEPROBE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace opencgc::codegen {

/// Reads `bitcode` with LLVM's reader in a child process. An error when the
/// child was killed (a crash, or still reading after `timeoutSeconds`);
/// success when it finished, whether or not the bitcode was readable.
llvm::Error probeBitcodeInChild(llvm::ArrayRef<uint8_t> bitcode,
                                unsigned timeoutSeconds = 5);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_BITCODEPROBE_H
