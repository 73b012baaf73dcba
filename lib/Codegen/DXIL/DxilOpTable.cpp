//===- DxilOpTable.cpp - The dx.op opcodes and their properties -----------===//
#include "DxilOpTable.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

struct OpEntry {
  const char *name;
  /// Null where this table does not record the function class.
  const char *opClass;
};

// Indexed by opcode; names from DXIL.rst, classes from hctdb.py.
const OpEntry kOps[kDxilOpCount] = {
    {"TempRegLoad", "tempRegLoad"},
    {"TempRegStore", "tempRegStore"},
    {"MinPrecXRegLoad", "minPrecXRegLoad"},
    {"MinPrecXRegStore", "minPrecXRegStore"},
    {"LoadInput", "loadInput"},
    {"StoreOutput", "storeOutput"},
    {"FAbs", "unary"},
    {"Saturate", "unary"},
    {"IsNaN", "isSpecialFloat"},
    {"IsInf", "isSpecialFloat"},
    {"IsFinite", "isSpecialFloat"},
    {"IsNormal", "isSpecialFloat"},
    {"Cos", "unary"},
    {"Sin", "unary"},
    {"Tan", "unary"},
    {"Acos", "unary"},
    {"Asin", "unary"},
    {"Atan", "unary"},
    {"Hcos", "unary"},
    {"Hsin", "unary"},
    {"Htan", "unary"},
    {"Exp", "unary"},
    {"Frc", "unary"},
    {"Log", "unary"},
    {"Sqrt", "unary"},
    {"Rsqrt", "unary"},
    {"Round_ne", "unary"},
    {"Round_ni", "unary"},
    {"Round_pi", "unary"},
    {"Round_z", "unary"},
    {"Bfrev", "unaryBits"},
    {"Countbits", "unaryBits"},
    {"FirstbitLo", "unaryBits"},
    {"FirstbitHi", "unaryBits"},
    {"FirstbitSHi", "unaryBits"},
    {"FMax", "binary"},
    {"FMin", "binary"},
    {"IMax", "binary"},
    {"IMin", "binary"},
    {"UMax", "binary"},
    {"UMin", "binary"},
    {"IMul", "binaryWithTwoOuts"},
    {"UMul", "binaryWithTwoOuts"},
    {"UDiv", "binaryWithTwoOuts"},
    {"UAddc", "binaryWithCarryOrBorrow"},
    {"USubb", "binaryWithCarryOrBorrow"},
    {"FMad", "tertiary"},
    {"Fma", "tertiary"},
    {"IMad", "tertiary"},
    {"UMad", "tertiary"},
    {"Msad", "tertiary"},
    {"Ibfe", "tertiary"},
    {"Ubfe", "tertiary"},
    {"Bfi", "quaternary"},
    {"Dot2", "dot2"},
    {"Dot3", "dot3"},
    {"Dot4", "dot4"},
    {"CreateHandle", "createHandle"},
    {"CBufferLoad", "cbufferLoad"},
    {"CBufferLoadLegacy", "cbufferLoadLegacy"},
    {"Sample", "sample"},
    {"SampleBias", "sampleBias"},
    {"SampleLevel", "sampleLevel"},
    {"SampleGrad", "sampleGrad"},
    {"SampleCmp", "sampleCmp"},
    {"SampleCmpLevelZero", "sampleCmpLevelZero"},
    {"TextureLoad", "textureLoad"},
    {"TextureStore", "textureStore"},
    {"BufferLoad", "bufferLoad"},
    {"BufferStore", "bufferStore"},
    {"BufferUpdateCounter", "bufferUpdateCounter"},
    {"CheckAccessFullyMapped", "checkAccessFullyMapped"},
    {"GetDimensions", "getDimensions"},
    {"TextureGather", "textureGather"},
    {"TextureGatherCmp", "textureGatherCmp"},
    {"Texture2DMSGetSamplePosition", "texture2DMSGetSamplePosition"},
    {"RenderTargetGetSamplePosition", "renderTargetGetSamplePosition"},
    {"RenderTargetGetSampleCount", "renderTargetGetSampleCount"},
    {"AtomicBinOp", "atomicBinOp"},
    {"AtomicCompareExchange", "atomicCompareExchange"},
    {"Barrier", "barrier"},
    {"CalculateLOD", "calculateLOD"},
    {"Discard", "discard"},
    {"DerivCoarseX", "unary"},
    {"DerivCoarseY", "unary"},
    {"DerivFineX", "unary"},
    {"DerivFineY", "unary"},
    {"EvalSnapped", "evalSnapped"},
    {"EvalSampleIndex", "evalSampleIndex"},
    {"EvalCentroid", "evalCentroid"},
    {"SampleIndex", "sampleIndex"},
    {"Coverage", "coverage"},
    {"InnerCoverage", "innerCoverage"},
    {"ThreadId", "threadId"},
    {"GroupId", "groupId"},
    {"ThreadIdInGroup", "threadIdInGroup"},
    {"FlattenedThreadIdInGroup", "flattenedThreadIdInGroup"},
    {"EmitStream", "emitStream"},
    {"CutStream", "cutStream"},
    {"EmitThenCutStream", "emitThenCutStream"},
    {"GSInstanceID", "gsInstanceID"},
    {"MakeDouble", "makeDouble"},
    {"SplitDouble", "splitDouble"},
    {"LoadOutputControlPoint", "loadOutputControlPoint"},
    {"LoadPatchConstant", "loadPatchConstant"},
    {"DomainLocation", "domainLocation"},
    {"StorePatchConstant", "storePatchConstant"},
    {"OutputControlPointID", "outputControlPointID"},
    {"PrimitiveID", "primitiveID"},
    {"CycleCounterLegacy", "cycleCounterLegacy"},
    {"WaveIsFirstLane", "waveIsFirstLane"},
    {"WaveGetLaneIndex", "waveGetLaneIndex"},
    {"WaveGetLaneCount", "waveGetLaneCount"},
    {"WaveAnyTrue", "waveAnyTrue"},
    {"WaveAllTrue", "waveAllTrue"},
    {"WaveActiveAllEqual", "waveActiveAllEqual"},
    {"WaveActiveBallot", "waveActiveBallot"},
    {"WaveReadLaneAt", "waveReadLaneAt"},
    {"WaveReadLaneFirst", "waveReadLaneFirst"},
    {"WaveActiveOp", "waveActiveOp"},
    {"WaveActiveBit", "waveActiveBit"},
    {"WavePrefixOp", "wavePrefixOp"},
    {"QuadReadLaneAt", "quadReadLaneAt"},
    {"QuadOp", "quadOp"},
    {"BitcastI16toF16", "bitcastI16toF16"},
    {"BitcastF16toI16", "bitcastF16toI16"},
    {"BitcastI32toF32", "bitcastI32toF32"},
    {"BitcastF32toI32", "bitcastF32toI32"},
    {"BitcastI64toF64", "bitcastI64toF64"},
    {"BitcastF64toI64", "bitcastF64toI64"},
    {"LegacyF32ToF16", "legacyF32ToF16"},
    {"LegacyF16ToF32", "legacyF16ToF32"},
    {"LegacyDoubleToFloat", "legacyDoubleToFloat"},
    {"LegacyDoubleToSInt32", "legacyDoubleToSInt32"},
    {"LegacyDoubleToUInt32", "legacyDoubleToUInt32"},
    {"WaveAllBitCount", "waveAllOp"},
    {"WavePrefixBitCount", "wavePrefixOp"},
    {"AttributeAtVertex", nullptr},
    {"ViewID", nullptr},
    {"RawBufferLoad", "rawBufferLoad"},
    {"RawBufferStore", "rawBufferStore"},
    {"InstanceID", nullptr},
    {"InstanceIndex", nullptr},
    {"HitKind", nullptr},
    {"RayFlags", nullptr},
    {"DispatchRaysIndex", nullptr},
    {"DispatchRaysDimensions", nullptr},
    {"WorldRayOrigin", nullptr},
    {"WorldRayDirection", nullptr},
    {"ObjectRayOrigin", nullptr},
    {"ObjectRayDirection", nullptr},
    {"ObjectToWorld", nullptr},
    {"WorldToObject", nullptr},
    {"RayTMin", nullptr},
    {"RayTCurrent", nullptr},
    {"IgnoreHit", nullptr},
    {"AcceptHitAndEndSearch", nullptr},
    {"TraceRay", nullptr},
    {"ReportHit", nullptr},
    {"CallShader", nullptr},
    {"CreateHandleForLib", nullptr},
    {"PrimitiveIndex", nullptr},
    {"Dot2AddHalf", "dot2AddHalf"},
    {"Dot4AddI8Packed", "dot4AddPacked"},
    {"Dot4AddU8Packed", "dot4AddPacked"},
    {"WaveMatch", "waveMatch"},
    {"WaveMultiPrefixOp", "waveMultiPrefixOp"},
    {"WaveMultiPrefixBitCount", "waveMultiPrefixBitCount"},
    {"SetMeshOutputCounts", nullptr},
    {"EmitIndices", nullptr},
    {"GetMeshPayload", nullptr},
    {"StoreVertexOutput", nullptr},
    {"StorePrimitiveOutput", nullptr},
    {"DispatchMesh", nullptr},
    {"WriteSamplerFeedback", nullptr},
    {"WriteSamplerFeedbackBias", nullptr},
    {"WriteSamplerFeedbackLevel", nullptr},
    {"WriteSamplerFeedbackGrad", nullptr},
    {"AllocateRayQuery", "allocateRayQuery"},
    {"RayQuery_TraceRayInline", "rayQuery_TraceRayInline"},
    {"RayQuery_Proceed", "rayQuery_Proceed"},
    {"RayQuery_Abort", "rayQuery_Abort"},
    {"RayQuery_CommitNonOpaqueTriangleHit",
     "rayQuery_CommitNonOpaqueTriangleHit"},
    {"RayQuery_CommitProceduralPrimitiveHit",
     "rayQuery_CommitProceduralPrimitiveHit"},
    {"RayQuery_CommittedStatus", nullptr},
    {"RayQuery_CandidateType", nullptr},
    {"RayQuery_CandidateObjectToWorld3x4", nullptr},
    {"RayQuery_CandidateWorldToObject3x4", nullptr},
    {"RayQuery_CommittedObjectToWorld3x4", nullptr},
    {"RayQuery_CommittedWorldToObject3x4", nullptr},
    {"RayQuery_CandidateProceduralPrimitiveNonOpaque", nullptr},
    {"RayQuery_CandidateTriangleFrontFace", nullptr},
    {"RayQuery_CommittedTriangleFrontFace", nullptr},
    {"RayQuery_CandidateTriangleBarycentrics", nullptr},
    {"RayQuery_CommittedTriangleBarycentrics", nullptr},
    {"RayQuery_RayFlags", nullptr},
    {"RayQuery_WorldRayOrigin", nullptr},
    {"RayQuery_WorldRayDirection", nullptr},
    {"RayQuery_RayTMin", nullptr},
    {"RayQuery_CandidateTriangleRayT", nullptr},
    {"RayQuery_CommittedRayT", nullptr},
    {"RayQuery_CandidateInstanceIndex", nullptr},
    {"RayQuery_CandidateInstanceID", nullptr},
    {"RayQuery_CandidateGeometryIndex", nullptr},
    {"RayQuery_CandidatePrimitiveIndex", nullptr},
    {"RayQuery_CandidateObjectRayOrigin", nullptr},
    {"RayQuery_CandidateObjectRayDirection", nullptr},
    {"RayQuery_CommittedInstanceIndex", nullptr},
    {"RayQuery_CommittedInstanceID", nullptr},
    {"RayQuery_CommittedGeometryIndex", nullptr},
    {"RayQuery_CommittedPrimitiveIndex", nullptr},
    {"RayQuery_CommittedObjectRayOrigin", nullptr},
    {"RayQuery_CommittedObjectRayDirection", nullptr},
    {"GeometryIndex", nullptr},
    {"RayQuery_CandidateInstanceContributionToHitGroupIndex", nullptr},
    {"RayQuery_CommittedInstanceContributionToHitGroupIndex", nullptr},
    {"AnnotateHandle", "annotateHandle"},
    {"CreateHandleFromBinding", "createHandleFromBinding"},
    {"CreateHandleFromHeap", "createHandleFromHeap"},
    {"Unpack4x8", "unpack4x8"},
    {"Pack4x8", "pack4x8"},
    {"IsHelperLane", "isHelperLane"},
    {"QuadVote", "quadVote"},
    {"TextureGatherRaw", "textureGatherRaw"},
    {"SampleCmpLevel", "sampleCmpLevel"},
    {"TextureStoreSample", "textureStoreSample"},
    {"WaveMatrix_Annotate", nullptr},
    {"WaveMatrix_Depth", nullptr},
    {"WaveMatrix_Fill", nullptr},
    {"WaveMatrix_LoadRawBuf", nullptr},
    {"WaveMatrix_LoadGroupShared", nullptr},
    {"WaveMatrix_StoreRawBuf", nullptr},
    {"WaveMatrix_StoreGroupShared", nullptr},
    {"WaveMatrix_Multiply", nullptr},
    {"WaveMatrix_MultiplyAccumulate", nullptr},
    {"WaveMatrix_ScalarOp", nullptr},
    {"WaveMatrix_SumAccumulate", nullptr},
    {"WaveMatrix_Add", nullptr},
    {"AllocateNodeOutputRecords", nullptr},
    {"GetNodeRecordPtr", nullptr},
    {"IncrementOutputCount", nullptr},
    {"OutputComplete", nullptr},
    {"GetInputRecordCount", nullptr},
    {"FinishedCrossGroupSharing", nullptr},
    {"BarrierByMemoryType", "barrierByMemoryType"},
    {"BarrierByMemoryHandle", nullptr},
    {"BarrierByNodeRecordHandle", nullptr},
    {"CreateNodeOutputHandle", nullptr},
    {"IndexNodeHandle", nullptr},
    {"AnnotateNodeHandle", nullptr},
    {"CreateNodeInputRecordHandle", nullptr},
    {"AnnotateNodeRecordHandle", nullptr},
    {"NodeOutputIsValid", nullptr},
    {"GetRemainingRecursionLevels", nullptr},
    {"SampleCmpGrad", nullptr},
    {"SampleCmpBias", nullptr},
    {"StartVertexLocation", nullptr},
    {"StartInstanceLocation", nullptr},
};

bool inRange(unsigned opcode, unsigned first, unsigned last) {
  return opcode >= first && opcode <= last;
}

} // namespace

StringRef getDxilOpName(unsigned opcode) {
  return opcode < kDxilOpCount ? kOps[opcode].name : "";
}

StringRef getDxilOpClass(unsigned opcode) {
  if (opcode >= kDxilOpCount || !kOps[opcode].opClass)
    return "";
  return kOps[opcode].opClass;
}

bool isReservedDxilOp(unsigned opcode) { return inRange(opcode, 226, 237); }

unsigned getDxilOpMinShaderModel(unsigned opcode) {
  // The DXIL.rst version-change lists, with the DXIL 1.2 raw buffer ops
  // separated as the reference (section 0, item 4) explains.
  if (opcode <= 136)
    return 0;
  if (opcode <= 138)
    return 1; // AttributeAtVertex, ViewID
  if (opcode <= 140)
    return 2; // RawBufferLoad/Store
  if (opcode <= 161)
    return 3; // ray tracing
  if (opcode <= 164)
    return 4; // packed dot products
  if (opcode <= 215)
    return 5; // wave match, mesh, sampler feedback, ray query
  if (opcode <= 222)
    return 6; // handles from bindings and heaps, pack/unpack
  if (opcode <= 225)
    return 7; // advanced texture operations
  return 8;   // work graphs, barrierByMemoryType, SampleCmpGrad/Bias
}

bool isDerivativeDxilOp(unsigned opcode) {
  // Sample, SampleBias, SampleCmp, CalculateLOD, DerivCoarse/Fine X/Y,
  // WriteSamplerFeedback(Bias), SampleCmpBias.
  return inRange(opcode, 60, 61) || opcode == 64 || opcode == 81 ||
         inRange(opcode, 83, 86) || inRange(opcode, 174, 175) ||
         opcode == dxil_op::SampleCmpBias;
}

bool isDxilOpAllowedInCompute(unsigned opcode) {
  // Signature access, pixel, geometry, hull/domain, ray tracing stage, mesh,
  // amplification, node and vertex operations belong to other stages.
  static const unsigned ranges[][2] = {
      {4, 5},     {76, 77},   {82, 82},   {87, 92},   {97, 100},
      {103, 108}, {137, 138}, {141, 161}, {168, 173}, {213, 213},
      {238, 243}, {245, 253}, {256, 257}};
  for (const auto &range : ranges)
    if (inRange(opcode, range[0], range[1]))
      return false;
  return true;
}

bool isWaveDxilOp(unsigned opcode) {
  return inRange(opcode, 110, 123) || inRange(opcode, 135, 136) ||
         inRange(opcode, 165, 167) || opcode == 222;
}

} // namespace opencgc::codegen
