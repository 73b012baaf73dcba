//===- Commands.cpp - The table of opencgc subcommands --------------------===//
//
// Subcommands that later issues build are registered now so that --help
// shows the whole tool, each marked as not built yet; running one says so
// and exits with status 2 instead of pretending to work.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
namespace {
struct PlannedCommand {
  const char *name;
  const char *description;
};

// Names and one-line descriptions of the subcommands not built yet.
constexpr PlannedCommand kPlanned[] = {
    {"bench", "[not built yet] Benchmark a model or a micro kernel"},
};

cl::SubCommand plannedSubCommands[] = {
    {kPlanned[0].name, kPlanned[0].description},
};

// Planned subcommands accept and ignore any arguments, so the message below
// is what the user sees rather than an option error.
cl::list<std::string> plannedArgs(cl::Sink, cl::sub(plannedSubCommands[0]));

template <size_t Index> int runPlanned(mlir::MLIRContext &) {
  WithColor::error(errs(), "opencgc")
      << "'" << kPlanned[Index].name
      << "' is not built yet (see 'opencgc --help' for what is)\n";
  return 2;
}
} // namespace

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
      {compileCommand, runCompile},
      {plannedSubCommands[0], runPlanned<0>},
  };
  return commands;
}
} // namespace opencgc::cli
