//===- FunctionWriter.cpp - One function block of legacy bitcode ----------===//
//
// Record layouts of the LLVM 3.7 to 7.0 function block (the LLVM bitcode
// file format documentation, "FUNCTION_BLOCK Contents"): operands are
// relative value ids (the record's own id minus the operand's), with the
// operand's type appended where it is a forward reference.
//
//===----------------------------------------------------------------------===//
#include "FunctionWriter.h"
#include "RecordEncoding.h"

#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace opencgc::bitcode {

void FunctionWriter::walk(BitstreamWriter *walkStream) {
  stream = walkStream;
  nextId = module.size();
  for (const Argument &argument : function.args()) {
    inference.typeOf(&argument);
    localIds[&argument] = nextId++;
  }
  unsigned blockIndex = 0;
  for (const BasicBlock &block : function)
    blockIds[&block] = blockIndex++;
  if (stream) {
    stream->EnterSubblock(bitc::FUNCTION_BLOCK_ID, 4);
    SmallVector<uint64_t, 1> count = {blockIndex};
    stream->EmitRecord(bitc::FUNC_CODE_DECLAREBLOCKS, count);
  }
  for (const BasicBlock &block : function)
    for (const Instruction &instruction : block)
      writeInstruction(instruction);
  if (stream)
    stream->ExitBlock();
}

unsigned FunctionWriter::idOf(const Value *value) const {
  auto global = module.ids.find(value);
  if (global != module.ids.end())
    return global->second;
  auto local = localIds.find(value);
  // Only the planning walk meets a forward reference it has not numbered;
  // it emits nothing, so any id past the current one will do.
  return local != localIds.end() ? local->second : ~0u;
}

FunctionWriter::Operand FunctionWriter::use(const Value *value,
                                            std::optional<unsigned> expected) {
  if (!isa<Constant>(value) && !isa<Argument>(value) &&
      !isa<Instruction>(value) && !isa<InlineAsm>(value)) {
    errors.report("@" + function.getName() + ": operand " + value->getName() +
                  " has no legacy bitcode form");
    return {0, types.getI8()};
  }
  Operand operand = {idOf(value), inference.typeOf(value)};
  if (!expected || *expected == operand.type)
    return operand;
  bool castable =
      types.isPointer(operand.type) && types.isPointer(*expected) &&
      types.getAddressSpace(operand.type) == types.getAddressSpace(*expected) &&
      !isForward(operand);
  if (!castable) {
    errors.report("@" + function.getName() + ": value " + value->getName() +
                  " has another pointee type than its use needs, and cannot "
                  "be bitcast there");
    return operand;
  }
  SmallVector<uint64_t, 4> record;
  pushValueAndType(record, operand);
  record.push_back(*expected);
  record.push_back(bitc::CAST_BITCAST);
  emit(bitc::FUNC_CODE_INST_CAST, record);
  return {nextId++, *expected};
}

void FunctionWriter::pushValue(SmallVectorImpl<uint64_t> &record,
                               const Operand &operand) const {
  // Relative ids wrap as 32-bit numbers for forward references, as the
  // readers compute them.
  record.push_back(static_cast<uint32_t>(nextId - operand.id));
}

void FunctionWriter::pushValueAndType(SmallVectorImpl<uint64_t> &record,
                                      const Operand &operand) const {
  pushValue(record, operand);
  if (isForward(operand))
    record.push_back(operand.type);
}

void FunctionWriter::emit(unsigned code, ArrayRef<uint64_t> record) {
  if (stream)
    stream->EmitRecord(code, record);
}

void FunctionWriter::define(const Instruction &instruction) {
  if (instruction.getType()->isVoidTy())
    return;
  inference.typeOf(&instruction);
  if (!stream)
    localIds[&instruction] = nextId;
  ++nextId;
}

void FunctionWriter::fail(const Instruction &instruction, const Twine &why) {
  std::string text;
  raw_string_ostream os(text);
  instruction.print(os);
  errors.report("@" + function.getName() + ": `" + StringRef(text).trim() +
                "`: " + why);
}

void FunctionWriter::writeInstruction(const Instruction &instruction) {
  if (writeMemoryAccess(instruction) || writeArithmetic(instruction) ||
      writeControlFlow(instruction) || writeAggregateAccess(instruction)) {
    define(instruction);
    return;
  }
  fail(instruction, "has no legacy bitcode form");
  define(instruction);
}

bool FunctionWriter::writeMemoryAccess(const Instruction &instruction) {
  SmallVector<uint64_t, 8> record;
  if (const auto *load = dyn_cast<LoadInst>(&instruction)) {
    if (load->isAtomic())
      fail(instruction, "atomic loads are not written yet");
    unsigned valueType = inference.typeOf(load);
    Operand pointer =
        use(load->getPointerOperand(),
            types.getPointer(valueType, load->getPointerAddressSpace()));
    pushValueAndType(record, pointer);
    record.append(
        {valueType, encodeAlignment(load->getAlign()), load->isVolatile()});
    emit(bitc::FUNC_CODE_INST_LOAD, record);
    return true;
  }
  if (const auto *store = dyn_cast<StoreInst>(&instruction)) {
    if (store->isAtomic())
      fail(instruction, "atomic stores are not written yet");
    Operand value = use(store->getValueOperand());
    Operand pointer =
        use(store->getPointerOperand(),
            types.getPointer(value.type, store->getPointerAddressSpace()));
    pushValueAndType(record, pointer);
    pushValueAndType(record, value);
    record.append({encodeAlignment(store->getAlign()), store->isVolatile()});
    emit(bitc::FUNC_CODE_INST_STORE, record);
    return true;
  }
  if (const auto *gep = dyn_cast<GetElementPtrInst>(&instruction)) {
    if (!gep->getPointerOperandType()->isPointerTy())
      fail(instruction, "vector getelementptr is not written");
    unsigned source = types.get(gep->getSourceElementType());
    SmallVector<Operand, 4> operands = {
        use(gep->getPointerOperand(),
            types.getPointer(source, gep->getPointerAddressSpace()))};
    for (const Use &index : gep->indices())
      operands.push_back(use(index.get()));
    record.append({gep->isInBounds(), source});
    for (const Operand &operand : operands)
      pushValueAndType(record, operand);
    emit(bitc::FUNC_CODE_INST_GEP, record);
    return true;
  }
  if (isa<AllocaInst>(instruction)) {
    writeAlloca(instruction);
    return true;
  }
  if (isa<AtomicRMWInst>(instruction)) {
    writeAtomicRmw(instruction);
    return true;
  }
  if (isa<AtomicCmpXchgInst>(instruction)) {
    writeCompareExchange(instruction);
    return true;
  }
  return false;
}

void FunctionWriter::writeAtomicRmw(const Instruction &instruction) {
  const auto &rmw = cast<AtomicRMWInst>(instruction);
  std::optional<unsigned> operation = encodeRmwOperation(rmw.getOperation());
  std::optional<unsigned> scope = encodeSyncScope(rmw.getSyncScopeID());
  if (!operation || !scope)
    fail(instruction, "its operation or synchronization scope has no "
                      "legacy form");
  // ATOMICRMW (the 3.7 code, 38): [pointer, value, operation, volatile,
  // ordering, scope]; the value's type is the pointer's pointee.
  Operand value = use(rmw.getValOperand());
  Operand pointer =
      use(rmw.getPointerOperand(),
          types.getPointer(value.type, rmw.getPointerAddressSpace()));
  SmallVector<uint64_t, 8> record;
  pushValueAndType(record, pointer);
  pushValue(record, value);
  record.append({operation.value_or(0), rmw.isVolatile(),
                 encodeOrdering(rmw.getOrdering()), scope.value_or(0)});
  emit(bitc::FUNC_CODE_INST_ATOMICRMW_OLD, record);
}

void FunctionWriter::writeCompareExchange(const Instruction &instruction) {
  const auto &exchange = cast<AtomicCmpXchgInst>(instruction);
  std::optional<unsigned> scope = encodeSyncScope(exchange.getSyncScopeID());
  if (!scope)
    fail(instruction, "its synchronization scope has no legacy form");
  // CMPXCHG: [pointer, compare (with its type), new value, volatile,
  // success ordering, scope, failure ordering, weak].
  Operand compare = use(exchange.getCompareOperand());
  Operand replacement = use(exchange.getNewValOperand());
  Operand pointer =
      use(exchange.getPointerOperand(),
          types.getPointer(compare.type, exchange.getPointerAddressSpace()));
  SmallVector<uint64_t, 10> record;
  pushValueAndType(record, pointer);
  pushValueAndType(record, compare);
  pushValue(record, replacement);
  record.append(
      {exchange.isVolatile(), encodeOrdering(exchange.getSuccessOrdering()),
       scope.value_or(0), encodeOrdering(exchange.getFailureOrdering()),
       exchange.isWeak()});
  emit(bitc::FUNC_CODE_INST_CMPXCHG, record);
}

void FunctionWriter::writeAlloca(const Instruction &instruction) {
  const auto &alloca = cast<AllocaInst>(instruction);
  const Value *size = alloca.getArraySize();
  if (!module.ids.count(size))
    fail(instruction, "a dynamic alloca size is not written");
  // ALLOCA: [type, size type, size (absolute id), align]: the pointer type,
  // which every reader accepts, or (explicit-type bit 6 of align, as DXC
  // writes it) the allocated type.
  uint64_t align = encodeAlignment(alloca.getAlign());
  unsigned type = inference.typeOf(&alloca);
  if (flavour.explicitMemoryTypes) {
    type = types.get(alloca.getAllocatedType());
    align |= 1 << 6;
  }
  SmallVector<uint64_t, 4> record = {type, types.get(size->getType()),
                                     idOf(size), align};
  emit(bitc::FUNC_CODE_INST_ALLOCA, record);
}

uint64_t FunctionWriter::flagsOf(const Instruction &instruction) const {
  uint64_t flags = encodeWrapFlags(instruction);
  if (flavour.writesFastMath)
    flags |= encodeFastMath37(instruction);
  return flags;
}

bool FunctionWriter::writeArithmetic(const Instruction &instruction) {
  SmallVector<uint64_t, 8> record;
  if (std::optional<unsigned> opcode =
          encodeBinaryOperator(instruction.getOpcode())) {
    Operand lhs = use(instruction.getOperand(0));
    Operand rhs = use(instruction.getOperand(1));
    pushValueAndType(record, lhs);
    pushValue(record, rhs);
    record.push_back(*opcode);
    if (uint64_t flags = flagsOf(instruction))
      record.push_back(flags);
    emit(bitc::FUNC_CODE_INST_BINOP, record);
    return true;
  }
  if (instruction.getOpcode() == Instruction::FNeg) {
    // Neither format has fneg (LLVM 8): it is fsub -0.0, x.
    Operand zero = use(ConstantFP::getNegativeZero(instruction.getType()));
    Operand operand = use(instruction.getOperand(0));
    pushValueAndType(record, zero);
    pushValue(record, operand);
    record.push_back(bitc::BINOP_SUB);
    if (uint64_t flags = flagsOf(instruction))
      record.push_back(flags);
    emit(bitc::FUNC_CODE_INST_BINOP, record);
    return true;
  }
  if (std::optional<unsigned> opcode = encodeCast(instruction.getOpcode())) {
    Operand operand = use(instruction.getOperand(0));
    pushValueAndType(record, operand);
    record.append({inference.typeOf(&instruction), *opcode});
    emit(bitc::FUNC_CODE_INST_CAST, record);
    return true;
  }
  if (const auto *compare = dyn_cast<CmpInst>(&instruction)) {
    Operand lhs = use(compare->getOperand(0));
    Operand rhs = use(compare->getOperand(1), lhs.type);
    pushValueAndType(record, lhs);
    pushValue(record, rhs);
    record.push_back(compare->getPredicate());
    if (uint64_t flags = flagsOf(instruction))
      record.push_back(flags);
    emit(bitc::FUNC_CODE_INST_CMP2, record);
    return true;
  }
  if (const auto *select = dyn_cast<SelectInst>(&instruction)) {
    unsigned type = inference.typeOf(select);
    Operand whenTrue = use(select->getTrueValue(), type);
    Operand whenFalse = use(select->getFalseValue(), type);
    Operand condition = use(select->getCondition());
    pushValueAndType(record, whenTrue);
    pushValue(record, whenFalse);
    pushValueAndType(record, condition);
    emit(bitc::FUNC_CODE_INST_VSELECT, record);
    return true;
  }
  return false;
}

bool FunctionWriter::writeControlFlow(const Instruction &instruction) {
  SmallVector<uint64_t, 8> record;
  if (const auto *ret = dyn_cast<ReturnInst>(&instruction)) {
    if (const Value *value = ret->getReturnValue())
      pushValueAndType(record, use(value, types.get(value->getType())));
    emit(bitc::FUNC_CODE_INST_RET, record);
    return true;
  }
  if (const auto *branch = dyn_cast<BranchInst>(&instruction)) {
    record.push_back(blockIds.lookup(branch->getSuccessor(0)));
    if (branch->isConditional()) {
      Operand condition = use(branch->getCondition());
      record.push_back(blockIds.lookup(branch->getSuccessor(1)));
      pushValue(record, condition);
    }
    emit(bitc::FUNC_CODE_INST_BR, record);
    return true;
  }
  if (const auto *switchInst = dyn_cast<SwitchInst>(&instruction)) {
    Operand condition = use(switchInst->getCondition());
    record.push_back(condition.type);
    pushValue(record, condition);
    record.push_back(blockIds.lookup(switchInst->getDefaultDest()));
    for (const auto &caseEntry : switchInst->cases()) {
      record.push_back(idOf(caseEntry.getCaseValue()));
      record.push_back(blockIds.lookup(caseEntry.getCaseSuccessor()));
    }
    emit(bitc::FUNC_CODE_INST_SWITCH, record);
    return true;
  }
  if (isa<UnreachableInst>(instruction)) {
    emit(bitc::FUNC_CODE_INST_UNREACHABLE, record);
    return true;
  }
  if (isa<PHINode>(instruction)) {
    writePhi(instruction);
    return true;
  }
  if (isa<CallInst>(instruction)) {
    writeCall(instruction);
    return true;
  }
  return false;
}

void FunctionWriter::writePhi(const Instruction &instruction) {
  const auto &phi = cast<PHINode>(instruction);
  unsigned type = inference.typeOf(&phi);
  SmallVector<uint64_t, 8> record = {type};
  for (unsigned i = 0, e = phi.getNumIncomingValues(); i < e; ++i) {
    const Value *incoming = phi.getIncomingValue(i);
    Operand operand = {idOf(incoming), inference.typeOf(incoming)};
    if (operand.type != type)
      fail(instruction, "its incoming pointers point to different types");
    // Phi operands are signed relative ids (they may be forward).
    int64_t relative =
        static_cast<int64_t>(nextId) - static_cast<int64_t>(operand.id);
    record.push_back(relative >= 0 ? uint64_t(relative) << 1
                                   : (uint64_t(-relative) << 1) | 1);
    record.push_back(blockIds.lookup(phi.getIncomingBlock(i)));
  }
  emit(bitc::FUNC_CODE_INST_PHI, record);
}

void FunctionWriter::writeCall(const Instruction &instruction) {
  const auto &call = cast<CallInst>(instruction);
  const Value *callee = call.getCalledOperand();
  if (call.hasOperandBundles()) {
    fail(instruction, "operand bundles are not written");
    return;
  }
  if (call.isLifetimeStartOrEnd()) {
    // LLVM 21 dropped their size operand: no legacy reader knows this form.
    fail(instruction, "lifetime markers are not written (their legacy form "
                      "has a size operand)");
    return;
  }
  // Inline assembly's type is a pointer to its function type, as a
  // function's is (ConstantsBlock.cpp writes it).
  const auto *direct = dyn_cast<Function>(callee);
  unsigned functionType = direct ? inference.signatureOf(direct)
                                 : types.get(call.getFunctionType());
  std::vector<unsigned> parameters = types.getParameters(functionType);
  Operand target = use(
      callee, types.getPointer(functionType,
                               callee->getType()->getPointerAddressSpace()));
  SmallVector<Operand, 8> arguments;
  for (unsigned i = 0, e = call.arg_size(); i < e; ++i)
    arguments.push_back(
        use(call.getArgOperand(i), i < parameters.size()
                                       ? std::optional<unsigned>(parameters[i])
                                       : std::nullopt));
  // CALL: [attributes, cc and flags, function type, callee, arguments...]
  SmallVector<uint64_t, 8> record = {
      0,
      (uint64_t(call.getCallingConv()) << bitc::CALL_CCONV) |
          (uint64_t(call.isTailCall()) << bitc::CALL_TAIL) |
          (uint64_t(call.isMustTailCall()) << bitc::CALL_MUSTTAIL) |
          (uint64_t(1) << bitc::CALL_EXPLICIT_TYPE),
      functionType};
  pushValueAndType(record, target);
  for (unsigned i = 0; i < arguments.size(); ++i) {
    if (i < parameters.size())
      pushValue(record, arguments[i]);
    else
      pushValueAndType(record, arguments[i]);
  }
  emit(bitc::FUNC_CODE_INST_CALL, record);
}

bool FunctionWriter::writeAggregateAccess(const Instruction &instruction) {
  SmallVector<uint64_t, 8> record;
  if (const auto *extract = dyn_cast<ExtractElementInst>(&instruction)) {
    Operand vector = use(extract->getVectorOperand());
    Operand index = use(extract->getIndexOperand());
    pushValueAndType(record, vector);
    pushValueAndType(record, index);
    emit(bitc::FUNC_CODE_INST_EXTRACTELT, record);
    return true;
  }
  if (const auto *insert = dyn_cast<InsertElementInst>(&instruction)) {
    Operand vector = use(insert->getOperand(0));
    Operand element = use(insert->getOperand(1));
    Operand index = use(insert->getOperand(2));
    pushValueAndType(record, vector);
    pushValue(record, element);
    pushValueAndType(record, index);
    emit(bitc::FUNC_CODE_INST_INSERTELT, record);
    return true;
  }
  if (const auto *shuffle = dyn_cast<ShuffleVectorInst>(&instruction)) {
    Operand first = use(shuffle->getOperand(0));
    Operand second = use(shuffle->getOperand(1));
    Operand mask = use(shuffle->getShuffleMaskForBitcode());
    pushValueAndType(record, first);
    pushValue(record, second);
    pushValue(record, mask);
    emit(bitc::FUNC_CODE_INST_SHUFFLEVEC, record);
    return true;
  }
  if (const auto *extract = dyn_cast<ExtractValueInst>(&instruction)) {
    pushValueAndType(record, use(extract->getAggregateOperand()));
    record.append(extract->idx_begin(), extract->idx_end());
    emit(bitc::FUNC_CODE_INST_EXTRACTVAL, record);
    return true;
  }
  if (const auto *insert = dyn_cast<InsertValueInst>(&instruction)) {
    Operand aggregate = use(insert->getAggregateOperand());
    Operand value = use(insert->getInsertedValueOperand());
    pushValueAndType(record, aggregate);
    pushValueAndType(record, value);
    record.append(insert->idx_begin(), insert->idx_end());
    emit(bitc::FUNC_CODE_INST_INSERTVAL, record);
    return true;
  }
  return false;
}

} // namespace opencgc::bitcode
