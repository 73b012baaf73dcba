//===- ChildValidation.h - Untrusted work in a forked child -----*- C++ -*-===//
//
// LLVM 22's bitcode reader is not made for hostile input: malformed
// bitcode can crash it (a fuzzer found a wild read in MetadataLoader within
// seconds), make it allocate gigabytes, or send it into a loop that only
// some address layouts reach (a container the child read in milliseconds
// kept the parent in ArrayType::get for minutes). So everything that reads
// a container's bitcode from outside runs in a forked child, which sends
// its answer back as bytes (docs/dxil-validator.md, "Hostile input").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_CHILDVALIDATION_H
#define OPENCGC_LIB_CODEGEN_DXIL_CHILDVALIDATION_H

#include "opencgc/Codegen/DxilValidator.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opencgc::codegen {

/// Runs `work` in a forked child: default signal handlers, stderr closed,
/// at most 1 GiB more address space than the parent has, killed after
/// `timeoutSeconds`. What `work` writes comes back. An error when the child
/// died (a crash, or still working at the timeout).
llvm::Expected<std::string>
runInChild(llvm::function_ref<void(llvm::raw_ostream &)> work,
           unsigned timeoutSeconds);

/// Findings as bytes for runInChild, and back.
void writeFindings(const std::vector<DxilFinding> &findings,
                   llvm::raw_ostream &out);
llvm::Expected<std::vector<DxilFinding>> readFindings(llvm::StringRef bytes);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_CHILDVALIDATION_H
