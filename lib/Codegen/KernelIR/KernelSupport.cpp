//===- KernelSupport.cpp - What the kernel generator accepts --------------===//
//
// Elementwise subgraphs over float32, float16 and bool tensors. Every
// refusal names the subgraph and the op (or input) it stops at.
//
//===----------------------------------------------------------------------===//
#include "KernelSupport.h"
#include "ConvTransposeKernel.h"
#include "ConvolutionKernel.h"
#include "DataMovementKernel.h"
#include "KernelBuilding.h"
#include "KernelKinds.h"
#include "NormalizationKernel.h"
#include "PoolingKernel.h"
#include "ReductionKernel.h"
#include "ResamplingKernel.h"
#include "ScalarOps.h"

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Compiler/OpClasses.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/LogicOps.h"

#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// Integer tensors (int64, int32) are either read as f32 values
/// (loadIntegerAsFloat) and only cast, or computed on as integers
/// (computesOnIntegers).
enum class Kind { Float, Bool, Integer, Other };

Kind kindOf(Type type) {
  auto tensor = dyn_cast<cgc::TensorType>(type);
  if (tensor && isa<cgc::Int64Type, cgc::Int32Type>(tensor.getElementType()))
    return Kind::Integer;
  if (!tensor || !getStorageType(tensor.getElementType()))
    return Kind::Other;
  return isa<cgc::BoolType>(tensor.getElementType()) ? Kind::Bool : Kind::Float;
}

bool allOf(TypeRange types, Kind kind) {
  return llvm::all_of(types, [&](Type type) { return kindOf(type) == kind; });
}

/// Integer operands all of one element type (ONNX's integer ops take one).
bool sameIntegers(TypeRange types) {
  return allOf(types, Kind::Integer) &&
         llvm::all_equal(llvm::map_range(types, elementTypeOf));
}

/// Whether the operand and result types of `op` fit `rule`.
bool typesFit(Operation *op, TypeRule rule) {
  TypeRange operands = op->getOperandTypes(), results = op->getResultTypes();
  switch (rule) {
  case TypeRule::Float:
    return allOf(operands, Kind::Float) && allOf(results, Kind::Float);
  case TypeRule::Bool:
    return allOf(operands, Kind::Bool) && allOf(results, Kind::Bool);
  case TypeRule::Compare:
    return allOf(operands, Kind::Float) && allOf(results, Kind::Bool);
  case TypeRule::Where: {
    if (operands.size() != 3 || kindOf(operands[0]) != Kind::Bool)
      return false;
    Kind kind = kindOf(operands[1]);
    if (kind == Kind::Integer)
      return sameIntegers({operands[1], operands[2], results[0]});
    return (kind == Kind::Float || kind == Kind::Bool) &&
           kindOf(operands[2]) == kind && allOf(results, kind);
  }
  case TypeRule::Cast:
    return kindOf(operands[0]) != Kind::Other &&
           kindOf(results[0]) != Kind::Other;
  case TypeRule::Integer:
    return sameIntegers(
        llvm::to_vector(llvm::concat<const Type>(operands, results)));
  case TypeRule::IntegerCompare:
    return sameIntegers(operands) && allOf(results, Kind::Bool);
  }
  return false;
}

std::string typeList(TypeRange types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(types, os, [&](Type type) {
    auto tensor = dyn_cast<cgc::TensorType>(type);
    os << (tensor ? tensor.getElementType() : type);
  });
  return text;
}

llvm::Error unsupported(cgc::SubgraphOp subgraph, const llvm::Twine &what) {
  return llvm::createStringError(
      llvm::formatv("subgraph @{0}: {1} has no kernel generator yet",
                    subgraph.getSymName(), what.str())
          .str());
}

} // namespace

llvm::Error checkElementwiseOp(cgc::SubgraphOp subgraph, Operation *op) {
  StringRef name = op->getName().getStringRef();
  const ScalarOpInfo *info =
      compiler::isElementwise(op) ? lookupScalarOp(op) : nullptr;
  if (!info && isa<cgc_op::DivOp, cgc_op::ModOp>(op) &&
      codegen::computesOnIntegers(op))
    return llvm::createStringError(
        llvm::formatv("subgraph @{0}: integer {1} stays on the reference "
                      "device, which reports a zero divisor (a kernel "
                      "cannot)",
                      subgraph.getSymName(), name)
            .str());
  if (!info)
    return unsupported(subgraph, name);
  if (!typesFit(op, info->rule))
    return unsupported(subgraph,
                       name + " on (" + typeList(op->getOperandTypes()) +
                           ") -> (" + typeList(op->getResultTypes()) + ")");
  return llvm::Error::success();
}

Type getStorageType(Type element) {
  MLIRContext *context = element.getContext();
  if (isa<cgc::Float32Type>(element))
    return Float32Type::get(context);
  if (isa<cgc::Float16Type>(element))
    return Float16Type::get(context);
  if (isa<cgc::BoolType>(element))
    return IntegerType::get(context, 8);
  return {};
}

/// An elementwise op computing on integers (data movement reads integers
/// too, as words).
static bool isIntegerScalarOp(Operation &op) {
  return compiler::isElementwise(&op) && codegen::computesOnIntegers(&op);
}

bool computesOnIntegers(cgc::FunctionalDefinitionOp definition) {
  return llvm::any_of(definition.getBodyBlock()->without_terminator(),
                      isIntegerScalarOp);
}

/// int64 inputs of such a kernel are loaded as i64, and its integer ops
/// may compute on int64 values.
bool needsInt64Arithmetic(cgc::FunctionalDefinitionOp definition) {
  auto isInt64 = [](Type type) {
    auto tensor = dyn_cast<cgc::TensorType>(type);
    return tensor && isa<cgc::Int64Type>(tensor.getElementType());
  };
  auto touchesInt64 = [&](Operation &op) {
    return llvm::any_of(op.getOperandTypes(), isInt64) ||
           llvm::any_of(op.getResultTypes(), isInt64);
  };
  Block *body = definition.getBodyBlock();
  if (computesOnIntegers(definition) &&
      llvm::any_of(definition.getArgumentTypes(), isInt64))
    return true;
  return llvm::any_of(body->without_terminator(), [&](Operation &op) {
    return isIntegerScalarOp(op) && touchesInt64(op);
  });
}

bool isMatmulSubgraph(cgc::FunctionalDefinitionOp definition) {
  Block *body = definition.getBodyBlock();
  if (body->without_terminator().empty())
    return false;
  return isa<cgc_op::MatMulOp, cgc_op::GemmOp>(body->front()) ||
         isPointwiseConvolution(&body->front()) ||
         isUpsamplingConvTranspose(&body->front());
}

std::optional<Shape> getIterationShape(cgc::FunctionalDefinitionOp definition) {
  llvm::SmallVector<llvm::ArrayRef<int64_t>> shapes;
  auto addShape = [&](Type type) {
    if (auto tensor = dyn_cast<cgc::TensorType>(type))
      shapes.push_back(tensor.getShape());
  };
  // batch_normalization's [C] parameters are read at the element's channel
  // (checkPerElementOp checks them), not broadcast numpy-style.
  for (BlockArgument argument : definition.getBodyBlock()->getArguments())
    if (argument.use_empty() ||
        !llvm::all_of(argument.getUses(), isChannelParameter))
      addShape(argument.getType());
  definition.getBodyBlock()->walk(
      [&](Operation *op) { llvm::for_each(op->getResultTypes(), addShape); });
  return broadcastShapes(shapes);
}

/// The first value of a narrow element type (float8, float4, int4, int2)
/// in `definition`: GPU kernels have none, so such subgraphs stay on the
/// reference device.
static std::optional<Type>
findNarrowElement(cgc::FunctionalDefinitionOp definition) {
  auto isNarrow = [](Type type) {
    auto tensor = dyn_cast<cgc::TensorType>(type);
    return tensor && cgc::isNarrowElement(tensor.getElementType());
  };
  for (Type type : definition.getArgumentTypes())
    if (isNarrow(type))
      return type;
  std::optional<Type> found;
  definition.getBodyBlock()->walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (isNarrow(type))
        found = type;
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

llvm::Error checkKernelSupport(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  if (!definition)
    return llvm::createStringError("subgraph @" + subgraph.getSymName().str() +
                                   " has no functional definition");
  if (std::optional<Type> narrow = findNarrowElement(definition))
    return unsupported(subgraph,
                       llvm::formatv("element type {0}",
                                     typeList(llvm::ArrayRef<Type>(*narrow))));
  return getKernelKind(definition).check(subgraph);
}

bool needsInt64Arithmetic(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  // A copy-movement where copies words, whatever its element type.
  return definition && getKernelKind(definition).name != "copy-movement" &&
         needsInt64Arithmetic(definition);
}

llvm::Error checkElementwiseSupport(cgc::SubgraphOp subgraph) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  // Ops first: their refusals say more than an input's element type.
  for (Operation &op : definition.getBodyBlock()->without_terminator())
    if (llvm::Error error = checkPerElementOp(subgraph, &op))
      return error;
  for (auto [index, type] : llvm::enumerate(definition.getArgumentTypes()))
    if (kindOf(type) == Kind::Other)
      return unsupported(subgraph,
                         llvm::formatv("input {0} of element type {1}", index,
                                       typeList(type)));
  // Without integer ops, integer inputs are read only by casts, as f32: an
  // integer output (an input passed through) would need integer stores.
  bool integers = computesOnIntegers(definition);
  for (auto [index, type] : llvm::enumerate(definition.getResultTypes()))
    if (kindOf(type) == Kind::Other ||
        (kindOf(type) == Kind::Integer && !integers))
      return unsupported(subgraph,
                         llvm::formatv("output {0} of element type {1}", index,
                                       typeList(type)));
  std::optional<Shape> shape = getIterationShape(definition);
  if (!shape)
    return llvm::createStringError("subgraph @" + subgraph.getSymName().str() +
                                   ": value shapes do not broadcast together");
  int64_t elements = 1;
  for (int64_t extent : *shape)
    elements *= extent;
  if (elements > std::numeric_limits<int32_t>::max())
    return llvm::createStringError(
        llvm::formatv("subgraph @{0}: {1} elements exceed 32-bit indexing",
                      subgraph.getSymName(), elements)
            .str());
  return llvm::Error::success();
}

} // namespace opencgc::codegen
