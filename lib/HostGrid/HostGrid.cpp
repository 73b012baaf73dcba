//===- HostGrid.cpp - GPU kernels of LLVM IR run on the CPU ---------------===//
#include "opencgc/HostGrid/HostGrid.h"

#include "GridRewrite.h"
#include "HostMath.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

using namespace llvm;

namespace opencgc::hostgrid {

HostKernel::~HostKernel() = default;
HostGrid::~HostGrid() = default;

namespace {

using InvocationFn = void (*)(GridContext *, void *const *);

class JitKernel final : public HostKernel {
public:
  JitKernel(InvocationFn invoke, unsigned numParameters)
      : invoke(invoke), numParameters(numParameters) {}

  unsigned getNumParameters() const override { return numParameters; }

  Error launch(const std::array<uint32_t, 3> &blocks,
               const std::array<uint32_t, 3> &threads,
               ArrayRef<void *> parameters) const override {
    if (parameters.size() != numParameters)
      return createStringError("launch with " + Twine(parameters.size()) +
                               " parameters of a kernel taking " +
                               Twine(numParameters));
    uint64_t numBlocks = uint64_t(blocks[0]) * blocks[1] * blocks[2];
    std::atomic<uint64_t> next{0};
    auto work = [&] {
      GridContext context{{0, 0, 0}, threads, {0, 0, 0}, blocks};
      for (uint64_t block = next++; block < numBlocks; block = next++) {
        context.blockId = {uint32_t(block % blocks[0]),
                           uint32_t(block / blocks[0] % blocks[1]),
                           uint32_t(block / blocks[0] / blocks[1])};
        runBlock(context, parameters.data());
      }
    };
    unsigned workers = std::max(1u, std::thread::hardware_concurrency());
    workers = unsigned(std::min<uint64_t>(workers, numBlocks));
    std::vector<std::thread> pool;
    for (unsigned i = 1; i < workers; ++i)
      pool.emplace_back(work);
    work();
    for (std::thread &thread : pool)
      thread.join();
    return Error::success();
  }

private:
  /// The invocations of one workgroup in order: without barriers or shared
  /// memory, any order is an execution the GPU could have chosen.
  void runBlock(GridContext &context, void *const *parameters) const {
    const std::array<uint32_t, 3> &size = context.blockSize;
    for (uint32_t z = 0; z < size[2]; ++z)
      for (uint32_t y = 0; y < size[1]; ++y)
        for (uint32_t x = 0; x < size[0]; ++x) {
          context.threadId = {x, y, z};
          invoke(&context, parameters);
        }
  }

  InvocationFn invoke;
  unsigned numParameters;
};

void optimize(Module &module) {
  LoopAnalysisManager loops;
  FunctionAnalysisManager functions;
  CGSCCAnalysisManager cgscc;
  ModuleAnalysisManager modules;
  PassBuilder builder;
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  builder.buildPerModuleDefaultPipeline(OptimizationLevel::O2)
      .run(module, modules);
}

class JitHostGrid final : public HostGrid {
public:
  explicit JitHostGrid(std::unique_ptr<orc::LLJIT> jit) : jit(std::move(jit)) {}

  Expected<std::unique_ptr<HostKernel>> compile(ArrayRef<char> bitcode,
                                                StringRef name) override;

private:
  Error defineMath(orc::JITDylib &library, const Module &module);

  std::mutex mutex;
  std::unique_ptr<orc::LLJIT> jit;
  unsigned nextLibrary = 0;
};

Error JitHostGrid::defineMath(orc::JITDylib &library, const Module &module) {
  orc::SymbolMap symbols;
  for (const Function &function : module) {
    if (!function.isDeclaration() || function.isIntrinsic())
      continue;
    void *address = findHostMath(function.getName());
    if (!address)
      return createStringError("the host grid has no implementation of @" +
                               function.getName());
    symbols[jit->mangleAndIntern(function.getName())] = {
        orc::ExecutorAddr::fromPtr(address), JITSymbolFlags::Exported};
  }
  if (symbols.empty())
    return Error::success();
  return library.define(orc::absoluteSymbols(std::move(symbols)));
}

Expected<std::unique_ptr<HostKernel>>
JitHostGrid::compile(ArrayRef<char> bitcode, StringRef name) {
  auto context = std::make_unique<LLVMContext>();
  Expected<std::unique_ptr<Module>> module = parseBitcodeFile(
      MemoryBufferRef(StringRef(bitcode.data(), bitcode.size()), name),
      *context);
  if (!module)
    return createStringError("kernel @" + name + ": unreadable NVVM IR: " +
                             toString(module.takeError()));
  unsigned numParameters = 0;
  if (Function *kernel = (*module)->getFunction(name))
    numParameters = kernel->arg_size();
  if (Error error = rewriteForHostGrid(**module, name))
    return std::move(error);
  (*module)->setTargetTriple(jit->getTargetTriple());
  (*module)->setDataLayout(jit->getDataLayout());
  std::string problems;
  raw_string_ostream os(problems);
  if (verifyModule(**module, &os))
    return createStringError(
        "kernel @" + name +
        ": invalid after the host grid rewrite: " + problems);
  optimize(**module);
  std::lock_guard<std::mutex> lock(mutex);
  Expected<orc::JITDylib &> library =
      jit->createJITDylib("kernel" + std::to_string(nextLibrary++));
  if (!library)
    return library.takeError();
  if (Error error = defineMath(*library, **module))
    return createStringError("kernel @" + name + ": " +
                             toString(std::move(error)));
  if (Error error =
          jit->addIRModule(*library, orc::ThreadSafeModule(std::move(*module),
                                                           std::move(context))))
    return std::move(error);
  Expected<orc::ExecutorAddr> entry = jit->lookup(*library, kInvocationEntry);
  if (!entry)
    return createStringError("kernel @" + name + ": " +
                             toString(entry.takeError()));
  return std::make_unique<JitKernel>(entry->toPtr<InvocationFn>(),
                                     numParameters);
}

} // namespace

Expected<std::unique_ptr<HostGrid>> HostGrid::create() {
  static std::once_flag once;
  std::call_once(once, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
  Expected<std::unique_ptr<orc::LLJIT>> jit = orc::LLJITBuilder().create();
  if (!jit)
    return createStringError("host grid: no JIT for this machine: " +
                             toString(jit.takeError()));
  return std::make_unique<JitHostGrid>(std::move(*jit));
}

} // namespace opencgc::hostgrid
