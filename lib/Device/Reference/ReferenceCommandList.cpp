//===- ReferenceCommandList.cpp - Command lists of CPU devices ------------===//
#include "ReferenceCommandList.h"
#include "HostResource.h"

#include <cstring>

namespace opencgc::device {

llvm::Error ReferenceCommandList::recordDispatch(
    const std::shared_ptr<CompiledPartition> &program,
    llvm::ArrayRef<const ProgramBinding *> bound) {
  auto partition = std::dynamic_pointer_cast<HostPartition>(program);
  if (!partition)
    return fail("not compiled by a CPU device");
  Dispatch dispatch{std::move(partition), {}};
  for (const ProgramBinding *binding : bound) {
    if (binding->type == BindingType::Cpu) {
      // Padded like a HostResource, so that a raw view may cover the
      // word holding the last byte.
      uint64_t size = binding->cpuBinding.dataSizeInBytes;
      std::vector<uint8_t> &copy =
          cpuData.emplace_back(HostResource::paddedSize(size));
      if (size)
        std::memcpy(copy.data(), binding->cpuBinding.data, size);
      dispatch.bindPoints.push_back({copy.data(), size});
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
