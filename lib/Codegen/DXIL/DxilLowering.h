//===- DxilLowering.h - An NVVM-style kernel made a DXIL entry --*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILLOWERING_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILLOWERING_H

#include "opencgc/Codegen/KernelIR.h"

#include "llvm/Support/Error.h"

#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::codegen {

/// How bind point k is bound: a raw-buffer SRV (t<k>) when the kernel only
/// reads it, else a UAV (u<k>); `rangeId` is its record's id in its class.
struct DxilBinding {
  bool isUav = false;
  unsigned rangeId = 0;
};

/// The name DXC gives a compute entry (reference 2.2).
inline constexpr const char *kDxilEntryName = "main";

/// Rewrites `launch`'s kernel (bare pointer parameters, scalar loads and
/// stores, llvm.nvvm.read.ptx.sreg.* ids) into `void @main()`: a handle per
/// parameter, dx.op bufferLoad/bufferStore at byte offsets from the
/// getelementptr indices, dx.op thread and group ids, the launch's
/// constants for the block and grid sizes. An access whose pointer is not
/// one parameter plus getelementptrs is an error naming the instruction.
llvm::Expected<std::vector<DxilBinding>>
lowerKernelToDxilEntry(llvm::Module &module, const KernelLaunch &launch);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILLOWERING_H
