//===- ImportContext.h - State of one ONNX import ---------------*- C++ -*-===//
//
// What a converter sees of the import: the node's inputs as IR values or as
// import-time constants, its attributes, a builder, and ways to define its
// outputs and to report unsupported features.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_FRONTEND_ONNX_IMPORTCONTEXT_H
#define OPENCGC_LIB_FRONTEND_ONNX_IMPORTCONTEXT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Frontend/ONNX/Importer.h"
#include "opencgc/Frontend/ONNX/TensorProto.h"
#include "opencgc/Tensor/Tensor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include "onnx/onnx_pb.h"

#include <map>

namespace opencgc::onnx_import {

/// The most bytes an op computed wholly from constants may produce for it
/// to become a constant itself (ConstantFolding in docs/onnx.md): exporters
/// write index computations and small tensors (a class token expanded to
/// the batch, position ids sliced to the sequence) as ops on initializers,
/// which would otherwise stay kernels of their own, often on the reference
/// device; larger results (a weight transposed) keep their op, so that the
/// weights file does not grow.
inline constexpr uint64_t kMaxFoldedResultBytes = 64 * 1024;

/// The most bytes a constant made at import time may hold; larger folded
/// values are left to run on a device instead.
inline constexpr uint64_t kMaxImportConstantBytes = uint64_t(1) << 30;

/// The bytes of a `dtype` tensor of `shape`; nothing when negative or past
/// 64 bits.
std::optional<uint64_t> getConstantBytes(DType dtype,
                                         llvm::ArrayRef<int64_t> shape);

class ImportContext {
public:
  ImportContext(mlir::MLIRContext &context, mlir::OpBuilder &builder,
                int64_t opset,
                const std::map<std::string, Tensor> &knownInputs);

  //===--- Graph-level state (used by the importer) ---------------------===//
  void defineValue(llvm::StringRef name, mlir::Value value);
  void defineConstant(llvm::StringRef name, Tensor value);
  bool isDefined(llvm::StringRef name) const;
  void setNode(const onnx::NodeProto *node, mlir::Location loc,
               int64_t opVersion = 0) {
    this->node = node;
    this->loc = loc;
    this->opVersion = opVersion;
  }
  /// The default-domain opset the next node is read at: the model's, or
  /// the function's for a node of an inlined function body.
  void setOpset(int64_t value) { opset = value; }
  std::vector<std::pair<std::string, Tensor>> takeWeights() {
    return std::move(weights);
  }

  //===--- What converters use -------------------------------------------===//
  const onnx::NodeProto &getNode() const { return *node; }
  int64_t getOpset() const { return opset; }
  /// The version of the node's op at the model's opset: its newest
  /// since-version <= the opset (OpVersions.h).
  int64_t getOpVersion() const { return opVersion; }
  mlir::OpBuilder &getBuilder() { return builder; }
  mlir::Location getLoc() const { return loc; }
  mlir::MLIRContext *getContext() { return &context; }

  size_t getNumInputs() const { return node->input_size(); }
  /// True when input `index` exists and is not the empty (omitted) name.
  bool hasInput(unsigned index) const;
  /// Input `index` as an IR value; constants are materialized as
  /// cgc.constant ops on first use.
  llvm::Expected<mlir::Value> input(unsigned index);
  /// Input `index` as a value known at import time (an initializer, a
  /// Constant node, a folded expression or a known graph input); an
  /// unsupported-error naming `what` otherwise.
  llvm::Expected<Tensor> staticInput(unsigned index, llvm::StringRef what);
  /// The element type of input `index`.
  llvm::Expected<DType> inputDType(unsigned index);

  const onnx::AttributeProto *findAttr(llvm::StringRef name) const;
  int64_t intAttr(llvm::StringRef name, int64_t fallback) const;
  float floatAttr(llvm::StringRef name, float fallback) const;
  std::string stringAttr(llvm::StringRef name, llvm::StringRef fallback) const;
  std::optional<std::vector<int64_t>> intsAttr(llvm::StringRef name) const;

  /// A constant the converter makes up (a default zero point, ...), named
  /// after the node's first output and `suffix`, stored as a weight.
  mlir::Value syntheticConstant(llvm::StringRef suffix, Tensor value);

  /// Defines output `index` of the node.
  void setOutput(unsigned index, mlir::Value value);
  void setOutputConstant(unsigned index, Tensor value);

  /// Builds a layer op, inferring its result type; an inference failure is
  /// returned as an error (never an assertion). Folds the op at import time
  /// when all operands are known constants.
  template <typename OpTy>
  llvm::Expected<mlir::Value>
  create(mlir::ValueRange operands,
         llvm::ArrayRef<mlir::NamedAttribute> attributes = {}) {
    mlir::OperationState state(loc, OpTy::getOperationName());
    state.addOperands(operands);
    state.addAttributes(attributes);
    state.name.populateDefaultAttrs(state.attributes);
    llvm::SmallVector<mlir::Type, 1> types;
    std::string diagnostics;
    {
      mlir::ScopedDiagnosticHandler capture(&context,
                                            [&](mlir::Diagnostic &diag) {
                                              diagnostics += diag.str();
                                              return mlir::success();
                                            });
      typename OpTy::Adaptor adaptor(state.operands,
                                     state.attributes.getDictionary(&context));
      if (mlir::failed(adaptor.verify(loc)))
        return unsupported(diagnostics);
      if (mlir::failed(OpTy::inferReturnTypes(
              &context, loc, state.operands,
              state.attributes.getDictionary(&context),
              mlir::OpaqueProperties(nullptr), mlir::RegionRange(), types)))
        return unsupported(diagnostics);
    }
    state.addTypes(types);
    return finishOp(state);
  }

  llvm::Error unsupported(const llvm::Twine &why) const;
  llvm::Error malformed(const llvm::Twine &why) const;
  /// A constant made in memory at import time (a generator's output) must
  /// hold at most kMaxImportConstantBytes: a model can ask for terabytes.
  llvm::Error checkImportConstant(DType dtype, llvm::ArrayRef<int64_t> shape,
                                  const llvm::Twine &what) const;

  // Attribute builders for converters.
  mlir::NamedAttribute namedAttr(llvm::StringRef name, mlir::Attribute value);
  mlir::ArrayAttr i64Array(llvm::ArrayRef<int64_t> values);

private:
  /// Creates and verifies the op, then tries to fold it.
  llvm::Expected<mlir::Value> finishOp(mlir::OperationState &state);
  void tryFold(mlir::Operation *op);
  /// A constant in place of `op` when tryFold computed its one result and
  /// it holds at most kMaxFoldedResultBytes.
  std::optional<mlir::Value> replaceByConstant(mlir::Operation *op);
  /// The value of `value` if it can be computed at import time from
  /// constants and known graph inputs, running the reference kernels on its
  /// defining ops. Used only where an op needs a static value: data paths
  /// stay in the IR even when their inputs are known.
  std::optional<Tensor> evaluateStatic(mlir::Value value);
  mlir::Value materialize(llvm::StringRef name, const Tensor &value);

  mlir::MLIRContext &context;
  mlir::OpBuilder &builder;
  int64_t opset;
  const std::map<std::string, Tensor> &knownInputs;
  const onnx::NodeProto *node = nullptr;
  int64_t opVersion = 0;
  mlir::Location loc;
  llvm::StringMap<mlir::Value> values;
  llvm::StringMap<Tensor> constants;
  llvm::DenseMap<mlir::Value, Tensor> foldedValues;
  llvm::DenseMap<mlir::Value, Tensor> knownArguments;
  llvm::DenseMap<mlir::Value, Tensor> staticValues;
  std::vector<std::pair<std::string, Tensor>> weights;
};

} // namespace opencgc::onnx_import

#endif // OPENCGC_LIB_FRONTEND_ONNX_IMPORTCONTEXT_H
