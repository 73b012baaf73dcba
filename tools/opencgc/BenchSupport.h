//===- BenchSupport.h - What opencgc bench's benchmarks share ---*- C++ -*-===//
//
// The options of one `opencgc bench` run, timing runs after warm-up, their
// statistics and how they are printed, and deterministic inputs: shared by
// the model benchmark (BenchCommand.cpp) and the microbenchmarks
// (MicroBench.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TOOLS_OPENCGC_BENCHSUPPORT_H
#define OPENCGC_TOOLS_OPENCGC_BENCHSUPPORT_H

#include "opencgc/Device/DeviceRegistry.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Tensor/Tensor.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::cli {

/// The command-line options of one `opencgc bench` run.
struct BenchOptions {
  std::string device;
  device::DeviceOptions deviceOptions;
  unsigned iterations = 10;
  unsigned warmup = 1;
  /// --size when given; each microbenchmark has its own default.
  std::optional<int64_t> size;
};

using BenchClock = std::chrono::steady_clock;
double secondsSince(BenchClock::time_point start);

/// Prints `error` as opencgc bench's and returns the exit status 1.
int failBench(llvm::Error error);

/// Deterministic inputs: floats uniform in [-1, 1], integers zero (safe as
/// indices).
std::vector<Tensor> makeInputs(cgc::EntryPointOp entry);

struct Stats {
  double median = 0, minimum = 0, maximum = 0;
};
Stats summarize(std::vector<double> samples);
void printStats(llvm::StringRef label, const Stats &stats);

/// Times max(1, options.iterations) runs of `run` after options.warmup
/// untimed ones; `afterWarmup` runs in between.
llvm::Expected<std::vector<double>> timeRuns(
    const BenchOptions &options, llvm::function_ref<llvm::Error()> run,
    llvm::function_ref<void()> afterWarmup = [] {});

/// `opencgc bench --micro KIND`: gemm or conv against OpenBLAS.
int runMicroBench(llvm::StringRef kind, mlir::MLIRContext &context,
                  const BenchOptions &options);

} // namespace opencgc::cli

#endif // OPENCGC_TOOLS_OPENCGC_BENCHSUPPORT_H
