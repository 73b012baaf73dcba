//===- Commands.cpp - The table of opencgc subcommands --------------------===//
//
// Subcommands that later issues build are registered now so that --help
// shows the whole tool, each marked as not built yet; running one says so
// and exits with status 2 instead of pretending to work.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

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
    {"compile", "[not built yet] Compile Input IR to Output IR, partitions "
                "and a memory plan"},
    {"run", "[not built yet] Run a model or compiled program on a device"},
    {"show", "[not built yet] Draw Input IR, Output IR partitions and the "
             "memory plan"},
    {"conformance", "[not built yet] Run the ONNX backend node tests"},
    {"bench", "[not built yet] Benchmark a model or a micro kernel"},
};

cl::SubCommand plannedSubCommands[] = {
    {kPlanned[0].name, kPlanned[0].description},
    {kPlanned[1].name, kPlanned[1].description},
    {kPlanned[2].name, kPlanned[2].description},
    {kPlanned[3].name, kPlanned[3].description},
    {kPlanned[4].name, kPlanned[4].description},
};

// Planned subcommands accept and ignore any arguments, so the message below
// is what the user sees rather than an option error.
cl::list<std::string> plannedArgs(cl::Sink, cl::sub(plannedSubCommands[0]),
                                  cl::sub(plannedSubCommands[1]),
                                  cl::sub(plannedSubCommands[2]),
                                  cl::sub(plannedSubCommands[3]),
                                  cl::sub(plannedSubCommands[4]));

template <size_t Index>
int runPlanned(mlir::MLIRContext &) {
  WithColor::error(errs(), "opencgc")
      << "'" << kPlanned[Index].name
      << "' is not built yet; this build offers 'convert' and 'inspect' "
         "(see 'opencgc --help')\n";
  return 2;
}
} // namespace

ArrayRef<Command> getCommands() {
  static const Command commands[] = {
      {convertCommand, runConvert},
      {inspectCommand, runInspect},
      {plannedSubCommands[0], runPlanned<0>},
      {plannedSubCommands[1], runPlanned<1>},
      {plannedSubCommands[2], runPlanned<2>},
      {plannedSubCommands[3], runPlanned<3>},
      {plannedSubCommands[4], runPlanned<4>},
  };
  return commands;
}
} // namespace opencgc::cli
