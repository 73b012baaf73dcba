//===- BenchCommand.cpp - opencgc bench -----------------------------------===//
//
// Times a model end to end on a device: compile time (Input IR -> Output
// IR, then partitions -> device code) separately, warm-up runs, then timed
// runs with their median and spread and each partition's median time. The
// baseline, measured in the same run, is the reference device interpreting
// the Input IR; the last line is `ratio R` (device time / baseline).
//
// `--micro gemm` times one f32 matmul of two SIZE x SIZE matrices compiled
// through the normal path against OpenBLAS cblas_sgemm on the same inputs;
// there the last line is `ratio R` (our GFLOP/s / OpenBLAS GFLOP/s).
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Driver/Devices.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Runtime/DType.h"
#include "opencgc/Runtime/ProgramExecutor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
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
    "micro",
    cl::desc("Microbenchmark instead of a model: gemm (conv: not built yet)"),
    cl::sub(benchCommand));
cl::opt<unsigned> benchSize("size",
                            cl::desc("Matrix size of --micro gemm (default "
                                     "1024)"),
                            cl::init(1024), cl::sub(benchCommand));

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

int fail(Error error) {
  WithColor::error(errs(), "opencgc bench")
      << toString(std::move(error)) << "\n";
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
    DType dtype = dtypeFromElementType(tensorType.getElementType())
                      .value_or(DType::Float32);
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
                   label.str().c_str(), stats.median * 1e3, stats.minimum * 1e3,
                   stats.maximum * 1e3,
                   stats.median > 0
                       ? 100 * (stats.maximum - stats.minimum) / stats.median
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

/// f32 accumulation in another order than OpenBLAS's stays far below this.
constexpr double kGemmTolerance = 1e-4;

/// The Input IR of one SIZE x SIZE by SIZE x SIZE f32 matmul.
std::string gemmModule(int64_t size) {
  std::string type = formatv("!cgc.tensor<{0}x{0}x!cgc.float32>", size).str();
  return formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {0}) -> {0} {{
    %p = cgc_op.matmul(%a, %b) : ({0}, {0})
    cgc.return %p : {0}
  }
})mlir",
                 type)
      .str();
}

/// max |ours - blas| over max |blas|: the error relative to the product's
/// scale, which elementwise ratios overstate near zero.
double relativeError(const Tensor &ours, ArrayRef<float> blas) {
  double worst = 0, scale = 0;
  for (size_t i = 0; i < blas.size(); ++i) {
    worst = std::max(worst, std::fabs(ours.getAsDouble(i) - blas[i]));
    scale = std::max(scale, double(std::fabs(blas[i])));
  }
  return scale > 0 ? worst / scale : worst;
}

/// Times cblas_sgemm on the inputs; `product` receives its result.
Expected<std::vector<double>> timeOpenBlas(ArrayRef<Tensor> inputs,
                                           int64_t size,
                                           std::vector<float> &product) {
  std::vector<float> a(size * size), b(size * size);
  for (int64_t i = 0; i < size * size; ++i) {
    a[i] = float(inputs[0].getAsDouble(i));
    b[i] = float(inputs[1].getAsDouble(i));
  }
  product.assign(size * size, 0.0f);
  return timeRuns(
      [&]() -> Error {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, size, size, size,
                    1.0f, a.data(), size, b.data(), size, 0.0f, product.data(),
                    size);
        return Error::success();
      },
      [] {});
}

void printGflops(StringRef label, const Stats &stats, double flops) {
  printStats(label, stats);
  outs() << format("%-28s %9.2f GFLOP/s\n", label.str().c_str(),
                   flops / stats.median * 1e-9);
}

int runGemmMicro(mlir::MLIRContext &context) {
  int64_t size = benchSize;
  if (size < 1)
    return fail(createStringError("--size must be at least 1"));
  auto devices = driver::openDevices(benchDevice, context);
  if (!devices)
    return fail(devices.takeError());
  if (!devices->fallbackNote.empty())
    WithColor::warning(errs(), "opencgc bench")
        << devices->fallbackNote << "\n";
  auto module =
      mlir::parseSourceString<cgc::ModuleOp>(gemmModule(size), &context);
  if (!module)
    return fail(createStringError("internal error: the gemm module does "
                                  "not parse"));
  cgc::EntryPointOp entry =
      *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
  std::vector<Tensor> inputs = makeInputs(entry);

  auto start = Clock::now();
  auto compiled = compiler::compileModule(*module, devices->targets(),
                                          compiler::CompileOptions());
  if (!compiled)
    return fail(compiled.takeError());
  auto program =
      runtime::CompiledProgram::compile(*compiled->outputIR, devices->all());
  if (!program)
    return fail(program.takeError());
  double compileSeconds = secondsSince(start);

  auto noConstants = [](StringRef name) -> Expected<Tensor> {
    return createStringError("no constant named '" + name + "'");
  };
  std::vector<Tensor> outputs;
  auto ours = timeRuns(
      [&]() -> Error {
        auto result = (*program)->run(inputs, noConstants);
        if (!result)
          return result.takeError();
        outputs = std::move(*result);
        return Error::success();
      },
      [] {});
  if (!ours)
    return fail(ours.takeError());
  std::vector<float> blasProduct;
  auto blas = timeOpenBlas(inputs, size, blasProduct);
  if (!blas)
    return fail(blas.takeError());

  double flops = 2.0 * size * size * size;
  std::vector<std::string> partitionDevices;
  for (const auto &partition : (*program)->getPartitionDevices())
    partitionDevices.push_back(partition.getValue());
  outs() << formatv("gemm {0}x{0}x{0} f32 on {1} (partitions on {2}), {3} "
                    "runs after {4} warm-up\n",
                    size, devices->primary->getName(),
                    join(partitionDevices, ", "), unsigned(benchIterations),
                    unsigned(benchWarmup));
  outs() << format("compile                      %9.3f ms\n",
                   compileSeconds * 1e3);
  Stats ourStats = summarize(*ours), blasStats = summarize(*blas);
  printGflops("opencgc (whole run)", ourStats, flops);
  printGflops("OpenBLAS cblas_sgemm", blasStats, flops);
  double error = relativeError(outputs[0], blasProduct);
  outs() << format("max relative error           %9.2e\n", error);
  outs() << format("ratio %.3f\n", blasStats.median / ourStats.median);
  if (!(error <= kGemmTolerance))
    return fail(createStringError(
        formatv("the product differs from OpenBLAS's by {0} (more than {1})",
                error, kGemmTolerance)
            .str()));
  return 0;
}
} // namespace

int runBench(mlir::MLIRContext &context) {
  if (benchMicro == "gemm")
    return runGemmMicro(context);
  if (!benchMicro.empty()) {
    WithColor::error(errs(), "opencgc bench")
        << "--micro " << benchMicro
        << " is not built yet (it needs the Vulkan convolution kernel "
           "generator)\n";
    return 2;
  }
  if (benchModel.empty())
    return fail(createStringError("give a model to benchmark"));
  auto devices = driver::openDevices(benchDevice, context, {!benchNoCache});
  if (!devices)
    return fail(devices.takeError());
  if (!devices->fallbackNote.empty())
    WithColor::warning(errs(), "opencgc bench")
        << devices->fallbackNote << "\n";
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

  driver::WeightLookup lookup(model->weights);
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
         << ": " << (*program)->getPartitionDevices().size() << " partitions, "
         << benchIterations << " runs after " << benchWarmup << " warm-up\n";
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
