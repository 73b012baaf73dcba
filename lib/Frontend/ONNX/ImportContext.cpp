//===- ImportContext.cpp - State of one ONNX import -----------------------===//
#include "ImportContext.h"

#include "mlir/IR/Verifier.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "llvm/Support/MathExtras.h"
#include "opencgc/ReferenceKernels/KernelRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace opencgc::onnx_import {

char UnsupportedError::ID = 0;

ImportContext::ImportContext(MLIRContext &context, OpBuilder &builder,
                             int64_t opset,
                             const std::map<std::string, Tensor> &knownInputs)
    : context(context), builder(builder), opset(opset),
      knownInputs(knownInputs), loc(UnknownLoc::get(&context)) {}

void ImportContext::defineValue(llvm::StringRef name, Value value) {
  values[name] = value;
  auto known = knownInputs.find(name.str());
  if (known != knownInputs.end() && isa<BlockArgument>(value))
    knownArguments[value] = known->second;
}

void ImportContext::defineConstant(llvm::StringRef name, Tensor value) {
  constants[name] = std::move(value);
}

bool ImportContext::isDefined(llvm::StringRef name) const {
  return values.count(name) || constants.count(name);
}

bool ImportContext::hasInput(unsigned index) const {
  return static_cast<int>(index) < node->input_size() &&
         !node->input(index).empty();
}

Value ImportContext::materialize(llvm::StringRef name, const Tensor &value) {
  auto type = cgc::TensorType::get(&context, value.getShape(),
                                   getElementType(&context, value.getDType()),
                                   /*isConstant=*/true);
  Value result =
      builder.create<cgc::ConstantOp>(loc, type, builder.getStringAttr(name));
  weights.emplace_back(name.str(), value);
  foldedValues[result] = value;
  values[name] = result;
  return result;
}

llvm::Expected<Value> ImportContext::input(unsigned index) {
  if (!hasInput(index))
    return malformed("input #" + llvm::Twine(index) + " is missing");
  llvm::StringRef name = node->input(index);
  if (Value value = values.lookup(name))
    return value;
  auto constant = constants.find(name);
  if (constant != constants.end())
    return materialize(name, constant->second);
  return malformed("input '" + name +
                   "' is not produced by any node, "
                   "initializer or graph input");
}

llvm::Expected<Tensor> ImportContext::staticInput(unsigned index,
                                                  llvm::StringRef what) {
  if (!hasInput(index))
    return malformed(what + " (input #" + llvm::Twine(index) + ") is missing");
  llvm::StringRef name = node->input(index);
  auto constant = constants.find(name);
  if (constant != constants.end())
    return constant->second;
  if (Value value = values.lookup(name))
    if (std::optional<Tensor> evaluated = evaluateStatic(value))
      return *evaluated;
  return unsupported(what + " (input '" + name +
                     "') must be known at import time: an initializer, a "
                     "Constant, or a graph input whose value is given");
}

llvm::Expected<DType> ImportContext::inputDType(unsigned index) {
  if (!hasInput(index))
    return malformed("input #" + llvm::Twine(index) + " is missing");
  llvm::StringRef name = node->input(index);
  auto constant = constants.find(name);
  if (constant != constants.end())
    return constant->second.getDType();
  if (Value value = values.lookup(name))
    return *dtypeFromElementType(
        cast<cgc::TensorType>(value.getType()).getElementType());
  return malformed("input '" + name + "' is not defined");
}

const onnx::AttributeProto *
ImportContext::findAttr(llvm::StringRef name) const {
  for (const onnx::AttributeProto &attr : node->attribute())
    if (attr.name() == name)
      return &attr;
  return nullptr;
}

int64_t ImportContext::intAttr(llvm::StringRef name, int64_t fallback) const {
  const onnx::AttributeProto *attr = findAttr(name);
  return attr ? attr->i() : fallback;
}

float ImportContext::floatAttr(llvm::StringRef name, float fallback) const {
  const onnx::AttributeProto *attr = findAttr(name);
  return attr ? attr->f() : fallback;
}

std::string ImportContext::stringAttr(llvm::StringRef name,
                                      llvm::StringRef fallback) const {
  const onnx::AttributeProto *attr = findAttr(name);
  return attr ? attr->s() : fallback.str();
}

std::optional<std::vector<int64_t>>
ImportContext::intsAttr(llvm::StringRef name) const {
  const onnx::AttributeProto *attr = findAttr(name);
  if (!attr)
    return std::nullopt;
  return std::vector<int64_t>(attr->ints().begin(), attr->ints().end());
}

Value ImportContext::syntheticConstant(llvm::StringRef suffix, Tensor value) {
  std::string base = node->output_size() ? node->output(0) : node->name();
  return materialize(base + "." + suffix.str(), value);
}

void ImportContext::setOutput(unsigned index, Value value) {
  if (static_cast<int>(index) < node->output_size() &&
      !node->output(index).empty())
    values[node->output(index)] = value;
}

void ImportContext::setOutputConstant(unsigned index, Tensor value) {
  if (static_cast<int>(index) < node->output_size() &&
      !node->output(index).empty())
    constants[node->output(index)] = std::move(value);
}

llvm::Error ImportContext::unsupported(const llvm::Twine &why) const {
  return llvm::make_error<UnsupportedError>(why.str());
}

llvm::Error ImportContext::malformed(const llvm::Twine &why) const {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), why.str());
}

NamedAttribute ImportContext::namedAttr(llvm::StringRef name, Attribute value) {
  return builder.getNamedAttr(name, value);
}

ArrayAttr ImportContext::i64Array(llvm::ArrayRef<int64_t> values) {
  return builder.getI64ArrayAttr(values);
}

llvm::Expected<Value> ImportContext::finishOp(OperationState &state) {
  Operation *op = builder.create(state);
  std::string diagnostics;
  {
    ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
      diagnostics += diag.str();
      return success();
    });
    if (failed(verify(op))) {
      op->erase();
      return unsupported(diagnostics);
    }
  }
  tryFold(op);
  if (std::optional<Value> constant = replaceByConstant(op))
    return *constant;
  return op->getResult(0);
}

std::optional<Value> ImportContext::replaceByConstant(Operation *op) {
  if (op->getNumResults() != 1)
    return std::nullopt;
  auto folded = foldedValues.find(op->getResult(0));
  if (folded == foldedValues.end())
    return std::nullopt;
  std::optional<uint64_t> bytes =
      getConstantBytes(folded->second.getDType(), folded->second.getShape());
  if (!bytes || *bytes > kMaxFoldedResultBytes)
    return std::nullopt;
  Tensor value = folded->second;
  foldedValues.erase(folded);
  op->erase();
  // A converter may build several ops for one node: each its own name.
  std::string base =
      (node->output_size() ? node->output(0) : node->name()) + ".folded";
  std::string name = base;
  for (int suffix = 1; values.count(name); ++suffix)
    name = base + "." + std::to_string(suffix);
  return materialize(name, value);
}

std::optional<uint64_t> getConstantBytes(DType dtype,
                                         llvm::ArrayRef<int64_t> shape) {
  uint64_t elements = 1;
  bool overflow = false;
  for (int64_t dim : shape) {
    if (dim < 0)
      return std::nullopt;
    elements = llvm::SaturatingMultiply(elements, uint64_t(dim), &overflow);
  }
  // Storage sizes count whole bytes of at most 8 per element.
  if (overflow || elements > (uint64_t(1) << 60))
    return std::nullopt;
  return getStorageSize(dtype, elements);
}

llvm::Error ImportContext::checkImportConstant(DType dtype,
                                               llvm::ArrayRef<int64_t> shape,
                                               const llvm::Twine &what) const {
  std::optional<uint64_t> bytes = getConstantBytes(dtype, shape);
  if (bytes && *bytes <= kMaxImportConstantBytes)
    return llvm::Error::success();
  return malformed(what + " of shape " + formatShape(shape) + " would be " +
                   (bytes ? llvm::Twine(*bytes) + " bytes"
                          : llvm::Twine("more than 2^60 elements")) +
                   " made at import time; the importer makes at most " +
                   llvm::Twine(kMaxImportConstantBytes) + " bytes");
}

/// Whether every result of `op` is small enough to compute at import time.
static bool resultsFitInMemory(Operation *op) {
  for (Type type : op->getResultTypes()) {
    auto shaped = llvm::dyn_cast<cgc::TensorType>(type);
    if (!shaped)
      return false;
    std::optional<DType> dtype = dtypeFromElementType(shaped.getElementType());
    std::optional<uint64_t> bytes =
        dtype ? getConstantBytes(*dtype, shaped.getShape()) : std::nullopt;
    if (!bytes || *bytes > kMaxImportConstantBytes)
      return false;
  }
  return true;
}

std::optional<Tensor> ImportContext::evaluateStatic(Value value) {
  auto folded = foldedValues.find(value);
  if (folded != foldedValues.end())
    return folded->second;
  auto cached = staticValues.find(value);
  if (cached != staticValues.end())
    return cached->second;
  std::optional<Tensor> result;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto known = knownArguments.find(arg);
    if (known != knownArguments.end())
      result = known->second;
  } else if (Operation *op = value.getDefiningOp()) {
    reference::KernelFn kernel =
        reference::KernelRegistry::get().lookup(op->getName().getStringRef());
    if (!resultsFitInMemory(op))
      return std::nullopt;
    llvm::SmallVector<Tensor, 4> inputs;
    for (Value operand : op->getOperands()) {
      std::optional<Tensor> input = evaluateStatic(operand);
      if (!input)
        return std::nullopt;
      inputs.push_back(*input);
    }
    if (kernel) {
      llvm::Expected<reference::TensorList> results = kernel(op, inputs);
      if (!results) {
        llvm::consumeError(results.takeError());
        return std::nullopt;
      }
      for (auto [opResult, tensor] : llvm::zip(op->getResults(), *results))
        staticValues[opResult] = tensor;
      result = staticValues.lookup(value);
    }
  }
  if (result)
    staticValues[value] = *result;
  return result;
}

void ImportContext::tryFold(Operation *op) {
  if (!resultsFitInMemory(op))
    return;
  llvm::SmallVector<Tensor, 4> inputs;
  for (Value operand : op->getOperands()) {
    auto folded = foldedValues.find(operand);
    if (folded == foldedValues.end())
      return;
    inputs.push_back(folded->second);
  }
  reference::KernelFn kernel =
      reference::KernelRegistry::get().lookup(op->getName().getStringRef());
  if (!kernel)
    return;
  llvm::Expected<reference::TensorList> results = kernel(op, inputs);
  if (!results) {
    llvm::consumeError(results.takeError());
    return;
  }
  for (auto [result, value] : llvm::zip(op->getResults(), *results))
    foldedValues[result] = value;
}

} // namespace opencgc::onnx_import
