//===- KernelBuilding.cpp - What every kernel builder needs ---------------===//
#include "KernelBuilding.h"
#include "KernelSupport.h"
#include "LinearLaunch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"

using namespace mlir;

namespace opencgc::codegen {

int64_t positiveAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

int64_t product(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  return count;
}

Shape denseStrides(llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

bool isFloat32(Type type) {
  auto tensor = dyn_cast<cgc::TensorType>(type);
  return tensor && isa<cgc::Float32Type>(tensor.getElementType());
}

Type elementTypeOf(Type tensor) {
  return cast<cgc::TensorType>(tensor).getElementType();
}

llvm::Error refuse(cgc::SubgraphOp subgraph, const llvm::Twine &why) {
  return llvm::createStringError("subgraph @" + subgraph.getSymName().str() +
                                 ": " + why.str());
}

MemRefType bufferTypeOf(Type tensor) {
  auto type = cast<cgc::TensorType>(tensor);
  int64_t elements = std::max<int64_t>(1, type.getNumElements());
  // Integer index tensors (a gather's indices) are read as 32-bit words: an
  // int64 element is two, its low word first (every target is little
  // endian), so no kernel needs 64-bit integer support.
  Type element = type.getElementType();
  if (isa<cgc::Int64Type, cgc::Int32Type>(element))
    return MemRefType::get(
        {isa<cgc::Int64Type>(element) ? 2 * elements : elements},
        IntegerType::get(tensor.getContext(), 32));
  return MemRefType::get({elements}, getStorageType(element));
}

gpu::GPUModuleOp createKernelModule(OpBuilder &builder,
                                    cgc::SubgraphOp subgraph, Location loc,
                                    KernelModule &result) {
  result.module = ModuleOp::create(subgraph.getLoc());
  result.module.get()->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                               builder.getUnitAttr());
  builder.setInsertionPointToStart(result.module->getBody());
  return gpu::GPUModuleOp::create(builder, loc, "kernels");
}

KernelLaunch linearLaunch(cgc::SubgraphOp subgraph, int64_t invocations) {
  KernelLaunch launch;
  launch.name = subgraph.getSymName().str();
  launch.workgroupSize = {kWorkgroupSize, 1, 1};
  launch.workgroupCount = linearWorkgroupCount(invocations);
  return launch;
}

gpu::GPUFuncOp createKernelFunction(OpBuilder &builder,
                                    gpu::GPUModuleOp kernels,
                                    cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  SmallVector<Type> arguments;
  for (Type type : definition.getArgumentTypes())
    arguments.push_back(bufferTypeOf(type));
  for (Type type : definition.getResultTypes())
    arguments.push_back(bufferTypeOf(type));
  return createKernelFunction(builder, kernels, subgraph, arguments,
                              subgraph.getLoc(), int32_t(kWorkgroupSize));
}

gpu::GPUFuncOp createKernelFunction(OpBuilder &builder,
                                    gpu::GPUModuleOp kernels,
                                    cgc::SubgraphOp subgraph,
                                    TypeRange arguments, Location loc,
                                    int32_t workgroupSize) {
  builder.setInsertionPointToStart(kernels.getBody());
  auto function =
      gpu::GPUFuncOp::create(builder, loc, subgraph.getSymName(),
                             builder.getFunctionType(arguments, {}));
  function->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    builder.getUnitAttr());
  function.setKnownBlockSizeAttr(
      builder.getDenseI32ArrayAttr({workgroupSize, 1, 1}));
  return function;
}

namespace {
constexpr int64_t kVector = 4;
constexpr int64_t kMinVectorElements = kWorkgroupSize * kVector;

VectorType vec4Type(OpBuilder &builder) {
  return VectorType::get({kVector}, builder.getF32Type());
}
} // namespace

int64_t elementsPerInvocation(cgc::SubgraphOp subgraph,
                              llvm::ArrayRef<int64_t> shape) {
  int64_t elements = product(shape);
  if (elements % kVector != 0 || elements < kMinVectorElements)
    return 1;
  bool vectors = llvm::all_of(
      subgraph.getFunctionalDefinition().getResultTypes(), [&](Type type) {
        return cast<cgc::TensorType>(type).getShape() == shape &&
               bufferTypeOf(type).getElementType().isF32();
      });
  return vectors ? kVector : 1;
}

gpu::GPUFuncOp createKernelFunction(OpBuilder &builder,
                                    gpu::GPUModuleOp kernels,
                                    cgc::SubgraphOp subgraph,
                                    int64_t perInvocation) {
  if (perInvocation == 1)
    return createKernelFunction(builder, kernels, subgraph);
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  SmallVector<Type> arguments;
  for (Type type : definition.getArgumentTypes())
    arguments.push_back(bufferTypeOf(type));
  for (Type type : definition.getResultTypes())
    arguments.push_back(MemRefType::get(
        {bufferTypeOf(type).getNumElements() / kVector}, vec4Type(builder)));
  return createKernelFunction(builder, kernels, subgraph, arguments,
                              subgraph.getLoc(), int32_t(kWorkgroupSize));
}

Value elementOfInvocation(OpBuilder &builder, Location loc, Value invocation,
                          int64_t perInvocation, int64_t e) {
  if (perInvocation == 1)
    return invocation;
  Value first = arith::MulIOp::create(
      builder, loc, invocation, constantIndex(builder, loc, perInvocation));
  return e ? arith::AddIOp::create(builder, loc, first,
                                   constantIndex(builder, loc, e))
           : first;
}

void storeInvocationValues(OpBuilder &builder, Location loc, Value buffer,
                           Value invocation, ValueRange values) {
  Value value = values.front();
  if (values.size() > 1)
    value =
        vector::FromElementsOp::create(builder, loc, vec4Type(builder), values);
  memref::StoreOp::create(builder, loc, value, buffer, invocation);
}

void storeVectorAt(OpBuilder &builder, Location loc, Value buffer, Value first,
                   ValueRange elements) {
  Value vector =
      vector::FromElementsOp::create(builder, loc, vec4Type(builder), elements);
  Value index = arith::DivUIOp::create(builder, loc, first,
                                       constantIndex(builder, loc, kVector));
  memref::StoreOp::create(builder, loc, vector, buffer, index);
}

Value invocationIndex(OpBuilder &builder, Location loc) {
  Value blockX = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::x);
  Value blockY = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::y);
  Value gridX = gpu::GridDimOp::create(builder, loc, gpu::Dimension::x);
  Value thread = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  Value group = arith::AddIOp::create(
      builder, loc, arith::MulIOp::create(builder, loc, blockY, gridX), blockX);
  Value size = constantIndex(builder, loc, kWorkgroupSize);
  return arith::AddIOp::create(
      builder, loc, arith::MulIOp::create(builder, loc, group, size), thread);
}

Value scatterIndex(OpBuilder &builder, Location loc, Value flat,
                   llvm::ArrayRef<int64_t> extents,
                   llvm::ArrayRef<int64_t> strides) {
  auto index = [&](int64_t value) {
    return constantIndex(builder, loc, value);
  };
  Value offset, rest = flat;
  for (int64_t d = int64_t(extents.size()) - 1; d >= 0; --d) {
    // A dimension of extent 1 has coordinate 0: nothing to add.
    if (extents[d] == 1)
      continue;
    Value coordinate =
        d == 0 ? rest
               : arith::RemUIOp::create(builder, loc, rest, index(extents[d]));
    Value term = strides[d] == 1
                     ? coordinate
                     : arith::MulIOp::create(builder, loc, coordinate,
                                             index(strides[d]));
    offset = offset ? arith::AddIOp::create(builder, loc, offset, term) : term;
    if (d != 0)
      rest = arith::DivUIOp::create(builder, loc, rest, index(extents[d]));
  }
  return offset ? offset : index(0);
}

Value constantIndex(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

Value constantF32(OpBuilder &builder, Location loc, double value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getF32FloatAttr(float(value)));
}

Value IndexMath::add(Value x, Value y) {
  return builder.createOrFold<arith::AddIOp>(loc, x, y);
}

Value IndexMath::mul(Value x, int64_t y) {
  return builder.createOrFold<arith::MulIOp>(loc, x, index(y));
}

Value IndexMath::div(Value x, int64_t y) {
  return builder.createOrFold<arith::DivUIOp>(loc, x, index(y));
}

Value IndexMath::rem(Value x, int64_t y) {
  return builder.createOrFold<arith::RemUIOp>(loc, x, index(y));
}

Value IndexMath::flatten(ArrayRef<Value> coordinates,
                         ArrayRef<int64_t> extents) {
  Value offset = index(0);
  for (auto [coordinate, extent] : llvm::zip_equal(coordinates, extents))
    offset = add(mul(offset, extent), coordinate);
  return offset;
}

SmallVector<Value> IndexMath::coordinatesOf(Value element,
                                            ArrayRef<int64_t> extents) {
  SmallVector<Value> o(extents.size());
  Value rest = element;
  for (size_t d = extents.size(); d-- > 0;) {
    o[d] = d == 0 ? rest : rem(rest, extents[d]);
    rest = div(rest, extents[d]);
  }
  return o;
}

Value byteAsBool(OpBuilder &builder, Location loc, Value byte) {
  return arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ne, byte,
      arith::ConstantIntOp::create(builder, loc, byte.getType(), 0));
}

Value loadInteger(OpBuilder &builder, Location loc, Value buffer, Value offset,
                  bool isInt64) {
  if (!isInt64)
    return memref::LoadOp::create(builder, loc, buffer, offset);
  Type i64 = builder.getI64Type();
  Value first = arith::MulIOp::create(builder, loc, offset,
                                      constantIndex(builder, loc, 2));
  Value second = arith::AddIOp::create(builder, loc, first,
                                       constantIndex(builder, loc, 1));
  Value low = arith::ExtUIOp::create(
      builder, loc, i64, memref::LoadOp::create(builder, loc, buffer, first));
  Value high = arith::ExtUIOp::create(
      builder, loc, i64, memref::LoadOp::create(builder, loc, buffer, second));
  Value shifted = arith::ShLIOp::create(
      builder, loc, high, arith::ConstantIntOp::create(builder, loc, i64, 32));
  return arith::OrIOp::create(builder, loc, shifted, low);
}

void storeInteger(OpBuilder &builder, Location loc, Value value, Value buffer,
                  Value offset) {
  Type i32 = builder.getI32Type();
  if (value.getType().isInteger(32)) {
    memref::StoreOp::create(builder, loc, value, buffer, offset);
    return;
  }
  Value first = arith::MulIOp::create(builder, loc, offset,
                                      constantIndex(builder, loc, 2));
  Value second = arith::AddIOp::create(builder, loc, first,
                                       constantIndex(builder, loc, 1));
  Value high = arith::ShRUIOp::create(
      builder, loc, value,
      arith::ConstantIntOp::create(builder, loc, value.getType(), 32));
  memref::StoreOp::create(builder, loc,
                          arith::TruncIOp::create(builder, loc, i32, value),
                          buffer, first);
  memref::StoreOp::create(builder, loc,
                          arith::TruncIOp::create(builder, loc, i32, high),
                          buffer, second);
}

Value loadIntegerAsFloat(OpBuilder &builder, Location loc, Value buffer,
                         Value offset, bool isInt64) {
  Type f32 = builder.getF32Type();
  if (!isInt64)
    return arith::SIToFPOp::create(
        builder, loc, f32,
        memref::LoadOp::create(builder, loc, buffer, offset));
  Value first = arith::MulIOp::create(builder, loc, offset,
                                      constantIndex(builder, loc, 2));
  Value low = memref::LoadOp::create(builder, loc, buffer, first);
  Value second = arith::AddIOp::create(builder, loc, first,
                                       constantIndex(builder, loc, 1));
  Value high = memref::LoadOp::create(builder, loc, buffer, second);
  Value signOfLow = arith::ShRSIOp::create(
      builder, loc, low,
      arith::ConstantIntOp::create(builder, loc, builder.getI32Type(), 31));
  Value fits = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                     high, signOfLow);
  Value wide = arith::AddFOp::create(
      builder, loc,
      arith::MulFOp::create(builder, loc,
                            arith::SIToFPOp::create(builder, loc, f32, high),
                            constantF32(builder, loc, 4294967296.0)),
      arith::UIToFPOp::create(builder, loc, f32, low));
  return arith::SelectOp::create(
      builder, loc, fits, arith::SIToFPOp::create(builder, loc, f32, low),
      wide);
}

} // namespace opencgc::codegen
