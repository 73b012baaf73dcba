//===- DxilOpcodes.h - dx.op opcodes by name --------------------*- C++ -*-===//
//
// The opcodes opencgc's DXIL backend, validator and host grid name, as
// DXIL.rst "Operations via external functions" numbers them (reference
// section 4); one list so that the three agree.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_DXILOPCODES_H
#define OPENCGC_CODEGEN_DXILOPCODES_H

namespace opencgc::dxil_op {

enum : unsigned {
  FAbs = 6,
  Saturate = 7,
  IsNaN = 8,
  IsInf = 9,
  IsFinite = 10,
  Cos = 12,
  Sin = 13,
  Tan = 14,
  Acos = 15,
  Asin = 16,
  Atan = 17,
  Hcos = 18,
  Hsin = 19,
  Htan = 20,
  Exp = 21,
  Frc = 22,
  Log = 23,
  Sqrt = 24,
  Rsqrt = 25,
  RoundNe = 26,
  RoundNi = 27,
  RoundPi = 28,
  RoundZ = 29,
  FMax = 35,
  FMin = 36,
  IMax = 37,
  IMin = 38,
  UMax = 39,
  UMin = 40,
  FMad = 46,
  Fma = 47,
  IMad = 48,
  UMad = 49,
  Msad = 50,
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
  FlattenedThreadIdInGroup = 96,
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

} // namespace opencgc::dxil_op

#endif // OPENCGC_CODEGEN_DXILOPCODES_H
