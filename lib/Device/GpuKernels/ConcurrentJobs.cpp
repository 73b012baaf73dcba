//===- ConcurrentJobs.cpp - Independent jobs on every core ----------------===//
#include "ConcurrentJobs.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <optional>
#include <vector>

namespace opencgc::device {

llvm::Error runConcurrently(size_t count,
                            llvm::function_ref<llvm::Error(size_t)> job) {
  std::vector<std::optional<llvm::Error>> errors(count);
  {
    llvm::StdThreadPool pool(llvm::hardware_concurrency());
    for (size_t index = 0; index < count; ++index)
      pool.async([&, index] { errors[index].emplace(job(index)); });
    pool.wait();
  }
  llvm::Error first = llvm::Error::success();
  for (std::optional<llvm::Error> &error : errors) {
    if (first)
      llvm::consumeError(std::move(*error));
    else
      first = std::move(*error);
  }
  return first;
}

} // namespace opencgc::device
