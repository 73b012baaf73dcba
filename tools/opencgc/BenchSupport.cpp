//===- BenchSupport.cpp - What opencgc bench's benchmarks share -----------===//
#include "BenchSupport.h"

#include "opencgc/Tensor/DType.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <random>

using namespace llvm;

namespace opencgc::cli {

double secondsSince(BenchClock::time_point start) {
  return std::chrono::duration<double>(BenchClock::now() - start).count();
}

int failBench(Error error) {
  WithColor::error(errs(), "opencgc bench")
      << toString(std::move(error)) << "\n";
  return 1;
}

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

Expected<std::vector<double>> timeRuns(const BenchOptions &options,
                                       function_ref<Error()> run,
                                       function_ref<void()> afterWarmup) {
  for (unsigned i = 0; i < options.warmup; ++i)
    if (Error error = run())
      return std::move(error);
  afterWarmup();
  std::vector<double> samples;
  for (unsigned i = 0; i < std::max(1u, options.iterations); ++i) {
    auto start = BenchClock::now();
    if (Error error = run())
      return std::move(error);
    samples.push_back(secondsSince(start));
  }
  return samples;
}

} // namespace opencgc::cli
