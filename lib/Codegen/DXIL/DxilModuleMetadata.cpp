//===- DxilModuleMetadata.cpp - dx.* metadata of a compute shader ---------===//
//
// Reference section 3 (DXIL.rst "Metadata"): the versions, the shader
// model, the resource records and the entry point. dx.typeAnnotations is
// left out, as DXC leaves it out of compute shaders (reference 3.6).
//
//===----------------------------------------------------------------------===//
#include "DxilModuleMetadata.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {
namespace {

/// Reference 3.5: bit 4 raw/structured buffers, bit 5 low precision, bit
/// 20 64-bit integers, bit 23 native (not minimum) low precision.
constexpr uint64_t kRawBuffersFlag = 0x10;
constexpr uint64_t kLowPrecisionFlag = 0x20;
constexpr uint64_t kInt64Flag = 0x100000;
constexpr uint64_t kNativeLowPrecisionFlag = 0x800000;
/// ResourceKind RawBuffer (reference 3.4).
constexpr uint32_t kRawBufferKind = 11;
/// dx.valver: the validator rules the corpus's cs_6_0 shaders name
/// (1.8, reference Appendix A).
constexpr uint32_t kValidatorMinor = 8;

class MetadataBuilder {
public:
  explicit MetadataBuilder(Module &module)
      : context(module.getContext()), module(module) {}

  Metadata *i32(uint32_t value) {
    return ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(context), value));
  }
  Metadata *i1(bool value) {
    return ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt1Ty(context), value));
  }
  Metadata *i64(uint64_t value) {
    return ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt64Ty(context), value));
  }
  Metadata *string(StringRef value) { return MDString::get(context, value); }
  MDNode *tuple(ArrayRef<Metadata *> operands) {
    return MDNode::get(context, operands);
  }
  void named(StringRef name, MDNode *node) {
    module.getOrInsertNamedMetadata(name)->addOperand(node);
  }

  LLVMContext &context;
  Module &module;
};

/// Reference 3.2: SRV records have 9 fields, UAV records 11; field 1 is an
/// undef pointer to the HLSL type, given to the bitcode writer.
MDNode *resourceRecord(MetadataBuilder &md, const DxilBinding &binding,
                       unsigned bindPoint, bitcode::PointeeTypes &pointees) {
  Metadata *undefPointer =
      ConstantAsMetadata::get(UndefValue::get(PointerType::get(md.context, 0)));
  SmallVector<Metadata *> fields = {
      md.i32(binding.rangeId), undefPointer, md.string(""),         md.i32(0),
      md.i32(bindPoint),       md.i32(1),    md.i32(kRawBufferKind)};
  if (binding.isUav)
    fields.append({md.i1(false), md.i1(false), md.i1(false), nullptr});
  else
    fields.append({md.i32(0), nullptr});
  MDNode *record = md.tuple(fields);
  StringRef typeName =
      binding.isUav ? "struct.RWByteAddressBuffer" : "struct.ByteAddressBuffer";
  StructType *hlslType = StructType::getTypeByName(md.context, typeName);
  if (!hlslType)
    hlslType = StructType::create(md.context, {Type::getInt32Ty(md.context)},
                                  typeName);
  pointees.setMetadataOperand(record, 1, hlslType);
  return record;
}

MDNode *resourceLists(MetadataBuilder &md, ArrayRef<DxilBinding> bindings,
                      bitcode::PointeeTypes &pointees) {
  SmallVector<Metadata *> lists[2];
  for (auto [bindPoint, binding] : enumerate(bindings))
    lists[binding.isUav].push_back(
        resourceRecord(md, binding, unsigned(bindPoint), pointees));
  auto listOrNull = [&](ArrayRef<Metadata *> records) -> Metadata * {
    return records.empty() ? nullptr : md.tuple(records);
  };
  return md.tuple(
      {listOrNull(lists[0]), listOrNull(lists[1]), nullptr, nullptr});
}

void stripOtherMetadata(Module &module) {
  for (NamedMDNode &named : make_early_inc_range(module.named_metadata()))
    module.eraseNamedMetadata(&named);
  for (Function &function : module) {
    function.clearMetadata();
    for (Instruction &instruction : instructions(function))
      instruction.dropUnknownNonDebugMetadata({});
  }
}

bool usesType(const Instruction &instruction,
              function_ref<bool(const Type *)> isType) {
  if (isType(instruction.getType()))
    return true;
  return any_of(instruction.operands(),
                [&](const Use &operand) { return isType(operand->getType()); });
}

bool isInt64(const Type *type) { return type->isIntegerTy(64); }

} // namespace

bool isSixteenBitType(const Type *type) {
  const Type *scalar = type->getScalarType();
  return scalar->isHalfTy() || scalar->isIntegerTy(16);
}

bool usesSixteenBitTypes(const Function &function) {
  return any_of(instructions(function), [](const Instruction &instruction) {
    return usesType(instruction, isSixteenBitType);
  });
}

uint64_t computeDxilShaderFlags(const Module &module) {
  uint64_t flags = kRawBuffersFlag;
  for (const Function &function : module)
    for (const Instruction &instruction : instructions(function)) {
      if (usesType(instruction, isInt64))
        flags |= kInt64Flag;
      // The module's layout says whether 16-bit types are native.
      if (usesType(instruction, isSixteenBitType))
        flags |= kLowPrecisionFlag | kNativeLowPrecisionFlag;
    }
  return flags;
}

void emitDxilModuleMetadata(Module &module, ArrayRef<DxilBinding> bindings,
                            const KernelLaunch &launch,
                            const DxilShaderTarget &target,
                            bitcode::PointeeTypes &pointees) {
  // Reference 2.2: the triple; LLVM 22 holds the native layout, the writer
  // says legacy where 16-bit types are not native.
  module.setTargetTriple(Triple("dxil-ms-dx"));
  module.setDataLayout(bitcode::kDxilNativeLowPrecisionDataLayout);
  stripOtherMetadata(module);
  MetadataBuilder md(module);
  // DXIL 1.x goes with shader model 6.x (reference 3.1).
  md.named("dx.version", md.tuple({md.i32(1), md.i32(target.minor)}));
  md.named("dx.valver", md.tuple({md.i32(1), md.i32(kValidatorMinor)}));
  md.named("dx.shaderModel",
           md.tuple({md.string("cs"), md.i32(6), md.i32(target.minor)}));
  MDNode *resources = resourceLists(md, bindings, pointees);
  md.named("dx.resources", resources);
  // Reference 3.3: tag 0 shader flags, tag 4 numthreads; the resource list
  // is the same tuple as dx.resources; no signatures for compute.
  const auto &size = launch.workgroupSize;
  MDNode *properties =
      md.tuple({md.i32(0), md.i64(computeDxilShaderFlags(module)), md.i32(4),
                md.tuple({md.i32(size[0]), md.i32(size[1]), md.i32(size[2])})});
  Function *entry = module.getFunction(kDxilEntryName);
  md.named("dx.entryPoints",
           md.tuple({ValueAsMetadata::get(entry), md.string(kDxilEntryName),
                     nullptr, resources, properties}));
}

} // namespace opencgc::codegen
