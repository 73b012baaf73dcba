//===- PartitionInvokes.h - A partition's invokes, as steps -----*- C++ -*-===//
//
// What every device that generates kernels (vulkan, cuda, nvvm-host,
// dxil-host) reads from a partition container: its one cgc.partition, per
// cgc.invoke the subgraph it runs, the bind point behind each operand and
// the schedule's cgc.depends; and the one loop that turns the invokes into
// the steps a partition runs, generating each subgraph's kernels once.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_GPUKERNELS_PARTITIONINVOKES_H
#define OPENCGC_LIB_DEVICE_GPUKERNELS_PARTITIONINVOKES_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace opencgc::device {

struct PartitionModule {
  mlir::OwningOpRef<cgc::ModuleOp> module;
  cgc::PartitionOp partition;
};

/// Reads a CGC_SUBGRAPH_PARTITION container holding exactly one partition.
llvm::Expected<PartitionModule>
readPartitionContainer(llvm::ArrayRef<uint8_t> container,
                       mlir::MLIRContext &context);

struct PartitionInvoke {
  cgc::SubgraphOp subgraph;
  /// The bind point (partition argument) of each invoke operand.
  llvm::SmallVector<unsigned, 8> operands;
  /// cgc.depends, when the schedule recorded it.
  std::optional<llvm::SmallVector<int64_t, 4>> depends;
};

/// What a generated partition keeps of an invoke to run it.
struct InvokeStep {
  /// The subgraph whose kernels it launches.
  std::string subgraph;
  /// The bind point behind each operand.
  llvm::SmallVector<unsigned, 8> operands;
  /// Earlier steps it waits for: cgc.depends, or without a schedule the
  /// step before it.
  llvm::SmallVector<int64_t, 4> depends;
};

/// The partition's invokes in order. An invoke of something other than a
/// subgraph, or with an operand that is not a bind point (views are not
/// supported on `deviceName` yet), is an error saying so.
llvm::Expected<std::vector<PartitionInvoke>>
collectPartitionInvokes(cgc::PartitionOp partition, llvm::StringRef deviceName);

/// Generates a subgraph's kernels, given its first invoke.
using SubgraphGenerator = llvm::function_ref<llvm::Error(PartitionInvoke &)>;

/// The steps of `invokes`, in order, calling `generate` once per subgraph
/// they run, at its first invoke; the first error stops the loop.
llvm::Expected<std::vector<InvokeStep>>
generateInvokeSteps(llvm::MutableArrayRef<PartitionInvoke> invokes,
                    SubgraphGenerator generate);

/// generateInvokeSteps with the subgraphs generated concurrently, on every
/// core: a large model is one partition of a hundred subgraphs or more,
/// each taking its time in MLIR, the backend and the driver's compiler
/// (issue 27, "time to first inference"). `generate` must be safe to call
/// from several threads; Kernel IR generation is once the device has
/// loaded its dialects. Every subgraph is generated; the error returned is
/// that of the first failing subgraph in invoke order, as the serial loop
/// would return.
llvm::Expected<std::vector<InvokeStep>>
generateInvokeStepsConcurrently(llvm::MutableArrayRef<PartitionInvoke> invokes,
                                SubgraphGenerator generate);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_GPUKERNELS_PARTITIONINVOKES_H
