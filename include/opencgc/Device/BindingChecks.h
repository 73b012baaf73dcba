//===- BindingChecks.h - DispatchGraph argument checks ----------*- C++ -*-===//
//
// What the specification's debug layer would check of a DispatchGraph's
// D3D12_MLIR_PROGRAM_BINDINGs, shared by every device: each bind point
// bound exactly once, by an index in range, to non-null memory at least as
// large as its memref.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_BINDINGCHECKS_H
#define OPENCGC_DEVICE_BINDINGCHECKS_H

#include "opencgc/Device/Device.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include <vector>

namespace opencgc::device {

/// The binding of each bind point of `partition`, in bind point order, or
/// an error "dispatch of partition @NAME: ..." naming the bind point.
llvm::Expected<std::vector<const Binding *>>
checkBindings(cgc::PartitionOp partition, llvm::ArrayRef<Binding> bindings);

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_BINDINGCHECKS_H
