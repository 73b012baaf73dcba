//===- ConcurrentJobs.h - Independent jobs on every core --------*- C++ -*-===//
//
// Compiling a partition is many independent jobs (a subgraph's kernels, a
// pipeline each): the GPU devices run them on every core, and report an
// error as a loop over them in order would.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_GPUKERNELS_CONCURRENTJOBS_H
#define OPENCGC_LIB_DEVICE_GPUKERNELS_CONCURRENTJOBS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cstddef>

namespace opencgc::device {

/// Runs job(0) to job(count - 1) on a pool of every core and waits for all
/// of them. Every job runs; the error returned is the failing job's with
/// the lowest number, the others are dropped.
llvm::Error runConcurrently(size_t count,
                            llvm::function_ref<llvm::Error(size_t)> job);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_GPUKERNELS_CONCURRENTJOBS_H
