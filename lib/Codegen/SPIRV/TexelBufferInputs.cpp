//===- TexelBufferInputs.cpp - Read-only inputs as uniform texel buffers --===//
//
// lavapipe turns storage buffer loads at lane-varying addresses into per-lane
// scalar loops, while texel buffer fetches stay vectorized: the same GEMM
// runs 2.6x faster when its inputs are fetched through uniform texel buffers
// (shared/reference/lavapipe-performance.md). Kernel IR knows nothing of
// descriptor kinds, so the choice is made here, on the SPIR-V dialect after
// the ABI lowering: a storage buffer global whose every use is
//   addressof -> AccessChain [0, i] -> Load
// and whose f32 or vec4<f32> array fits the device's texel limit becomes an
// image-buffer global of the same name and binding, each load an ImageFetch
// of texel i (component 0 for scalars, read through an R32f view; whole
// texels for vec4 arrays, read through an Rgba32f view). The image's format
// tells the runtime which buffer view to create.
//
//===----------------------------------------------------------------------===//
#include "TexelBufferInputs.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// The element type and count of a storage buffer holding one f32 or
/// vector<4xf32> array (the layout the ABI lowering gives a memref).
struct BufferShape {
  Type element;
  uint64_t count = 0;
};

std::optional<BufferShape> getTexelShape(spirv::GlobalVariableOp global) {
  auto pointer = dyn_cast<spirv::PointerType>(global.getType());
  if (!pointer ||
      pointer.getStorageClass() != spirv::StorageClass::StorageBuffer)
    return std::nullopt;
  auto block = dyn_cast<spirv::StructType>(pointer.getPointeeType());
  if (!block || block.getNumElements() != 1)
    return std::nullopt;
  auto array = dyn_cast<spirv::ArrayType>(block.getElementType(0));
  if (!array)
    return std::nullopt;
  Type element = array.getElementType();
  auto vector = dyn_cast<VectorType>(element);
  bool isF32 = element.isF32();
  bool isVec4 =
      vector && vector.getNumElements() == 4 && vector.getElementType().isF32();
  if (!isF32 && !isVec4)
    return std::nullopt;
  return BufferShape{element, array.getNumElements()};
}

bool isZero(Value value) {
  APInt constant;
  return matchPattern(value, m_ConstantInt(&constant)) && constant.isZero();
}

/// The loads through `global`, or nothing when it is used in any other way
/// (a store, an atomic, a pointer passed on): only pure reads may move to a
/// texel buffer.
std::optional<SmallVector<spirv::LoadOp>>
collectLoads(spirv::GlobalVariableOp global, spirv::ModuleOp module,
             SmallVectorImpl<spirv::AddressOfOp> &addresses) {
  SmallVector<spirv::LoadOp> loads;
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(global, module);
  if (!uses)
    return std::nullopt;
  for (const SymbolTable::SymbolUse &use : *uses) {
    Operation *user = use.getUser();
    if (isa<spirv::EntryPointOp>(user))
      continue; // the interface list keeps the name
    auto address = dyn_cast<spirv::AddressOfOp>(user);
    if (!address)
      return std::nullopt;
    addresses.push_back(address);
    for (Operation *pointerUser : address->getUsers()) {
      auto chain = dyn_cast<spirv::AccessChainOp>(pointerUser);
      if (!chain || chain.getIndices().size() != 2 ||
          !isZero(chain.getIndices()[0]))
        return std::nullopt;
      for (Operation *elementUser : chain->getUsers()) {
        auto load = dyn_cast<spirv::LoadOp>(elementUser);
        if (!load)
          return std::nullopt;
        loads.push_back(load);
      }
    }
  }
  return loads;
}

spirv::ImageType getTexelImageType(Type element) {
  Builder builder(element.getContext());
  bool vec4 = isa<VectorType>(element);
  return spirv::ImageType::get(
      builder.getF32Type(), spirv::Dim::Buffer, spirv::ImageDepthInfo::NoDepth,
      spirv::ImageArrayedInfo::NonArrayed,
      spirv::ImageSamplingInfo::SingleSampled,
      spirv::ImageSamplerUseInfo::NeedSampler,
      vec4 ? spirv::ImageFormat::Rgba32f : spirv::ImageFormat::R32f);
}

/// Replaces `global` (same name and binding) by a uniform texel buffer and
/// every load through it by a fetch.
void rewriteToTexelBuffer(spirv::GlobalVariableOp global, Type element,
                          ArrayRef<spirv::AddressOfOp> addresses,
                          ArrayRef<spirv::LoadOp> loads) {
  OpBuilder builder(global);
  auto pointerType = spirv::PointerType::get(
      getTexelImageType(element), spirv::StorageClass::UniformConstant);
  // Same name (the entry point's interface list refers to it) and binding;
  // the name is unique again once the old global is erased.
  spirv::GlobalVariableOp::create(
      builder, global.getLoc(), pointerType, global.getSymName(),
      global.getDescriptorSet().value_or(0), *global.getBinding());
  global.erase();

  // One image load per address: the ABI lowering puts the addresses in the
  // entry block, so the image dominates every fetch.
  DenseMap<Value, Value> imageOf;
  for (spirv::AddressOfOp address : addresses) {
    builder.setInsertionPointAfter(address);
    auto newAddress = spirv::AddressOfOp::create(
        builder, address.getLoc(), pointerType, address.getVariableAttr());
    imageOf[address] =
        spirv::LoadOp::create(builder, address.getLoc(), newAddress);
  }
  Type vec4 = VectorType::get({4}, builder.getF32Type());
  for (spirv::LoadOp load : loads) {
    auto chain = load.getPtr().getDefiningOp<spirv::AccessChainOp>();
    builder.setInsertionPoint(load);
    Value texel = spirv::ImageFetchOp::create(
        builder, load.getLoc(), vec4, imageOf.lookup(chain.getBasePtr()),
        chain.getIndices()[1], /*image_operands=*/nullptr, ValueRange());
    if (!isa<VectorType>(element))
      texel = spirv::CompositeExtractOp::create(builder, load.getLoc(), texel,
                                                ArrayRef<int32_t>{0});
    load.replaceAllUsesWith(texel);
    load.erase();
  }
  for (spirv::AddressOfOp address : addresses) {
    for (Operation *chain : llvm::make_early_inc_range(address->getUsers()))
      chain->erase();
    address.erase();
  }
}

} // namespace

void useTexelBuffersForInputs(spirv::ModuleOp module,
                              uint32_t maxTexelBufferElements) {
  if (maxTexelBufferElements == 0)
    return;
  SmallVector<spirv::GlobalVariableOp> globals(
      module.getBody()->getOps<spirv::GlobalVariableOp>());
  for (spirv::GlobalVariableOp global : globals) {
    std::optional<BufferShape> shape = getTexelShape(global);
    if (!shape || shape->count > maxTexelBufferElements ||
        !global.getBindingAttr())
      continue;
    SmallVector<spirv::AddressOfOp> addresses;
    std::optional<SmallVector<spirv::LoadOp>> loads =
        collectLoads(global, module, addresses);
    // An unused argument keeps its storage buffer: nothing to speed up.
    if (!loads || loads->empty())
      continue;
    rewriteToTexelBuffer(global, shape->element, addresses, *loads);
  }
}

} // namespace opencgc::codegen
