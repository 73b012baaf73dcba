//===- DxilMath.h - DXIL math operations as LLVM IR -------------*- C++ -*-===//
#ifndef OPENCGC_LIB_HOSTGRID_DXILMATH_H
#define OPENCGC_LIB_HOSTGRID_DXILMATH_H

namespace llvm {
class CallInst;
class Value;
} // namespace llvm

namespace opencgc::hostgrid {

/// The host value of a dx.op math call (unary, binary, tertiary and
/// isSpecialFloat classes, reference 4.5) with opcode `opcode`, built before
/// `call`; null when the grid does not lower that operation.
llvm::Value *lowerDxilMath(llvm::CallInst *call, unsigned opcode);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_DXILMATH_H
