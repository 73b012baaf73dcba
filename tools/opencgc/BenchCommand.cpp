//===- BenchCommand.cpp - opencgc bench -----------------------------------===//
//
// Times a model end to end on a device: compile time (Input IR -> Output
// IR, then partitions -> device code) separately, warm-up runs, then timed
// runs with their median and spread and each partition's median time. The
// baseline, measured in the same run, is the reference device interpreting
// the Input IR; the last line is `ratio R` (device time / baseline).
//
// `--micro gemm|conv|attention` runs a microbenchmark instead
// (MicroBench.cpp).
//
//===----------------------------------------------------------------------===//
#include "BenchSupport.h"
#include "Commands.h"
#include "SharedOptions.h"
#include "InputShapes.h"

#include "opencgc/Compiler/Passes.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Driver/Devices.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand benchCommand("bench",
                            "Benchmark a model on a device against the "
                            "reference device");

namespace {
cl::opt<std::string> benchModel(cl::Positional,
                                cl::desc("<model .onnx|.mlir|.mlirbc|.cgc|"
                                         "compiled dir>"),
                                cl::sub(benchCommand));
cl::list<std::string> benchShapes("input-shape", cl::desc(kInputShapeHelp),
                                  cl::value_desc("NAME=DIMS"),
                                  cl::sub(benchCommand));
cl::opt<unsigned> benchIterations("iterations", cl::desc("Timed runs"),
                                  cl::init(10), cl::sub(benchCommand));
cl::opt<unsigned> benchWarmup("warmup", cl::desc("Untimed runs first"),
                              cl::init(1), cl::sub(benchCommand));
cl::opt<std::string> benchMicro(
    "micro",
    cl::desc("Microbenchmark instead of a model: gemm (f32 SIZE^3 matmul vs "
             "cblas_sgemm), conv (3x3 convolution of 1x64xSIZExSIZE to 64 "
             "channels, stride 1, pad 1, vs im2col + cblas_sgemm) or "
             "attention (12 heads of 64 over SIZE tokens, the fused kernel "
             "vs our unfused kernels, checked against OpenBLAS)"),
    cl::sub(benchCommand));
cl::opt<unsigned> benchSize("size",
                            cl::desc("SIZE of --micro: gemm's matrix size "
                                     "(default 1024), conv's input height "
                                     "and width (default 56), attention's "
                                     "tokens (default 128)"),
                            cl::sub(benchCommand));

/// What each partition invokes: its subgraphs' names, with the shape of
/// the last one's first result ("convolution_3 1x64x56x56").
StringMap<std::string> describePartitions(cgc::ModuleOp outputIR) {
  StringMap<std::string> descriptions;
  for (auto partition : outputIR.getBodyBlock()->getOps<cgc::PartitionOp>()) {
    std::string text;
    raw_string_ostream os(text);
    for (auto invoke : partition.getBodyBlock()->getOps<cgc::InvokeOp>()) {
      os << (text.empty() ? "" : " + ") << invoke.getCallee();
      if (invoke.getNumOperands())
        if (auto type = dyn_cast<cgc::MemRefType>(
                invoke.getOperands().back().getType())) {
          os << " ";
          llvm::interleave(type.getShape(), os, "x");
        }
    }
    descriptions[partition.getSymName()] = text;
  }
  return descriptions;
}

Expected<BenchOptions> benchOptions() {
  Expected<device::DeviceOptions> deviceOptions = getDeviceOptions();
  if (!deviceOptions)
    return deviceOptions.takeError();
  BenchOptions options;
  options.device = getChosenDevice().name.str();
  options.deviceOptions = *deviceOptions;
  options.iterations = benchIterations;
  options.warmup = benchWarmup;
  if (benchSize.getNumOccurrences())
    options.size = benchSize;
  return options;
}
} // namespace

namespace {
/// Each partition's median time in the profile, in program order, with
/// what it invokes; then, with several partitions, the ten slowest and
/// their share of the profile's total.
void printPartitionProfile(ArrayRef<runtime::DispatchTiming> timings,
                           const StringMap<std::string> &devices,
                           const StringMap<std::string> &descriptions) {
  StringMap<std::vector<double>> perPartition;
  std::vector<std::string> order;
  for (const runtime::DispatchTiming &timing : timings) {
    auto &samples = perPartition[timing.partition];
    if (samples.empty())
      order.push_back(timing.partition);
    samples.push_back(timing.seconds);
  }
  std::vector<std::pair<double, std::string>> medians;
  double total = 0;
  for (const std::string &name : order) {
    Stats stats = summarize(perPartition[name]);
    printStats("  @" + name + " [" + devices.lookup(name) + "]", stats);
    outs() << "      " << descriptions.lookup(name) << "\n";
    medians.push_back({stats.median, name});
    total += stats.median;
  }
  if (medians.size() < 3 || total <= 0)
    return;
  llvm::sort(medians, [](auto &a, auto &b) { return a.first > b.first; });
  outs() << "slowest partitions (share of the summed medians):\n";
  for (const auto &[median, name] : ArrayRef(medians).take_front(10))
    outs() << format("  %9.3f ms %5.1f%%  @", median * 1e3,
                     100 * median / total)
           << name << "  " << descriptions.lookup(name) << "\n";
}
} // namespace

int runBench(mlir::MLIRContext &context) {
  Expected<BenchOptions> options = benchOptions();
  if (!options)
    return failBench(options.takeError());
  if (!benchMicro.empty())
    return runMicroBench(benchMicro, context, *options);
  if (benchModel.empty())
    return failBench(createStringError("give a model to benchmark"));
  auto devices =
      driver::openDevices(options->device, context, options->deviceOptions);
  if (!devices)
    return failBench(devices.takeError());
  if (!devices->fallbackNote.empty())
    WithColor::warning(errs(), "opencgc bench")
        << devices->fallbackNote << "\n";
  driver::LoadOptions loadOptions;
  if (Error error = parseInputShapes(benchShapes, loadOptions.inputShapes))
    return failBench(std::move(error));
  auto model = driver::loadModel(benchModel, context, loadOptions);
  if (!model)
    return failBench(model.takeError());
  std::vector<Tensor> inputs = makeInputs(model->entry);

  compiler::CompileOptions compileOptions;
  compileOptions.partitioning = getPartitioning();
  compileOptions.excludedPatterns = getExcludedPatterns();
  auto start = BenchClock::now();
  auto compiled = compiler::compileModule(*model->module, devices->targets(),
                                          compileOptions);
  if (!compiled)
    return failBench(compiled.takeError());
  double compileSeconds = secondsSince(start);
  start = BenchClock::now();
  auto program = runtime::CompiledProgram::compile(*compiled->outputIR,
                                                   devices->all(), &errs());
  if (!program)
    return failBench(program.takeError());
  double partitionSeconds = secondsSince(start);

  driver::WeightLookup lookup(model->weights);
  // Whole runs (the program recorded once, one submission per device
  // segment), then a profile in which each invoke is submitted on its own.
  auto device = timeRuns(*options, [&]() -> Error {
    auto outputs = (*program)->run(inputs, lookup);
    return outputs ? Error::success() : outputs.takeError();
  });
  if (!device)
    return failBench(device.takeError());
  std::vector<runtime::DispatchTiming> timings;
  auto profile = timeRuns(
      *options,
      [&]() -> Error {
        auto outputs = (*program)->run(inputs, lookup, &timings);
        return outputs ? Error::success() : outputs.takeError();
      },
      [&] { timings.clear(); });
  if (!profile)
    return failBench(profile.takeError());
  auto baseline = timeRuns(*options, [&]() -> Error {
    auto outputs = driver::runReference(*model, inputs);
    return outputs ? Error::success() : outputs.takeError();
  });
  if (!baseline)
    return failBench(baseline.takeError());

  outs() << "model " << benchModel << " on " << devices->primary->getName()
         << ": " << (*program)->getPartitionDevices().size() << " partitions, "
         << benchIterations << " runs after " << benchWarmup << " warm-up\n";
  outs() << format("compile Input IR -> Output IR  %9.3f ms\n",
                   compileSeconds * 1e3)
         << format("compile partitions             %9.3f ms\n",
                   partitionSeconds * 1e3);
  Stats deviceStats = summarize(*device);
  printStats("run (Output IR)", deviceStats);
  outs() << "  " << (*program)->getNumCommandLists()
         << " command list(s) submitted per run\n";
  printStats("profile (one submission per invoke)", summarize(*profile));
  printPartitionProfile(timings, (*program)->getPartitionDevices(),
                        describePartitions(*compiled->outputIR));
  Stats baselineStats = summarize(*baseline);
  printStats("baseline (reference, Input IR)", baselineStats);
  outs() << format("ratio %.3f\n", deviceStats.median / baselineStats.median);
  return 0;
}
} // namespace opencgc::cli
