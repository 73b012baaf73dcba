//===- DxilCalls.cpp - Reading dx.op calls and resource handles -----------===//
#include "DxilCalls.h"

#include "DxilModuleFacts.h"
#include "DxilOpTable.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace opencgc::codegen {

bool isDxilOpFunction(const Function &function) {
  return function.getName().starts_with("dx.op.");
}

std::optional<unsigned> getDxilOpcode(const CallInst &call) {
  const Function *callee = call.getCalledFunction();
  if (!callee || !isDxilOpFunction(*callee) || call.arg_size() == 0)
    return std::nullopt;
  if (auto *opcode = dyn_cast<ConstantInt>(call.getArgOperand(0)))
    if (std::optional<uint64_t> value = opcode->getValue().tryZExtValue();
        value && *value <= UINT32_MAX)
      return unsigned(*value);
  return std::nullopt;
}

std::optional<uint64_t> getConstantField(const Value *aggregate,
                                         unsigned index) {
  // getAggregateElement assumes an aggregate or vector (a scalar reaches a
  // trap in release LLVM); malformed bitcode passes any type here.
  auto *constant = dyn_cast<Constant>(aggregate);
  if (!constant || !(constant->getType()->isAggregateType() ||
                     constant->getType()->isVectorTy()))
    return std::nullopt;
  auto *field =
      dyn_cast_or_null<ConstantInt>(constant->getAggregateElement(index));
  if (!field)
    return std::nullopt;
  return field->getValue().tryZExtValue();
}

const DxilResource *findBoundResource(const DxilModuleFacts &facts,
                                      unsigned resourceClass, uint32_t space,
                                      uint32_t lower, uint32_t upper) {
  if (resourceClass >= kResourceClassCount)
    return nullptr;
  for (const DxilResource &record : facts.resources[resourceClass])
    if (record.space == space && record.lowerBound <= lower &&
        upper <= record.upperBound())
      return &record;
  return nullptr;
}

namespace {

std::optional<ResolvedHandle> fromCreateHandle(const CallInst &call,
                                               const DxilModuleFacts &facts) {
  ResolvedHandle handle;
  auto *resourceClass = dyn_cast<ConstantInt>(call.getArgOperand(1));
  auto *rangeId = dyn_cast<ConstantInt>(call.getArgOperand(2));
  // Constants wider than 64 bits (malformed bitcode) name no resource.
  std::optional<uint64_t> classValue = resourceClass
                                           ? resourceClass->getValue()
                                                 .tryZExtValue()
                                           : std::nullopt;
  std::optional<uint64_t> rangeValue =
      rangeId ? rangeId->getValue().tryZExtValue() : std::nullopt;
  if (!classValue || !rangeValue || *classValue > UINT32_MAX)
    return handle;
  handle.resourceClass = *classValue;
  handle.record = facts.findResource(*handle.resourceClass, *rangeValue);
  if (handle.record)
    handle.kind = handle.record->kind;
  return handle;
}

std::optional<ResolvedHandle> fromBinding(const CallInst &call,
                                          const DxilModuleFacts &facts) {
  ResolvedHandle handle;
  const Value *bind = call.getArgOperand(1);
  std::optional<uint64_t> lower = getConstantField(bind, 0);
  std::optional<uint64_t> upper = getConstantField(bind, 1);
  std::optional<uint64_t> space = getConstantField(bind, 2);
  std::optional<uint64_t> resourceClass = getConstantField(bind, 3);
  if (!lower || !upper || !space || !resourceClass)
    return handle;
  handle.resourceClass = *resourceClass;
  handle.record =
      findBoundResource(facts, *resourceClass, *space, *lower, *upper);
  if (handle.record)
    handle.kind = handle.record->kind;
  return handle;
}

/// ResourceProperties dword0: kind in bits 0-7, IsUAV in bit 12
/// (reference 4.1).
std::optional<ResolvedHandle> fromAnnotation(const CallInst &call,
                                             const DxilModuleFacts &facts) {
  ResolvedHandle handle =
      resolveHandle(call.getArgOperand(1), facts).value_or(ResolvedHandle());
  std::optional<uint64_t> properties =
      getConstantField(call.getArgOperand(2), 0);
  if (!properties)
    return handle;
  handle.kind = *properties & 0xff;
  if (handle.kind == resource_kind::CBuffer)
    handle.resourceClass = Cbv;
  else if (handle.kind == resource_kind::Sampler)
    handle.resourceClass = Sampler;
  else
    handle.resourceClass = (*properties >> 12) & 1 ? Uav : Srv;
  return handle;
}

} // namespace

std::optional<ResolvedHandle> resolveHandle(const Value *value,
                                            const DxilModuleFacts &facts) {
  auto *call = dyn_cast<CallInst>(value);
  std::optional<unsigned> opcode = call ? getDxilOpcode(*call) : std::nullopt;
  if (!opcode)
    return std::nullopt;
  switch (*opcode) {
  case dxil_op::CreateHandle:
    if (call->arg_size() == 5)
      return fromCreateHandle(*call, facts);
    return std::nullopt;
  case dxil_op::CreateHandleFromBinding:
    if (call->arg_size() == 4)
      return fromBinding(*call, facts);
    return std::nullopt;
  case dxil_op::CreateHandleFromHeap: {
    ResolvedHandle handle;
    handle.fromHeap = true;
    return handle;
  }
  case dxil_op::AnnotateHandle:
    if (call->arg_size() == 3)
      return fromAnnotation(*call, facts);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

} // namespace opencgc::codegen
