//===- ProgramExecutor.cpp - Run CGC Output IR on devices -----------------===//
#include "opencgc/Executor/ProgramExecutor.h"

#include "ProgramMemory.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "opencgc/Compiler/PartitionIsolation.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <mutex>

using namespace mlir;

namespace opencgc::runtime {

/// A closed command list of one device, covering consecutive invokes of the
/// program body.
struct RecordedSegment {
  device::Device *device = nullptr;
  std::unique_ptr<device::CommandList> list;
  /// The partitions it dispatches, in order (profile segments hold one).
  std::vector<std::string> partitions;

  /// "@a, @b" for messages.
  std::string describe() const {
    std::string text;
    for (const std::string &name : partitions)
      text += (text.empty() ? "@" : ", @") + name;
    return text;
  }
};

namespace {
/// Collects the context's diagnostics (from isolation's verifier) into an
/// error message instead of printing them.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          llvm::raw_string_ostream os(messages);
          os << "\n" << diag.getLocation() << ": " << diag;
          return success();
        }) {}
  const std::string &getMessages() const { return messages; }

private:
  std::string messages;
  ScopedDiagnosticHandler handler;
};

/// The device whose name is the origin of the partition's subgraphs; else
/// the reference device when given; else the last device.
device::Device &chooseDevice(cgc::PartitionOp partition,
                             llvm::ArrayRef<device::Device *> devices) {
  std::string origin;
  partition.walk([&](cgc::InvokeOp invoke) {
    if (auto subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
            invoke, invoke.getCalleeAttr()))
      origin = subgraph.getOrigin().str();
  });
  for (device::Device *device : devices)
    if (device->getName() == origin)
      return *device;
  for (device::Device *device : devices)
    if (device->getName() == "reference")
      return *device;
  return *devices.back();
}

/// One partition to compile: its isolated container and its device.
struct PartitionJob {
  mutable cgc::PartitionOp partition;
  device::Device *device;
  std::vector<uint8_t> container;
};

/// Isolates and serializes every partition the program invokes, in order.
llvm::Expected<std::vector<PartitionJob>>
preparePartitions(cgc::ModuleOp outputIR, cgc::ProgramOp program,
                  llvm::ArrayRef<device::Device *> devices) {
  std::vector<PartitionJob> jobs;
  llvm::StringSet<> seen;
  for (auto invoke : program.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    llvm::StringRef name = invoke.getCallee();
    if (!seen.insert(name).second)
      continue;
    auto partition = SymbolTable::lookupNearestSymbolFrom<cgc::PartitionOp>(
        invoke, invoke.getCalleeAttr());
    if (!partition)
      return llvm::createStringError("program @" + program.getSymName() +
                                     " invokes @" + name +
                                     ", which is not a partition");
    DiagnosticCollector diagnostics(outputIR.getContext());
    OwningOpRef<cgc::ModuleOp> isolated =
        compiler::isolatePartition(outputIR, partition);
    if (!isolated)
      return llvm::createStringError("cannot isolate partition @" + name + ":" +
                                     diagnostics.getMessages());
    jobs.push_back(
        {partition, &chooseDevice(partition, devices),
         writeModuleContainer(*isolated, MlirInterface::CgcSubgraphPartition)});
  }
  return jobs;
}

using StateObjectResult = llvm::Expected<std::shared_ptr<device::StateObject>>;

/// Creates one state object per partition on up to one thread per core
/// (the specification's reason for fine partitions: CreateStateObject
/// compiles on the calling thread), reporting each as it finishes.
std::vector<StateObjectResult>
compileInParallel(llvm::ArrayRef<PartitionJob> jobs,
                  llvm::raw_ostream *progress) {
  std::vector<std::optional<StateObjectResult>> slots(jobs.size());
  std::mutex progressMutex;
  unsigned done = 0;
  auto compileOne = [&](size_t index) {
    const PartitionJob &job = jobs[index];
    device::StateObjectDesc desc;
    desc.mlirPrograms.push_back(
        {job.partition.getSymName().str(), job.container});
    StateObjectResult result = job.device->createStateObject(desc);
    if (progress) {
      std::lock_guard<std::mutex> lock(progressMutex);
      *progress << "compiled partition " << ++done << " of " << jobs.size()
                << ": @" << job.partition.getSymName() << " on "
                << job.device->getName();
      if (result) {
        std::string note =
            (*result)->getPrograms()[0].compiled->getCompileNote();
        if (!note.empty())
          *progress << " (" << note << ")";
      }
      *progress << "\n";
    }
    slots[index].emplace(std::move(result));
  };
  if (jobs.size() > 1) {
    llvm::StdThreadPool pool(llvm::hardware_concurrency());
    for (size_t index = 0; index < jobs.size(); ++index)
      pool.async([&, index] { compileOne(index); });
    pool.wait();
  } else {
    for (size_t index = 0; index < jobs.size(); ++index)
      compileOne(index);
  }
  std::vector<StateObjectResult> results;
  for (auto &slot : slots)
    results.push_back(std::move(*slot));
  return results;
}

/// The device whose memory the partitions share: the first one that is
/// not the reference device (a CPU device runs over any mapped memory, so
/// it can work on another device's resources, not the other way round).
device::Device *chooseMemoryDevice(llvm::ArrayRef<PartitionJob> jobs,
                                   llvm::ArrayRef<device::Device *> devices) {
  for (const PartitionJob &job : jobs)
    if (job.device->getName() != "reference")
      return job.device;
  return jobs.empty() ? devices.back() : jobs.front().device;
}
} // namespace

CompiledProgram::CompiledProgram(cgc::ProgramOp program,
                                 ProgramSignature signature)
    : program(program), signature(std::move(signature)) {}

CompiledProgram::~CompiledProgram() = default;

size_t CompiledProgram::getNumCommandLists() const {
  return programSegments.size();
}

llvm::Expected<std::unique_ptr<CompiledProgram>>
CompiledProgram::compile(cgc::ModuleOp outputIR, device::Device &device) {
  device::Device *devices[] = {&device};
  return compile(outputIR, devices);
}

llvm::Expected<std::unique_ptr<CompiledProgram>>
CompiledProgram::compile(cgc::ModuleOp outputIR,
                         llvm::ArrayRef<device::Device *> devices,
                         llvm::raw_ostream *progress) {
  if (devices.empty())
    return llvm::createStringError("no device to run the program on");
  auto programs = outputIR.getBodyBlock()->getOps<cgc::ProgramOp>();
  if (std::distance(programs.begin(), programs.end()) != 1)
    return llvm::createStringError(
        "expected CGC Output IR with exactly one cgc.program");
  cgc::ProgramOp program = *programs.begin();
  auto signature = getProgramSignature(program);
  if (!signature)
    return signature.takeError();
  std::unique_ptr<CompiledProgram> compiled(
      new CompiledProgram(program, std::move(*signature)));
  auto jobs = preparePartitions(outputIR, program, devices);
  if (!jobs)
    return jobs.takeError();
  auto results = compileInParallel(*jobs, progress);
  for (auto [job, result] : llvm::zip_equal(*jobs, results)) {
    std::string name = job.partition.getSymName().str();
    if (!result)
      return llvm::createStringError("device '" + job.device->getName() +
                                     "' cannot compile partition @" + name +
                                     ": " + llvm::toString(result.takeError()));
    size_t bindPoints =
        (*result)->getPrograms()[0].compiled->getBindPoints().size();
    if (bindPoints != job.partition.getNumArguments())
      return llvm::createStringError(
          "device '" + job.device->getName() + "' compiled partition @" + name +
          " with " + llvm::Twine(bindPoints) + " bind points instead of " +
          llvm::Twine(job.partition.getNumArguments()));
    compiled->partitions[name] = {job.device, std::move(*result)};
    compiled->partitionDevices[name] = job.device->getName().str();
  }
  compiled->memoryDevice = chooseMemoryDevice(*jobs, devices);
  return compiled;
}

/// The bind points of the partition an invoke runs.
llvm::ArrayRef<device::BindPoint>
CompiledProgram::bindPointsOf(cgc::InvokeOp invoke) const {
  const PartitionProgram &callee = partitions.find(invoke.getCallee())->second;
  return callee.stateObject->getProgram(invoke.getCallee())->getBindPoints();
}

/// How the invokes bind each named constant. A bind point whose kernels read
/// a constant re-laid out must be bound to a named constant, whose laid-out
/// copy the memory then holds.
static llvm::Expected<ConstantBindings> collectConstantBindings(
    cgc::ProgramOp program,
    llvm::function_ref<llvm::ArrayRef<device::BindPoint>(cgc::InvokeOp)>
        bindPointsOf) {
  ConstantBindings bindings;
  for (auto invoke : program.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    llvm::ArrayRef<device::BindPoint> points = bindPointsOf(invoke);
    for (auto [index, operand] : llvm::enumerate(invoke.getOperands())) {
      ConstantLayout layout = points[index].layout;
      if (!operand.getDefiningOp<cgc::ConstantOp>()) {
        if (layout != ConstantLayout::Plain)
          return llvm::createStringError(
              "partition @" + invoke.getCallee() + " reads bind point #" +
              llvm::Twine(index) + " laid out " +
              getConstantLayoutName(layout) +
              ", but the program binds something other than a named "
              "constant there");
        continue;
      }
      ConstantBinding &binding = bindings[operand];
      if (layout == ConstantLayout::Plain)
        binding.plain = true;
      else if (!llvm::is_contained(binding.layouts, layout))
        binding.layouts.push_back(layout);
    }
  }
  return bindings;
}

llvm::Error CompiledProgram::prepareMemory() {
  if (memory)
    return llvm::Error::success();
  auto bindings = collectConstantBindings(
      program, [&](cgc::InvokeOp invoke) { return bindPointsOf(invoke); });
  if (!bindings)
    return bindings.takeError();
  auto allocated = ProgramMemory::allocate(program, *memoryDevice, *bindings);
  if (!allocated)
    return allocated.takeError();
  memory = std::move(*allocated);
  return llvm::Error::success();
}

/// Records the program body: a new segment whenever the device changes (or
/// for every invoke when `onePerInvoke`), and within a segment a barrier
/// before an invoke that depends (cgc.depends, positions among the program's
/// invokes) on one recorded since the segment's last barrier.
llvm::Error
CompiledProgram::record(bool onePerInvoke,
                        std::vector<RecordedSegment> &segments) const {
  int64_t position = -1, sinceBarrier = 0;
  for (auto invoke : program.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    ++position;
    const PartitionProgram &callee =
        partitions.find(invoke.getCallee())->second;
    if (segments.empty() || onePerInvoke ||
        segments.back().device != callee.device) {
      auto list = callee.device->createCommandList();
      if (!list)
        return list.takeError();
      segments.push_back({callee.device, std::move(*list), {}});
      sinceBarrier = position;
    } else {
      auto depends = invoke->getAttrOfType<DenseI64ArrayAttr>("cgc.depends");
      bool needsBarrier =
          !depends || llvm::any_of(depends.asArrayRef(), [&](int64_t dep) {
            return dep >= sinceBarrier;
          });
      if (needsBarrier) {
        if (auto error = segments.back().list->barrier())
          return error;
        sinceBarrier = position;
      }
    }
    segments.back().partitions.push_back(invoke.getCallee().str());
    device::CommandList &list = *segments.back().list;
    list.setProgram(
        callee.stateObject->getProgramIdentifier(invoke.getCallee()));
    std::vector<device::ProgramBinding> bindings;
    llvm::ArrayRef<device::BindPoint> points = bindPointsOf(invoke);
    for (auto [index, operand] : llvm::enumerate(invoke.getOperands()))
      bindings.push_back(device::ProgramBinding::gpu(
          static_cast<uint32_t>(index),
          memory->getRange(operand, points[index].layout)));
    if (auto error = list.dispatchGraph(bindings))
      return error;
  }
  for (RecordedSegment &segment : segments)
    if (auto error = segment.list->close())
      return error;
  return llvm::Error::success();
}

llvm::Error
CompiledProgram::execute(std::vector<RecordedSegment> &segments,
                         std::vector<DispatchTiming> *timings) const {
  for (RecordedSegment &segment : segments) {
    auto start = std::chrono::steady_clock::now();
    llvm::Error error = segment.device->executeCommandList(*segment.list);
    if (!error)
      error = segment.device->waitForIdle();
    if (error)
      return llvm::createStringError("device '" + segment.device->getName() +
                                     "' failed running " + segment.describe() +
                                     ": " + llvm::toString(std::move(error)));
    auto elapsed = std::chrono::steady_clock::now() - start;
    if (timings)
      timings->push_back({segment.partitions.front(),
                          std::chrono::duration<double>(elapsed).count()});
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<Tensor>>
CompiledProgram::run(llvm::ArrayRef<Tensor> inputs,
                     reference::ConstantLookup constants,
                     std::vector<DispatchTiming> *timings) {
  auto fail = [&](llvm::Error error) {
    return llvm::createStringError("program @" + program.getSymName() + ": " +
                                   llvm::toString(std::move(error)));
  };
  if (auto error = prepareMemory())
    return fail(std::move(error));
  // Input errors name the input already.
  if (auto error = memory->prepareRun(signature, inputs))
    return std::move(error);
  if (auto error = memory->bindConstants(constants))
    return fail(std::move(error));
  std::vector<RecordedSegment> &segments =
      timings ? profileSegments : programSegments;
  if (segments.empty()) {
    if (auto error = record(timings != nullptr, segments)) {
      segments.clear();
      return fail(std::move(error));
    }
  }
  if (auto error = execute(segments, timings))
    return fail(std::move(error));
  return memory->readOutputs(signature);
}

llvm::Expected<std::vector<Tensor>>
executeProgram(cgc::ModuleOp outputIR, llvm::ArrayRef<Tensor> inputs,
               reference::ConstantLookup constants, device::Device &device) {
  auto compiled = CompiledProgram::compile(outputIR, device);
  if (!compiled)
    return compiled.takeError();
  return (*compiled)->run(inputs, constants);
}

} // namespace opencgc::runtime
