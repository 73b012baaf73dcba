//===- HostGrid.cpp - GPU kernels of LLVM IR run on the CPU ---------------===//
#include "opencgc/HostGrid/HostGrid.h"

#include "DxilRewrite.h"
#include "GridRewrite.h"
#include "HostMath.h"
#include "WarpMatrix.h"
#include "WorkgroupFibers.h"

#include "opencgc/Codegen/DxilValidator.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

using namespace llvm;

namespace opencgc::hostgrid {

HostKernel::~HostKernel() = default;
HostGrid::~HostGrid() = default;

Error DxilHostKernel::launch(const std::array<uint32_t, 3> &groups,
                             ArrayRef<RawBufferBinding *> bindings) const {
  SmallVector<void *> parameters(bindings.begin(), bindings.end());
  return kernel->launch(groups, numThreads, parameters);
}

namespace {

/// The most invocations a workgroup with barriers may have, as on CUDA: it
/// bounds the fiber stacks a worker maps.
constexpr uint64_t kMaxFiberInvocations = 1024;

/// The hardware threads a launch spreads its workgroups over.
unsigned numWorkers() {
  static const unsigned workers =
      std::max(1u, std::thread::hardware_concurrency());
  return workers;
}

/// The threads every launch shares, one fewer than numWorkers (the
/// launching thread works too): started once, never per launch.
ThreadPoolInterface &workerPool() {
  static DefaultThreadPool pool(
      hardware_concurrency(std::max(1u, numWorkers() - 1)));
  return pool;
}

/// One launch: its grid and where its workers record the first failure.
struct LaunchState {
  std::array<uint32_t, 3> blocks;
  std::array<uint32_t, 3> threads;
  void *const *parameters;
  uint64_t numBlocks;
  std::atomic<uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::string failure;

  void fail(Error error) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!failed.exchange(true))
      failure = toString(std::move(error));
    else
      consumeError(std::move(error));
  }
};

class JitKernel final : public HostKernel {
public:
  JitKernel(std::string name, InvocationFn invoke, unsigned numParameters,
            KernelNeeds needs)
      : name(std::move(name)), invoke(invoke), numParameters(numParameters),
        needs(needs) {}

  unsigned getNumParameters() const override { return numParameters; }

  Error launch(const std::array<uint32_t, 3> &blocks,
               const std::array<uint32_t, 3> &threads,
               ArrayRef<void *> parameters) const override {
    if (parameters.size() != numParameters)
      return createStringError("launch with " + Twine(parameters.size()) +
                               " parameters of a kernel taking " +
                               Twine(numParameters));
    uint64_t numThreads = numInvocations(threads);
    if (needs.hasBarriers && numThreads > kMaxFiberInvocations)
      return createStringError(
          "kernel @" + name + ": workgroups of " + Twine(numThreads) +
          " invocations; with barriers at most " + Twine(kMaxFiberInvocations));
    LaunchState state;
    state.blocks = blocks;
    state.threads = threads;
    state.parameters = parameters.data();
    state.numBlocks = uint64_t(blocks[0]) * blocks[1] * blocks[2];
    if (numThreads == 0 || state.numBlocks == 0)
      return Error::success();
    auto work = [&] {
      if (Error error = runWorker(state))
        state.fail(std::move(error));
    };
    unsigned workers =
        unsigned(std::min<uint64_t>(numWorkers(), state.numBlocks));
    // Concurrent launches (programs run from several threads) share the
    // pool; each waits for its own group, and its own thread takes
    // workgroups meanwhile, so a launch never waits on another's.
    ThreadPoolTaskGroup group(workerPool());
    for (unsigned i = 1; i < workers; ++i)
      group.async(work);
    work();
    group.wait();
    if (state.failed)
      return createStringError("kernel @" + name + ": " + state.failure);
    return Error::success();
  }

private:
  /// One worker's workgroups, taken from the launch's counter; its shared
  /// memory and fibers serve each in turn.
  Error runWorker(LaunchState &state) const {
    // A pool thread that starts after the workgroups ran out (they ran on
    // the other workers) maps no shared memory or fibers.
    if (state.next.load() >= state.numBlocks)
      return Error::success();
    std::vector<char> storage(needs.sharedBytes + needs.sharedAlignment);
    auto *shared = reinterpret_cast<void *>(
        alignAddr(storage.data(), Align(needs.sharedAlignment)));
    GridContext context{{0, 0, 0}, state.threads, {0, 0, 0}, state.blocks};
    context.sharedMemory = shared;
    std::unique_ptr<WorkgroupFibers> fibers;
    std::vector<GridContext> contexts;
    if (needs.hasBarriers) {
      Expected<std::unique_ptr<WorkgroupFibers>> created =
          WorkgroupFibers::create(numInvocations(state.threads));
      if (!created)
        return created.takeError();
      fibers = std::move(*created);
    }
    const std::array<uint32_t, 3> &blocks = state.blocks;
    for (uint64_t block = state.next++;
         block < state.numBlocks && !state.failed; block = state.next++) {
      context.blockId = {uint32_t(block % blocks[0]),
                         uint32_t(block / blocks[0] % blocks[1]),
                         uint32_t(block / blocks[0] / blocks[1])};
      // Zero, as the variables' initializers (undef or zero) allow.
      std::memset(shared, 0, needs.sharedBytes);
      if (!fibers) {
        runInOrder(context, state.parameters);
        continue;
      }
      fillContexts(context, contexts);
      if (Error error = fibers->run(invoke, contexts, state.parameters))
        return error;
    }
    return Error::success();
  }

  static uint64_t numInvocations(const std::array<uint32_t, 3> &threads) {
    return uint64_t(threads[0]) * threads[1] * threads[2];
  }

  /// The invocations of one workgroup in order: without barriers, any order
  /// is an execution the GPU could have chosen.
  void runInOrder(GridContext &context, void *const *parameters) const {
    const std::array<uint32_t, 3> &size = context.blockSize;
    for (uint32_t z = 0; z < size[2]; ++z)
      for (uint32_t y = 0; y < size[1]; ++y)
        for (uint32_t x = 0; x < size[0]; ++x) {
          context.threadId = {x, y, z};
          invoke(&context, parameters);
        }
  }

  /// A context per invocation: fibers interleave, so they cannot share one.
  static void fillContexts(const GridContext &workgroup,
                           std::vector<GridContext> &contexts) {
    const std::array<uint32_t, 3> &size = workgroup.blockSize;
    contexts.assign(numInvocations(size), workgroup);
    size_t index = 0;
    for (uint32_t z = 0; z < size[2]; ++z)
      for (uint32_t y = 0; y < size[1]; ++y)
        for (uint32_t x = 0; x < size[0]; ++x)
          contexts[index++].threadId = {x, y, z};
  }

  std::string name;
  InvocationFn invoke;
  unsigned numParameters;
  KernelNeeds needs;
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
  Expected<DxilHostKernel> compileDxil(ArrayRef<char> bitcode) override;

private:
  /// Kernel `name` of an NVVM-style module, rewritten and JIT-compiled.
  Expected<std::unique_ptr<HostKernel>>
  compileModule(std::unique_ptr<LLVMContext> context,
                std::unique_ptr<Module> module, StringRef name);
  Error defineHostSymbols(orc::JITDylib &library, const Module &module);

  std::mutex mutex;
  std::unique_ptr<orc::LLJIT> jit;
  unsigned nextLibrary = 0;
};

/// The host function a declaration of the rewritten module names.
void *findHostSymbol(StringRef name) {
  if (name == kBarrierFunction)
    return reinterpret_cast<void *>(&hostBarrier);
  if (name == kMmaTf32Function)
    return reinterpret_cast<void *>(&hostMmaM16n8k8Tf32);
  return findHostMath(name);
}

Error JitHostGrid::defineHostSymbols(orc::JITDylib &library,
                                     const Module &module) {
  orc::SymbolMap symbols;
  for (const Function &function : module) {
    if (!function.isDeclaration() || function.isIntrinsic())
      continue;
    void *address = findHostSymbol(function.getName());
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
  return compileModule(std::move(context), std::move(*module), name);
}

Expected<DxilHostKernel> JitHostGrid::compileDxil(ArrayRef<char> bitcode) {
  auto context = std::make_unique<LLVMContext>();
  // DXIL's legacy data layout (i8:32) needs codegen's reader (reference 0,
  // item 1); the host's layout replaces it below anyway.
  Expected<codegen::DxilBitcodeModule> read = codegen::readDxilBitcode(
      ArrayRef(reinterpret_cast<const uint8_t *>(bitcode.data()),
               bitcode.size()),
      *context);
  if (!read)
    return createStringError("unreadable DXIL: " + toString(read.takeError()));
  Expected<DxilEntry> entry = rewriteDxilForHostGrid(*read->module);
  if (!entry)
    return entry.takeError();
  Expected<std::unique_ptr<HostKernel>> kernel =
      compileModule(std::move(context), std::move(read->module), entry->name);
  if (!kernel)
    return kernel.takeError();
  return DxilHostKernel{std::move(*kernel), entry->numThreads};
}

Expected<std::unique_ptr<HostKernel>>
JitHostGrid::compileModule(std::unique_ptr<LLVMContext> context,
                           std::unique_ptr<Module> module, StringRef name) {
  unsigned numParameters = 0;
  if (Function *kernel = module->getFunction(name))
    numParameters = kernel->arg_size();
  // The host's layout first: shared variables are laid out by it.
  module->setTargetTriple(jit->getTargetTriple());
  module->setDataLayout(jit->getDataLayout());
  Expected<KernelNeeds> needs = rewriteForHostGrid(*module, name);
  if (!needs)
    return needs.takeError();
  std::string problems;
  raw_string_ostream os(problems);
  if (verifyModule(*module, &os))
    return createStringError(
        "kernel @" + name +
        ": invalid after the host grid rewrite: " + problems);
  optimize(*module);
  std::lock_guard<std::mutex> lock(mutex);
  Expected<orc::JITDylib &> library =
      jit->createJITDylib("kernel" + std::to_string(nextLibrary++));
  if (!library)
    return library.takeError();
  if (Error error = defineHostSymbols(*library, *module))
    return createStringError("kernel @" + name + ": " +
                             toString(std::move(error)));
  if (Error error =
          jit->addIRModule(*library, orc::ThreadSafeModule(std::move(module),
                                                           std::move(context))))
    return std::move(error);
  Expected<orc::ExecutorAddr> entry = jit->lookup(*library, kInvocationEntry);
  if (!entry)
    return createStringError("kernel @" + name + ": " +
                             toString(entry.takeError()));
  return std::make_unique<JitKernel>(name.str(), entry->toPtr<InvocationFn>(),
                                     numParameters, *needs);
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
