//===- Executor.cpp - Run CGC Input IR on the host ------------------------===//
#include "opencgc/ReferenceKernels/Executor.h"

#include "KernelUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/LogicOps.h"
#include "opencgc/Dialect/CGCOp/QuantizationOps.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace opencgc::reference {
namespace {
/// Checks a value against the tensor type it must have.
llvm::Error checkType(Tensor &value, Type type, Operation *where,
                      const llvm::Twine &what) {
  auto tensorType = cast<cgc::TensorType>(type);
  std::optional<DType> dtype =
      dtypeFromElementType(tensorType.getElementType());
  if (dtype == value.getDType() && value.getShape() == tensorType.getShape())
    return llvm::Error::success();
  return kernelError(where, what + " is " + getDTypeName(value.getDType()) +
                                " " + formatShape(value.getShape()) +
                                " but must be " +
                                getDTypeName(dtype.value_or(DType::Float32)) +
                                " " + formatShape(tensorType.getShape()));
}

class Interpreter {
public:
  explicit Interpreter(ConstantLookup constants) : constants(constants) {}

  llvm::Error bindArguments(FunctionOpInterface function,
                            llvm::ArrayRef<Tensor> arguments) {
    Block *body = &function.getFunctionBody().front();
    if (arguments.size() != body->getNumArguments())
      return kernelError(
          function, "expects " + llvm::Twine(body->getNumArguments()) +
                        " arguments, got " + llvm::Twine(arguments.size()));
    for (auto [index, arg] : llvm::enumerate(body->getArguments())) {
      Tensor value = arguments[index];
      if (!value.isValid())
        return kernelError(function,
                           "argument #" + llvm::Twine(index) + " has no value");
      if (auto error = checkType(value, arg.getType(), function,
                                 "argument #" + llvm::Twine(index)))
        return error;
      values[arg] = value;
    }
    return llvm::Error::success();
  }

  llvm::Expected<std::vector<Tensor>> run(Block *body) {
    for (Operation &op : body->without_terminator())
      if (auto error = execute(&op))
        return std::move(error);
    std::vector<Tensor> results;
    for (Value value : body->getTerminator()->getOperands())
      results.push_back(values.lookup(value));
    return results;
  }

private:
  llvm::Error execute(Operation *op) {
    if (auto constant = dyn_cast<cgc::ConstantOp>(op))
      return bindConstant(constant);
    KernelFn kernel =
        KernelRegistry::get().lookup(op->getName().getStringRef());
    if (!kernel)
      return kernelError(op, "the reference device has no kernel for this op");
    if (auto error = checkNarrowTypes(op))
      return error;
    llvm::SmallVector<Tensor, 4> inputs;
    for (Value operand : op->getOperands())
      inputs.push_back(values.lookup(operand));
    llvm::Expected<TensorList> results = kernel(op, inputs);
    if (!results)
      return results.takeError();
    for (auto [index, result] : llvm::enumerate(op->getResults())) {
      // A kernel that disagrees with the op's type is a bug in the kernel.
      if (auto error = checkType((*results)[index], result.getType(), op,
                                 "kernel result #" + llvm::Twine(index)))
        return error;
      values[result] = (*results)[index];
    }
    return llvm::Error::success();
  }

  /// Kernels compute on the storage types of dispatchDType; the narrow
  /// types (float8, float4, int4, int2) are converted, moved and bit-cast
  /// only, as ONNX defines no other op on most of them.
  static llvm::Error checkNarrowTypes(Operation *op) {
    if (isa<cgc_op::CastOp, cgc_op::BitCastOp, cgc_op::QuantizeLinearOp,
            cgc_op::DequantizeLinearOp, cgc_op::ReshapeOp>(op))
      return llvm::Error::success();
    llvm::SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    for (Type type : types) {
      auto tensor = dyn_cast<cgc::TensorType>(type);
      std::optional<DType> dtype =
          tensor ? dtypeFromElementType(tensor.getElementType()) : std::nullopt;
      if (dtype && isNarrowDType(*dtype))
        return kernelError(op, "element type " + getDTypeName(*dtype) +
                                   " is supported only by cast, bitcast, "
                                   "reshape, quantize_linear and "
                                   "dequantize_linear");
    }
    return llvm::Error::success();
  }

  llvm::Error bindConstant(cgc::ConstantOp constant) {
    llvm::Expected<Tensor> value = constants(constant.getName());
    if (!value)
      return kernelError(constant,
                         "cannot bind named constant \"" + constant.getName() +
                             "\": " + llvm::toString(value.takeError()));
    Tensor tensor = *value;
    if (auto error = checkType(tensor, constant.getType(), constant,
                               "named constant \"" + constant.getName() + "\""))
      return error;
    values[constant.getResult()] = tensor;
    return llvm::Error::success();
  }

  ConstantLookup constants;
  llvm::DenseMap<Value, Tensor> values;
};
} // namespace

llvm::Expected<std::vector<Tensor>>
executeEntryPoint(cgc::EntryPointOp entry, llvm::ArrayRef<Tensor> arguments,
                  ConstantLookup constants) {
  return executeFunction(entry, arguments, constants);
}

llvm::Expected<std::vector<Tensor>>
executeFunction(FunctionOpInterface function, llvm::ArrayRef<Tensor> arguments,
                ConstantLookup constants) {
  Region &body = function.getFunctionBody();
  if (!llvm::hasSingleElement(body))
    return kernelError(function, "expects a body of exactly one block");
  Interpreter interpreter(constants);
  if (auto error = interpreter.bindArguments(function, arguments))
    return std::move(error);
  return interpreter.run(&body.front());
}

llvm::Expected<std::vector<Tensor>>
executeFunction(FunctionOpInterface function,
                llvm::ArrayRef<Tensor> arguments) {
  auto noConstants = [](llvm::StringRef name) -> llvm::Expected<Tensor> {
    return llvm::createStringError("no named constants can be bound here (\"" +
                                   name + "\")");
  };
  return executeFunction(function, arguments, noConstants);
}

llvm::Error checkReferenceKernels(Operation *root) {
  const KernelRegistry &registry = KernelRegistry::get();
  Operation *missing = nullptr;
  root->walk([&](Operation *op) {
    // Structure ops are interpreted by the executors, not by kernels.
    if (isa_and_nonnull<cgc::CGCDialect>(op->getDialect()) ||
        registry.lookup(op->getName().getStringRef()))
      return WalkResult::advance();
    missing = op;
    return WalkResult::interrupt();
  });
  if (missing)
    return kernelError(missing,
                       "the reference device has no kernel for this op");
  return llvm::Error::success();
}

} // namespace opencgc::reference
