//===- DxilOpTable.h - The dx.op opcodes and their properties ---*- C++ -*-===//
//
// Opcode numbers and names are those of DXIL.rst "Operations via external
// functions"; function classes, shader models and stages come from DXC's
// hctdb.py (reference section 4: opcodes 0-257 match, 226-237 reserved).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILOPTABLE_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILOPTABLE_H

#include "opencgc/Codegen/DxilOpcodes.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace opencgc::codegen {

/// Opcodes 0 to 257 exist; DXIL.rst lists no more.
inline constexpr unsigned kDxilOpCount = 258;

/// The operation's name in DXIL.rst, e.g. "BufferLoad".
llvm::StringRef getDxilOpName(unsigned opcode);
/// The function class in dx.op.<class>[.<overload>], e.g. "bufferLoad", or
/// "" where this table does not record it.
llvm::StringRef getDxilOpClass(unsigned opcode);
/// The old WaveMatrix operations 226-237, now reserved.
bool isReservedDxilOp(unsigned opcode);
/// The smallest shader model 6.x minor version that defines the opcode.
unsigned getDxilOpMinShaderModel(unsigned opcode);
/// Operations that compute derivatives, implicitly or explicitly.
bool isDerivativeDxilOp(unsigned opcode);
/// Whether a compute shader may call the operation (derivatives aside).
bool isDxilOpAllowedInCompute(unsigned opcode);
/// Wave and quad operations (shader flag bit 19).
bool isWaveDxilOp(unsigned opcode);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILOPTABLE_H
