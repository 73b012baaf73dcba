//===- DevicesCommand.cpp - opencgc devices -------------------------------===//
//
// Lists the device registry: every device --device and --target take, what
// it is, what it needs, which options it reads and what --capture records.
// `--markdown` prints the table docs/devices.md carries (a lit test checks
// that the two agree).
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "opencgc/Device/DeviceRegistry.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand devicesCommand("devices",
                              "List the devices --device and --target take");

namespace {
using device::DeviceEntry;

cl::opt<bool> markdown("markdown",
                       cl::desc("Print the table as Markdown (the one in "
                                "docs/devices.md)"),
                       cl::sub(devicesCommand));

std::string describeUse(const DeviceEntry &entry) {
  std::vector<std::string> uses;
  if (entry.canRun())
    uses.push_back("run");
  if (entry.compileTarget)
    uses.push_back("compile");
  else if (entry.canRun())
    uses.push_back("fallback");
  return join(uses, ", ");
}

std::string describeOptions(const DeviceEntry &entry) {
  std::vector<std::string> options;
  if (entry.reads(device::kUsesCache))
    options.push_back("--no-cache");
  if (entry.reads(device::kUsesCapture))
    options.push_back("--capture");
  if (entry.reads(device::kUsesShaderModel))
    options.push_back("--shader-model");
  if (entry.reads(device::kUsesKernelTarget))
    options.push_back("--kernel-target --precision");
  if (entry.reads(device::kUsesDeclarations))
    options.push_back("--declarations");
  return options.empty() ? "-" : join(options, " ");
}

std::string describeName(const DeviceEntry &entry) {
  std::string name = entry.name.str();
  if (entry.name == device::kDefaultDeviceName)
    name += " (default)";
  if (!entry.alias.empty())
    name += ", " + entry.alias.str();
  return name;
}

void printMarkdown() {
  outs() << "| device | for | what runs the kernels | needs | options | "
            "--capture records |\n"
         << "|---|---|---|---|---|---|\n";
  for (const DeviceEntry &entry : device::getDeviceRegistry())
    outs() << "| `" << entry.name << "`"
           << (entry.alias.empty() ? "" : " (`" + entry.alias.str() + "`)")
           << (entry.name == device::kDefaultDeviceName ? " (default)" : "")
           << " | " << describeUse(entry) << " | " << entry.summary << " | "
           << entry.requirement << " | " << describeOptions(entry) << " | "
           << (entry.canCapture() ? entry.captureLanguage.str() : "-")
           << " |\n";
}

void printText() {
  for (const DeviceEntry &entry : device::getDeviceRegistry()) {
    outs() << describeName(entry) << " [" << describeUse(entry) << "]\n  "
           << entry.summary << "\n  needs: " << entry.requirement
           << "\n  options: " << describeOptions(entry) << "\n";
    if (entry.canCapture())
      outs() << "  --capture records " << entry.captureLanguage << "\n";
  }
}
} // namespace

int runDevices(mlir::MLIRContext &) {
  if (markdown)
    printMarkdown();
  else
    printText();
  return 0;
}
} // namespace opencgc::cli
