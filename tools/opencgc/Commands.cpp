//===- Commands.cpp - The table of opencgc subcommands --------------------===//
//
// Every subcommand, in the order --help lists them.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
static std::string argv0;
void setArgv0(const char *value) { argv0 = value; }
std::string getSelfExecutable() {
  // Any address inside this executable identifies it.
  static int anchor;
  return sys::fs::getMainExecutable(argv0.c_str(), &anchor);
}

ArrayRef<Command> getCommands() {
  static const Command commands[] = {
      {convertCommand, runConvert},
      {inspectCommand, runInspect},
      {importCommand, runImport},
      {runCommand, runRun},
      {conformanceCommand, runConformance},
      {showCommand, runShow},
      {validateCommand, runValidate},
      {compileCommand, runCompile},
      {benchCommand, runBench},
      {devicesCommand, runDevices},
  };
  return commands;
}
} // namespace opencgc::cli
