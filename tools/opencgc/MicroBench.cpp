//===- MicroBench.cpp - opencgc bench --micro gemm|conv|attention ---------===//
//
// A microbenchmark builds one op as Input IR, compiles it through the normal
// path (compiler, then partitions on the chosen device), times whole program
// runs (buffer copies included) and, in the same run, the same computation
// with OpenBLAS on the same inputs. It checks our result against OpenBLAS's
// and ends with `ratio R`: our GFLOP/s / OpenBLAS GFLOP/s.
//
//   gemm: SIZE x SIZE by SIZE x SIZE f32 matmul (default 1024) against
//         cblas_sgemm; on --device cuda the ratio is against cuBLAS's
//         cublasSgemm instead (CublasGemm.h).
//   conv: 3x3 convolution of a 1x64xSIZExSIZE f32 image to 64 channels,
//         stride 1, padding 1 (default SIZE 56) against im2col + cblas_sgemm.
//   attention: softmax(Q K^T) V over 12 heads of 64 and SIZE tokens
//         (default 128, BERT-base's), heads split and merged by transposes
//         as exporters write them; the ratio is against our own kernels
//         for the same graph without the attention pattern (two products,
//         a softmax and the transposes), compiled and timed in the same
//         run; OpenBLAS (a product per head, softmax, a product) checks
//         the result and is timed too.
//
//===----------------------------------------------------------------------===//
#include "BenchSupport.h"
#include "CublasGemm.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Driver/Devices.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

using namespace llvm;

namespace opencgc::cli {
namespace {

/// f32 accumulation in another order than OpenBLAS's stays far below this,
/// as do tf32x3's three products.
constexpr double kTolerance = 1e-4;
/// --precision tf32 rounds the factors to 10 mantissa bits: about 3e-4
/// relative error (shared/reference/nvvm-tensor-cores.md); a wrong fragment
/// layout is off by the size of the values themselves.
constexpr double kTf32Tolerance = 5e-3;

using BaselineFn =
    std::function<void(ArrayRef<std::vector<float>>, std::vector<float> &)>;

/// One microbenchmark: what the Input IR computes, and the same computation
/// with OpenBLAS.
struct MicroBenchmark {
  /// Starts the report's first line, e.g. "gemm 1024x1024x1024 f32".
  std::string title;
  /// A cgc.module whose one entry point has f32 inputs and one f32 result.
  std::string inputIR;
  double flops = 0;
  std::string baselineLabel;
  /// Computes the entry point's result from its inputs (row-major floats)
  /// with OpenBLAS into its second argument. Timed, so after the first call
  /// it should allocate nothing.
  BaselineFn baseline;
  /// On --device cuda, times the same computation on the GPU (gemm:
  /// cuBLAS); the ratio is then against it. Unset: OpenBLAS stays the ratio.
  std::function<Expected<std::vector<double>>(ArrayRef<Tensor>,
                                              const BenchOptions &)>
      gpuBaseline;
  std::string gpuBaselineLabel;
  /// A pattern of the device's: when set, the same Input IR is also
  /// compiled without it (CompileOptions::excludedPatterns) and timed, and
  /// the ratio is against that run.
  std::string comparedWithout;
};

/// The GPU baseline's times, or why there are none.
struct GpuBaselineRun {
  std::vector<double> samples;
  std::string unavailable;
};

/// Our side of a microbenchmark, compiled and timed.
struct OurRun {
  double compileSeconds = 0;
  std::vector<double> samples;
  Tensor result;
  /// The devices the partitions were compiled for, comma-separated.
  std::string partitionDevices;
};

/// Compiles `module` through the normal path for `devices` (Input IR ->
/// Output IR, partitions -> device code) and times program runs on `inputs`.
Expected<OurRun> compileAndTime(cgc::ModuleOp module, ArrayRef<Tensor> inputs,
                                const driver::DeviceSet &devices,
                                const BenchOptions &options,
                                const compiler::CompileOptions &compile = {}) {
  OurRun ours;
  auto start = BenchClock::now();
  auto compiled = compiler::compileModule(module, devices.targets(), compile);
  if (!compiled)
    return compiled.takeError();
  auto program =
      runtime::CompiledProgram::compile(*compiled->outputIR, devices.all());
  if (!program)
    return program.takeError();
  ours.compileSeconds = secondsSince(start);

  std::vector<std::string> partitionDevices;
  for (const auto &partition : (*program)->getPartitionDevices())
    partitionDevices.push_back(partition.getValue());
  ours.partitionDevices = join(partitionDevices, ", ");

  auto noConstants = [](StringRef name) -> Expected<Tensor> {
    return createStringError("no constant named '" + name + "'");
  };
  auto samples = timeRuns(options, [&]() -> Error {
    auto outputs = (*program)->run(inputs, noConstants);
    if (!outputs)
      return outputs.takeError();
    ours.result = std::move(outputs->front());
    return Error::success();
  });
  if (!samples)
    return samples.takeError();
  ours.samples = std::move(*samples);
  return ours;
}

std::vector<float> toFloats(const Tensor &tensor) {
  std::vector<float> values(tensor.getNumElements());
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = float(tensor.getAsDouble(i));
  return values;
}

/// Times the OpenBLAS baseline on the same inputs; `result` receives its
/// last result.
Expected<std::vector<double>> timeBaseline(const MicroBenchmark &bench,
                                           ArrayRef<Tensor> inputs,
                                           const BenchOptions &options,
                                           std::vector<float> &result) {
  std::vector<std::vector<float>> floats;
  for (const Tensor &input : inputs)
    floats.push_back(toFloats(input));
  return timeRuns(options, [&]() -> Error {
    bench.baseline(floats, result);
    return Error::success();
  });
}

/// max |ours - blas| over max |blas|: the error relative to the result's
/// scale, which elementwise ratios overstate near zero.
double relativeError(const Tensor &ours, ArrayRef<float> blas) {
  if (ours.getNumElements() != int64_t(blas.size()))
    return INFINITY;
  double worst = 0, scale = 0;
  for (size_t i = 0; i < blas.size(); ++i) {
    double difference = std::fabs(ours.getAsDouble(i) - blas[i]);
    // std::max would skip a NaN, and a kernel that never ran passes.
    if (std::isnan(difference))
      return INFINITY;
    worst = std::max(worst, difference);
    scale = std::max(scale, double(std::fabs(blas[i])));
  }
  return scale > 0 ? worst / scale : worst;
}

void printGflops(StringRef label, const Stats &stats, double flops) {
  printStats(label, stats);
  outs() << format("%-28s %9.2f GFLOP/s\n", label.str().c_str(),
                   flops / stats.median * 1e-9);
}

/// Prints what was run, the times and GFLOP/s of both sides, the error and
/// `ratio R` last; returns the error.
double printReport(const MicroBenchmark &bench, StringRef device,
                   const OurRun &ours, ArrayRef<double> blasSamples,
                   ArrayRef<float> blasResult, const BenchOptions &options,
                   const GpuBaselineRun *gpu, const OurRun *without) {
  outs() << formatv("{0} on {1} (partitions on {2}), {3} runs after {4} "
                    "warm-up\n",
                    bench.title, device, ours.partitionDevices,
                    std::max(1u, options.iterations), options.warmup);
  outs() << format("compile                      %9.3f ms\n",
                   ours.compileSeconds * 1e3);
  Stats ourStats = summarize(ours.samples), blasStats = summarize(blasSamples);
  printGflops("opencgc (whole run)", ourStats, bench.flops);
  printGflops(bench.baselineLabel, blasStats, bench.flops);
  double baseline = blasStats.median;
  if (gpu && gpu->unavailable.empty()) {
    Stats gpuStats = summarize(gpu->samples);
    printGflops(bench.gpuBaselineLabel, gpuStats, bench.flops);
    baseline = gpuStats.median;
  }
  double error = relativeError(ours.result, blasResult);
  if (without) {
    outs() << "without @" << bench.comparedWithout << " (partitions on "
           << without->partitionDevices << "):\n";
    outs() << format("compile                      %9.3f ms\n",
                     without->compileSeconds * 1e3);
    Stats withoutStats = summarize(without->samples);
    printGflops("opencgc without it", withoutStats, bench.flops);
    baseline = withoutStats.median;
    error = std::max(error, relativeError(without->result, blasResult));
  }
  outs() << format("max relative error           %9.2e\n", error);
  if (gpu && !gpu->unavailable.empty())
    outs() << bench.gpuBaselineLabel << ": not measured (" << gpu->unavailable
           << "), so no ratio\n";
  else
    outs() << format("ratio %.3f\n", baseline / ourStats.median);
  return error;
}

int runMicro(const MicroBenchmark &bench, mlir::MLIRContext &context,
             const BenchOptions &options) {
  auto devices =
      driver::openDevices(options.device, context, options.deviceOptions);
  if (!devices)
    return failBench(devices.takeError());
  if (!devices->fallbackNote.empty())
    WithColor::warning(errs(), "opencgc bench")
        << devices->fallbackNote << "\n";
  auto module = mlir::parseSourceString<cgc::ModuleOp>(bench.inputIR, &context);
  if (!module)
    return failBench(createStringError("internal error: the Input IR of " +
                                       bench.title + " does not parse"));
  cgc::EntryPointOp entry =
      *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
  std::vector<Tensor> inputs = makeInputs(entry);

  auto ours = compileAndTime(*module, inputs, *devices, options);
  if (!ours)
    return failBench(ours.takeError());
  std::optional<OurRun> without;
  if (!bench.comparedWithout.empty()) {
    compiler::CompileOptions compile;
    compile.excludedPatterns = {bench.comparedWithout};
    auto run = compileAndTime(*module, inputs, *devices, options, compile);
    if (!run)
      return failBench(run.takeError());
    without = std::move(*run);
  }
  std::vector<float> blasResult;
  auto blas = timeBaseline(bench, inputs, options, blasResult);
  if (!blas)
    return failBench(blas.takeError());

  std::optional<GpuBaselineRun> gpu;
  MicroBenchmark labelled = bench;
  if (options.deviceOptions.precision == codegen::Precision::Tf32)
    labelled.gpuBaselineLabel += " (TF32 tensor ops)";
  if (devices->primary->getName() == "cuda" && bench.gpuBaseline) {
    gpu.emplace();
    auto samples = bench.gpuBaseline(inputs, options);
    if (samples)
      gpu->samples = std::move(*samples);
    else
      gpu->unavailable = toString(samples.takeError());
  }

  double error = printReport(labelled, devices->primary->getName(), *ours,
                             *blas, blasResult, options, gpu ? &*gpu : nullptr,
                             without ? &*without : nullptr);
  double tolerance = options.deviceOptions.precision == codegen::Precision::Tf32
                         ? kTf32Tolerance
                         : kTolerance;
  if (!(error <= tolerance))
    return failBench(createStringError(
        formatv("the result differs from OpenBLAS's by {0:e2} relative (more "
                "than {1:e0})",
                error, tolerance)
            .str()));
  return 0;
}

//===----------------------------------------------------------------------===//
// gemm
//===----------------------------------------------------------------------===//

MicroBenchmark gemmBenchmark(int64_t size) {
  std::string type = formatv("!cgc.tensor<{0}x{0}x!cgc.float32>", size).str();
  MicroBenchmark bench;
  bench.title = formatv("gemm {0}x{0}x{0} f32", size).str();
  bench.inputIR = formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {0}) -> {0} {{
    %p = cgc_op.matmul(%a, %b) : ({0}, {0})
    cgc.return %p : {0}
  }
})mlir",
                          type)
                      .str();
  bench.flops = 2.0 * size * size * size;
  bench.baselineLabel = "OpenBLAS cblas_sgemm";
  bench.baseline = [size](ArrayRef<std::vector<float>> inputs,
                          std::vector<float> &product) {
    product.resize(size * size);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, size, size, size,
                1.0f, inputs[0].data(), size, inputs[1].data(), size, 0.0f,
                product.data(), size);
  };
  bench.gpuBaselineLabel = "cuBLAS cublasSgemm";
  bench.gpuBaseline = [size](ArrayRef<Tensor> inputs,
                             const BenchOptions &options) {
    return timeCublasSgemm(size, toFloats(inputs[0]), toFloats(inputs[1]),
                           options);
  };
  return bench;
}

//===----------------------------------------------------------------------===//
// conv
//===----------------------------------------------------------------------===//

/// The convolution of --micro conv (ResNet's 56x56 stage at the default
/// size): batch 1, kConvChannels in and out, a kConvKernel square kernel,
/// stride 1 and padding kConvPad, so the output is as large as the input.
constexpr int64_t kConvChannels = 64, kConvKernel = 3, kConvPad = 1;

/// Unfolds a CxSxS image into a (C*K*K) x (S*S) matrix: row (c, ky, kx)
/// holds, for every output pixel, the input element that kernel tap reads
/// (0 where it reads padding), so the convolution becomes one sgemm of the
/// OUT x (C*K*K) weights by this matrix.
void im2col(ArrayRef<float> image, int64_t size, std::vector<float> &columns) {
  columns.resize(kConvChannels * kConvKernel * kConvKernel * size * size);
  float *out = columns.data();
  for (int64_t c = 0; c < kConvChannels; ++c)
    for (int64_t ky = 0; ky < kConvKernel; ++ky)
      for (int64_t kx = 0; kx < kConvKernel; ++kx)
        for (int64_t y = 0; y < size; ++y) {
          int64_t sy = y + ky - kConvPad;
          for (int64_t x = 0; x < size; ++x) {
            int64_t sx = x + kx - kConvPad;
            bool inside = sy >= 0 && sy < size && sx >= 0 && sx < size;
            *out++ = inside ? image[(c * size + sy) * size + sx] : 0.0f;
          }
        }
}

MicroBenchmark convBenchmark(int64_t size) {
  std::string image =
      formatv("!cgc.tensor<1x{0}x{1}x{1}x!cgc.float32>", kConvChannels, size)
          .str();
  std::string weights = formatv("!cgc.tensor<{0}x{0}x{1}x{1}x!cgc.float32>",
                                kConvChannels, kConvKernel)
                            .str();
  MicroBenchmark bench;
  bench.title = formatv("conv 1x{0}x{1}x{1} * {0}x{0}x{2}x{2} (stride 1, pad "
                        "{3}) f32",
                        kConvChannels, size, kConvKernel, kConvPad)
                    .str();
  bench.inputIR = formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %w: {1}) -> {0} {{
    %y = cgc_op.convolution(%x, %w) {{start_padding = [{2}, {2}], end_padding = [{2}, {2}]} : ({0}, {1})
    cgc.return %y : {0}
  }
})mlir",
                          image, weights, kConvPad)
                      .str();
  int64_t depth = kConvChannels * kConvKernel * kConvKernel;
  bench.flops = 2.0 * kConvChannels * size * size * depth;
  bench.baselineLabel = "OpenBLAS im2col + sgemm";
  // The column matrix lives with the baseline so timed calls reuse it.
  bench.baseline = [size, depth, columns = std::vector<float>()](
                       ArrayRef<std::vector<float>> inputs,
                       std::vector<float> &output) mutable {
    im2col(inputs[0], size, columns);
    output.resize(kConvChannels * size * size);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, kConvChannels,
                size * size, depth, 1.0f, inputs[1].data(), depth,
                columns.data(), size * size, 0.0f, output.data(), size * size);
  };
  return bench;
}

//===----------------------------------------------------------------------===//
// attention
//===----------------------------------------------------------------------===//

/// BERT-base's heads: 12 of 64.
constexpr int64_t kAttentionHeads = 12, kAttentionHeadSize = 64;

/// One head's softmax(Q K^T) V with OpenBLAS: q, k, v and out are
/// [tokens, heads * d] row-major, the head's columns at `head * d`.
void attendWithBlas(const float *q, const float *k, const float *v, float *out,
                    int64_t tokens, std::vector<float> &scores) {
  int64_t d = kAttentionHeadSize, row = kAttentionHeads * d;
  scores.resize(tokens * tokens);
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, tokens, tokens, d, 1.0f,
              q, row, k, row, 0.0f, scores.data(), tokens);
  for (int64_t i = 0; i < tokens; ++i) {
    float *line = scores.data() + i * tokens;
    float maximum = *std::max_element(line, line + tokens);
    float sum = 0;
    for (int64_t j = 0; j < tokens; ++j)
      sum += line[j] = std::exp(line[j] - maximum);
    for (int64_t j = 0; j < tokens; ++j)
      line[j] /= sum;
  }
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, tokens, d, tokens,
              1.0f, scores.data(), tokens, v, row, 0.0f, out, row);
}

MicroBenchmark attentionBenchmark(int64_t tokens) {
  int64_t heads = kAttentionHeads, d = kAttentionHeadSize;
  auto type = [](ArrayRef<int64_t> shape) {
    std::string text = "!cgc.tensor<";
    for (int64_t extent : shape)
      text += std::to_string(extent) + "x";
    return text + "!cgc.float32>";
  };
  std::string x = type({1, tokens, heads, d});
  MicroBenchmark bench;
  bench.title =
      formatv("attention {0} heads x {1} tokens x {2} f32", heads, tokens, d)
          .str();
  bench.inputIR =
      formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%x: {0}, %y: {0}, %z: {0}) -> {0} {{
    %q = cgc_op.transpose(%x) {{perm = [0, 2, 1, 3]} : ({0})
    %k = cgc_op.transpose(%y) {{perm = [0, 2, 3, 1]} : ({0})
    %v = cgc_op.transpose(%z) {{perm = [0, 2, 1, 3]} : ({0})
    %s = cgc_op.matmul(%q, %k) : ({1}, {2})
    %p = cgc_op.softmax(%s) {{axis = -1 : i64} : ({3})
    %o = cgc_op.matmul(%p, %v) : ({3}, {1})
    %t = cgc_op.transpose(%o) {{perm = [0, 2, 1, 3]} : ({1})
    cgc.return %t : {0}
  }
})mlir",
              x, type({1, heads, tokens, d}), type({1, heads, d, tokens}),
              type({1, heads, tokens, tokens}))
          .str();
  bench.flops = 2.0 * 2.0 * heads * tokens * tokens * d;
  bench.baselineLabel = "OpenBLAS per head";
  bench.baseline = [tokens, scores = std::vector<float>()](
                       ArrayRef<std::vector<float>> inputs,
                       std::vector<float> &output) mutable {
    output.resize(tokens * kAttentionHeads * kAttentionHeadSize);
    for (int64_t head = 0; head < kAttentionHeads; ++head) {
      int64_t column = head * kAttentionHeadSize;
      attendWithBlas(inputs[0].data() + column, inputs[1].data() + column,
                     inputs[2].data() + column, output.data() + column, tokens,
                     scores);
    }
  };
  bench.comparedWithout = "attention";
  return bench;
}

} // namespace

int runMicroBench(StringRef kind, mlir::MLIRContext &context,
                  const BenchOptions &options) {
  struct Kind {
    StringRef name;
    int64_t defaultSize;
    MicroBenchmark (*build)(int64_t size);
  };
  static const Kind kinds[] = {{"gemm", 1024, gemmBenchmark},
                               {"conv", 56, convBenchmark},
                               {"attention", 128, attentionBenchmark}};
  for (const Kind &known : kinds) {
    if (known.name != kind)
      continue;
    int64_t size = options.size.value_or(known.defaultSize);
    if (size < 1)
      return failBench(createStringError("--size must be at least 1"));
    return runMicro(known.build(size), context, options);
  }
  return failBench(createStringError(
      "--micro takes gemm, conv or attention, not '" + kind + "'"));
}

} // namespace opencgc::cli
