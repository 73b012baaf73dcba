//===- BenchCommand.cpp - opencgc bench -----------------------------------===//
//
// Times a model end to end on a device: compile time (Input IR -> Output
// IR, then partitions -> device code) separately, warm-up runs, then timed
// runs with their median and spread and each partition's median time. The
// baseline, measured in the same run, is the reference device interpreting
// the Input IR; the last line is `ratio R` (device time / baseline).
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Driver/Devices.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Runtime/DType.h"
#include "opencgc/Runtime/ProgramExecutor.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <chrono>
#include <random>

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
cl::opt<std::string> benchDevice("device",
                                 cl::desc("vulkan (default) or reference"),
                                 cl::init("vulkan"), cl::sub(benchCommand));
cl::opt<unsigned> benchIterations("iterations", cl::desc("Timed runs"),
                                  cl::init(10), cl::sub(benchCommand));
cl::opt<unsigned> benchWarmup("warmup", cl::desc("Untimed runs first"),
                              cl::init(1), cl::sub(benchCommand));
cl::opt<bool> benchNoCache("no-cache",
                           cl::desc("Compile partitions afresh (no on-disk "
                                    "cache), so the compile time is real"),
                           cl::sub(benchCommand));
cl::opt<std::string> benchMicro(
    "micro", cl::desc("gemm or conv microbenchmark (not built yet)"),
    cl::sub(benchCommand));

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

int fail(Error error) {
  WithColor::error(errs(), "opencgc bench") << toString(std::move(error))
                                            << "\n";
  return 1;
}

/// Deterministic inputs: floats uniform in [-1, 1], integers zero (safe as
/// indices).
std::vector<Tensor> makeInputs(cgc::EntryPointOp entry) {
  std::mt19937 random(42);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<Tensor> inputs;
  for (mlir::Type type : entry.getArgumentTypes()) {
    auto tensorType = cast<cgc::TensorType>(type);
    DType dtype =
        dtypeFromElementType(tensorType.getElementType()).value_or(DType::Float32);
    Tensor tensor(dtype, tensorType.getShape());
    if (isFloatDType(dtype))
      for (int64_t i = 0; i < tensor.getNumElements(); ++i)
        tensor.setFromDouble(i, uniform(random));
    inputs.push_back(std::move(tensor));
  }
  return inputs;
}

struct Stats {
  double median = 0, minimum = 0, maximum = 0;
};
Stats summarize(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  return {samples[samples.size() / 2], samples.front(), samples.back()};
}

void printStats(StringRef label, const Stats &stats) {
  outs() << format("%-28s median %9.3f ms  min %9.3f  max %9.3f  spread "
                   "%5.1f%%\n",
                   label.str().c_str(), stats.median * 1e3,
                   stats.minimum * 1e3, stats.maximum * 1e3,
                   stats.median > 0 ? 100 * (stats.maximum - stats.minimum) /
                                          stats.median
                                    : 0.0);
}

/// Times `iterations` runs of `run` after `benchWarmup` untimed ones;
/// `afterWarmup` runs in between.
Expected<std::vector<double>> timeRuns(function_ref<Error()> run,
                                       function_ref<void()> afterWarmup) {
  for (unsigned i = 0; i < benchWarmup; ++i)
    if (Error error = run())
      return std::move(error);
  afterWarmup();
  std::vector<double> samples;
  for (unsigned i = 0; i < std::max(1u, unsigned(benchIterations)); ++i) {
    auto start = Clock::now();
    if (Error error = run())
      return std::move(error);
    samples.push_back(secondsSince(start));
  }
  return samples;
}
} // namespace

int runBench(mlir::MLIRContext &context) {
  if (!benchMicro.empty()) {
    WithColor::error(errs(), "opencgc bench")
        << "--micro " << benchMicro
        << " is not built yet (it needs the Vulkan GEMM and convolution "
           "kernel generators)\n";
    return 2;
  }
  if (benchModel.empty())
    return fail(createStringError("give a model to benchmark"));
  auto devices = driver::openDevices(benchDevice, context, {!benchNoCache});
  if (!devices)
    return fail(devices.takeError());
  if (!devices->fallbackNote.empty())
    WithColor::warning(errs(), "opencgc bench") << devices->fallbackNote
                                                << "\n";
  auto model = driver::loadModel(benchModel, context, {});
  if (!model)
    return fail(model.takeError());
  std::vector<Tensor> inputs = makeInputs(model->entry);

  auto start = Clock::now();
  auto compiled = compiler::compileModule(*model->module, devices->targets(),
                                          compiler::CompileOptions());
  if (!compiled)
    return fail(compiled.takeError());
  double compileSeconds = secondsSince(start);
  start = Clock::now();
  auto program = runtime::CompiledProgram::compile(*compiled->outputIR,
                                                  devices->all(), &errs());
  if (!program)
    return fail(program.takeError());
  double partitionSeconds = secondsSince(start);

  auto lookup = [&](StringRef name) -> Expected<Tensor> {
    for (const auto &[weightName, tensor] : model->weights)
      if (weightName == name)
        return tensor;
    return createStringError("no weight named '" + name + "'");
  };
  std::vector<runtime::DispatchTiming> timings;
  auto device = timeRuns(
      [&]() -> Error {
        auto outputs = (*program)->run(inputs, lookup, &timings);
        return outputs ? Error::success() : outputs.takeError();
      },
      [&] { timings.clear(); });
  if (!device)
    return fail(device.takeError());
  auto baseline = timeRuns(
      [&]() -> Error {
        auto outputs = driver::runReference(*model, inputs);
        return outputs ? Error::success() : outputs.takeError();
      },
      [] {});
  if (!baseline)
    return fail(baseline.takeError());

  outs() << "model " << benchModel << " on " << devices->primary->getName()
         << ": " << (*program)->getPartitionDevices().size()
         << " partitions, " << benchIterations << " runs after "
         << benchWarmup << " warm-up\n";
  outs() << format("compile Input IR -> Output IR  %9.3f ms\n",
                   compileSeconds * 1e3)
         << format("compile partitions             %9.3f ms\n",
                   partitionSeconds * 1e3);
  Stats deviceStats = summarize(*device);
  printStats("run (Output IR)", deviceStats);
  StringMap<std::vector<double>> perPartition;
  for (const runtime::DispatchTiming &timing : timings)
    perPartition[timing.partition].push_back(timing.seconds);
  for (const auto &entry : perPartition)
    printStats("  @" + entry.getKey().str() + " [" +
                   (*program)->getPartitionDevices().lookup(entry.getKey()) +
                   "]",
               summarize(entry.getValue()));
  Stats baselineStats = summarize(*baseline);
  printStats("baseline (reference, Input IR)", baselineStats);
  outs() << format("ratio %.3f\n", deviceStats.median / baselineStats.median);
  return 0;
}
} // namespace opencgc::cli
