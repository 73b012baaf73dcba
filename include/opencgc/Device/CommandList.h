//===- CommandList.h - Recording MLIR program dispatches --------*- C++ -*-===//
//
// The command-list calls of the D3D12 MLIR programs specification: SetProgram
// with an MLIR program's identifier, DispatchGraph with its bind point
// bindings, and barriers. A closed list is submitted with
// Device::executeCommandList and may be submitted again: GPU bindings are
// addresses, so a resubmission reads and writes the same memory's current
// contents, as a D3D12 command list would.
//
// Recording checks every DispatchGraph as the specification's debug layer
// would (bind point indices missing, duplicate or out of range; ranges too
// small, misaligned, or outside the device's memory; CPU data of the wrong
// size or bound to a written bind point). A failed call records nothing and
// leaves the list usable.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_COMMANDLIST_H
#define OPENCGC_DEVICE_COMMANDLIST_H

#include "opencgc/Device/ProgramBinding.h"
#include "opencgc/Device/StateObject.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace opencgc::device {

class CommandList {
public:
  virtual ~CommandList();

  /// SetProgram with D3D12_PROGRAM_TYPE_MLIR_PROGRAM. An identifier that
  /// names no live program of the device fails at the next DispatchGraph.
  virtual void setProgram(const ProgramIdentifier &program) = 0;

  /// DispatchGraph with D3D12_DISPATCH_MODE_MLIR_PROGRAM.
  virtual llvm::Error
  dispatchGraph(llvm::ArrayRef<ProgramBinding> bindings) = 0;

  /// A global barrier (D3D12_BARRIER_SYNC_COMPUTE_SHADING to itself): the
  /// writes of earlier dispatches become visible to later ones. The client
  /// records these; dispatches are otherwise unordered.
  virtual llvm::Error barrier() = 0;

  /// Ends recording.
  virtual llvm::Error close() = 0;

  virtual unsigned getNumDispatches() const = 0;
};

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_COMMANDLIST_H
