//===- DxilRewrite.cpp - A DXIL compute shader made an NVVM-style kernel --===//
//
// DXIL runs on the host grid the way WARP runs D3D12 on a CPU: the entry's
// dx.op calls (reference section 4) become host code, and what the grid's
// NVVM rewrite already provides is reused by lowering to it: thread ids to
// llvm.nvvm.read.ptx.sreg.*, group-synchronizing barriers to
// llvm.nvvm.barrier.cta.sync.aligned.all, groupshared (addrspace(3))
// variables stay as they are. The entry `void @main()` becomes
// `void @main(ptr slot0, ...)`, one RawBufferBinding * per register.
//
//===----------------------------------------------------------------------===//
#include "DxilRewrite.h"
#include "DxilMath.h"
#include "DxilMetadata.h"

#include "opencgc/Codegen/DxilOpcodes.h"
#include "opencgc/HostGrid/HostGrid.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <cstddef>

using namespace llvm;

namespace opencgc::hostgrid {
namespace {

/// BarrierMode bit 1, SyncThreadGroup (reference 4.4); the fence bits need
/// nothing on the host, where a workgroup runs on one thread.
constexpr uint64_t kSyncThreadGroup = 1;

/// The elements a raw buffer load or store moves: 32-bit ones on any shader
/// model, 16-bit ones with SM 6.2's native types (reference section 0
/// item 4).
bool isRawBufferElement(Type *type) {
  return type->isFloatTy() || type->isIntegerTy(32) || type->isHalfTy() ||
         type->isIntegerTy(16);
}

unsigned byteSize(Type *type) { return type->getPrimitiveSizeInBits() / 8; }

Error unsupported(const CallInst *call, unsigned opcode, const Twine &why) {
  return createStringError("DXIL kernel @" + call->getFunction()->getName() +
                           ": the host grid does not lower " +
                           call->getCalledFunction()->getName() + " (opcode " +
                           Twine(opcode) + ")" + why);
}

std::optional<uint64_t> constantOperand(const CallInst *call, unsigned i) {
  if (auto *constant = dyn_cast<ConstantInt>(call->getArgOperand(i)))
    return constant->getZExtValue();
  return std::nullopt;
}

/// The binding parameters: a register per parameter, up to the highest
/// register an SRV or UAV range of bounded size reaches.
unsigned countSlots(const DxilEntryFacts &facts) {
  uint64_t slots = 0;
  for (const SmallVector<DxilBinding> &records : facts.bindings)
    for (const DxilBinding &record : records)
      if (record.rangeSize != UINT32_MAX)
        slots = std::max<uint64_t>(slots, uint64_t(record.lowerBound) +
                                              record.rangeSize);
  return unsigned(slots);
}

/// void NAME(ptr x numSlots) with the entry's body, replacing the entry.
Function *makeKernel(Function &entry, unsigned numSlots) {
  LLVMContext &context = entry.getContext();
  SmallVector<Type *> parameters(numSlots, PointerType::get(context, 0));
  Function *kernel = Function::Create(
      FunctionType::get(Type::getVoidTy(context), parameters, false),
      GlobalValue::ExternalLinkage, "", entry.getParent());
  kernel->splice(kernel->end(), &entry);
  kernel->takeName(&entry);
  entry.eraseFromParent();
  return kernel;
}

class DxilLowering {
public:
  DxilLowering(Function &kernel, const DxilEntryFacts &facts)
      : kernel(kernel), facts(facts) {}

  Error run();

private:
  Error lowerCall(CallInst *call, unsigned opcode);
  struct HandleSource {
    const CallInst *create;
    unsigned resourceClass;
    unsigned rangeId;
    unsigned index;
  };
  Expected<HandleSource> sourceOf(const CallInst *user, Value *handle);
  Expected<unsigned> slotOf(const CallInst *user, Value *handle);
  /// The data pointer and byte size of a slot's RawBufferBinding.
  std::pair<Value *, Value *> binding(unsigned slot);
  /// Whether component `c` (of `size` bytes) at byte offset `offset` lies
  /// in the binding, and its address.
  std::pair<Value *, Value *> component(IRBuilder<> &b, unsigned slot,
                                        Value *offset, unsigned c,
                                        unsigned size);
  Error lowerLoad(CallInst *call, unsigned opcode);
  Error lowerStore(CallInst *call, unsigned opcode);
  Error lowerAtomic(CallInst *call);
  enum class SpecialRegister { Tid, Ntid, Ctaid };
  Value *sreg(IRBuilder<> &b, SpecialRegister reg, unsigned axis);
  Expected<Value *> lowerId(CallInst *call, unsigned opcode);
  Error lowerBarrier(CallInst *call);

  Function &kernel;
  const DxilEntryFacts &facts;
  DenseMap<unsigned, std::pair<Value *, Value *>> bindings;
  /// slot -> (class, rangeId) of the record a handle bound there.
  DenseMap<unsigned, std::pair<unsigned, unsigned>> owners;
  GlobalVariable *zero = nullptr;
};

/// The class, record and register of a handle made by createHandle (57),
/// or by createHandleFromBinding (217) behind annotateHandle (216) in SM
/// 6.6 (reference section 0 item 5).
Expected<DxilLowering::HandleSource>
DxilLowering::sourceOf(const CallInst *user, Value *handle) {
  auto opcodeOf = [](Value *value) -> std::optional<uint64_t> {
    auto *call = dyn_cast<CallInst>(value);
    Function *callee = call ? call->getCalledFunction() : nullptr;
    if (!callee || !callee->getName().starts_with("dx.op."))
      return std::nullopt;
    return constantOperand(call, 0);
  };
  if (opcodeOf(handle) == dxil_op::AnnotateHandle)
    handle = cast<CallInst>(handle)->getArgOperand(1);
  std::optional<uint64_t> opcode = opcodeOf(handle);
  auto *create = dyn_cast<CallInst>(handle);
  if (opcode == dxil_op::CreateHandle) {
    std::optional<uint64_t> resourceClass = constantOperand(create, 1);
    std::optional<uint64_t> rangeId = constantOperand(create, 2);
    std::optional<uint64_t> index = constantOperand(create, 3);
    if (!resourceClass || *resourceClass > 1 || !rangeId || !index)
      return unsupported(create, dxil_op::CreateHandle,
                         ": only constant SRV and UAV handles are bound");
    return HandleSource{create, unsigned(*resourceClass), unsigned(*rangeId),
                        unsigned(*index)};
  }
  if (opcode == dxil_op::CreateHandleFromBinding) {
    // A zero binding (t0) is a zeroinitializer, not a ConstantStruct.
    auto *bind = dyn_cast<Constant>(create->getArgOperand(1));
    auto field = [&](unsigned i) -> std::optional<uint64_t> {
      auto *value =
          bind ? dyn_cast_or_null<ConstantInt>(bind->getAggregateElement(i))
               : nullptr;
      return value ? std::optional<uint64_t>(value->getZExtValue())
                   : std::nullopt;
    };
    std::optional<uint64_t> resourceClass = field(3);
    std::optional<uint64_t> lowerBound = field(0);
    std::optional<uint64_t> space = field(2);
    std::optional<uint64_t> index = constantOperand(create, 2);
    if (!resourceClass || *resourceClass > 1 || !lowerBound || !space || !index)
      return unsupported(create, dxil_op::CreateHandleFromBinding,
                         ": only constant SRV and UAV bindings are bound");
    // The record is the one of its class with the binding's range.
    const SmallVector<DxilBinding> &records = facts.bindings[*resourceClass];
    for (auto [rangeId, record] : enumerate(records))
      if (record.lowerBound == *lowerBound && record.space == *space)
        return HandleSource{create, unsigned(*resourceClass), unsigned(rangeId),
                            unsigned(*index)};
    return unsupported(create, dxil_op::CreateHandleFromBinding,
                       ": no record binds register " + Twine(*lowerBound));
  }
  return unsupported(user, *constantOperand(user, 0),
                     " on a handle that is not made by dx.op.createHandle "
                     "or dx.op.createHandleFromBinding");
}

Expected<unsigned> DxilLowering::slotOf(const CallInst *user, Value *handle) {
  Expected<HandleSource> source = sourceOf(user, handle);
  if (!source)
    return source.takeError();
  auto [create, resourceClass, rangeId, index] = *source;
  const SmallVector<DxilBinding> &records = facts.bindings[resourceClass];
  if (rangeId >= records.size())
    return unsupported(create, dxil_op::CreateHandle,
                       ": range " + Twine(rangeId) + " has no record");
  const DxilBinding &record = records[rangeId];
  if (record.kind != kRawBufferKind)
    return unsupported(create, dxil_op::CreateHandle,
                       ": resource kind " + Twine(record.kind) +
                           " (only raw buffers, kind 11, are bound)");
  // The index is the absolute register (reference section 0 item 2).
  if (index < record.lowerBound ||
      index - record.lowerBound >= record.rangeSize)
    return unsupported(create, dxil_op::CreateHandle,
                       ": register " + Twine(index) + " outside its range");
  auto owner = std::make_pair(resourceClass, rangeId);
  auto [it, inserted] = owners.try_emplace(index, owner);
  if (!inserted && it->second != owner)
    return unsupported(create, dxil_op::CreateHandle,
                       ": an SRV and a UAV both bind register " + Twine(index));
  return index;
}

std::pair<Value *, Value *> DxilLowering::binding(unsigned slot) {
  auto found = bindings.find(slot);
  if (found != bindings.end())
    return found->second;
  IRBuilder<> b(&*kernel.getEntryBlock().getFirstInsertionPt());
  Value *record = kernel.getArg(slot);
  auto field = [&](Type *type, size_t offset) {
    return b.CreateLoad(
        type, b.CreateConstInBoundsGEP1_32(b.getInt8Ty(), record, offset));
  };
  static_assert(sizeof(RawBufferBinding::bytes) == 8);
  Value *data = field(b.getPtrTy(), offsetof(RawBufferBinding, data));
  Value *bytes = field(b.getInt64Ty(), offsetof(RawBufferBinding, bytes));
  return bindings[slot] = {data, bytes};
}

std::pair<Value *, Value *> DxilLowering::component(IRBuilder<> &b,
                                                    unsigned slot,
                                                    Value *offset, unsigned c,
                                                    unsigned size) {
  auto [data, bytes] = binding(slot);
  Value *byte =
      b.CreateAdd(b.CreateZExt(offset, b.getInt64Ty()), b.getInt64(c * size));
  Value *end = b.CreateAdd(byte, b.getInt64(size));
  Value *inRange = b.CreateICmpULE(end, bytes);
  return {inRange, b.CreateInBoundsGEP(b.getInt8Ty(), data, byte)};
}

/// bufferLoad(68, handle, byteOffset, undef) and rawBufferLoad(139, ...,
/// mask, alignment): each component in range is loaded, one past the end
/// reads 0 (D3D12's raw-buffer bounds rule, the reason bindings carry their
/// size).
Error DxilLowering::lowerLoad(CallInst *call, unsigned opcode) {
  auto *result = dyn_cast<StructType>(call->getType());
  Type *element = result ? result->getElementType(0) : nullptr;
  if (!element || !isRawBufferElement(element))
    return unsupported(call, opcode,
                       ": only .f32, .i32, .f16 and .i16 are lowered");
  Expected<unsigned> slot = slotOf(call, call->getArgOperand(1));
  if (!slot)
    return slot.takeError();
  if (!zero)
    zero = new GlobalVariable(
        *kernel.getParent(),
        ArrayType::get(Type::getInt64Ty(call->getContext()), 1), true,
        GlobalValue::PrivateLinkage,
        ConstantAggregateZero::get(
            ArrayType::get(Type::getInt64Ty(call->getContext()), 1)),
        "dxil.out.of.range");
  IRBuilder<> b(call);
  Value *value = PoisonValue::get(result);
  unsigned size = byteSize(element);
  for (unsigned c = 0; c < 4; ++c) {
    auto [inRange, address] =
        component(b, *slot, call->getArgOperand(2), c, size);
    Value *safe = b.CreateSelect(inRange, address, zero);
    value = b.CreateInsertValue(
        value, b.CreateAlignedLoad(element, safe, Align(size)), c);
  }
  value = b.CreateInsertValue(value, b.getInt32(0), 4);
  call->replaceAllUsesWith(value);
  call->eraseFromParent();
  return Error::success();
}

/// bufferStore(69, handle, byteOffset, undef, v0..v3, mask) and
/// rawBufferStore(140, ..., mask, alignment): each masked component in
/// range is stored, one past the end dropped.
Error DxilLowering::lowerStore(CallInst *call, unsigned opcode) {
  Type *element = call->getArgOperand(4)->getType();
  if (!isRawBufferElement(element))
    return unsupported(call, opcode,
                       ": only .f32, .i32, .f16 and .i16 are lowered");
  std::optional<uint64_t> mask = constantOperand(call, 8);
  if (!mask)
    return unsupported(call, opcode, ": the mask is not a constant");
  Expected<unsigned> slot = slotOf(call, call->getArgOperand(1));
  if (!slot)
    return slot.takeError();
  for (unsigned c = 0; c < 4; ++c) {
    if (!(*mask & (1u << c)))
      continue;
    IRBuilder<> b(call);
    auto [inRange, address] =
        component(b, *slot, call->getArgOperand(2), c, byteSize(element));
    Instruction *then =
        SplitBlockAndInsertIfThen(inRange, call->getIterator(), false);
    IRBuilder<> store(then);
    store.CreateAlignedStore(call->getArgOperand(4 + c), address,
                             Align(byteSize(element)));
  }
  call->eraseFromParent();
  return Error::success();
}

/// atomicBinOp(78, handle, op, offset0, offset1, offset2, value) on a raw
/// buffer: an atomicrmw on the word at offset0 when it is in range (an
/// out-of-range one does nothing and returns 0).
Error DxilLowering::lowerAtomic(CallInst *call) {
  // AtomicBinOp codes, reference section 0 item 3.
  static constexpr AtomicRMWInst::BinOp kOps[] = {
      AtomicRMWInst::Add,  AtomicRMWInst::And,  AtomicRMWInst::Or,
      AtomicRMWInst::Xor,  AtomicRMWInst::Min,  AtomicRMWInst::Max,
      AtomicRMWInst::UMin, AtomicRMWInst::UMax, AtomicRMWInst::Xchg};
  std::optional<uint64_t> operation = constantOperand(call, 2);
  if (!operation || *operation >= std::size(kOps))
    return unsupported(call, dxil_op::AtomicBinOp,
                       ": the operation is not a constant from 0 to 8");
  if (!call->getType()->isIntegerTy(32))
    return unsupported(call, dxil_op::AtomicBinOp, ": only .i32 is lowered");
  Expected<unsigned> slot = slotOf(call, call->getArgOperand(1));
  if (!slot)
    return slot.takeError();
  IRBuilder<> b(call);
  auto [inRange, address] = component(b, *slot, call->getArgOperand(3), 0, 4);
  BasicBlock *before = call->getParent();
  Instruction *then =
      SplitBlockAndInsertIfThen(inRange, call->getIterator(), false);
  IRBuilder<> atomic(then);
  Value *old =
      atomic.CreateAtomicRMW(kOps[*operation], address, call->getArgOperand(6),
                             Align(4), AtomicOrdering::Monotonic);
  b.SetInsertPoint(call);
  PHINode *result = b.CreatePHI(b.getInt32Ty(), 2);
  result->addIncoming(old, then->getParent());
  result->addIncoming(b.getInt32(0), before);
  call->replaceAllUsesWith(result);
  call->eraseFromParent();
  return Error::success();
}

/// A special register of `axis` from its .x, .y and .z intrinsics.
Value *DxilLowering::sreg(IRBuilder<> &b, SpecialRegister reg, unsigned axis) {
  static constexpr Intrinsic::ID kIds[3][3] = {
      {Intrinsic::nvvm_read_ptx_sreg_tid_x, Intrinsic::nvvm_read_ptx_sreg_tid_y,
       Intrinsic::nvvm_read_ptx_sreg_tid_z},
      {Intrinsic::nvvm_read_ptx_sreg_ntid_x,
       Intrinsic::nvvm_read_ptx_sreg_ntid_y,
       Intrinsic::nvvm_read_ptx_sreg_ntid_z},
      {Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
       Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
       Intrinsic::nvvm_read_ptx_sreg_ctaid_z}};
  return b.CreateIntrinsic(kIds[unsigned(reg)][axis], ArrayRef<Type *>(),
                           ArrayRef<Value *>());
}

Expected<Value *> DxilLowering::lowerId(CallInst *call, unsigned opcode) {
  IRBuilder<> b(call);
  if (opcode == dxil_op::FlattenedThreadIdInGroup) {
    // SV_GroupIndex = x + X * (y + Y * z).
    Value *y = b.CreateAdd(sreg(b, SpecialRegister::Tid, 1),
                           b.CreateMul(sreg(b, SpecialRegister::Ntid, 1),
                                       sreg(b, SpecialRegister::Tid, 2)));
    return b.CreateAdd(sreg(b, SpecialRegister::Tid, 0),
                       b.CreateMul(sreg(b, SpecialRegister::Ntid, 0), y));
  }
  std::optional<uint64_t> axis = constantOperand(call, 1);
  if (!axis || *axis > 2)
    return unsupported(call, opcode, ": the component is not 0, 1 or 2");
  Value *thread = sreg(b, SpecialRegister::Tid, *axis);
  Value *group = sreg(b, SpecialRegister::Ctaid, *axis);
  if (opcode == dxil_op::ThreadIdInGroup)
    return thread;
  if (opcode == dxil_op::GroupId)
    return group;
  // SV_DispatchThreadID = group * numthreads + thread.
  Value *size = sreg(b, SpecialRegister::Ntid, *axis);
  return b.CreateAdd(b.CreateMul(group, size), thread);
}

Error DxilLowering::lowerBarrier(CallInst *call) {
  std::optional<uint64_t> mode = constantOperand(call, 1);
  if (!mode)
    return unsupported(call, dxil_op::Barrier, ": the mode is not a constant");
  if (*mode & kSyncThreadGroup) {
    IRBuilder<> b(call);
    b.CreateIntrinsic(Intrinsic::nvvm_barrier_cta_sync_aligned_all,
                      ArrayRef<Type *>(), {b.getInt32(0)});
  }
  call->eraseFromParent();
  return Error::success();
}

Error DxilLowering::lowerCall(CallInst *call, unsigned opcode) {
  switch (opcode) {
  case dxil_op::BufferLoad:
  case dxil_op::RawBufferLoad:
    return lowerLoad(call, opcode);
  case dxil_op::BufferStore:
  case dxil_op::RawBufferStore:
    return lowerStore(call, opcode);
  case dxil_op::AtomicBinOp:
    return lowerAtomic(call);
  case dxil_op::Barrier:
    return lowerBarrier(call);
  case dxil_op::ThreadId:
  case dxil_op::GroupId:
  case dxil_op::ThreadIdInGroup:
  case dxil_op::FlattenedThreadIdInGroup: {
    Expected<Value *> id = lowerId(call, opcode);
    if (!id)
      return id.takeError();
    call->replaceAllUsesWith(*id);
    call->eraseFromParent();
    return Error::success();
  }
  default:
    if (Value *value = lowerDxilMath(call, opcode)) {
      call->replaceAllUsesWith(value);
      call->eraseFromParent();
      return Error::success();
    }
    return unsupported(call, opcode, "");
  }
}

Error DxilLowering::run() {
  SmallVector<std::pair<CallInst *, unsigned>> calls;
  SmallVector<CallInst *> handles;
  for (Instruction &instruction : instructions(kernel)) {
    auto *call = dyn_cast<CallInst>(&instruction);
    Function *callee = call ? call->getCalledFunction() : nullptr;
    if (!callee || !callee->getName().starts_with("dx.op."))
      continue;
    std::optional<uint64_t> opcode = constantOperand(call, 0);
    if (!opcode)
      return createStringError("DXIL kernel @" + kernel.getName() + ": " +
                               callee->getName() + " has no constant opcode");
    if (*opcode == dxil_op::CreateHandle ||
        *opcode == dxil_op::AnnotateHandle ||
        *opcode == dxil_op::CreateHandleFromBinding)
      handles.push_back(call);
    else
      calls.push_back({call, unsigned(*opcode)});
  }
  for (auto [call, opcode] : calls)
    if (Error error = lowerCall(call, opcode))
      return error;
  // Annotations go before the handles they annotate.
  for (CallInst *handle : reverse(handles)) {
    if (!handle->use_empty())
      return unsupported(handle, dxil_op::CreateHandle,
                         ": a handle is used by something other than a "
                         "buffer load or store");
    handle->eraseFromParent();
  }
  return Error::success();
}

} // namespace

Expected<DxilEntry> rewriteDxilForHostGrid(Module &module) {
  Expected<DxilEntryFacts> facts = readDxilEntryFacts(module);
  if (!facts)
    return facts.takeError();
  DxilEntry entry;
  entry.numSlots = countSlots(*facts);
  entry.numThreads = facts->numThreads;
  Function *kernel = makeKernel(*facts->function, entry.numSlots);
  entry.name = kernel->getName().str();
  if (Error error = DxilLowering(*kernel, *facts).run())
    return std::move(error);
  for (Function &function : make_early_inc_range(module))
    if (function.isDeclaration() && function.getName().starts_with("dx.op.") &&
        function.use_empty())
      function.eraseFromParent();
  return entry;
}

} // namespace opencgc::hostgrid
