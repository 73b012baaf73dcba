//===- CudaCommandList.cpp - Command lists as kernel launches -------------===//
#include "CudaCommandList.h"

namespace opencgc::device {

CudaCommandList::~CudaCommandList() {
  if (!submitted)
    return;
  context->makeCurrentForCleanup();
  context->api().cuStreamSynchronize(context->getQueue());
}

llvm::Error CudaCommandList::recordDispatch(
    const std::shared_ptr<CompiledPartition> &program,
    llvm::ArrayRef<const ProgramBinding *> bound) {
  auto partition = std::dynamic_pointer_cast<CudaPartition>(program);
  if (!partition)
    return fail("not compiled for CUDA");
  llvm::ArrayRef<BindPoint> points = program->getBindPoints();
  // Nothing is kept until every binding resolved: a failed call records
  // nothing.
  std::vector<cuda::CUdeviceptr> addresses;
  std::vector<std::shared_ptr<CudaAllocation>> copies;
  for (auto [index, binding] : llvm::enumerate(bound)) {
    uint64_t bytes = points[index].sizeInBytes;
    if (binding->type == BindingType::Cpu) {
      auto copy = memory->stage(binding->cpuBinding.data, bytes);
      if (!copy)
        return fail("bind point " + llvm::Twine(index) + ": " +
                    llvm::toString(copy.takeError()));
      addresses.push_back((*copy)->getAddress());
      stagedSizes[(*copy)->getAddress()] = (*copy)->getSize();
      copies.push_back(std::move(*copy));
    } else {
      auto address = memory->resolve(binding->gpuBinding, bytes);
      if (!address)
        return fail("bind point " + llvm::Twine(index) + ": " +
                    llvm::toString(address.takeError()));
      addresses.push_back(*address);
    }
  }
  for (auto [address, point] : llvm::zip_equal(addresses, points))
    if (point.sizeInBytes)
      boundRanges[address] = std::max(boundRanges[address], point.sizeInBytes);
  staged.insert(staged.end(), copies.begin(), copies.end());
  partition->record(addresses, launches);
  programs.push_back(std::move(partition));
  return llvm::Error::success();
}

/// Managed pages move to the GPU in bulk instead of one fault at a time.
llvm::Error CudaCommandList::prefetch() const {
  if (!context->canPrefetch())
    return llvm::Error::success();
  cuda::CUmemLocation gpu{cuda::kMemLocationTypeDevice, context->getDevice()};
  for (auto [address, bytes] : boundRanges)
    if (llvm::Error error =
            context->check(context->api().cuMemPrefetchAsync_v2(
                               address, bytes, gpu, 0, context->getQueue()),
                           "cuMemPrefetchAsync_v2"))
      return error;
  return llvm::Error::success();
}

llvm::Error CudaCommandList::launch(const CudaLaunch &launch) const {
  // cuLaunchKernel reads each parameter through a pointer to it.
  std::vector<void *> parameters;
  for (const cuda::CUdeviceptr &argument : launch.arguments)
    parameters.push_back(const_cast<cuda::CUdeviceptr *>(&argument));
  auto [gx, gy, gz] = launch.grid;
  auto [bx, by, bz] = launch.block;
  llvm::Error error = context->check(
      context->api().cuLaunchKernel(launch.function, gx, gy, gz, bx, by, bz,
                                    /*sharedMemBytes=*/0, context->getQueue(),
                                    parameters.data(), nullptr),
      "cuLaunchKernel");
  if (error)
    return llvm::createStringError(
        launch.label + " (grid " + llvm::Twine(gx) + "x" + llvm::Twine(gy) +
        "x" + llvm::Twine(gz) + ", block " + llvm::Twine(bx) + "x" +
        llvm::Twine(by) + "x" + llvm::Twine(bz) +
        "): " + llvm::toString(std::move(error)));
  return llvm::Error::success();
}

llvm::Error CudaCommandList::submit() {
  if (llvm::Error error = context->makeCurrent())
    return error;
  submitted = true;
  if (llvm::Error error = prefetch())
    return error;
  for (const CudaLaunch &each : launches)
    if (llvm::Error error = capture ? launchCaptured(each) : launch(each))
      return error;
  return llvm::Error::success();
}

/// Each argument as a range of the resource (or staged copy) holding it,
/// up to the end of the bytes the launch may touch there.
llvm::Expected<std::vector<CapturedBinding>>
CudaCommandList::describeBindings(const CudaLaunch &launch) const {
  std::vector<CapturedBinding> bindings;
  for (cuda::CUdeviceptr address : launch.arguments) {
    std::optional<std::pair<cuda::CUdeviceptr, uint64_t>> resource =
        memory->findResource(address);
    auto staged = stagedSizes.find(address);
    if (!resource && staged != stagedSizes.end())
      resource = *staged;
    if (!resource)
      return llvm::createStringError(launch.label + ": capture: address " +
                                     llvm::Twine(address) +
                                     " is in no resource of this device");
    auto [start, size] = *resource;
    auto bound = boundRanges.find(address);
    uint64_t bytes =
        bound != boundRanges.end() ? bound->second : start + size - address;
    bytes = std::min<uint64_t>(bytes, start + size - address);
    bindings.push_back(
        {reinterpret_cast<const void *>(start), size, address - start, bytes});
  }
  return bindings;
}

/// Runs `launch` alone, with the bytes it binds recorded before and after.
llvm::Error CudaCommandList::launchCaptured(const CudaLaunch &launch) {
  if (!launch.ptx)
    return llvm::createStringError(launch.label + ": no PTX to capture");
  CapturedKernel kernel;
  kernel.language = "ptx";
  kernel.entryPoint = launch.entryPoint;
  kernel.code = {reinterpret_cast<const uint8_t *>(launch.ptx->data()),
                 launch.ptx->size()};
  kernel.numBindings = launch.arguments.size();
  kernel.block = launch.block;
  auto id = capture->addKernel(launch.ptx, kernel);
  if (!id)
    return id.takeError();
  auto bindings = describeBindings(launch);
  if (!bindings)
    return bindings.takeError();
  cuda::CUstream queue = context->getQueue();
  auto read = [&](const void *resource, uint64_t offset,
                  llvm::MutableArrayRef<uint8_t> out) -> llvm::Error {
    if (llvm::Error error = context->check(
            context->api().cuStreamSynchronize(queue), "cuStreamSynchronize"))
      return error;
    auto source = static_cast<cuda::CUdeviceptr>(
        reinterpret_cast<uintptr_t>(resource) + offset);
    return context->check(
        context->api().cuMemcpyDtoH_v2(out.data(), source, out.size()),
        "cuMemcpyDtoH_v2");
  };
  auto run = [&]() -> llvm::Error {
    if (llvm::Error error = this->launch(launch))
      return error;
    return context->check(context->api().cuStreamSynchronize(queue),
                          "cuStreamSynchronize");
  };
  return capture->captureDispatch(*id, launch.grid, *bindings, read, run);
}

} // namespace opencgc::device
