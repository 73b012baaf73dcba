//===- main.cpp - opencgc-replay: replays a capture on a device -----------===//
//
// opencgc-replay DIR [--device vulkan|cuda] [--tolerance ULPS] [--verbose]
//
// Runs every dispatch of a capture (docs/capture.md) again, alone, from its
// recorded bytes and compares what it writes with what was recorded. Exit
// status: 0 when every dispatch is identical, 1 when one differs, 2 on a
// malformed capture, a device error or a bad command line.
//
//===----------------------------------------------------------------------===//

#include "CaptureReader.h"
#include "Compare.h"
#include "CudaReplay.h"
#include "ReplayError.h"
#include "VulkanReplay.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>

using namespace replay;

namespace {

constexpr int ExitIdentical = 0;
constexpr int ExitDiffers = 1;
constexpr int ExitError = 2;

const char *Usage =
    "usage: opencgc-replay DIR [--device vulkan|cuda] [--tolerance ULPS] "
    "[--verbose]\n"
    "\n"
    "Replays the capture in DIR (made by `opencgc run --capture DIR`): runs\n"
    "each dispatch alone from its recorded bytes and compares every region\n"
    "with the bytes recorded after it.\n"
    "\n"
    "  --device KIND     vulkan or cuda (default: the capture's device kind)\n"
    "  --tolerance ULPS  compare regions as float32 within ULPS units in the\n"
    "                    last place instead of byte for byte\n"
    "  --verbose         name the device and every dispatch replayed\n"
    "  --help            show this help\n"
    "\n"
    "Vulkan uses the first device with a compute queue, or the one whose\n"
    "name contains $OPENCGC_REPLAY_DEVICE. Exit status: 0 all identical,\n"
    "1 a dispatch differs, 2 malformed capture or device error.\n";

struct Options {
  std::string directory;
  std::optional<DeviceKind> device;
  std::optional<uint32_t> tolerance;
  bool verbose = false;
  bool help = false;
};

const char *getKindName(DeviceKind kind) {
  return kind == DeviceKind::Cuda ? "cuda" : "vulkan";
}

DeviceKind parseDevice(const std::string &value) {
  if (value == "vulkan")
    return DeviceKind::Vulkan;
  if (value == "cuda")
    return DeviceKind::Cuda;
  throw ReplayError("--device expects 'vulkan' or 'cuda', found '" + value +
                    "'");
}

uint32_t parseTolerance(const std::string &value) {
  uint64_t ulps = 0;
  for (char c : value) {
    if (c < '0' || c > '9' || ulps > UINT32_MAX)
      throw ReplayError("--tolerance expects a number of ULPs, found '" +
                        value + "'");
    ulps = ulps * 10 + uint64_t(c - '0');
  }
  if (value.empty() || ulps > UINT32_MAX)
    throw ReplayError("--tolerance expects a number of ULPs, found '" + value +
                      "'");
  return uint32_t(ulps);
}

/// Splits "--name=value" or takes the value from the next argument.
std::string takeValue(const std::string &option, const std::string &argument,
                      int &i, int argc, char **argv) {
  if (argument.size() > option.size())
    return argument.substr(option.size() + 1);
  if (i + 1 >= argc)
    throw ReplayError(option + " expects a value");
  return argv[++i];
}

bool hasOption(const std::string &argument, const std::string &option) {
  return argument == option || argument.rfind(option + "=", 0) == 0;
}

Options parseOptions(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "--help" || argument == "-h")
      options.help = true;
    else if (argument == "--verbose" || argument == "-v")
      options.verbose = true;
    else if (hasOption(argument, "--device"))
      options.device =
          parseDevice(takeValue("--device", argument, i, argc, argv));
    else if (hasOption(argument, "--tolerance"))
      options.tolerance =
          parseTolerance(takeValue("--tolerance", argument, i, argc, argv));
    else if (argument.size() > 1 && argument[0] == '-')
      throw ReplayError("unknown option '" + argument + "'");
    else if (!options.directory.empty())
      throw ReplayError("expected one capture directory, found '" +
                        options.directory + "' and '" + argument + "'");
    else
      options.directory = argument;
  }
  if (options.directory.empty() && !options.help)
    throw ReplayError("expected a capture directory");
  return options;
}

std::unique_ptr<DeviceReplay> openDevice(const Capture &capture,
                                         DeviceKind kind) {
  // The kernels are in one language, so only their own API can run them.
  if (kind != capture.device)
    throw ReplayError(std::string("--device ") + getKindName(kind) +
                      " cannot run this capture: its kernels are for " +
                      getKindName(capture.device));
  if (kind == DeviceKind::Cuda)
    return createCudaReplay();
  return createVulkanReplay();
}

/// Three significant digits: enough to tell rounding from a wrong result.
std::string formatFloat(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.3g", value);
  return text;
}

std::string describeRegion(size_t region, const Difference &difference) {
  return "region " + std::to_string(region) + " differs at byte " +
         std::to_string(difference.firstOffset) + ", " +
         std::to_string(difference.bytes) + " bytes differ (as float32: " +
         (difference.nonFiniteDiffers ? "a NaN or infinity differs, " : "") +
         "at most " + std::to_string(difference.largestUlps) +
         " ULPs apart, largest difference " +
         formatFloat(difference.largestAbsolute) + " where values reach " +
         formatFloat(difference.largestRecorded) + ")";
}

/// Replays one dispatch and prints one line when it differs (with
/// --verbose, one more per further differing region, and a line when it
/// is identical). True when identical.
bool replayDispatch(const Capture &capture, const Dispatch &dispatch,
                    DeviceReplay &device, const Options &options) {
  RegionBytes regions;
  for (const Region &region : dispatch.regions)
    regions.push_back(
        readBytes(capture.resolve(region.beforePath), region.size));
  device.run(capture, dispatch, regions);

  std::vector<std::pair<size_t, Difference>> differences;
  for (size_t i = 0; i < regions.size(); ++i) {
    const Region &region = dispatch.regions[i];
    std::vector<uint8_t> expected =
        readBytes(capture.resolve(region.afterPath), region.size);
    if (std::optional<Difference> difference =
            compareRegion(regions[i], expected, options.tolerance))
      differences.emplace_back(i, *difference);
  }

  std::string prefix = "dispatch " + std::to_string(dispatch.index) +
                       " kernel " + capture.kernels[dispatch.kernel].id + ": ";
  if (differences.empty()) {
    if (options.verbose)
      std::cout << prefix << "identical\n";
    return true;
  }
  std::cout << prefix
            << describeRegion(differences[0].first, differences[0].second);
  if (differences.size() > 1)
    std::cout << " (and " << differences.size() - 1 << " more regions)";
  std::cout << "\n";
  if (options.verbose)
    for (size_t i = 1; i < differences.size(); ++i)
      std::cout << "  "
                << describeRegion(differences[i].first, differences[i].second)
                << "\n";
  return false;
}

int replayCapture(const Options &options) {
  Capture capture = readCapture(options.directory);
  DeviceKind kind = options.device.value_or(capture.device);
  std::unique_ptr<DeviceReplay> device = openDevice(capture, kind);
  if (options.verbose)
    std::cout << "replaying " << capture.dispatches.size()
              << " dispatches captured on " << capture.deviceName << " on "
              << device->getDeviceName() << " (" << getKindName(kind) << ")\n";
  size_t identical = 0;
  for (const Dispatch &dispatch : capture.dispatches) {
    try {
      identical += replayDispatch(capture, dispatch, *device, options);
    } catch (const ReplayError &error) {
      throw ReplayError("dispatch " + std::to_string(dispatch.index) +
                        " (kernel " + capture.kernels[dispatch.kernel].id +
                        ", " + capture.resolve("capture.txt") + ":" +
                        std::to_string(dispatch.line) + "): " + error.what());
    }
  }
  std::cout << capture.dispatches.size() << " dispatches replayed, "
            << identical << " identical\n";
  return identical == capture.dispatches.size() ? ExitIdentical : ExitDiffers;
}

} // namespace

int main(int argc, char **argv) {
  try {
    Options options = parseOptions(argc, argv);
    if (options.help) {
      std::cout << Usage;
      return ExitIdentical;
    }
    return replayCapture(options);
  } catch (const std::exception &error) {
    // ReplayError, or the standard library's (e.g. no memory for a region).
    std::cout.flush();
    std::cerr << "opencgc-replay: error: " << error.what() << "\n";
    return ExitError;
  }
}
