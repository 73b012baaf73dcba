//===- CompileCnnBench.cpp - Input IR to Output IR on a ResNet-50 ---------===//
//
// Times the compiler on the ResNet-50-shaped network (issue target: well
// under a second for a 50-layer CNN) with the reference target alone and
// with a declaration-file target that fuses convolution epilogues, and
// prints the memory plan's figures: scratch against the lower bound and
// against the naive plan measured in the same run.
//
//===----------------------------------------------------------------------===//
#include "ResNet50.h"

#include "opencgc/Compiler/Passes.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/ReferenceKernels/Executor.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>

using namespace mlir;
using namespace opencgc;

namespace {
llvm::cl::OptionCategory benchOptions("opencgc-bench-compile-cnn options");
llvm::cl::opt<unsigned> iterations("iterations", llvm::cl::desc("Timed runs"),
                                   llvm::cl::init(5),
                                   llvm::cl::cat(benchOptions));
llvm::cl::opt<std::string>
    declarations("declarations",
                 llvm::cl::desc("Declaration file of the fusing target"),
                 llvm::cl::init(OPENCGC_BENCH_DIR "/cnn-epilogue.mlir"),
                 llvm::cl::cat(benchOptions));

llvm::cl::opt<bool>
    verify("verify",
           llvm::cl::desc("Also run the compiled program and the Input IR on "
                          "the reference device and compare them bit for bit"),
           llvm::cl::cat(benchOptions));

/// Runs Input IR and Output IR on one random input; 0 when identical.
int verifyResults(bench::Network &net, cgc::ModuleOp outputIR,
                  MLIRContext &context) {
  Tensor input(DType::Float32, {1, 3, 224, 224});
  for (int64_t i = 0; i < input.getNumElements(); ++i)
    input.getData<float>()[i] = float((i * 7919) % 2001) / 1000.0f - 1.0f;
  auto lookup = [&](llvm::StringRef name) -> llvm::Expected<Tensor> {
    return net.weights.lookup(name);
  };
  auto expected = reference::executeEntryPoint(net.entry, {input}, lookup);
  auto device = device::createReferenceDevice(context);
  auto actual = runtime::executeProgram(outputIR, {input}, lookup, *device);
  if (!expected || !actual) {
    llvm::errs() << "error: "
                 << llvm::toString(expected ? actual.takeError()
                                            : expected.takeError())
                 << "\n";
    return 1;
  }
  const Tensor &a = (*actual)[0], &b = (*expected)[0];
  bool same = a.getByteSize() == b.getByteSize() &&
              std::memcmp(a.getBytes(), b.getBytes(), a.getByteSize()) == 0;
  llvm::outs() << "  Output IR result " << (same ? "equals" : "DIFFERS FROM")
               << " the Input IR result bit for bit\n";
  return same ? 0 : 1;
}

/// Compiles `iterations` times; prints the median time and the plan.
int measure(bench::Network &net, llvm::ArrayRef<device::Device *> targets,
            llvm::StringRef label) {
  std::vector<double> seconds;
  compiler::CompileResult last;
  for (unsigned i = 0; i < iterations; ++i) {
    auto start = std::chrono::steady_clock::now();
    auto result = compiler::compileModule(*net.module, targets, {});
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
    if (!result) {
      llvm::errs() << "error: " << llvm::toString(result.takeError()) << "\n";
      return 1;
    }
    last = std::move(*result);
  }
  std::sort(seconds.begin(), seconds.end());
  double median = seconds[seconds.size() / 2];
  const llvm::json::Object &plan = *last.plan.getAsObject();
  const compiler::MemoryFigures &memory = last.memory;
  llvm::outs() << label << ": " << plan.getArray("steps")->size()
               << " subgraph invocations in "
               << plan.getArray("partitions")->size() << " partitions\n"
               << llvm::format("  compile median %.1f ms (min %.1f, max %.1f); "
                               "ratio to the 1 s budget %.3f\n",
                               median * 1e3, seconds.front() * 1e3,
                               seconds.back() * 1e3, median)
               << "  scratch " << memory.scratchBytes << " B, lower bound "
               << memory.lowerBoundBytes << " B, naive " << memory.naiveBytes
               << " B\n"
               << llvm::format(
                      "  scratch / lower bound %.4f, scratch / naive %.4f\n",
                      double(memory.scratchBytes) /
                          double(std::max<uint64_t>(1, memory.lowerBoundBytes)),
                      double(memory.scratchBytes) /
                          double(std::max<uint64_t>(1, memory.naiveBytes)));
  return verify ? verifyResults(net, *last.outputIR, *net.module->getContext())
                : 0;
}
} // namespace

int main(int argc, char **argv) {
  // LLVM's own options (hundreds) are not this tool's.
  llvm::cl::HideUnrelatedOptions(benchOptions);
  llvm::cl::ParseCommandLineOptions(argc, argv, "compiler CNN benchmark\n");
  MLIRContext context;
  loadCGCDialects(context);
  bench::Network net = bench::buildResNet50(context);
  llvm::outs() << "ResNet-50 shape: " << net.convolutions << " convolutions, "
               << net.entry.getBodyBlock()->getOperations().size()
               << " Input IR ops\n";
  if (measure(net, {}, "reference target"))
    return 1;
  auto gpu = device::createDeclarationFileDevice(context, declarations);
  if (!gpu) {
    llvm::errs() << "error: " << llvm::toString(gpu.takeError()) << "\n";
    return 1;
  }
  device::Device *targets[] = {gpu->get()};
  return measure(net, targets, "epilogue-fusing target");
}
