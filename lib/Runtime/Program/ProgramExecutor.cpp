//===- ProgramExecutor.cpp - Run CGC Output IR on a device ----------------===//
#include "opencgc/Runtime/ProgramExecutor.h"
#include "opencgc/Dialect/TypeString.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "opencgc/Compiler/PartitionIsolation.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/ADT/DenseMap.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/Support/ThreadPool.h"

#include <chrono>
#include <mutex>
#include <cstring>

using namespace mlir;

namespace opencgc::runtime {
namespace {
/// The argument attribute naming a program input or output.
constexpr llvm::StringLiteral kNameAttr = "cgc.name";

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

/// The block argument a memref value views, through any cgc.view_memref.
BlockArgument rootArgument(Value value) {
  while (auto view = value.getDefiningOp<cgc::ViewMemRefOp>())
    value = view.getSource();
  return dyn_cast<BlockArgument>(value);
}

//===----------------------------------------------------------------------===//
// Signature
//===----------------------------------------------------------------------===//

enum class Access { Read, Write };

/// How each bind point of `partition` is first accessed, in body order: the
/// invoked subgraphs read their inputs before writing their outputs.
llvm::DenseMap<unsigned, Access> firstAccesses(cgc::PartitionOp partition) {
  llvm::DenseMap<unsigned, Access> first;
  for (auto invoke : partition.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    auto subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
        invoke, invoke.getCalleeAttr());
    if (!subgraph || !subgraph.getFunctionalDefinition())
      continue;
    unsigned numInputs = subgraph.getFunctionalDefinition().getNumArguments();
    for (auto [index, operand] : llvm::enumerate(invoke.getOperands()))
      if (BlockArgument arg = rootArgument(operand))
        first.try_emplace(arg.getArgNumber(),
                          index < numInputs ? Access::Read : Access::Write);
  }
  return first;
}

/// The last rank-1 int8 argument that the program views, if any.
std::optional<unsigned> findScratch(cgc::ProgramOp program) {
  for (BlockArgument arg : llvm::reverse(program.getArguments())) {
    auto type = cast<cgc::MemRefType>(arg.getType());
    bool viewed = llvm::any_of(arg.getUsers(), [&](Operation *user) {
      return isa<cgc::ViewMemRefOp>(user);
    });
    if (type.getRank() == 1 && isa<cgc::Int8Type>(type.getElementType()) &&
        !type.getIsConstant() && viewed)
      return arg.getArgNumber();
  }
  return std::nullopt;
}

/// Roles for Output IR without cgc.role attributes (see the header).
std::vector<ArgumentRole> inferRoles(cgc::ProgramOp program) {
  unsigned numArgs = program.getNumArguments();
  std::vector<std::optional<ArgumentRole>> roles(numArgs);
  if (std::optional<unsigned> scratch = findScratch(program))
    roles[*scratch] = ArgumentRole::Scratch;
  for (auto invoke : program.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    auto partition = SymbolTable::lookupNearestSymbolFrom<cgc::PartitionOp>(
        invoke, invoke.getCalleeAttr());
    if (!partition)
      continue;
    llvm::DenseMap<unsigned, Access> accesses = firstAccesses(partition);
    // An argument read anywhere in its first invoke is an input.
    llvm::DenseMap<unsigned, ArgumentRole> decided;
    for (auto [index, operand] : llvm::enumerate(invoke.getOperands())) {
      BlockArgument arg = rootArgument(operand);
      if (!arg || roles[arg.getArgNumber()])
        continue;
      auto access = accesses.find(index);
      bool written =
          access != accesses.end() && access->second == Access::Write;
      auto [it, inserted] = decided.try_emplace(arg.getArgNumber(),
                                                written ? ArgumentRole::Output
                                                        : ArgumentRole::Input);
      if (!inserted && !written)
        it->second = ArgumentRole::Input;
    }
    for (auto [argNumber, role] : decided)
      roles[argNumber] = role;
  }
  std::vector<ArgumentRole> result;
  for (std::optional<ArgumentRole> role : roles)
    result.push_back(role.value_or(ArgumentRole::Input));
  return result;
}

llvm::Expected<std::vector<ArgumentRole>> readRoles(cgc::ProgramOp program) {
  std::vector<ArgumentRole> roles;
  for (unsigned i = 0, e = program.getNumArguments(); i < e; ++i) {
    auto role = program.getArgAttrOfType<StringAttr>(i, kRoleAttr);
    std::string where = "program @" + program.getSymName().str() +
                        " argument #" + std::to_string(i);
    if (!role)
      return makeError(where + " has no " + kRoleAttr +
                       " attribute, but other arguments have one");
    if (role.getValue() == kInputRole)
      roles.push_back(ArgumentRole::Input);
    else if (role.getValue() == kOutputRole)
      roles.push_back(ArgumentRole::Output);
    else if (role.getValue() == kScratchRole)
      roles.push_back(ArgumentRole::Scratch);
    else
      return makeError(where + " has unknown " + kRoleAttr + " \"" +
                       role.getValue() +
                       "\" (expected input, output or scratch)");
  }
  return roles;
}

/// A program argument's name for messages: its cgc.name, or `fallback`
/// (input0, output1, ..., as drivers name them).
std::string argumentName(cgc::ProgramOp program, unsigned index,
                         const llvm::Twine &fallback) {
  if (auto name = program.getArgAttrOfType<StringAttr>(index, kNameAttr))
    return "'" + name.str() + "'";
  return "'" + fallback.str() + "'";
}

//===----------------------------------------------------------------------===//
// Execution
//===----------------------------------------------------------------------===//

struct MemorySpan {
  uint8_t *data = nullptr;
  uint64_t size = 0;
};

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

/// Checks a tensor against the memref type whose memory it fills.
llvm::Error checkTensor(const Tensor &value, cgc::MemRefType type,
                        const llvm::Twine &what) {
  std::optional<DType> dtype = dtypeFromElementType(type.getElementType());
  if (!dtype)
    return makeError(what + " has an unsupported type " + typeString(type));
  std::string expected =
      (getDTypeName(*dtype) + " " + formatShape(type.getShape())).str();
  if (!value.isValid())
    return makeError(what + " is missing; expected " + expected);
  if (value.getDType() != *dtype || value.getShape() != type.getShape())
    return makeError(what + " is " + getDTypeName(value.getDType()) + " " +
                     formatShape(value.getShape()) + " but the program " +
                     "expects " + expected);
  return llvm::Error::success();
}

/// The memory of one run: argument buffers, bound constants, and the span
/// every memref value of the program body refers to.
struct RunState {
  std::vector<std::vector<uint8_t>> argumentBuffers;
  std::vector<Tensor> constants;
  llvm::DenseMap<Value, MemorySpan> spans;
};
} // namespace

llvm::Expected<ProgramSignature> getProgramSignature(cgc::ProgramOp program) {
  bool anyRole = false;
  for (unsigned i = 0, e = program.getNumArguments(); i < e; ++i)
    anyRole |= program.getArgAttr(i, kRoleAttr) != nullptr;
  ProgramSignature signature;
  if (anyRole) {
    auto roles = readRoles(program);
    if (!roles)
      return roles.takeError();
    signature.roles = std::move(*roles);
  } else {
    signature.roles = inferRoles(program);
  }
  for (auto [index, role] : llvm::enumerate(signature.roles)) {
    if (role == ArgumentRole::Input)
      signature.inputs.push_back(index);
    else if (role == ArgumentRole::Output)
      signature.outputs.push_back(index);
  }
  return signature;
}

CompiledProgram::CompiledProgram(cgc::ProgramOp program,
                                 ProgramSignature signature)
    : program(program), signature(std::move(signature)) {}

CompiledProgram::~CompiledProgram() = default;

/// The device whose name is the origin of the partition's subgraphs; else
/// the reference device when given; else the last device.
static device::Device &chooseDevice(cgc::PartitionOp partition,
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

llvm::Expected<std::unique_ptr<CompiledProgram>>
CompiledProgram::compile(cgc::ModuleOp outputIR, device::Device &device) {
  device::Device *devices[] = {&device};
  return compile(outputIR, devices);
}

namespace {
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
      return makeError("program @" + program.getSymName() + " invokes @" +
                       name + ", which is not a partition");
    DiagnosticCollector diagnostics(outputIR.getContext());
    OwningOpRef<cgc::ModuleOp> isolated =
        compiler::isolatePartition(outputIR, partition);
    if (!isolated)
      return makeError("cannot isolate partition @" + name + ":" +
                       diagnostics.getMessages());
    jobs.push_back(
        {partition, &chooseDevice(partition, devices),
         writeModuleContainer(*isolated, MlirInterface::CgcSubgraphPartition)});
  }
  return jobs;
}

/// Compiles the partitions on up to one thread per core (the
/// specification's reason for fine partitions), reporting each as it
/// finishes.
std::vector<llvm::Expected<std::unique_ptr<device::CompiledPartition>>>
compileInParallel(llvm::ArrayRef<PartitionJob> jobs,
                  llvm::raw_ostream *progress) {
  using Result = llvm::Expected<std::unique_ptr<device::CompiledPartition>>;
  std::vector<std::optional<Result>> slots(jobs.size());
  std::mutex progressMutex;
  unsigned done = 0;
  auto compileOne = [&](size_t index) {
    const PartitionJob &job = jobs[index];
    Result result = job.device->compilePartition(job.container);
    if (progress) {
      std::lock_guard<std::mutex> lock(progressMutex);
      *progress << "compiled partition " << ++done << " of " << jobs.size()
                << ": @" << job.partition.getSymName() << " on "
                << job.device->getName();
      if (result && !(*result)->getCompileNote().empty())
        *progress << " (" << (*result)->getCompileNote() << ")";
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
  std::vector<Result> results;
  for (auto &slot : slots)
    results.push_back(std::move(*slot));
  return results;
}
} // namespace

llvm::Expected<std::unique_ptr<CompiledProgram>>
CompiledProgram::compile(cgc::ModuleOp outputIR,
                         llvm::ArrayRef<device::Device *> devices,
                         llvm::raw_ostream *progress) {
  if (devices.empty())
    return makeError("no device to run the program on");
  auto programs = outputIR.getBodyBlock()->getOps<cgc::ProgramOp>();
  if (std::distance(programs.begin(), programs.end()) != 1)
    return makeError("expected CGC Output IR with exactly one cgc.program");
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
      return makeError("device '" + job.device->getName() +
                       "' cannot compile partition @" + name + ": " +
                       llvm::toString(result.takeError()));
    if ((*result)->getNumBindPoints() != job.partition.getNumArguments())
      return makeError("device '" + job.device->getName() +
                       "' compiled partition @" + name + " with " +
                       llvm::Twine((*result)->getNumBindPoints()) +
                       " bind points instead of " +
                       llvm::Twine(job.partition.getNumArguments()));
    compiled->partitions[name] = std::move(*result);
    compiled->partitionDevices[name] = job.device->getName().str();
  }
  return compiled;
}

namespace {
llvm::Error allocateArguments(cgc::ProgramOp program,
                              const ProgramSignature &signature,
                              llvm::ArrayRef<Tensor> inputs, RunState &state) {
  if (inputs.size() != signature.inputs.size())
    return makeError("the program takes " +
                     llvm::Twine(signature.inputs.size()) + " inputs, got " +
                     llvm::Twine(inputs.size()));
  state.argumentBuffers.resize(program.getNumArguments());
  unsigned nextInput = 0;
  for (auto [index, arg] : llvm::enumerate(program.getArguments())) {
    auto type = cast<cgc::MemRefType>(arg.getType());
    std::vector<uint8_t> &buffer = state.argumentBuffers[index];
    if (signature.roles[index] == ArgumentRole::Input) {
      unsigned position = nextInput++;
      const Tensor &input = inputs[position];
      if (auto error = checkTensor(
              input, type,
              "input " + argumentName(program, index,
                                      "input" + llvm::Twine(position))))
        return error;
      buffer.assign(input.getBytes(), input.getBytes() + input.getByteSize());
    } else {
      buffer.assign(type.getByteSize(), CompiledProgram::kPoisonByte);
    }
    state.spans[arg] = {buffer.data(), buffer.size()};
  }
  return llvm::Error::success();
}

llvm::Error bindConstant(cgc::ConstantOp constant,
                         reference::ConstantLookup lookup, RunState &state) {
  std::string what = "named constant \"" + constant.getName().str() + "\"";
  llvm::Expected<Tensor> value = lookup(constant.getName());
  if (!value)
    return makeError("cannot bind " + what + ": " +
                     llvm::toString(value.takeError()));
  auto type = cast<cgc::MemRefType>(constant.getType());
  if (auto error = checkTensor(*value, type, what))
    return error;
  // Constant memrefs are never written, so the tensor's bytes are bound in
  // place rather than copied.
  state.constants.push_back(*value);
  state.spans[constant.getResult()] = {state.constants.back().getBytes(),
                                       value->getByteSize()};
  return llvm::Error::success();
}

llvm::Error bindView(cgc::ViewMemRefOp view, RunState &state) {
  MemorySpan source = state.spans.lookup(view.getSource());
  uint64_t offset = view.getOffset();
  uint64_t size = cast<cgc::MemRefType>(view.getType()).getByteSize();
  if (offset > source.size || size > source.size - offset)
    return makeError("view at byte " + llvm::Twine(offset) + " of " +
                     llvm::Twine(size) + " bytes runs past its " +
                     llvm::Twine(source.size) + "-byte source");
  state.spans[view.getResult()] = {source.data + offset, size};
  return llvm::Error::success();
}
} // namespace

llvm::Expected<std::vector<Tensor>>
CompiledProgram::run(llvm::ArrayRef<Tensor> inputs,
                     reference::ConstantLookup constants,
                     std::vector<DispatchTiming> *timings) {
  RunState state;
  if (auto error = allocateArguments(program, signature, inputs, state))
    return std::move(error);
  for (Operation &op : program.getBodyBlock()->without_terminator()) {
    llvm::Error error = llvm::Error::success();
    if (auto constant = dyn_cast<cgc::ConstantOp>(op)) {
      error = bindConstant(constant, constants, state);
    } else if (auto view = dyn_cast<cgc::ViewMemRefOp>(op)) {
      error = bindView(view, state);
    } else if (auto invoke = dyn_cast<cgc::InvokeOp>(op)) {
      std::vector<device::Binding> bindings;
      for (auto [index, operand] : llvm::enumerate(invoke.getOperands())) {
        MemorySpan span = state.spans.lookup(operand);
        bindings.push_back(
            {static_cast<uint32_t>(index), span.data, span.size});
      }
      auto start = std::chrono::steady_clock::now();
      error = partitions[invoke.getCallee()]->dispatch(bindings);
      if (timings)
        timings->push_back(
            {invoke.getCallee().str(),
             std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                           start)
                 .count()});
    } else {
      error = makeError("cannot execute '" + op.getName().getStringRef() +
                        "' in a program body");
    }
    if (error)
      return makeError("program @" + program.getSymName() + ": " +
                       llvm::toString(std::move(error)));
  }
  std::vector<Tensor> outputs;
  for (auto [position, index] : llvm::enumerate(signature.outputs)) {
    auto type = cast<cgc::MemRefType>(program.getArgument(index).getType());
    std::optional<DType> dtype = dtypeFromElementType(type.getElementType());
    if (!dtype)
      return makeError(
          "output " +
          argumentName(program, index, "output" + llvm::Twine(position)) +
          " has an unsupported type " + typeString(type));
    Tensor output(*dtype, type.getShape());
    if (output.getByteSize())
      std::memcpy(output.getBytes(), state.argumentBuffers[index].data(),
                  output.getByteSize());
    outputs.push_back(std::move(output));
  }
  return outputs;
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
