//===- MathIntrinsicCalls.h - LLVM math intrinsics as calls -----*- C++ -*-===//
//
// LLVM 22 emits intrinsics (llvm.fabs, llvm.maximum, llvm.smax, ...) that
// neither NVVM IR (LLVM 7) nor the DXIL rewrite takes; both want float math
// as calls of a libm-like library and the rest as plain instructions. The
// expansion is the same for every such target; only the library's prefix
// differs (libdevice: "__nv_"), so it is shared here.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_MATHINTRINSICCALLS_H
#define OPENCGC_CODEGEN_MATHINTRINSICCALLS_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::codegen {

/// Replaces the math intrinsics: those on float or double that libm names
/// (fabs, floor, minnum as fmin, roundeven as rint, exp, pow, ...) become
/// calls of `libraryPrefix` + the libm name (`__nv_fabsf`); minimum and
/// maximum a NaN check around fmin/fmax; smax/smin/umax/umin/abs compares
/// and selects. Vector forms are done per element; other intrinsics stay.
/// Declarations left unused are erased.
void expandMathIntrinsics(llvm::Module &module, llvm::StringRef libraryPrefix);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_MATHINTRINSICCALLS_H
