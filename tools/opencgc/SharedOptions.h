//===- SharedOptions.h - The options subcommands share ----------*- C++ -*-===//
//
// One definition of each option several subcommands take: the device
// options (--device, --no-cache, --shader-model, --capture) of every
// subcommand that opens a device, and --partition of compile and bench, so
// their names, choices, defaults and help are the same everywhere.
// --device's choices come from the device registry.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TOOLS_OPENCGC_SHAREDOPTIONS_H
#define OPENCGC_TOOLS_OPENCGC_SHAREDOPTIONS_H

#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Device/DeviceRegistry.h"
#include "llvm/Support/Error.h"

namespace opencgc::cli {

/// --device, or the default device when it was not given.
const device::DeviceEntry &getChosenDevice();

/// Whether --device was given on the command line.
bool isDeviceGiven();

/// The device options of the command line, --shader-model checked.
llvm::Expected<device::DeviceOptions> getDeviceOptions();

/// The arguments that hand the same device options to a child opencgc.
std::vector<std::string> getDeviceArguments();

/// --partition (compile and bench).
compiler::Partitioning getPartitioning();
/// The patterns --exclude-pattern names (compile, bench).
std::vector<std::string> getExcludedPatterns();

} // namespace opencgc::cli

#endif // OPENCGC_TOOLS_OPENCGC_SHAREDOPTIONS_H
