//===- RecordingCommandList.cpp - What every command list checks ----------===//
#include "RecordingCommandList.h"

#include "opencgc/Device/BindingChecks.h"

namespace opencgc::device {

llvm::Error RecordingCommandList::fail(const llvm::Twine &message) const {
  return llvm::createStringError(message.str());
}

llvm::Error
RecordingCommandList::dispatchGraph(llvm::ArrayRef<ProgramBinding> bindings) {
  if (closed)
    return fail("DispatchGraph on a closed command list");
  std::shared_ptr<CompiledPartition> program = device.lookupProgram(current);
  if (!program && current.isNull())
    return fail("DispatchGraph without an MLIR program (call SetProgram "
                "first)");
  if (!program)
    return fail("DispatchGraph: the program identifier set with SetProgram "
                "names no live MLIR program of device '" +
                device.getName() + "'");
  auto bound = checkBindings(program->getName(), program->getBindPoints(),
                             bindings, device.getMlirProgramsTier());
  if (!bound)
    return bound.takeError();
  if (auto error = recordDispatch(program, *bound))
    return fail("DispatchGraph of program '" + program->getName() +
                "': " + llvm::toString(std::move(error)));
  ++numDispatches;
  return llvm::Error::success();
}

llvm::Error RecordingCommandList::barrier() {
  if (closed)
    return fail("Barrier on a closed command list");
  return recordBarrier();
}

llvm::Error RecordingCommandList::close() {
  if (closed)
    return fail("Close of a command list that is already closed");
  closed = true;
  return llvm::Error::success();
}

} // namespace opencgc::device
