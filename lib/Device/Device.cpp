//===- Device.cpp - The MLIR-program device API ---------------------------===//
//
// State objects and program identifiers are the same for every device: a
// device only compiles single programs (compileProgram).
//
//===----------------------------------------------------------------------===//
#include "opencgc/Device/Device.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <map>
#include <mutex>

namespace opencgc::device {
// Anchor the vtables here.
CompiledPartition::~CompiledPartition() = default;
CommandList::~CommandList() = default;
Resource::~Resource() = default;

namespace {
struct ResourceRanges {
  std::mutex mutex;
  /// start -> size.
  std::map<GpuVirtualAddress, uint64_t> ranges;
};
ResourceRanges &getResourceRanges() {
  static ResourceRanges ranges;
  return ranges;
}
} // namespace

void registerResourceRange(GpuVirtualAddress start, uint64_t size) {
  ResourceRanges &all = getResourceRanges();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.ranges[start] = size;
}

void unregisterResourceRange(GpuVirtualAddress start) {
  ResourceRanges &all = getResourceRanges();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.ranges.erase(start);
}

bool isInsideLiveResource(GpuVirtualAddress start, uint64_t size) {
  ResourceRanges &all = getResourceRanges();
  std::lock_guard<std::mutex> lock(all.mutex);
  auto next = all.ranges.upper_bound(start);
  if (next == all.ranges.begin())
    return false;
  auto [base, length] = *std::prev(next);
  return start - base <= length && size <= length - (start - base);
}

namespace {
uint64_t nextDeviceSerial() {
  static std::atomic<uint64_t> counter{1};
  return counter++;
}

/// The tag in the identifier's last word, so that an all-zero or foreign
/// blob never looks like a valid identifier.
constexpr uint64_t kIdentifierTag = 0x6f70656e636763ULL; // "opencgc"

llvm::Error stateObjectError(llvm::StringRef call, const llvm::Twine &message) {
  return llvm::createStringError(call + ": " + message);
}
} // namespace

Device::Device() : serial(nextDeviceSerial()) {}
Device::~Device() = default;

ProgramIdentifier
StateObject::getProgramIdentifier(llvm::StringRef programName) const {
  for (const Program &program : programs)
    if (program.name == programName)
      return program.identifier;
  return {};
}

const CompiledPartition *
StateObject::getProgram(llvm::StringRef programName) const {
  for (const Program &program : programs)
    if (program.name == programName)
      return program.compiled.get();
  return nullptr;
}

llvm::Expected<StateObject::Program>
Device::compileNamedProgram(const MlirProgramDesc &desc) {
  auto compiled = compileProgram(desc.bytecode);
  if (!compiled)
    return llvm::createStringError("MLIR program '" + desc.programName + "': " +
                                   llvm::toString(compiled.takeError()));
  StateObject::Program program;
  program.name = desc.programName;
  program.bytecodeHash = llvm::xxh3_64bits(desc.bytecode);
  program.compiled = std::move(*compiled);
  std::lock_guard<std::mutex> lock(registryMutex);
  uint64_t number = nextProgramNumber++;
  registry[number] = program.compiled;
  program.identifier.opaqueData = {number, serial, program.bytecodeHash,
                                   kIdentifierTag};
  return program;
}

std::shared_ptr<CompiledPartition>
Device::lookupProgram(const ProgramIdentifier &identifier) const {
  const auto &data = identifier.opaqueData;
  if (data[1] != serial || data[3] != kIdentifierTag)
    return nullptr;
  std::lock_guard<std::mutex> lock(registryMutex);
  auto found = registry.find(data[0]);
  return found == registry.end() ? nullptr : found->second.lock();
}

/// Names must be non-empty and distinct within one description.
static llvm::Error checkNames(llvm::StringRef call,
                              const StateObjectDesc &desc) {
  llvm::StringSet<> names;
  for (const MlirProgramDesc &program : desc.mlirPrograms) {
    if (program.programName.empty())
      return stateObjectError(call, "an MLIR program has no name");
    if (!names.insert(program.programName).second)
      return stateObjectError(call, "MLIR program '" + program.programName +
                                        "' is described twice");
  }
  return llvm::Error::success();
}

llvm::Expected<std::shared_ptr<StateObject>>
Device::createStateObject(const StateObjectDesc &desc) {
  constexpr llvm::StringLiteral call = "CreateStateObject";
  if (desc.mlirPrograms.empty())
    return stateObjectError(call, "the description holds no MLIR program");
  if (auto error = checkNames(call, desc))
    return std::move(error);
  std::shared_ptr<StateObject> object(
      new StateObject(*this, desc.allowStateObjectAdditions));
  for (const MlirProgramDesc &programDesc : desc.mlirPrograms) {
    auto program = compileNamedProgram(programDesc);
    if (!program)
      return stateObjectError(call, llvm::toString(program.takeError()));
    object->programs.push_back(std::move(*program));
  }
  return object;
}

llvm::Expected<std::shared_ptr<StateObject>>
Device::addToStateObject(const StateObjectDesc &addition,
                         const StateObject &growFrom) {
  constexpr llvm::StringLiteral call = "AddToStateObject";
  if (&growFrom.getDevice() != this)
    return stateObjectError(call, "the state object to grow from belongs to "
                                  "device '" +
                                      growFrom.getDevice().getName() + "'");
  if (!growFrom.allowsAdditions())
    return stateObjectError(
        call, "the state object to grow from was not created with "
              "D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS");
  if (auto error = checkNames(call, addition))
    return std::move(error);
  std::shared_ptr<StateObject> object(new StateObject(
      *this, growFrom.allowsAdditions() && addition.allowStateObjectAdditions));
  object->programs.assign(growFrom.programs.begin(), growFrom.programs.end());
  for (const MlirProgramDesc &programDesc : addition.mlirPrograms) {
    auto existing = llvm::find_if(object->programs, [&](const auto &program) {
      return program.name == programDesc.programName;
    });
    if (existing == object->programs.end()) {
      auto program = compileNamedProgram(programDesc);
      if (!program)
        return stateObjectError(call, llvm::toString(program.takeError()));
      object->programs.push_back(std::move(*program));
    } else if (existing->bytecodeHash !=
               llvm::xxh3_64bits(programDesc.bytecode)) {
      return stateObjectError(call, "MLIR program '" + programDesc.programName +
                                        "' is already in the state object "
                                        "with different bytecode");
    }
  }
  return object;
}

} // namespace opencgc::device
