//===- StateObject.h - Executable state objects of MLIR programs -*- C++
//-*-===//
//
// What CreateStateObject and AddToStateObject produce (D3D12 MLIR programs
// specification, "CreateStateObject", "AddToStateObject"): an executable
// state object holding named MLIR programs, each one compiled Partition IR
// partition, and the program identifiers (GetProgramIdentifier) that
// SetProgram takes.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_STATEOBJECT_H
#define OPENCGC_DEVICE_STATEOBJECT_H

#include "opencgc/Tensor/ConstantLayout.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace opencgc::device {

class Device;

/// What a command list needs to know of one bind point to check a binding
/// (the debug layer's checks) without the Partition IR at hand.
struct BindPoint {
  /// The memref type as written in the IR, for messages.
  std::string type;
  uint64_t sizeInBytes = 0;
  /// The element's natural alignment: a range must start at a multiple.
  uint64_t alignment = 1;
  /// Whether the partition writes it (CPU data may only feed read ones).
  bool written = false;
  /// The layout the partition's kernels read a constant in (constant
  /// preprocessing); sizeInBytes is then the laid-out size, and the program
  /// executor binds a laid-out copy of the constant (docs/compiler.md).
  ConstantLayout layout = ConstantLayout::Plain;
};

/// One MLIR program as a device compiled it.
class CompiledPartition {
public:
  virtual ~CompiledPartition();
  /// The partition's symbol name.
  virtual llvm::StringRef getName() const = 0;
  virtual llvm::ArrayRef<BindPoint> getBindPoints() const = 0;
  /// A word on how it was compiled, for progress output ("kernels from the
  /// cache"); empty when there is nothing to say.
  virtual std::string getCompileNote() const { return ""; }
};

/// D3D12_MLIR_PROGRAM_DESC: a program name and a CGC_SUBGRAPH_PARTITION
/// container, which need only live until CreateStateObject returns.
struct MlirProgramDesc {
  std::string programName;
  llvm::ArrayRef<uint8_t> bytecode;
};

/// D3D12_STATE_OBJECT_DESC of type D3D12_STATE_OBJECT_TYPE_EXECUTABLE with
/// D3D12_STATE_SUBOBJECT_TYPE_MLIR_PROGRAM subobjects, and the
/// D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS flag of its config.
struct StateObjectDesc {
  std::vector<MlirProgramDesc> mlirPrograms;
  bool allowStateObjectAdditions = false;
};

/// D3D12_PROGRAM_IDENTIFIER: opaque; all zero when the name is unknown.
struct ProgramIdentifier {
  std::array<uint64_t, 4> opaqueData{};
  bool isNull() const { return opaqueData == std::array<uint64_t, 4>{}; }
};

class StateObject {
public:
  struct Program {
    std::string name;
    /// Identifies the bytecode, so that AddToStateObject can tell an
    /// identical re-addition from a conflicting one.
    uint64_t bytecodeHash = 0;
    ProgramIdentifier identifier;
    std::shared_ptr<CompiledPartition> compiled;
  };

  /// ID3D12StateObjectProperties1::GetProgramIdentifier; a null identifier
  /// for a name the state object does not hold.
  ProgramIdentifier getProgramIdentifier(llvm::StringRef programName) const;
  /// The compiled program of that name, or null.
  const CompiledPartition *getProgram(llvm::StringRef programName) const;
  llvm::ArrayRef<Program> getPrograms() const { return programs; }
  bool allowsAdditions() const { return allowAdditions; }
  const Device &getDevice() const { return device; }

private:
  friend class Device;
  StateObject(const Device &device, bool allowAdditions)
      : device(device), allowAdditions(allowAdditions) {}

  const Device &device;
  bool allowAdditions;
  std::vector<Program> programs;
};

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_STATEOBJECT_H
