//===- DxilLowering.cpp - An NVVM-style kernel made a DXIL entry ----------===//
//
// DXIL has no pointers to buffer memory: a compute shader reaches a buffer
// through a handle (DXIL.rst "Resource handles"; reference 4.1) and reads
// or writes it with dx.op calls (reference 4.3). Every bind point is a raw
// buffer addressed in bytes, so each pointer the kernel uses must be a
// parameter plus getelementptr offsets.
//
//===----------------------------------------------------------------------===//
#include "DxilLowering.h"
#include "DxilOpBuilder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace opencgc::codegen {
namespace {

std::string describe(const Value &value) {
  std::string text;
  raw_string_ostream os(text);
  value.print(os);
  return StringRef(text).trim().str();
}

Error error(const KernelLaunch &launch, const Twine &message) {
  return createStringError("kernel @" + launch.name + ": " + message.str());
}

/// The parameter a pointer is derived from by getelementptrs, or null.
Argument *baseParameter(Value *pointer) {
  while (auto *gep = dyn_cast<GetElementPtrInst>(pointer))
    pointer = gep->getPointerOperand();
  return dyn_cast<Argument>(pointer);
}

/// Byte offsets of getelementptr chains as i32 (DXIL's buffer coordinates
/// are i32), computed once per getelementptr just before it.
class ByteOffsets {
public:
  explicit ByteOffsets(const DataLayout &layout) : layout(layout) {}

  Value *of(Value *pointer) {
    auto *gep = dyn_cast<GetElementPtrInst>(pointer);
    if (!gep)
      return ConstantInt::get(Type::getInt32Ty(pointer->getContext()), 0);
    if (Value *known = offsets.lookup(gep))
      return known;
    Value *offset = of(gep->getPointerOperand());
    IRBuilder<> b(gep);
    for (gep_type_iterator it = gep_type_begin(gep), end = gep_type_end(gep);
         it != end; ++it) {
      Value *index = it.getOperand();
      if (StructType *structType = it.getStructTypeOrNull()) {
        uint64_t field = cast<ConstantInt>(index)->getZExtValue();
        offset = b.CreateAdd(
            offset,
            b.getInt32(
                layout.getStructLayout(structType)->getElementOffset(field)));
        continue;
      }
      uint64_t size = it.getSequentialElementStride(layout);
      Value *index32 = b.CreateSExtOrTrunc(index, b.getInt32Ty());
      offset = b.CreateAdd(offset, b.CreateMul(index32, b.getInt32(size)));
    }
    offsets[gep] = offset;
    return offset;
  }

private:
  const DataLayout &layout;
  DenseMap<Value *, Value *> offsets;
};

/// Up to four elements of `type`'s scalar type, or 0 for another type.
unsigned elementCount(Type *type, Type *&element) {
  element = type;
  unsigned count = 1;
  if (auto *vector = dyn_cast<FixedVectorType>(type)) {
    element = vector->getElementType();
    count = vector->getNumElements();
  }
  return count <= 4 ? count : 0;
}

/// How an access reaches its raw buffer: 32-bit elements by any shader
/// model's loads and stores (reference 4.3); 16-bit ones by SM 6.2's raw
/// loads and stores with native 16-bit types; bytes, which DXIL memory
/// never holds (TYPES.I8), inside their 32-bit word.
enum class AccessKind { Word, HalfWord, Byte, Unsupported };

AccessKind accessKind(Type *type) {
  Type *element = nullptr;
  if (!elementCount(type, element))
    return AccessKind::Unsupported;
  if (element->isFloatTy() || element->isIntegerTy(32))
    return AccessKind::Word;
  if (element->isHalfTy() || element->isIntegerTy(16))
    return AccessKind::HalfWord;
  if (element->isIntegerTy(8))
    return AccessKind::Byte;
  return AccessKind::Unsupported;
}

/// A load from a raw buffer: a scalar is component 0 of the ResRet, a
/// vector its first components.
Value *loadElements(IRBuilder<> &b, DxilOpBuilder &ops, Value *handle,
                    Value *offset, Type *type) {
  Type *element = nullptr;
  unsigned count = elementCount(type, element);
  Value *result = ops.loadRaw(handle, offset, element, count);
  if (!type->isVectorTy())
    return b.CreateExtractValue(result, 0);
  Value *elements = PoisonValue::get(type);
  for (unsigned i = 0; i < count; ++i)
    elements =
        b.CreateInsertElement(elements, b.CreateExtractValue(result, i), i);
  return elements;
}

SmallVector<Value *, 4> splitElements(IRBuilder<> &b, Value *value) {
  auto *vector = dyn_cast<FixedVectorType>(value->getType());
  if (!vector)
    return {value};
  SmallVector<Value *, 4> elements;
  for (unsigned i = 0; i < vector->getNumElements(); ++i)
    elements.push_back(b.CreateExtractElement(value, i));
  return elements;
}

void storeElements(IRBuilder<> &b, DxilOpBuilder &ops, Value *handle,
                   Value *offset, Value *value) {
  ops.storeRaw(handle, offset, splitElements(b, value));
}

/// The 32-bit word holding byte `offset`, and the byte's bit position in it.
std::pair<Value *, Value *> wordOfByte(IRBuilder<> &b, Value *offset) {
  Value *word = b.CreateAnd(offset, b.getInt32(~3u));
  Value *shift = b.CreateShl(b.CreateAnd(offset, b.getInt32(3)), 3);
  return {word, shift};
}

/// Bytes are read as their word and shifted out, zero-extended; the i8 the
/// kernel sees is a truncation the byte promotion folds away.
Value *loadBytes(IRBuilder<> &b, DxilOpBuilder &ops, Value *handle,
                 Value *offset, Type *type) {
  Type *element = nullptr;
  unsigned count = elementCount(type, element);
  SmallVector<Value *, 4> bytes;
  for (unsigned i = 0; i < count; ++i) {
    auto [word, shift] = wordOfByte(b, b.CreateAdd(offset, b.getInt32(i)));
    Value *loaded =
        b.CreateExtractValue(ops.loadRaw(handle, word, b.getInt32Ty(), 1), 0);
    Value *byte = b.CreateAnd(b.CreateLShr(loaded, shift), b.getInt32(255));
    bytes.push_back(b.CreateTrunc(byte, element));
  }
  if (!type->isVectorTy())
    return bytes[0];
  Value *elements = PoisonValue::get(type);
  for (auto [i, byte] : enumerate(bytes))
    elements = b.CreateInsertElement(elements, byte, uint64_t(i));
  return elements;
}

/// A byte store clears its byte of the word and sets the new bits, each by
/// an atomic, so that threads writing the word's other bytes keep theirs.
void storeBytes(IRBuilder<> &b, DxilOpBuilder &ops, Value *handle,
                Value *offset, Value *value) {
  for (auto [i, byte] : enumerate(splitElements(b, value))) {
    auto [word, shift] =
        wordOfByte(b, b.CreateAdd(offset, b.getInt32(unsigned(i))));
    Value *keep = b.CreateNot(b.CreateShl(b.getInt32(255), shift));
    Value *bits = b.CreateShl(b.CreateZExt(byte, b.getInt32Ty()), shift);
    ops.atomicBinOp(handle, DxilAtomicOp::And, word, keep);
    ops.atomicBinOp(handle, DxilAtomicOp::Or, word, bits);
  }
}

/// The loads and stores of `kernel`, each with its parameter.
Expected<SmallVector<std::pair<Instruction *, Argument *>>>
collectAccesses(Function &kernel, const KernelLaunch &launch) {
  SmallVector<std::pair<Instruction *, Argument *>> accesses;
  for (Instruction &instruction : instructions(kernel)) {
    Value *pointer = getLoadStorePointerOperand(&instruction);
    if (!pointer) {
      if (instruction.mayReadOrWriteMemory() && !isa<CallInst>(instruction))
        return error(launch, "no DXIL form for memory access '" +
                                 describe(instruction) + "'");
      continue;
    }
    Argument *parameter = baseParameter(pointer);
    if (!parameter)
      return error(launch, "the pointer of '" + describe(instruction) +
                               "' is not a kernel parameter plus "
                               "getelementptr offsets");
    if (accessKind(getLoadStoreType(&instruction)) == AccessKind::Unsupported)
      return error(launch, "'" + describe(instruction) +
                               "': raw buffers are read and written in "
                               "32-bit or 16-bit float or integer elements "
                               "or bytes, up to four at once");
    accesses.push_back({&instruction, parameter});
  }
  return accesses;
}

std::vector<DxilBinding>
assignBindings(Function &kernel,
               ArrayRef<std::pair<Instruction *, Argument *>> accesses) {
  std::vector<DxilBinding> bindings(kernel.arg_size());
  for (auto [instruction, parameter] : accesses)
    if (isa<StoreInst>(instruction))
      bindings[parameter->getArgNo()].isUav = true;
  // Record ids are dense per class, in bind-point order (META.DENSERESIDS).
  unsigned next[2] = {0, 0};
  for (DxilBinding &binding : bindings)
    binding.rangeId = next[binding.isUav]++;
  return bindings;
}

void rewriteAccesses(Function &kernel, ArrayRef<DxilBinding> bindings,
                     ArrayRef<std::pair<Instruction *, Argument *>> accesses,
                     const DxilShaderTarget &target) {
  IRBuilder<> b(&*kernel.getEntryBlock().getFirstInsertionPt());
  DxilOpBuilder ops(b);
  ops.useRawBufferOps(target.usesRawBufferOps());
  SmallVector<Value *> handles;
  for (auto [index, binding] : enumerate(bindings)) {
    uint8_t resourceClass = binding.isUav ? 1 : 0;
    handles.push_back(
        target.usesHandlesFromBinding()
            ? ops.createAnnotatedHandle(resourceClass, unsigned(index))
            : ops.createHandle(resourceClass, binding.rangeId,
                               unsigned(index)));
  }
  ByteOffsets offsets(kernel.getParent()->getDataLayout());
  for (auto [instruction, parameter] : accesses) {
    Value *offset = offsets.of(getLoadStorePointerOperand(instruction));
    b.SetInsertPoint(instruction);
    Value *handle = handles[parameter->getArgNo()];
    bool bytes = accessKind(getLoadStoreType(instruction)) == AccessKind::Byte;
    if (auto *store = dyn_cast<StoreInst>(instruction))
      (bytes ? storeBytes : storeElements)(b, ops, handle, offset,
                                           store->getValueOperand());
    else
      instruction->replaceAllUsesWith((bytes ? loadBytes : loadElements)(
          b, ops, handle, offset, instruction->getType()));
    instruction->eraseFromParent();
  }
  // The getelementptrs are dead now; delete users before their operands.
  SmallVector<Instruction *> dead;
  for (Instruction &instruction : instructions(kernel))
    if (isa<GetElementPtrInst>(instruction))
      dead.push_back(&instruction);
  for (Instruction *gep : reverse(dead))
    if (gep->use_empty())
      gep->eraseFromParent();
}

/// llvm.nvvm.read.ptx.sreg.* as DXIL thread ids (reference 4.2) or the
/// launch's constants; false for another intrinsic.
bool rewriteSpecialRegister(CallInst &call, const KernelLaunch &launch) {
  Function *callee = call.getCalledFunction();
  if (!callee)
    return false;
  IRBuilder<> b(&call);
  DxilOpBuilder ops(b);
  Value *replacement = nullptr;
  switch (callee->getIntrinsicID()) {
#define OPENCGC_SREG(SUFFIX, AXIS, VALUE)                                      \
  case Intrinsic::nvvm_read_ptx_sreg_##SUFFIX: {                               \
    const unsigned axis = AXIS;                                                \
    replacement = VALUE;                                                       \
    break;                                                                     \
  }
    OPENCGC_SREG(tid_x, 0, ops.threadId(dxil_op::ThreadIdInGroup, axis))
    OPENCGC_SREG(tid_y, 1, ops.threadId(dxil_op::ThreadIdInGroup, axis))
    OPENCGC_SREG(tid_z, 2, ops.threadId(dxil_op::ThreadIdInGroup, axis))
    OPENCGC_SREG(ctaid_x, 0, ops.threadId(dxil_op::GroupId, axis))
    OPENCGC_SREG(ctaid_y, 1, ops.threadId(dxil_op::GroupId, axis))
    OPENCGC_SREG(ctaid_z, 2, ops.threadId(dxil_op::GroupId, axis))
    OPENCGC_SREG(ntid_x, 0, b.getInt32(launch.workgroupSize[axis]))
    OPENCGC_SREG(ntid_y, 1, b.getInt32(launch.workgroupSize[axis]))
    OPENCGC_SREG(ntid_z, 2, b.getInt32(launch.workgroupSize[axis]))
    OPENCGC_SREG(nctaid_x, 0, b.getInt32(launch.workgroupCount[axis]))
    OPENCGC_SREG(nctaid_y, 1, b.getInt32(launch.workgroupCount[axis]))
    OPENCGC_SREG(nctaid_z, 2, b.getInt32(launch.workgroupCount[axis]))
#undef OPENCGC_SREG
  default:
    return false;
  }
  call.replaceAllUsesWith(replacement);
  call.eraseFromParent();
  return true;
}

Error rewriteSpecialRegisters(Function &kernel, const KernelLaunch &launch) {
  SmallVector<CallInst *> calls;
  for (Instruction &instruction : instructions(kernel))
    if (auto *call = dyn_cast<CallInst>(&instruction))
      if (Function *callee = call->getCalledFunction())
        if (callee->getName().starts_with("llvm.nvvm."))
          calls.push_back(call);
  for (CallInst *call : calls)
    if (!rewriteSpecialRegister(*call, launch))
      return error(launch, "no DXIL form for '" + describe(*call) + "'");
  return Error::success();
}

/// Moves the body into `void @main()` (reference 2.2: no parameters).
/// Vector values left between the loads and stores are scalarized after.
Error moveIntoEntry(Function &kernel, const KernelLaunch &launch) {
  for (Argument &parameter : kernel.args())
    if (!parameter.use_empty())
      return error(launch, "parameter " + Twine(parameter.getArgNo()) +
                               " is still used by '" +
                               describe(**parameter.user_begin()) + "'");
  Module &module = *kernel.getParent();
  if (Function *clash = module.getFunction(kDxilEntryName))
    clash->setName(Twine(kDxilEntryName) + ".renamed");
  FunctionType *type =
      FunctionType::get(Type::getVoidTy(module.getContext()), false);
  Function *entry = Function::Create(type, GlobalValue::ExternalLinkage,
                                     kDxilEntryName, module);
  entry->splice(entry->end(), &kernel);
  kernel.eraseFromParent();
  return Error::success();
}

} // namespace

Expected<std::vector<DxilBinding>>
lowerKernelToDxilEntry(Module &module, const KernelLaunch &launch,
                       const DxilShaderTarget &target) {
  Function *kernel = module.getFunction(launch.name);
  if (!kernel || kernel->isDeclaration())
    return error(launch, "no kernel function was generated");
  auto accesses = collectAccesses(*kernel, launch);
  if (!accesses)
    return accesses.takeError();
  std::vector<DxilBinding> bindings = assignBindings(*kernel, *accesses);
  rewriteAccesses(*kernel, bindings, *accesses, target);
  if (Error failure = rewriteSpecialRegisters(*kernel, launch))
    return std::move(failure);
  if (Error failure = moveIntoEntry(*kernel, launch))
    return std::move(failure);
  return bindings;
}

} // namespace opencgc::codegen
