//===- DxilOpTable.h - The dx.op opcodes and their properties ---*- C++ -*-===//
//
// Opcode numbers and names are those of DXIL.rst "Operations via external
// functions"; function classes, shader models and stages come from DXC's
// hctdb.py (reference section 4: opcodes 0-257 match, 226-237 reserved).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILOPTABLE_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILOPTABLE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace opencgc::codegen {

/// Opcodes the rules refer to by name.
namespace dxil_op {
enum : unsigned {
  Msad = 50,
  Fma = 47,
  CreateHandle = 57,
  CBufferLoad = 58,
  CBufferLoadLegacy = 59,
  Sample = 60,
  TextureLoad = 66,
  TextureStore = 67,
  BufferLoad = 68,
  BufferStore = 69,
  BufferUpdateCounter = 70,
  CheckAccessFullyMapped = 71,
  GetDimensions = 72,
  TextureGather = 73,
  TextureGatherCmp = 74,
  AtomicBinOp = 78,
  AtomicCompareExchange = 79,
  Barrier = 80,
  ThreadId = 93,
  GroupId = 94,
  ThreadIdInGroup = 95,
  WaveActiveOp = 119,
  WaveActiveBit = 120,
  WavePrefixOp = 121,
  RawBufferLoad = 139,
  RawBufferStore = 140,
  AllocateRayQuery = 178,
  LastRayQuery = 215,
  AnnotateHandle = 216,
  CreateHandleFromBinding = 217,
  CreateHandleFromHeap = 218,
  TextureGatherRaw = 223,
  SampleCmpLevel = 224,
  TextureStoreSample = 225,
  SampleCmpGrad = 254,
  SampleCmpBias = 255,
};
} // namespace dxil_op

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
