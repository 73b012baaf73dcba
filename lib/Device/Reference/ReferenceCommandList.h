//===- ReferenceCommandList.h - Command lists of CPU devices ----*- C++ -*-===//
//
// Records each DispatchGraph as the partition and the host memory of its
// bind points (CPU data copied into the list), and runs them in order when
// the list is executed. Work runs in recording order, so barriers have
// nothing to wait for.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_REFERENCE_REFERENCECOMMANDLIST_H
#define OPENCGC_LIB_DEVICE_REFERENCE_REFERENCECOMMANDLIST_H

#include "../RecordingCommandList.h"
#include "PartitionInterpreter.h"

#include <deque>

namespace opencgc::device {

class ReferenceCommandList final : public RecordingCommandList {
public:
  using RecordingCommandList::RecordingCommandList;

  /// Runs the recorded dispatches; errors name the program.
  llvm::Error execute() const;

private:
  struct Dispatch {
    std::shared_ptr<HostPartition> program;
    std::vector<MemorySpan> bindPoints;
  };

  llvm::Error
  recordDispatch(const std::shared_ptr<CompiledPartition> &program,
                 llvm::ArrayRef<const ProgramBinding *> bound) override;
  llvm::Error recordBarrier() override { return llvm::Error::success(); }

  std::vector<Dispatch> dispatches;
  /// Copies of CPU bindings; a deque keeps them in place as it grows.
  std::deque<std::vector<uint8_t>> cpuData;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_REFERENCE_REFERENCECOMMANDLIST_H
