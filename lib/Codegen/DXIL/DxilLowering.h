//===- DxilLowering.h - An NVVM-style kernel made a DXIL entry --*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILLOWERING_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILLOWERING_H

#include "opencgc/Codegen/KernelIR.h"

#include "llvm/Support/Error.h"

#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace opencgc::codegen {

/// How bind point k is bound: a raw-buffer SRV (t<k>) when the kernel only
/// reads it, else a UAV (u<k>); `rangeId` is its record's id in its class.
struct DxilBinding {
  bool isUav = false;
  unsigned rangeId = 0;
};

/// The shader model a kernel is written for: cs_6_0 unless it needs more
/// (16-bit types need SM 6.2) or more is asked for.
struct DxilShaderTarget {
  unsigned minor = 0;
  /// Native 16-bit types (DXC's -enable-16bit-types): half and i16 values
  /// and buffer elements, the native data layout and shader flags.
  bool native16Bit = false;

  bool usesRawBufferOps() const { return minor >= 2; }
  /// createHandle is refused from SM 6.6 on (reference section 0 item 5).
  bool usesHandlesFromBinding() const { return minor >= 6; }
};

/// The name DXC gives a compute entry (reference 2.2).
inline constexpr const char *kDxilEntryName = "main";

/// Rewrites `launch`'s kernel (bare pointer parameters, scalar loads and
/// stores, llvm.nvvm.read.ptx.sreg.* ids) into `void @main()`: a handle per
/// parameter, dx.op loads and stores at byte offsets from the getelementptr
/// indices (bytes inside their words, stored by atomics), dx.op thread and
/// group ids, the launch's constants for the block and grid sizes. An
/// access whose pointer is not one parameter plus getelementptrs is an
/// error naming the instruction.
llvm::Expected<std::vector<DxilBinding>>
lowerKernelToDxilEntry(llvm::Module &module, const KernelLaunch &launch,
                       const DxilShaderTarget &target);

/// Makes every i8 value of `entry` an i32 holding it zero-extended, since
/// DXIL computes in no 8-bit type (TYPES.I8). An instruction it has no
/// 32-bit form for is an error naming it.
llvm::Error promoteBytesToWords(llvm::Function &entry,
                                const KernelLaunch &launch);

/// Computes `entry`'s i64 index arithmetic in i32, as DXC would for the
/// same HLSL, so that the shader needs no Int64 capability; i32 byte
/// offsets bound every index. Leaves a kernel with another i64 use as it
/// is, and says whether it narrowed anything.
bool narrowIndexArithmetic(llvm::Function &entry);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILLOWERING_H
