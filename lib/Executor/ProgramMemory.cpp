//===- ProgramMemory.cpp - The device memory of one program ---------------===//
#include "ProgramMemory.h"

#include "opencgc/Dialect/TypeString.h"

#include <cstring>

using namespace mlir;

namespace opencgc::runtime {
namespace {
/// The argument attribute naming a program input or output.
constexpr llvm::StringLiteral kNameAttr = "cgc.name";

} // namespace

std::string argumentName(cgc::ProgramOp program, unsigned index,
                         const llvm::Twine &fallback) {
  if (auto name = program.getArgAttrOfType<StringAttr>(index, kNameAttr))
    return "'" + name.str() + "'";
  return "'" + fallback.str() + "'";
}

llvm::Error checkTensor(const Tensor &value, cgc::MemRefType type,
                        const llvm::Twine &what) {
  std::optional<DType> dtype = dtypeFromElementType(type.getElementType());
  if (!dtype)
    return llvm::createStringError(what + " has an unsupported type " +
                                   typeString(type));
  std::string expected =
      (getDTypeName(*dtype) + " " + formatShape(type.getShape())).str();
  if (!value.isValid())
    return llvm::createStringError(what + " is missing; expected " + expected);
  if (value.getDType() != *dtype || value.getShape() != type.getShape())
    return llvm::createStringError(what + " is " +
                                   getDTypeName(value.getDType()) + " " +
                                   formatShape(value.getShape()) +
                                   " but the program " + "expects " + expected);
  return llvm::Error::success();
}

/// A buffer of `size` bytes on `device`; the error names `what`.
static llvm::Expected<std::shared_ptr<device::Resource>>
createResource(device::Device &device, uint64_t size, const llvm::Twine &what) {
  auto resource = device.createBuffer(size);
  if (!resource)
    return llvm::createStringError(
        "cannot allocate " + llvm::Twine(size) + " bytes for " + what +
        " on device '" + device.getName() +
        "': " + llvm::toString(resource.takeError()));
  return std::shared_ptr<device::Resource>(std::move(*resource));
}

llvm::Error ProgramMemory::allocateValue(Value value, device::Device &device,
                                         const llvm::Twine &what) {
  uint64_t size = cast<cgc::MemRefType>(value.getType()).getByteSize();
  auto resource = createResource(device, size, what);
  if (!resource)
    return resource.takeError();
  ranges[value] = (*resource)->getRange(0, size);
  resources[value] = std::move(*resource);
  return llvm::Error::success();
}

/// The constant's resources: one per layout its invokes read it in, and the
/// plain one where an invoke binds it as it is or none binds it at all.
llvm::Error ProgramMemory::allocateConstant(cgc::ConstantOp constant,
                                            device::Device &device,
                                            const ConstantBinding &binding) {
  std::string what = "named constant \"" + constant.getName().str() + "\"";
  if (binding.plain || binding.layouts.empty())
    if (auto error = allocateValue(constant.getResult(), device, what))
      return error;
  auto type = cast<cgc::MemRefType>(constant.getType());
  for (ConstantLayout layout : binding.layouts) {
    uint64_t size =
        getLaidOutByteSize(layout, type.getShape(), type.getByteSize());
    auto resource = createResource(
        device, size, what + " laid out " + getConstantLayoutName(layout));
    if (!resource)
      return resource.takeError();
    device::GpuVirtualAddressRange range = (*resource)->getRange(0, size);
    laidOut[constant.getResult()].push_back(
        {layout, std::move(*resource), range});
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<ProgramMemory>>
ProgramMemory::allocate(cgc::ProgramOp program, device::Device &device,
                        const ConstantBindings &bindings) {
  std::unique_ptr<ProgramMemory> memory(new ProgramMemory(program));
  for (BlockArgument arg : program.getArguments())
    if (auto error = memory->allocateValue(
            arg, device, "argument #" + llvm::Twine(arg.getArgNumber())))
      return std::move(error);
  for (Operation &op : program.getBodyBlock()->without_terminator()) {
    if (auto constant = dyn_cast<cgc::ConstantOp>(op)) {
      if (auto error = memory->allocateConstant(
              constant, device, bindings.lookup(constant.getResult())))
        return std::move(error);
    } else if (auto view = dyn_cast<cgc::ViewMemRefOp>(op)) {
      device::GpuVirtualAddressRange source =
          memory->ranges.lookup(view.getSource());
      uint64_t offset = view.getOffset();
      uint64_t size = cast<cgc::MemRefType>(view.getType()).getByteSize();
      if (offset > source.sizeInBytes || size > source.sizeInBytes - offset)
        return llvm::createStringError(
            "view at byte " + llvm::Twine(offset) + " of " + llvm::Twine(size) +
            " bytes runs past its " + llvm::Twine(source.sizeInBytes) +
            "-byte source");
      memory->ranges[view.getResult()] = {source.startAddress + offset, size};
    }
  }
  return memory;
}

llvm::Error ProgramMemory::bindConstant(cgc::ConstantOp constant,
                                        reference::ConstantLookup lookup) {
  std::string what = "named constant \"" + constant.getName().str() + "\"";
  llvm::Expected<Tensor> value = lookup(constant.getName());
  if (!value)
    return llvm::createStringError("cannot bind " + what + ": " +
                                   llvm::toString(value.takeError()));
  auto type = cast<cgc::MemRefType>(constant.getType());
  if (auto error = checkTensor(*value, type, what))
    return error;
  Tensor &source = constantSources[constant.getResult()];
  if (source.isValid() && source.getBytes() == value->getBytes())
    return llvm::Error::success();
  auto plain = resources.find(constant.getResult());
  if (plain != resources.end() && value->getByteSize())
    std::memcpy(plain->second->getMappedData(), value->getBytes(),
                value->getByteSize());
  for (const LaidOutCopy &copy : copiesOf(constant.getResult())) {
    llvm::Expected<Tensor> laid = layOutConstant(copy.layout, *value);
    if (!laid)
      return llvm::createStringError("cannot lay out " + what + " " +
                                     getConstantLayoutName(copy.layout) + ": " +
                                     llvm::toString(laid.takeError()));
    if (laid->getByteSize())
      std::memcpy(copy.resource->getMappedData(), laid->getBytes(),
                  laid->getByteSize());
  }
  source = *value;
  return llvm::Error::success();
}

llvm::Error ProgramMemory::prepareRun(const ProgramSignature &signature,
                                      llvm::ArrayRef<Tensor> inputs) {
  if (inputs.size() != signature.inputs.size())
    return llvm::createStringError(
        "the program takes " + llvm::Twine(signature.inputs.size()) +
        " inputs, got " + llvm::Twine(inputs.size()));
  unsigned nextInput = 0;
  for (auto [index, arg] : llvm::enumerate(program.getArguments())) {
    auto type = cast<cgc::MemRefType>(arg.getType());
    uint8_t *data = resources[arg]->getMappedData();
    if (signature.roles[index] != ArgumentRole::Input) {
      std::memset(data, CompiledProgram::kPoisonByte, type.getByteSize());
      continue;
    }
    unsigned position = nextInput++;
    const Tensor &input = inputs[position];
    if (auto error = checkTensor(
            input, type,
            "input " +
                argumentName(program, index, "input" + llvm::Twine(position))))
      return error;
    if (input.getByteSize())
      std::memcpy(data, input.getBytes(), input.getByteSize());
  }
  return llvm::Error::success();
}

llvm::Error ProgramMemory::bindConstants(reference::ConstantLookup constants) {
  for (auto constant : program.getBodyBlock()->getOps<cgc::ConstantOp>())
    if (auto error = bindConstant(constant, constants))
      return error;
  return llvm::Error::success();
}

llvm::Expected<std::vector<Tensor>>
ProgramMemory::readOutputs(const ProgramSignature &signature) const {
  std::vector<Tensor> outputs;
  for (auto [position, index] : llvm::enumerate(signature.outputs)) {
    BlockArgument arg = program.getArgument(index);
    auto type = cast<cgc::MemRefType>(arg.getType());
    std::optional<DType> dtype = dtypeFromElementType(type.getElementType());
    if (!dtype)
      return llvm::createStringError(
          "output " +
          argumentName(program, index, "output" + llvm::Twine(position)) +
          " has an unsupported type " + typeString(type));
    Tensor output(*dtype, type.getShape());
    if (output.getByteSize())
      std::memcpy(output.getBytes(), resources.lookup(arg)->getMappedData(),
                  output.getByteSize());
    outputs.push_back(std::move(output));
  }
  return outputs;
}

} // namespace opencgc::runtime
