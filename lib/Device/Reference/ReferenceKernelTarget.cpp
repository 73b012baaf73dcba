//===- ReferenceKernelTarget.cpp - CPU devices running reference kernels --===//
//
// Programs are interpreted with the reference kernels, resources are host
// memory, and a command list runs when it is executed, so waiting for the
// device has nothing to wait for.
//
//===----------------------------------------------------------------------===//
#include "ExchangeResponder.h"
#include "HostResource.h"
#include "PartitionInterpreter.h"
#include "ReferenceCommandList.h"

namespace opencgc::device {

llvm::Expected<std::shared_ptr<CompiledPartition>>
ReferenceKernelTarget::compileProgram(
    llvm::ArrayRef<uint8_t> partitionContainer) {
  return compileReferencePartition(context, partitionContainer);
}

llvm::Expected<std::shared_ptr<Resource>>
ReferenceKernelTarget::createBuffer(uint64_t sizeInBytes) {
  auto resource = HostResource::create(sizeInBytes);
  if (!resource)
    return resource.takeError();
  return std::shared_ptr<Resource>(std::move(*resource));
}

llvm::Expected<std::unique_ptr<CommandList>>
ReferenceKernelTarget::createCommandList() {
  return std::make_unique<ReferenceCommandList>(*this);
}

llvm::Error ReferenceKernelTarget::executeCommandList(CommandList &list) {
  auto own = getExecutableList<ReferenceCommandList>(*this, list);
  if (!own)
    return own.takeError();
  return (*own)->execute();
}

} // namespace opencgc::device
