//===- HalfStoreRounding.cpp - float16 stores round to nearest even -------===//
#include "HalfStoreRounding.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

bool isHalf(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    type = vector.getElementType();
  return type.isF16();
}

/// Whether `store` writes `value` (not an address) to a storage buffer.
bool storesToStorageBuffer(Operation *user, Value value) {
  auto store = dyn_cast<spirv::StoreOp>(user);
  if (!store || store.getValue() != value || store.getPtr() == value)
    return false;
  auto pointer = cast<spirv::PointerType>(store.getPtr().getType());
  return pointer.getStorageClass() == spirv::StorageClass::StorageBuffer;
}

bool onlyStoredToStorageBuffers(Value value) {
  if (value.use_empty())
    return false;
  for (Operation *user : value.getUsers())
    if (!storesToStorageBuffer(user, value))
      return false;
  return true;
}

} // namespace

void roundHalfStoresToNearestEven(spirv::ModuleOp module) {
  // The serializer writes an attribute named after a decoration as that
  // decoration (FPRoundingMode -> fp_rounding_mode).
  auto nearestEven = spirv::FPRoundingModeAttr::get(module.getContext(),
                                                    spirv::FPRoundingMode::RTE);
  module.walk([&](spirv::FConvertOp convert) {
    Value result = convert.getResult();
    if (isHalf(result.getType()) && onlyStoredToStorageBuffers(result))
      convert->setAttr("fp_rounding_mode", nearestEven);
  });
}

} // namespace opencgc::codegen
