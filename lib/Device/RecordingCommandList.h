//===- RecordingCommandList.h - What every command list checks -*- C++ -*-===//
//
// The device-independent half of a command list: the program set with
// SetProgram, the debug layer's binding checks, and the recording state.
// Devices record the checked dispatches and barriers their own way.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_RECORDINGCOMMANDLIST_H
#define OPENCGC_LIB_DEVICE_RECORDINGCOMMANDLIST_H

#include "opencgc/Device/Device.h"

namespace opencgc::device {

class RecordingCommandList : public CommandList {
public:
  explicit RecordingCommandList(const Device &device) : device(device) {}

  void setProgram(const ProgramIdentifier &program) override {
    current = program;
  }
  llvm::Error dispatchGraph(llvm::ArrayRef<ProgramBinding> bindings) override;
  llvm::Error barrier() override;
  llvm::Error close() override;
  unsigned getNumDispatches() const override { return numDispatches; }

  bool isClosed() const { return closed; }
  const Device &getDevice() const { return device; }

protected:
  /// Records a dispatch of `program` whose bindings passed the checks
  /// (`bound` holds one per bind point, in order). Errors get the
  /// "DispatchGraph of program 'NAME': " prefix from the caller.
  virtual llvm::Error
  recordDispatch(const std::shared_ptr<CompiledPartition> &program,
                 llvm::ArrayRef<const ProgramBinding *> bound) = 0;
  virtual llvm::Error recordBarrier() = 0;

  llvm::Error fail(const llvm::Twine &message) const;

private:
  const Device &device;
  ProgramIdentifier current;
  bool closed = false;
  unsigned numDispatches = 0;
};

/// The command list `list` as one of `device`'s, closed and ready to run,
/// or an error for ExecuteCommandLists.
template <typename ListT>
llvm::Expected<ListT *> getExecutableList(const Device &device,
                                          CommandList &list) {
  auto *own = dynamic_cast<ListT *>(&list);
  if (!own || &own->getDevice() != &device)
    return llvm::createStringError(
        "ExecuteCommandLists: the command list belongs to another device "
        "than '" +
        device.getName() + "'");
  if (!own->isClosed())
    return llvm::createStringError(
        "ExecuteCommandLists: the command list is still open (Close it "
        "first)");
  return own;
}

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_RECORDINGCOMMANDLIST_H
