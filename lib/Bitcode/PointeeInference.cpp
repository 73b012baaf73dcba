//===- PointeeInference.cpp - What each pointer points to -----------------===//
#include "PointeeInference.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace opencgc::bitcode {

unsigned PointeeInference::typeOf(const Value *value) {
  Type *type = value->getType();
  if (!type->isPointerTy())
    return types.get(type);
  return types.getPointer(pointeeOf(value), type->getPointerAddressSpace());
}

unsigned PointeeInference::pointerTo(Type *pointee, unsigned addressSpace) {
  return types.getPointer(types.get(pointee), addressSpace);
}

unsigned PointeeInference::signatureOf(const Function *function) {
  auto found = signatures.find(function);
  if (found != signatures.end())
    return found->second;
  SmallVector<unsigned> parameterTypes;
  for (const Argument &argument : function->args())
    parameterTypes.push_back(function->isDeclaration()
                                 ? types.get(argument.getType())
                                 : typeOf(&argument));
  unsigned id = types.getFunction(types.get(function->getReturnType()),
                                  parameterTypes, function->isVarArg());
  signatures[function] = id;
  return id;
}

unsigned PointeeInference::pointeeOf(const Value *value) {
  auto found = pointees.find(value);
  if (found != pointees.end())
    return found->second;
  if (!inProgress.insert(value).second)
    return types.getI8();
  unsigned id = computePointee(value);
  inProgress.erase(value);
  pointees[value] = id;
  return id;
}

unsigned PointeeInference::computePointee(const Value *value) {
  if (const auto *argument = dyn_cast<Argument>(value)) {
    const Function *function = argument->getParent();
    if (Type *element = parameters.getParameter(function, argument->getArgNo()))
      return types.get(element);
    errors.report("@" + function->getName() + ": parameter " +
                  Twine(argument->getArgNo()) +
                  " is a pointer and the code generator gave no element "
                  "type for it");
    return types.getI8();
  }
  if (const auto *function = dyn_cast<Function>(value))
    return signatureOf(function);
  if (const auto *assembly = dyn_cast<InlineAsm>(value))
    return types.get(assembly->getFunctionType());
  if (const auto *global = dyn_cast<GlobalVariable>(value))
    return types.get(global->getValueType());
  if (const auto *gep = dyn_cast<GEPOperator>(value))
    return types.get(gep->getResultElementType());
  if (const auto *alloca = dyn_cast<AllocaInst>(value))
    return types.get(alloca->getAllocatedType());
  if (const auto *cast = dyn_cast<AddrSpaceCastOperator>(value))
    return pointeeOf(cast->getPointerOperand());
  if (const auto *phi = dyn_cast<PHINode>(value)) {
    for (const Value *incoming : phi->incoming_values())
      if (!inProgress.contains(incoming))
        return pointeeOf(incoming);
    return types.getI8();
  }
  if (const auto *select = dyn_cast<SelectInst>(value))
    return pointeeOf(select->getTrueValue());
  // null, undef, loaded, returned or integer-made pointers: untyped.
  return types.getI8();
}

} // namespace opencgc::bitcode
