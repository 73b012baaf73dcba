//===- SharedOptions.cpp - The options subcommands share ------------------===//
#include "SharedOptions.h"
#include "Commands.h"

#include "opencgc/Codegen/DxilBackend.h"
#include "opencgc/Codegen/KernelTarget.h"
#include "opencgc/Codegen/Precision.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace opencgc::cli {
namespace {
using device::DeviceEntry;

/// The subcommands that open devices (compile's are compile targets,
/// chosen with --target).
#define DEVICE_SUBCOMMANDS                                                     \
  cl::sub(runCommand), cl::sub(benchCommand), cl::sub(conformanceCommand)

cl::opt<const DeviceEntry *> deviceOption(
    "device",
    cl::desc("Device to run on (default: vulkan; what it cannot run stays on "
             "the reference device, and without a Vulkan driver everything "
             "does)"),
    cl::init(static_cast<const DeviceEntry *>(nullptr)), DEVICE_SUBCOMMANDS);

/// The choices, after the option is registered (so they stay values of
/// --device, not options of their own).
const bool deviceChoicesAdded = [] {
  for (const DeviceEntry &entry : device::getDeviceRegistry())
    if (entry.canRun())
      deviceOption.getParser().addLiteralOption(entry.name, &entry,
                                                entry.summary);
  return true;
}();

cl::opt<bool> noCache("no-cache",
                      cl::desc("Compile every partition afresh instead of "
                               "using the on-disk cache of compiled "
                               "partitions (so compile times are real)"),
                      DEVICE_SUBCOMMANDS);

cl::opt<std::string> shaderModel(
    "shader-model",
    cl::desc("dxil-host: the compute shader model of the DXIL kernels, 6.0 "
             "(default) to 6.6; 6.6 binds by createHandleFromBinding. "
             "Kernels with float16 are at least 6.2"),
    cl::value_desc("6.N"), cl::init("6.0"), DEVICE_SUBCOMMANDS);

cl::opt<std::string> capture(
    "capture",
    cl::desc("Record every dispatch (kernel, launch size, bindings, bound "
             "bytes before and after) into DIR, a new or empty directory, for "
             "opencgc-replay; each dispatch then runs alone "
             "(docs/capture.md). vulkan records SPIR-V, cuda and nvvm-host "
             "PTX (nvvm-host's from libNVVM, compute_90, with the bytes the "
             "host grid computed), dxil-host DXIL. conformance records each "
             "test into DIR/<test>"),
    cl::value_desc("DIR"), cl::sub(runCommand), cl::sub(conformanceCommand));
cl::opt<std::string> kernelTarget(
    "kernel-target",
    cl::desc("cuda and nvvm-host: configure kernels for this kernel target "
             "instead of the GPU's (lavapipe, d3d12, nvidia-sm70, "
             "nvidia-sm80, nvidia-sm90): lavapipe's kernels, which stage no "
             "tiles in shared memory, timed on the same GPU"),
    cl::value_desc("name"), DEVICE_SUBCOMMANDS);
cl::opt<std::string> precision(
    "precision",
    cl::desc("cuda and nvvm-host: how float32 products (matmuls, gemms, "
             "convolutions as implicit GEMMs) are computed: fp32 (default, "
             "exact float32), tf32 (TF32 factors on tensor cores, faster, "
             "relative error about 1e-3) or tf32x3 (three TF32 products, "
             "float32 accuracy); tensor cores only on kernel targets with "
             "TF32 mma.sync (nvidia-sm80, nvidia-sm90), fp32 FMAs elsewhere"),
    cl::init("fp32"), cl::value_desc("fp32|tf32|tf32x3"), DEVICE_SUBCOMMANDS);
#undef DEVICE_SUBCOMMANDS

cl::opt<compiler::Partitioning> partition(
    "partition", cl::desc("How subgraphs are grouped into partitions"),
    cl::init(compiler::Partitioning::Coarse),
    cl::values(clEnumValN(compiler::Partitioning::Coarse, "coarse",
                          "the largest acyclic partitions per target, a "
                          "partition per device segment (default)"),
               clEnumValN(compiler::Partitioning::Fine, "fine",
                          "one subgraph per partition (bench's profile then "
                          "times every layer)")),
    cl::sub(compileCommand), cl::sub(benchCommand));
cl::list<std::string> excludedPatterns(
    "exclude-pattern",
    cl::desc("Never match this subgraph pattern of the target (repeatable; "
             "the names are the declaration's, e.g. attention, matmul): "
             "compares a fused kernel with the kernels it replaces"),
    cl::value_desc("NAME"), cl::sub(compileCommand), cl::sub(benchCommand));
} // namespace

compiler::Partitioning getPartitioning() { return partition; }

std::vector<std::string> getExcludedPatterns() {
  return {excludedPatterns.begin(), excludedPatterns.end()};
}

const DeviceEntry &getChosenDevice() {
  (void)deviceChoicesAdded;
  if (const DeviceEntry *chosen = deviceOption)
    return *chosen;
  return *device::lookupDevice(device::kDefaultDeviceName);
}

bool isDeviceGiven() { return deviceOption.getNumOccurrences() > 0; }

Expected<device::DeviceOptions> getDeviceOptions() {
  device::DeviceOptions options;
  options.useCache = !noCache;
  options.captureDirectory = capture;
  Expected<unsigned> minor = codegen::parseDxilShaderModel(shaderModel);
  if (!minor)
    return minor.takeError();
  options.dxilShaderModelMinor = *minor;
  if (!kernelTarget.empty()) {
    const DeviceEntry &device = getChosenDevice();
    if (!device.reads(device::kUsesKernelTarget))
      return createStringError("--kernel-target configures the kernels of "
                               "cuda and nvvm-host, not of device '" +
                               device.name + "'");
    Expected<const codegen::KernelTarget &> target =
        codegen::getKernelTarget(kernelTarget);
    if (!target)
      return target.takeError();
    options.kernelTarget = &*target;
  }
  Expected<codegen::Precision> parsed = codegen::parsePrecision(precision);
  if (!parsed)
    return createStringError("--precision: " + toString(parsed.takeError()));
  if (*parsed != codegen::Precision::Fp32 &&
      !getChosenDevice().reads(device::kUsesKernelTarget))
    return createStringError("--precision " + precision.getValue() +
                             " uses the tensor cores of cuda and nvvm-host, "
                             "not of device '" +
                             getChosenDevice().name + "'");
  options.precision = *parsed;
  return options;
}

std::vector<std::string> getDeviceArguments() {
  std::vector<std::string> arguments{"--device=" + getChosenDevice().name.str(),
                                     "--shader-model=" +
                                         shaderModel.getValue()};
  if (noCache)
    arguments.push_back("--no-cache");
  if (!kernelTarget.empty())
    arguments.push_back("--kernel-target=" + kernelTarget.getValue());
  if (precision.getNumOccurrences())
    arguments.push_back("--precision=" + precision.getValue());
  return arguments;
}

} // namespace opencgc::cli
