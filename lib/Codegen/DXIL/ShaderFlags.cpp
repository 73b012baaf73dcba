//===- ShaderFlags.cpp - Shader flags against the features used -----------===//
//
// META.FLAGSUSAGE ("Flags must match usage") compares the declared flags
// exactly with those recomputed from the module (reference 3.5). This file
// recomputes the bits listed in kModelledBits the way DXC's
// CollectShaderFlags does, as far as its effect is visible in the corpus.
//
//===----------------------------------------------------------------------===//
#include "ShaderFlags.h"

#include "DxilCalls.h"
#include "DxilModuleFacts.h"
#include "DxilOpTable.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

enum FlagBit : unsigned {
  Doubles = 2,
  RawAndStructuredBuffers = 4,
  LowPrecision = 5,
  DoubleExtensions = 6,
  Msad = 7,
  TiledResources = 12,
  Uavs64 = 15,
  UavsAtEveryStage = 16,
  WaveOps = 19,
  Int64Ops = 20,
  NativeLowPrecision = 23,
  RaytracingTier11 = 25,
  AtomicInt64OnTypedResource = 27,
  AtomicInt64OnGroupShared = 28,
  ResourceHeapIndexing = 30,
  SamplerHeapIndexing = 31,
  AtomicInt64OnHeapResource = 32,
  ResMayNotAlias = 33,
  AdvancedTextureOps = 34,
  WriteableMsaaTextures = 35,
  SampleCmpGradientOrBias = 36,
};

constexpr uint64_t bit(unsigned index) { return uint64_t(1) << index; }

constexpr uint64_t kModelledBits =
    bit(Doubles) | bit(RawAndStructuredBuffers) | bit(LowPrecision) |
    bit(DoubleExtensions) | bit(Msad) | bit(TiledResources) | bit(Uavs64) |
    bit(UavsAtEveryStage) | bit(WaveOps) | bit(Int64Ops) |
    bit(RaytracingTier11) | bit(AtomicInt64OnTypedResource) |
    bit(AtomicInt64OnGroupShared) | bit(ResourceHeapIndexing) |
    bit(SamplerHeapIndexing) | bit(AtomicInt64OnHeapResource) |
    bit(ResMayNotAlias) | bit(AdvancedTextureOps) | bit(WriteableMsaaTextures) |
    bit(SampleCmpGradientOrBias);

/// Shader flag bit -> SFI0 bit (reference 3.7; bit 7 -> 0x40 and bits
/// 9-11, 14, 21-26, 29, 34-37 from DXC's GetFeatureInfo).
const std::pair<unsigned, uint64_t> kFeatureInfo[] = {
    {2, 0x1},         {6, 0x20},        {7, 0x40},        {9, 0x2000},
    {10, 0x400},      {11, 0x200},      {12, 0x100},      {13, 0x800},
    {14, 0x80},       {15, 0x8},        {16, 0x4},        {17, 0x2},
    {18, 0x1000},     {19, 0x4000},     {20, 0x8000},     {21, 0x10000},
    {22, 0x20000},    {24, 0x80000},    {25, 0x100000},   {26, 0x200000},
    {27, 0x400000},   {28, 0x800000},   {29, 0x1000000},  {30, 0x2000000},
    {31, 0x4000000},  {32, 0x10000000}, {34, 0x20000000}, {35, 0x40000000},
    {36, 0x80000000}, {37, 0x100000000}};

/// Operand positions of texel offsets in the sampling, gather and load
/// operations (hctdb.py signatures): first, count.
std::optional<std::pair<unsigned, unsigned>> getOffsetOperands(unsigned op) {
  if (op >= dxil_op::Sample && op <= 65)
    return std::make_pair(7u, 3u);
  if (op == dxil_op::TextureGather || op == dxil_op::TextureGatherCmp)
    return std::make_pair(7u, 2u);
  if (op == dxil_op::TextureLoad)
    return std::make_pair(6u, 3u);
  return std::nullopt;
}

class FlagCollector {
public:
  FlagCollector(const Module &module, const DxilModuleFacts &facts)
      : module(module), facts(facts) {}

  uint64_t run() {
    for (const Function &function : module)
      for (const Instruction &instruction : instructions(function)) {
        visitTypes(instruction);
        visitInstruction(instruction);
      }
    visitResources();
    return flags;
  }

private:
  void set(unsigned index) { flags |= bit(index); }

  void visitType(Type *type) {
    if (type->isDoubleTy())
      set(Doubles);
    else if (type->isIntegerTy(64))
      set(Int64Ops);
    else if (type->isHalfTy() || type->isIntegerTy(16))
      set(LowPrecision);
  }

  void visitTypes(const Instruction &instruction) {
    visitType(instruction.getType());
    for (const Value *operand : instruction.operands())
      visitType(operand->getType());
  }

  void visitInstruction(const Instruction &instruction) {
    switch (instruction.getOpcode()) {
    case Instruction::FDiv:
    case Instruction::UIToFP:
    case Instruction::SIToFP:
      if (instruction.getType()->isDoubleTy())
        set(DoubleExtensions);
      break;
    case Instruction::FPToUI:
    case Instruction::FPToSI:
      if (instruction.getOperand(0)->getType()->isDoubleTy())
        set(DoubleExtensions);
      break;
    case Instruction::AtomicRMW:
    case Instruction::AtomicCmpXchg:
      visitAtomic(instruction);
      break;
    case Instruction::Call:
      if (std::optional<unsigned> op =
              getDxilOpcode(cast<CallInst>(instruction)))
        visitDxilOp(cast<CallInst>(instruction), *op);
      break;
    default:
      break;
    }
  }

  void visitAtomic(const Instruction &instruction) {
    const Value *pointer =
        isa<AtomicRMWInst>(instruction)
            ? cast<AtomicRMWInst>(instruction).getPointerOperand()
            : cast<AtomicCmpXchgInst>(instruction).getPointerOperand();
    const Type *value = isa<AtomicRMWInst>(instruction)
                            ? instruction.getType()
                            : instruction.getOperand(1)->getType();
    if (value->isIntegerTy(64) &&
        pointer->getType()->getPointerAddressSpace() == 3)
      set(AtomicInt64OnGroupShared);
  }

  void visitDxilOp(const CallInst &call, unsigned op) {
    if (op == dxil_op::Msad)
      set(Msad);
    if (op == dxil_op::Fma && call.getType()->isDoubleTy())
      set(DoubleExtensions);
    if (op == dxil_op::CheckAccessFullyMapped)
      set(TiledResources);
    if (isWaveDxilOp(op))
      set(WaveOps);
    if (op >= dxil_op::AllocateRayQuery && op <= dxil_op::LastRayQuery)
      set(RaytracingTier11);
    if (op == dxil_op::CreateHandleFromHeap && call.arg_size() == 4) {
      auto *samplerHeap = dyn_cast<ConstantInt>(call.getArgOperand(2));
      set(samplerHeap && samplerHeap->isOne() ? SamplerHeapIndexing
                                              : ResourceHeapIndexing);
    }
    if (op == dxil_op::SampleCmpGrad || op == dxil_op::SampleCmpBias)
      set(SampleCmpGradientOrBias);
    if (op == dxil_op::TextureGatherRaw || op == dxil_op::SampleCmpLevel ||
        op == dxil_op::TextureStoreSample || hasDynamicOffset(call, op))
      set(AdvancedTextureOps);
    if (op == dxil_op::TextureStoreSample)
      set(WriteableMsaaTextures);
    if (op == dxil_op::AnnotateHandle) {
      std::optional<ResolvedHandle> handle = resolveHandle(&call, facts);
      usesUav |= handle && handle->resourceClass == Uav;
    }
    if ((op == dxil_op::AtomicBinOp || op == dxil_op::AtomicCompareExchange) &&
        call.getType()->isIntegerTy(64))
      visitAtomic64(call);
  }

  static bool hasDynamicOffset(const CallInst &call, unsigned op) {
    std::optional<std::pair<unsigned, unsigned>> offsets =
        getOffsetOperands(op);
    if (!offsets || call.arg_size() < offsets->first + offsets->second)
      return false;
    for (unsigned i = 0; i < offsets->second; ++i)
      if (!isa<Constant>(call.getArgOperand(offsets->first + i)))
        return true;
    return false;
  }

  void visitAtomic64(const CallInst &call) {
    std::optional<ResolvedHandle> handle =
        resolveHandle(call.getArgOperand(1), facts);
    if (!handle)
      return;
    if (handle->fromHeap)
      set(AtomicInt64OnHeapResource);
    if (handle->kind >= 1 && handle->kind <= resource_kind::TypedBuffer)
      set(AtomicInt64OnTypedResource);
  }

  void visitResources() {
    uint64_t uavSlots = 0;
    for (unsigned resourceClass : {Srv, Uav})
      for (const DxilResource &record : facts.resources[resourceClass]) {
        if (record.kind == resource_kind::RawBuffer ||
            record.kind == resource_kind::StructuredBuffer)
          set(RawAndStructuredBuffers);
        if (resourceClass != Uav)
          continue;
        usesUav = true;
        uavSlots += record.isUnbounded() ? 9 : record.rangeSize;
        if (record.kind == resource_kind::Texture2DMS ||
            record.kind == resource_kind::Texture2DMSArray)
          set(WriteableMsaaTextures);
      }
    // "Up to 64 UAVs": more than 8 UAV slots (reference 3.5).
    if (uavSlots > 8)
      set(Uavs64);
    if (usesUav && facts.dxilAtLeast(7))
      set(ResMayNotAlias);
  }

  const Module &module;
  const DxilModuleFacts &facts;
  uint64_t flags = 0;
  bool usesUav = false;
};

const char *getFlagName(unsigned index) {
  switch (index) {
  case Doubles:
    return "doubles";
  case RawAndStructuredBuffers:
    return "raw and structured buffers";
  case LowPrecision:
    return "min-precision/16-bit types";
  case DoubleExtensions:
    return "double extensions";
  case Msad:
    return "MSAD";
  case TiledResources:
    return "tiled resources";
  case Uavs64:
    return "up to 64 UAVs";
  case UavsAtEveryStage:
    return "UAVs at every stage";
  case WaveOps:
    return "wave operations";
  case Int64Ops:
    return "64-bit integers";
  case NativeLowPrecision:
    return "native low precision";
  case RaytracingTier11:
    return "ray tracing tier 1.1";
  case AtomicInt64OnTypedResource:
    return "64-bit atomics on typed resources";
  case AtomicInt64OnGroupShared:
    return "64-bit atomics on groupshared";
  case ResourceHeapIndexing:
    return "resource descriptor heap indexing";
  case SamplerHeapIndexing:
    return "sampler descriptor heap indexing";
  case AtomicInt64OnHeapResource:
    return "64-bit atomics on heap resources";
  case ResMayNotAlias:
    return "resources may not alias";
  case AdvancedTextureOps:
    return "advanced texture operations";
  case WriteableMsaaTextures:
    return "writeable MSAA textures";
  case SampleCmpGradientOrBias:
    return "SampleCmp gradient or bias";
  default:
    return "unnamed";
  }
}

} // namespace

ShaderFlagUsage collectShaderFlags(const Module &module,
                                   const DxilModuleFacts &facts) {
  ShaderFlagUsage usage;
  usage.expected = FlagCollector(module, facts).run();
  usage.checked = kModelledBits;
  // Native low precision goes with 16-bit types in the native layout; a
  // legacy layout must not claim it (reference 2.2 and 3.5).
  if (usage.expected & bit(LowPrecision)) {
    usage.checked |= bit(NativeLowPrecision);
    if (facts.nativeLowPrecision)
      usage.expected |= bit(NativeLowPrecision);
  } else if (!facts.nativeLowPrecision) {
    usage.checked |= bit(NativeLowPrecision);
  }
  return usage;
}

uint64_t getFeatureInfo(uint64_t shaderFlags) {
  uint64_t info = 0;
  for (auto [index, feature] : kFeatureInfo)
    if (shaderFlags & bit(index))
      info |= feature;
  // Min-precision becomes native low precision with bit 23 (reference 3.7).
  if (shaderFlags & bit(LowPrecision))
    info |= shaderFlags & bit(NativeLowPrecision) ? 0x40000 : 0x10;
  return info;
}

void checkShaderFlags(const Module &module, const DxilModuleFacts &facts,
                      DxilReport &report) {
  ShaderFlagUsage usage = collectShaderFlags(module, facts);
  uint64_t wrong = (facts.shaderFlags ^ usage.expected) & usage.checked;
  for (unsigned index = 0; index < 64; ++index)
    if (wrong & bit(index))
      report.error("META.FLAGSUSAGE", section::Metadata,
                   Twine("Flags must match usage: shader flag bit ") +
                       Twine(index) + " (" + getFlagName(index) + ") is " +
                       (facts.shaderFlags & bit(index) ? "set" : "clear") +
                       " but the module " +
                       (usage.expected & bit(index) ? "needs"
                                                    : "does not "
                                                      "use") +
                       " it");
}

} // namespace opencgc::codegen
