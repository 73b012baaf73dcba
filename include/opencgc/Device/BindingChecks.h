//===- BindingChecks.h - DispatchGraph argument checks ----------*- C++ -*-===//
//
// What the specification's debug layer checks of a DispatchGraph's
// D3D12_MLIR_PROGRAM_BINDINGs ("Debug Layer"), shared by every device: each
// bind point bound exactly once, by an index in range; GPU ranges non-null,
// at least as large as the bind point's memref and aligned to its element;
// CPU data exactly the memref's size, only on tier 2.0 devices and only for
// bind points the program does not write. Whether a GPU range lies in the
// device's memory is the device's own check.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_BINDINGCHECKS_H
#define OPENCGC_DEVICE_BINDINGCHECKS_H

#include "opencgc/Device/Device.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include <vector>

namespace opencgc::device {

/// The bind points of `partition`, in order.
std::vector<BindPoint> describeBindPoints(cgc::PartitionOp partition);

/// The binding of each bind point, in bind point order, or an error
/// "DispatchGraph of program 'NAME': ..." naming the bind point.
llvm::Expected<std::vector<const ProgramBinding *>>
checkBindings(llvm::StringRef programName, llvm::ArrayRef<BindPoint> points,
              llvm::ArrayRef<ProgramBinding> bindings, MlirProgramsTier tier);

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_BINDINGCHECKS_H
