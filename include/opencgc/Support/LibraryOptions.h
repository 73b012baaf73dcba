//===- LibraryOptions.h - Options our tools do not own ----------*- C++ -*-===//
#ifndef OPENCGC_SUPPORT_LIBRARYOPTIONS_H
#define OPENCGC_SUPPORT_LIBRARYOPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

namespace opencgc {

/// LLVM's libraries register their code generators' options (hundreds:
/// --amdgpu-*, --x86-*) at the top level before main runs; none is a
/// tool's own. Hides every top-level option registered so far but --help*
/// and --version (--help-hidden still lists them). Options a tool registers
/// afterwards (MlirOptMain's, its passes', its subcommands') stay shown.
inline void hideLibraryOptions() {
  for (auto &entry :
       llvm::cl::getRegisteredOptions(llvm::cl::SubCommand::getTopLevel())) {
    llvm::StringRef name = entry.first;
    if (!name.starts_with("help") && name != "version")
      entry.second->setHiddenFlag(llvm::cl::Hidden);
  }
}

} // namespace opencgc

#endif // OPENCGC_SUPPORT_LIBRARYOPTIONS_H
