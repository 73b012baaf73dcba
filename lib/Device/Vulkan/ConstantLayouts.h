//===- ConstantLayouts.h - Which constants a partition re-lays out -*- C++
//-*-===//
//
// Constant preprocessing for a partition's kernels (docs/compiler.md,
// "Constant layouts"): which subgraph inputs the kernel generator may read
// re-laid out, and the layouts its kernels then read, recorded on the bind
// points for the program executor.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_VULKAN_CONSTANTLAYOUTS_H
#define OPENCGC_LIB_DEVICE_VULKAN_CONSTANTLAYOUTS_H

#include "../GpuKernels/PartitionInvokes.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Device/StateObject.h"
#include "llvm/ADT/StringMap.h"

namespace opencgc::device {

/// Per invoked subgraph (by symbol), the kernel options that let it read
/// input i re-laid out where every invoke of it binds there a constant bind
/// point that no other invoke operand of the partition reads: a re-laid out
/// copy then serves every reader of that bind point.
llvm::StringMap<codegen::KernelOptions>
chooseRelayoutableInputs(cgc::PartitionOp partition,
                         llvm::ArrayRef<PartitionInvoke> invokes);

/// Records on `bindPoints` the layout each subgraph's kernels read their
/// inputs in (getInputLayouts with `options`), with the laid-out size.
void recordInputLayouts(std::vector<BindPoint> &bindPoints,
                        cgc::PartitionOp partition,
                        llvm::ArrayRef<PartitionInvoke> invokes,
                        const llvm::StringMap<codegen::KernelOptions> &options);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_VULKAN_CONSTANTLAYOUTS_H
