//===- DxilOpBuilder.cpp - Calls to dx.op functions -----------------------===//
//
// Names are dx.op.<class>[.<overload>] (reference 2.2); the opcode is the
// first, constant i32 operand of every call (DXIL.rst "Operations via
// external functions").
//
//===----------------------------------------------------------------------===//
#include "DxilOpBuilder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

DxilOpBuilder::DxilOpBuilder(IRBuilder<> &builder)
    : b(builder), module(*builder.GetInsertBlock()->getModule()) {}

StructType *DxilOpBuilder::handleType() {
  LLVMContext &context = module.getContext();
  if (StructType *type = StructType::getTypeByName(context, "dx.types.Handle"))
    return type;
  return StructType::create(context, {PointerType::get(context, 0)},
                            "dx.types.Handle");
}

StructType *DxilOpBuilder::resRetType(Type *element) {
  LLVMContext &context = module.getContext();
  std::string name = ("dx.types.ResRet." + overloadName(element)).str();
  if (StructType *type = StructType::getTypeByName(context, name))
    return type;
  return StructType::create(
      context, {element, element, element, element, b.getInt32Ty()}, name);
}

StringRef DxilOpBuilder::overloadName(Type *type) {
  if (type->isHalfTy())
    return "f16";
  if (type->isFloatTy())
    return "f32";
  if (type->isDoubleTy())
    return "f64";
  switch (type->getIntegerBitWidth()) {
  case 1:
    return "i1";
  case 16:
    return "i16";
  case 64:
    return "i64";
  default:
    return "i32";
  }
}

Value *DxilOpBuilder::call(StringRef name, Type *result, unsigned opcode,
                           ArrayRef<Value *> args, Memory memory) {
  SmallVector<Value *> operands = {b.getInt32(unsigned(opcode))};
  operands.append(args.begin(), args.end());
  SmallVector<Type *> types;
  for (Value *operand : operands)
    types.push_back(operand->getType());
  FunctionType *type = FunctionType::get(result, types, false);
  Function *function = module.getFunction(name);
  if (!function) {
    function =
        Function::Create(type, GlobalValue::ExternalLinkage, name, module);
    function->setDoesNotThrow();
    if (memory == Memory::None)
      function->setDoesNotAccessMemory();
    else if (memory == Memory::Read)
      function->setOnlyReadsMemory();
  }
  return b.CreateCall(function, operands);
}

Value *DxilOpBuilder::createHandle(uint8_t resourceClass, unsigned rangeId,
                                   unsigned index) {
  // Reference 4.1: class and range are constants, index is the absolute
  // register (section 0 item 2), nonUniform false.
  return call("dx.op.createHandle", handleType(), dxil_op::CreateHandle,
              {b.getInt8(resourceClass), b.getInt32(rangeId), b.getInt32(index),
               b.getFalse()},
              Memory::Read);
}

Value *DxilOpBuilder::createAnnotatedHandle(uint8_t resourceClass,
                                            unsigned index) {
  LLVMContext &context = module.getContext();
  auto namedStruct = [&](StringRef name, ArrayRef<Type *> fields) {
    if (StructType *type = StructType::getTypeByName(context, name))
      return type;
    return StructType::create(context, fields, name);
  };
  // %dx.types.ResBind = { lowerBound, upperBound, space, class }.
  StructType *bindType =
      namedStruct("dx.types.ResBind", {b.getInt32Ty(), b.getInt32Ty(),
                                       b.getInt32Ty(), b.getInt8Ty()});
  Constant *bind =
      ConstantStruct::get(bindType, {b.getInt32(index), b.getInt32(index),
                                     b.getInt32(0), b.getInt8(resourceClass)});
  Value *handle = call("dx.op.createHandleFromBinding", handleType(),
                       dxil_op::CreateHandleFromBinding,
                       {bind, b.getInt32(index), b.getFalse()}, Memory::None);
  // %dx.types.ResourceProperties = { kind | UAV << 12, 0 }: RawBuffer is
  // kind 11 (reference 3.4), as DXC writes {11, 0} and {4107, 0}.
  StructType *propertiesType = namedStruct("dx.types.ResourceProperties",
                                           {b.getInt32Ty(), b.getInt32Ty()});
  constexpr unsigned kRawBufferKind = 11;
  constexpr unsigned kUavBit = 1u << 12;
  Constant *properties = ConstantStruct::get(
      propertiesType,
      {b.getInt32(kRawBufferKind | (resourceClass == 1 ? kUavBit : 0)),
       b.getInt32(0)});
  return call("dx.op.annotateHandle", handleType(), dxil_op::AnnotateHandle,
              {handle, properties}, Memory::None);
}

Value *DxilOpBuilder::loadRaw(Value *handle, Value *byteOffset, Type *element,
                              unsigned count) {
  Value *undefIndex = UndefValue::get(b.getInt32Ty());
  std::string suffix = overloadName(element).str();
  if (!rawBufferOps)
    // Reference 4.3: on cs_6_0 raw buffers use bufferLoad with c0 the byte
    // offset and c1 undef.
    return call("dx.op.bufferLoad." + suffix, resRetType(element),
                dxil_op::BufferLoad, {handle, byteOffset, undefIndex},
                Memory::Read);
  // rawBufferLoad(handle, index, elementOffset, mask, alignment): the
  // mask names the components read, the alignment is the element's size
  // (as DXC writes for ByteAddressBuffer.Load<T>).
  unsigned alignment = element->getPrimitiveSizeInBits() / 8;
  return call("dx.op.rawBufferLoad." + suffix, resRetType(element),
              dxil_op::RawBufferLoad,
              {handle, byteOffset, undefIndex, b.getInt8((1u << count) - 1),
               b.getInt32(alignment)},
              Memory::Read);
}

void DxilOpBuilder::storeRaw(Value *handle, Value *byteOffset,
                             ArrayRef<Value *> values) {
  // The mask is x, xy, xyz or xyzw (INSTR.WRITEMASKGAPFORUAV) and the
  // components it leaves out are undef (INSTR.WRITEMASKMATCHVALUEFORUAVSTORE).
  Type *element = values[0]->getType();
  SmallVector<Value *, 10> operands = {handle, byteOffset,
                                       UndefValue::get(b.getInt32Ty())};
  for (unsigned i = 0; i < 4; ++i)
    operands.push_back(i < values.size() ? values[i]
                                         : UndefValue::get(element));
  operands.push_back(b.getInt8((1u << values.size()) - 1));
  std::string suffix = overloadName(element).str();
  if (!rawBufferOps) {
    call("dx.op.bufferStore." + suffix, b.getVoidTy(), dxil_op::BufferStore,
         operands, Memory::Write);
    return;
  }
  operands.push_back(b.getInt32(element->getPrimitiveSizeInBits() / 8));
  call("dx.op.rawBufferStore." + suffix, b.getVoidTy(), dxil_op::RawBufferStore,
       operands, Memory::Write);
}

Value *DxilOpBuilder::atomicBinOp(Value *handle, DxilAtomicOp operation,
                                  Value *byteOffset, Value *operand) {
  // atomicBinOp(handle, op, offset0, offset1, offset2, value): a raw buffer
  // takes the byte offset as offset0, the others undef (reference 4.3).
  Value *undefIndex = UndefValue::get(b.getInt32Ty());
  return call("dx.op.atomicBinOp.i32", b.getInt32Ty(), dxil_op::AtomicBinOp,
              {handle, b.getInt32(unsigned(operation)), byteOffset, undefIndex,
               undefIndex, operand},
              Memory::Write);
}

Value *DxilOpBuilder::threadId(unsigned opcode, unsigned component) {
  StringRef name = opcode == dxil_op::GroupId ? "dx.op.groupId.i32"
                                              : "dx.op.threadIdInGroup.i32";
  return call(name, b.getInt32Ty(), opcode, {b.getInt32(component)},
              Memory::None);
}

Value *DxilOpBuilder::unary(unsigned opcode, Value *x) {
  return call(("dx.op.unary." + overloadName(x->getType())).str(), x->getType(),
              opcode, {x}, Memory::None);
}

Value *DxilOpBuilder::binary(unsigned opcode, Value *a, Value *c) {
  return call(("dx.op.binary." + overloadName(a->getType())).str(),
              a->getType(), opcode, {a, c}, Memory::None);
}

Value *DxilOpBuilder::tertiary(unsigned opcode, Value *a, Value *c, Value *d) {
  return call(("dx.op.tertiary." + overloadName(a->getType())).str(),
              a->getType(), opcode, {a, c, d}, Memory::None);
}

} // namespace opencgc::codegen
