//===- PartitionInvokes.h - A partition's invokes for GPU devices -*- C++
//-*-===//
//
// What the Vulkan and nvvm-host devices both read from a partition
// container before generating kernels: its one cgc.partition, and per
// cgc.invoke the subgraph it runs, the bind point behind each operand and
// the schedule's cgc.depends.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_PARTITIONINVOKES_H
#define OPENCGC_LIB_DEVICE_PARTITIONINVOKES_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/ADT/ArrayRef.h"
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

/// What a generated partition keeps of an invoke to run it: the subgraph
/// whose kernels it launches and the bind point behind each operand.
struct InvokeStep {
  std::string subgraph;
  llvm::SmallVector<unsigned, 8> operands;
};

/// The partition's invokes in order. An invoke of something other than a
/// subgraph, or with an operand that is not a bind point (views are not
/// supported on `deviceName` yet), is an error saying so.
llvm::Expected<std::vector<PartitionInvoke>>
collectPartitionInvokes(cgc::PartitionOp partition, llvm::StringRef deviceName);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_PARTITIONINVOKES_H
