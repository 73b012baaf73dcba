//===- DxilOpRules.cpp - dx.op calls and the resources they use -----------===//
//
// DXIL.rst "Operations via external functions" and the resource operation
// sections (BufferLoad, BufferStore, RawBufferLoad/Store, CBufferLoadLegacy,
// GetDimensions, AtomicBinOp, Barrier, ...), with the INSTR.* and SM.* rules
// on them; operand positions are hctdb.py's signatures (reference 4).
//
//===----------------------------------------------------------------------===//
#include "DxilCalls.h"
#include "DxilModuleFacts.h"
#include "DxilOpTable.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

constexpr const char *kOperations = "DXIL.rst Operations via external "
                                    "functions";

/// Operands that must be immediate constants (INSTR.OPCONST), by opcode.
ArrayRef<unsigned> getImmediateOperands(unsigned op) {
  static const unsigned createHandle[] = {1, 2, 4}, alignment[] = {3},
                        bufferStore[] = {8}, textureStore[] = {9},
                        second[] = {1}, third[] = {2}, waveOp[] = {2, 3},
                        rawLoad[] = {4, 5}, rawStore[] = {8, 9},
                        binding[] = {1, 3}, heap[] = {2, 3};
  switch (op) {
  case dxil_op::CreateHandle:
    return createHandle;
  case dxil_op::CBufferLoad:
    return alignment;
  case dxil_op::BufferStore:
    return bufferStore;
  case dxil_op::TextureStore:
    return textureStore;
  case dxil_op::AtomicBinOp:
    return third;
  case dxil_op::Barrier:
  case dxil_op::ThreadId:
  case dxil_op::GroupId:
  case dxil_op::ThreadIdInGroup:
    return second;
  case dxil_op::WaveActiveOp:
  case dxil_op::WavePrefixOp:
    return waveOp;
  case dxil_op::WaveActiveBit:
    return third;
  case dxil_op::RawBufferLoad:
    return rawLoad;
  case dxil_op::RawBufferStore:
    return rawStore;
  case dxil_op::AnnotateHandle:
    return third;
  case dxil_op::CreateHandleFromBinding:
    return binding;
  case dxil_op::CreateHandleFromHeap:
    return heap;
  default:
    return {};
  }
}

bool isBufferKind(uint32_t kind) {
  return kind == resource_kind::TypedBuffer ||
         kind == resource_kind::RawBuffer ||
         kind == resource_kind::StructuredBuffer;
}

std::optional<uint64_t> getInt(const Value *value) {
  // Malformed bitcode can carry constants wider than 64 bits.
  if (auto *constant = dyn_cast<ConstantInt>(value))
    return constant->getValue().tryZExtValue();
  return std::nullopt;
}

class OpChecker {
public:
  OpChecker(const DxilModuleFacts &facts, DxilReport &report)
      : facts(facts), report(report) {}

  void checkFunction(const Function &function) {
    StringRef name = function.getName();
    checkName(function);
    for (const User *user : function.users())
      if (auto *call = dyn_cast<CallInst>(user);
          call && call->getCalledFunction() == &function) {
        where = ("@" + name).str();
        checkCall(*call);
      }
  }

private:
  /// dx.op.<class>[.<overload>], with the i32 opcode first.
  void checkName(const Function &function) {
    static const StringSet<> overloads = {"f16", "f32", "f64", "i1",
                                          "i8",  "i16", "i32", "i64"};
    auto [opClass, overload] =
        function.getName().drop_front(strlen("dx.op.")).split('.');
    if (!overload.empty() && !overloads.contains(overload))
      report.error("INSTR.OLOAD", kOperations,
                   "@" + function.getName() + " has overload '" + overload +
                       "'");
    FunctionType *type = function.getFunctionType();
    if (type->getNumParams() == 0 || !type->getParamType(0)->isIntegerTy(32) ||
        type->isVarArg())
      report.error("INSTR.CALLOLOAD", kOperations,
                   "@" + function.getName() +
                       " does not take the i32 opcode first, or is variadic");
  }

  void checkCall(const CallInst &call) {
    if (call.arg_size() == 0)
      return;
    std::optional<uint64_t> opcode = getInt(call.getArgOperand(0));
    if (!opcode)
      return report.error("INSTR.OPCONST", kOperations,
                          where + ": the opcode is not an immediate");
    // DXC's INSTR.ILLEGALDXILOPCODE: "DXILOpCode must be [0..257]".
    if (*opcode >= kDxilOpCount)
      return report.error("INSTR.ILLEGALDXILOPCODE", kOperations,
                          where + ": DXILOpCode must be [0.." +
                              Twine(kDxilOpCount - 1) + "], " + Twine(*opcode) +
                              " specified");
    unsigned op = *opcode;
    where += " (" + getDxilOpName(op).str() + ")";
    if (isReservedDxilOp(op))
      return report.error("INSTR.OPCODERESERVED", section::Rules,
                          where + " uses a reserved opcode");
    StringRef opClass = getDxilOpClass(op);
    StringRef calleeClass = call.getCalledFunction()
                                ->getName()
                                .drop_front(strlen("dx.op."))
                                .split('.')
                                .first;
    if (!opClass.empty() && opClass != calleeClass)
      report.error("INSTR.CALLOLOAD", kOperations,
                   where + " calls a dx.op." + calleeClass + " function; " +
                       "the opcode belongs to dx.op." + opClass);
    checkShaderModel(call, op);
    checkStage(op);
    checkImmediates(call, op);
    checkOperation(call, op);
  }

  void checkShaderModel(const CallInst &call, unsigned op) {
    if (facts.smMajor == 6 && getDxilOpMinShaderModel(op) > facts.smMinor)
      report.error("SM.OPCODE", section::Rules,
                   where + " needs shader model 6." +
                       Twine(getDxilOpMinShaderModel(op)));
    // createHandle is replaced by createHandleFromBinding from DXIL 1.6.
    if (op == dxil_op::CreateHandle && facts.dxilAtLeast(6))
      report.error("SM.OPCODEININVALIDFUNCTION", section::Ops,
                   where + " is invalid from DXIL 1.6 on");
    bool atomic =
        op == dxil_op::AtomicBinOp || op == dxil_op::AtomicCompareExchange;
    if (atomic && call.getType()->isIntegerTy(64) &&
        !facts.shaderModelAtLeast(6))
      report.error("SM.OPCODEININVALIDFUNCTION", section::Ops,
                   where + ": 64-bit atomics need shader model 6.6");
  }

  /// Derivatives in compute: DXIL.rst allows them from 6.6, but the
  /// current validator rejects them in compute entries (corpus README:
  /// "Function uses features incompatible with the shader stage (cs)").
  void checkStage(unsigned op) {
    if (isDerivativeDxilOp(op)) {
      if (!facts.shaderModelAtLeast(6))
        report.error("SM.INCOMPATIBLEDERIVINCOMPUTESHADERMODEL", section::Rules,
                     where + " computes derivatives before shader model 6.6");
      else
        report.error("SM.INCOMPATIBLESTAGE", section::Rules,
                     where + " computes derivatives: Function uses features "
                             "incompatible with the shader stage (cs) of "
                             "the entry function");
    } else if (!isDxilOpAllowedInCompute(op)) {
      report.error("SM.INCOMPATIBLESTAGE", section::Rules,
                   where + " is not available in compute shaders");
    }
  }

  void checkImmediates(const CallInst &call, unsigned op) {
    for (unsigned index : getImmediateOperands(op))
      if (index < call.arg_size() && !isa<Constant>(call.getArgOperand(index)))
        report.error("INSTR.OPCONST", kOperations,
                     where + ": operand " + Twine(index) +
                         " must be an immediate constant");
  }

  void checkOperation(const CallInst &call, unsigned op) {
    switch (op) {
    case dxil_op::CreateHandle:
      return checkCreateHandle(call);
    case dxil_op::CreateHandleFromBinding:
      return checkBinding(call);
    case dxil_op::CBufferLoad:
    case dxil_op::CBufferLoadLegacy:
      return checkCBufferLoad(call, op);
    case dxil_op::BufferLoad:
    case dxil_op::RawBufferLoad:
    case dxil_op::TextureLoad:
      return checkLoad(call, op);
    case dxil_op::BufferStore:
    case dxil_op::RawBufferStore:
    case dxil_op::TextureStore:
    case dxil_op::TextureStoreSample:
      return checkStore(call, op);
    case dxil_op::AtomicBinOp:
    case dxil_op::AtomicCompareExchange:
      return checkAtomic(call, op);
    case dxil_op::BufferUpdateCounter:
      return checkCounter(call);
    case dxil_op::GetDimensions:
      return checkGetDimensions(call);
    case dxil_op::Barrier:
      return checkBarrier(call);
    case dxil_op::ThreadId:
    case dxil_op::GroupId:
    case dxil_op::ThreadIdInGroup:
      return checkRange(call, 1, 2, "component");
    default:
      return;
    }
  }

  void checkRange(const CallInst &call, unsigned index, uint64_t max,
                  StringRef what) {
    if (index >= call.arg_size())
      return;
    std::optional<uint64_t> value = getInt(call.getArgOperand(index));
    if (value && *value > max)
      report.error("INSTR.OPCONSTRANGE", section::Rules,
                   where + ": " + what + " " + Twine(*value) +
                       " is outside [0.." + Twine(max) + "]");
  }

  /// A constant register index must lie in the record's range.
  void checkIndex(const CallInst &call, unsigned index,
                  const DxilResource &record) {
    std::optional<uint64_t> value = getInt(call.getArgOperand(index));
    if (value && (*value < record.lowerBound || *value > record.upperBound()))
      report.error("INSTR.OPCONSTRANGE", section::Ops,
                   where + ": register " + Twine(*value) +
                       " is outside the resource's range [" +
                       Twine(record.lowerBound) + ".." +
                       Twine(record.upperBound()) + "]");
  }

  /// createHandle(57, class, rangeID, index, nonUniform).
  void checkCreateHandle(const CallInst &call) {
    if (call.arg_size() != 5)
      return;
    checkRange(call, 1, Sampler, "resource class");
    std::optional<uint64_t> resourceClass = getInt(call.getArgOperand(1));
    std::optional<uint64_t> rangeId = getInt(call.getArgOperand(2));
    if (!resourceClass || !rangeId || *resourceClass > Sampler)
      return;
    const DxilResource *record = facts.findResource(*resourceClass, *rangeId);
    if (!record)
      return report.error("INSTR.CREATEHANDLEIMMRANGEID", section::Rules,
                          where + ": class " + Twine(*resourceClass) +
                              " range " + Twine(*rangeId) +
                              " is not a declared resource");
    checkIndex(call, 3, *record);
  }

  /// createHandleFromBinding(217, {lower, upper, space, class}, index, nu).
  void checkBinding(const CallInst &call) {
    if (call.arg_size() != 4)
      return;
    const Value *bind = call.getArgOperand(1);
    std::optional<uint64_t> lower = getConstantField(bind, 0);
    std::optional<uint64_t> upper = getConstantField(bind, 1);
    std::optional<uint64_t> space = getConstantField(bind, 2);
    std::optional<uint64_t> resourceClass = getConstantField(bind, 3);
    if (!lower || !upper || !space || !resourceClass)
      return;
    const DxilResource *record =
        findBoundResource(facts, *resourceClass, *space, *lower, *upper);
    if (!record)
      return report.error("INSTR.CREATEHANDLEIMMRANGEID", section::Rules,
                          where + ": binding [" + Twine(*lower) + ".." +
                              Twine(*upper) + "] space " + Twine(*space) +
                              " class " + Twine(*resourceClass) +
                              " is not a declared resource");
    checkIndex(call, 2, *record);
  }

  std::optional<ResolvedHandle> handleOf(const CallInst &call) {
    if (call.arg_size() < 2)
      return std::nullopt;
    return resolveHandle(call.getArgOperand(1), facts);
  }

  bool hasClass(const std::optional<ResolvedHandle> &handle,
                std::initializer_list<unsigned> classes) {
    return !handle || !handle->resourceClass ||
           llvm::is_contained(classes, *handle->resourceClass);
  }

  void checkCBufferLoad(const CallInst &call, unsigned op) {
    std::optional<ResolvedHandle> handle = handleOf(call);
    if (!hasClass(handle, {Cbv}))
      report.error("INSTR.CBUFFERCLASSFORCBUFFERHANDLE", section::Rules,
                   where + " does not load from a constant buffer");
    if (op != dxil_op::CBufferLoadLegacy || !handle || !handle->record ||
        handle->record->resourceClass != Cbv || call.arg_size() != 3)
      return;
    std::optional<uint64_t> row = getInt(call.getArgOperand(2));
    if (row && *row * 16 >= handle->record->cbufferSize)
      report.error("INSTR.CBUFFEROUTOFBOUND", section::Rules,
                   where + ": row " + Twine(*row) + " is past the " +
                       Twine(handle->record->cbufferSize) + "-byte buffer");
  }

  /// Typed and raw buffers take one coordinate, structured buffers two
  /// (DXIL.rst "BufferLoad").
  void checkCoordinates(const CallInst &call, uint32_t kind) {
    if (call.arg_size() < 4)
      return;
    bool second = !isa<UndefValue>(call.getArgOperand(3));
    if (kind == resource_kind::StructuredBuffer && !second)
      report.error("INSTR.COORDINATECOUNTFORSTRUCTBUF", section::Rules,
                   where + ": a structured buffer needs its element offset");
    else if ((kind == resource_kind::TypedBuffer ||
              kind == resource_kind::RawBuffer) &&
             second)
      report.error("INSTR.COORDINATECOUNTFORRAWTYPEDBUF", section::Rules,
                   where + ": a raw or typed buffer takes one coordinate");
  }

  void checkBufferKind(const CallInst &call, unsigned op,
                       const std::optional<ResolvedHandle> &handle) {
    bool bufferOp = op == dxil_op::BufferLoad || op == dxil_op::BufferStore ||
                    op == dxil_op::RawBufferLoad ||
                    op == dxil_op::RawBufferStore;
    if (!bufferOp || !handle || handle->kind == 0)
      return;
    if (!isBufferKind(handle->kind))
      return report.error("INSTR.RESOURCEKINDFORBUFFERLOADSTORE",
                          section::Rules,
                          where + " is not on a raw, typed or structured "
                                  "buffer");
    checkCoordinates(call, handle->kind);
    bool raw = op == dxil_op::RawBufferLoad || op == dxil_op::RawBufferStore;
    bool wide = call.getCalledFunction()->getName().ends_with("64");
    if (raw && wide && !facts.shaderModelAtLeast(3))
      report.error("SM.64BITRAWBUFFERLOADSTORE", section::Rules,
                   where + ": i64/f64 overloads need shader model 6.3");
  }

  void checkLoad(const CallInst &call, unsigned op) {
    std::optional<ResolvedHandle> handle = handleOf(call);
    if (!hasClass(handle, {Srv, Uav}))
      report.error("INSTR.RESOURCECLASSFORLOAD", section::Rules,
                   where + " loads from neither an SRV nor a UAV");
    checkBufferKind(call, op, handle);
  }

  /// Values, then the mask: BufferStore/RawBufferStore at 4, TextureStore
  /// at 5, TextureStoreSample at 5 (mask at 9).
  void checkStore(const CallInst &call, unsigned op) {
    std::optional<ResolvedHandle> handle = handleOf(call);
    if (!hasClass(handle, {Uav}))
      report.error("INSTR.RESOURCECLASSFORUAVSTORE", section::Rules,
                   where + " stores to a resource that is not a UAV");
    checkBufferKind(call, op, handle);
    unsigned firstValue =
        op == dxil_op::BufferStore || op == dxil_op::RawBufferStore ? 4 : 5;
    if (call.arg_size() < firstValue + 5)
      return;
    std::optional<uint64_t> mask = getInt(call.getArgOperand(firstValue + 4));
    if (!mask)
      return;
    unsigned written = 0;
    for (unsigned i = 0; i < 4; ++i)
      if (!isa<UndefValue>(call.getArgOperand(firstValue + i)))
        written |= 1u << i;
    if (written != *mask)
      report.error("INSTR.WRITEMASKMATCHVALUEFORUAVSTORE", section::Rules,
                   where + ": write mask is " + Twine(*mask) +
                       " and store value mask is " + Twine(written));
    bool rawOrStructured =
        handle && (handle->kind == resource_kind::RawBuffer ||
                   handle->kind == resource_kind::StructuredBuffer);
    if (rawOrStructured && *mask != 1 && *mask != 3 && *mask != 7 &&
        *mask != 15)
      report.error("INSTR.WRITEMASKGAPFORUAV", section::Rules,
                   where + ": write mask " + Twine(*mask) +
                       " is not .x, .xy, .xyz or .xyzw");
  }

  void checkAtomic(const CallInst &call, unsigned op) {
    if (!hasClass(handleOf(call), {Uav}))
      report.error("INSTR.ATOMICINTRINNONUAV", section::Rules,
                   where + " is not on a UAV");
    // AtomicBinOp codes Add 0 ... Exchange 8 (reference 4.3).
    if (op == dxil_op::AtomicBinOp)
      checkRange(call, 2, 8, "atomic operation");
  }

  void checkCounter(const CallInst &call) {
    std::optional<ResolvedHandle> handle = handleOf(call);
    if (!hasClass(handle, {Uav}))
      report.error("INSTR.BUFFERUPDATECOUNTERONUAV", section::Rules,
                   where + " is not on a UAV");
    else if (handle && handle->record && !handle->record->hasCounter)
      report.error("INSTR.BUFFERUPDATECOUNTERONRESHASCOUNTER", section::Rules,
                   where + " is on a UAV without a counter");
  }

  void checkGetDimensions(const CallInst &call) {
    std::optional<ResolvedHandle> handle = handleOf(call);
    if (!handle || handle->kind == 0)
      return;
    if (handle->kind == resource_kind::CBuffer ||
        handle->kind == resource_kind::Sampler)
      report.error("INSTR.RESOURCEKINDFORGETDIM", section::Rules,
                   where + " is on a constant buffer or a sampler");
    else if (isBufferKind(handle->kind) && call.arg_size() == 3 &&
             !isa<UndefValue>(call.getArgOperand(2)))
      report.error("INSTR.MIPLEVELFORGETDIMENSION", section::Rules,
                   where + ": a buffer has no mip level; pass undef");
  }

  /// Barrier modes: 1 sync, 2 UAV global, 4 UAV group, 8 TGSM
  /// (reference 4.4).
  void checkBarrier(const CallInst &call) {
    std::optional<uint64_t> mode =
        call.arg_size() == 2 ? getInt(call.getArgOperand(1)) : std::nullopt;
    if (!mode)
      return;
    if (*mode & ~uint64_t(0xf))
      report.error("INSTR.BARRIERFLAGINVALID", section::Rules,
                   where + ": mode " + Twine(*mode) + " has unknown bits");
    if ((*mode & 0xe) == 0)
      report.error("INSTR.BARRIERMODENOMEMORY", section::Rules,
                   where + ": sync must include some form of memory barrier");
    if ((*mode & 6) == 6)
      report.error("INSTR.BARRIERMODEUSELESSUGROUP", section::Rules,
                   where + ": sync can't specify both _ugroup and _uglobal");
  }

  const DxilModuleFacts &facts;
  DxilReport &report;
  std::string where;
};

} // namespace

void checkDxilOperations(const Module &module, const DxilModuleFacts &facts,
                         DxilReport &report) {
  OpChecker checker(facts, report);
  for (const Function &function : module)
    if (isDxilOpFunction(function))
      checker.checkFunction(function);
}

} // namespace opencgc::codegen
