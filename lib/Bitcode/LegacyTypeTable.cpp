//===- LegacyTypeTable.cpp - Types with pointees, in record order ---------===//
#include "LegacyTypeTable.h"

#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace opencgc::bitcode {

unsigned LegacyTypeTable::intern(unsigned code, std::vector<uint64_t> operands,
                                 std::string name) {
  auto key = std::make_tuple(code, operands, name);
  auto found = interned.find(key);
  if (found != interned.end())
    return found->second;
  unsigned id = entries.size();
  entries.push_back({code, std::move(operands), std::move(name)});
  interned.emplace(std::move(key), id);
  return id;
}

unsigned LegacyTypeTable::getI8() {
  return intern(bitc::TYPE_CODE_INTEGER, {8});
}

unsigned LegacyTypeTable::getPointer(unsigned pointee, unsigned addressSpace) {
  return intern(bitc::TYPE_CODE_POINTER, {pointee, addressSpace});
}

unsigned LegacyTypeTable::getFunction(unsigned result,
                                      ArrayRef<unsigned> parameters,
                                      bool isVarArg) {
  std::vector<uint64_t> operands = {isVarArg, result};
  operands.insert(operands.end(), parameters.begin(), parameters.end());
  return intern(bitc::TYPE_CODE_FUNCTION, std::move(operands));
}

unsigned LegacyTypeTable::get(Type *type) {
  auto found = plainTypes.find(type);
  if (found != plainTypes.end())
    return found->second;
  unsigned id = getUncached(type);
  plainTypes[type] = id;
  return id;
}

unsigned LegacyTypeTable::getUncached(Type *type) {
  switch (type->getTypeID()) {
  case Type::VoidTyID:
    return intern(bitc::TYPE_CODE_VOID, {});
  case Type::HalfTyID:
    return intern(bitc::TYPE_CODE_HALF, {});
  case Type::FloatTyID:
    return intern(bitc::TYPE_CODE_FLOAT, {});
  case Type::DoubleTyID:
    return intern(bitc::TYPE_CODE_DOUBLE, {});
  case Type::LabelTyID:
    return intern(bitc::TYPE_CODE_LABEL, {});
  case Type::MetadataTyID:
    return intern(bitc::TYPE_CODE_METADATA, {});
  case Type::IntegerTyID:
    return intern(bitc::TYPE_CODE_INTEGER,
                  {cast<IntegerType>(type)->getBitWidth()});
  case Type::PointerTyID:
    return getPointer(getI8(), type->getPointerAddressSpace());
  case Type::FixedVectorTyID: {
    auto *vector = cast<FixedVectorType>(type);
    unsigned element = get(vector->getElementType());
    return intern(bitc::TYPE_CODE_VECTOR, {vector->getNumElements(), element});
  }
  case Type::ArrayTyID: {
    auto *array = cast<ArrayType>(type);
    unsigned element = get(array->getElementType());
    return intern(bitc::TYPE_CODE_ARRAY, {array->getNumElements(), element});
  }
  case Type::StructTyID: {
    auto *structType = cast<StructType>(type);
    std::vector<uint64_t> operands = {structType->isPacked()};
    for (Type *element : structType->elements())
      operands.push_back(get(element));
    if (structType->isOpaque())
      return intern(bitc::TYPE_CODE_OPAQUE, {0}, structType->getName().str());
    if (!structType->hasName())
      return intern(bitc::TYPE_CODE_STRUCT_ANON, std::move(operands));
    return intern(bitc::TYPE_CODE_STRUCT_NAMED, std::move(operands),
                  structType->getName().str());
  }
  case Type::FunctionTyID: {
    auto *function = cast<FunctionType>(type);
    unsigned result = get(function->getReturnType());
    SmallVector<unsigned> parameters;
    for (Type *parameter : function->params())
      parameters.push_back(get(parameter));
    return getFunction(result, parameters, function->isVarArg());
  }
  default:
    break;
  }
  std::string name;
  raw_string_ostream os(name);
  type->print(os);
  errors.report("type " + name + " has no legacy bitcode form");
  return getI8();
}

bool LegacyTypeTable::isPointer(unsigned id) const {
  return id < entries.size() && entries[id].code == bitc::TYPE_CODE_POINTER;
}

unsigned LegacyTypeTable::getPointee(unsigned id) const {
  return entries[id].operands[0];
}

unsigned LegacyTypeTable::getAddressSpace(unsigned id) const {
  return entries[id].operands[1];
}

std::vector<unsigned> LegacyTypeTable::getParameters(unsigned id) const {
  if (id >= entries.size() || entries[id].code != bitc::TYPE_CODE_FUNCTION)
    return {};
  // FUNCTION: [vararg, retty, paramty x N]
  return std::vector<unsigned>(entries[id].operands.begin() + 2,
                               entries[id].operands.end());
}

void LegacyTypeTable::emit(BitstreamWriter &stream) const {
  stream.EnterSubblock(bitc::TYPE_BLOCK_ID_NEW, 4);
  SmallVector<uint64_t, 1> count = {entries.size()};
  stream.EmitRecord(bitc::TYPE_CODE_NUMENTRY, count);
  for (const Entry &entry : entries) {
    if (!entry.name.empty()) {
      SmallVector<uint64_t> name(entry.name.begin(), entry.name.end());
      stream.EmitRecord(bitc::TYPE_CODE_STRUCT_NAME, name);
    }
    stream.EmitRecord(entry.code, entry.operands);
  }
  stream.ExitBlock();
}

} // namespace opencgc::bitcode
