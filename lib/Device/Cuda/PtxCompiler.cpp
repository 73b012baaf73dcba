//===- PtxCompiler.cpp - NVVM IR to PTX for one GPU -----------------------===//
#include "PtxCompiler.h"

#include "llvm/ADT/STLExtras.h"

namespace opencgc::device {
namespace {

/// libNVVM's compute_NN targets, newest first: CUDA 13 knows compute_75 to
/// compute_121, older toolkits stop earlier and still know compute_70/72.
constexpr int kTargets[] = {121, 120, 110, 103, 100, 90, 89,
                            87,  86,  80,  75,  72,  70};

/// The newest target not newer than `limit`, or 0.
int targetAtMost(int limit) {
  for (int target : kTargets)
    if (target <= limit)
      return target;
  return 0;
}

std::string archName(int target) { return "compute_" + std::to_string(target); }

std::string capabilityName(int capability) {
  return std::to_string(capability / 10) + "." +
         std::to_string(capability % 10);
}

/// Whether libNVVM refused the -arch option itself (an older libNVVM that
/// does not know the target), rather than the kernel.
bool rejectsTarget(const std::string &message) {
  return llvm::StringRef(message).contains("NVVM_ERROR_INVALID_OPTION") &&
         llvm::StringRef(message).contains("-arch=");
}

} // namespace

llvm::Expected<std::unique_ptr<PtxCompiler>>
PtxCompiler::create(int capability, std::string cacheDirectory) {
  auto libNvvm = codegen::LibNvvm::get();
  if (!libNvvm)
    return libNvvm.takeError();
  int target = targetAtMost(capability);
  if (!target)
    return llvm::createStringError(
        "compute capability " + capabilityName(capability) +
        " is older than compute_70, the oldest target this device compiles "
        "for");
  return std::unique_ptr<PtxCompiler>(
      new PtxCompiler(*libNvvm, capability, target, std::move(cacheDirectory)));
}

llvm::Expected<std::string> PtxCompiler::compile(llvm::ArrayRef<char> bitcode,
                                                 llvm::StringRef name) {
  while (true) {
    int current = target.load();
    std::string arch = archName(current);
    if (std::optional<std::string> cached = cache.load(bitcode, name, arch))
      return *cached;
    auto ptx = libNvvm.compileToPtx(bitcode, name, arch);
    if (ptx) {
      cache.store(bitcode, name, arch, *ptx);
      return ptx;
    }
    std::string message = llvm::toString(ptx.takeError());
    int older = targetAtMost(current - 1);
    if (!rejectsTarget(message) || !older)
      return llvm::createStringError(message);
    // Another thread may have stepped down already; never step up.
    target.compare_exchange_strong(current, older);
  }
}

std::string PtxCompiler::describe() const {
  int current = target.load();
  std::string text = "PTX for " + archName(current);
  if (current == capability)
    return text;
  if (current == targetAtMost(capability))
    return text + " (the newest target not newer than compute capability " +
           capabilityName(capability) + ")";
  return text + " (the newest target this libNVVM accepts; the GPU is " +
         "compute capability " + capabilityName(capability) + ")";
}

} // namespace opencgc::device
