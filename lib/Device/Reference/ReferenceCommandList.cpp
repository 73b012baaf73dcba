//===- ReferenceCommandList.cpp - Command lists of CPU devices ------------===//
#include "ReferenceCommandList.h"

namespace opencgc::device {

llvm::Error ReferenceCommandList::recordDispatch(
    const std::shared_ptr<CompiledPartition> &program,
    llvm::ArrayRef<const ProgramBinding *> bound) {
  auto partition = std::dynamic_pointer_cast<ReferencePartition>(program);
  if (!partition)
    return fail("not compiled by a CPU device");
  Dispatch dispatch{std::move(partition), {}};
  for (const ProgramBinding *binding : bound) {
    if (binding->type == BindingType::Cpu) {
      const auto *bytes =
          static_cast<const uint8_t *>(binding->cpuBinding.data);
      std::vector<uint8_t> &copy = cpuData.emplace_back(
          bytes, bytes + binding->cpuBinding.dataSizeInBytes);
      dispatch.bindPoints.push_back({copy.data(), copy.size()});
    } else {
      dispatch.bindPoints.push_back(
          {reinterpret_cast<uint8_t *>(binding->gpuBinding.startAddress),
           binding->gpuBinding.sizeInBytes});
    }
  }
  dispatches.push_back(std::move(dispatch));
  return llvm::Error::success();
}

llvm::Error ReferenceCommandList::execute() const {
  for (const Dispatch &dispatch : dispatches)
    if (auto error = dispatch.program->run(dispatch.bindPoints))
      return llvm::createStringError("program '" +
                                     dispatch.program->getName().str() +
                                     "': " + llvm::toString(std::move(error)));
  return llvm::Error::success();
}

} // namespace opencgc::device
