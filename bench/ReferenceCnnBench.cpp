//===- ReferenceCnnBench.cpp - Reference device on a ResNet-50 ------------===//
//
// Builds a ResNet-50-shaped network (53 convolutions with folded batch
// norm, ReLU, residual adds, max pooling, global average pooling and a
// final Gemm) at 1x3x224x224 in CGC Input IR with random weights, and times
// the reference device on it. Issue target: "well under a minute" on two
// cores; the closing line prints the ratio to that budget.
//
//===----------------------------------------------------------------------===//
#include "ResNet50.h"
#include "mlir/IR/MLIRContext.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/ReferenceKernels/Executor.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <random>

using namespace mlir;
using namespace opencgc;

namespace {
llvm::cl::OptionCategory benchOptions("opencgc-bench-reference-cnn options");
llvm::cl::opt<unsigned> iterations("iterations", llvm::cl::desc("Timed runs"),
                                   llvm::cl::init(1),
                                   llvm::cl::cat(benchOptions));
} // namespace

int main(int argc, char **argv) {
  // LLVM's own options (hundreds) are not this tool's.
  llvm::cl::HideUnrelatedOptions(benchOptions);
  llvm::cl::ParseCommandLineOptions(argc, argv, "reference CNN benchmark\n");
  MLIRContext context;
  loadCGCDialects(context);
  bench::Network net = bench::buildResNet50(context);
  cgc::EntryPointOp entry = net.entry;
  Tensor input(DType::Float32, {1, 3, 224, 224});
  std::mt19937 random(7);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  for (int64_t i = 0; i < input.getNumElements(); ++i)
    input.getData<float>()[i] = uniform(random);
  auto lookup = [&](llvm::StringRef name) -> llvm::Expected<Tensor> {
    return net.weights.lookup(name);
  };

  llvm::outs() << "ResNet-50 shape: " << net.convolutions << " convolutions, "
               << net.flops / 1e9 << " GFLOP per inference\n";
  double best = 1e30;
  for (unsigned i = 0; i < iterations; ++i) {
    auto start = std::chrono::steady_clock::now();
    auto results = reference::executeEntryPoint(entry, {input}, lookup);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (!results) {
      llvm::errs() << "error: " << llvm::toString(results.takeError()) << "\n";
      return 1;
    }
    best = std::min(best, seconds);
    llvm::outs() << "run " << i << ": " << seconds << " s ("
                 << net.flops / seconds / 1e9 << " GFLOP/s)\n";
  }
  llvm::outs() << "best " << best << " s; ratio to the 60 s budget "
               << best / 60.0 << "\n";
  return 0;
}
