//===- Importer.h - ONNX models to CGC Input IR -----------------*- C++ -*-===//
//
// Translates an ONNX ModelProto into a cgc.module with one cgc.entry_point.
// Graph inputs become entry-point arguments (in order, named by the
// `cgc.name` argument attribute), graph outputs its results; initializers
// become named constants (cgc.constant("name")) whose values are returned
// beside the module, to be written to a weights file.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_FRONTEND_ONNX_IMPORTER_H
#define OPENCGC_FRONTEND_ONNX_IMPORTER_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Tensor/Tensor.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace opencgc::onnx_import {

/// Marks an error as "the model uses something we do not support" (as
/// opposed to "the model is malformed").
class UnsupportedError : public llvm::ErrorInfo<UnsupportedError> {
public:
  static char ID;
  explicit UnsupportedError(std::string message)
      : message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  std::string message;
};

struct ImportOptions {
  /// Values of graph inputs known before running (e.g. the test data of a
  /// conformance test). They are used only where an op needs a static
  /// value (a Reshape shape, Slice starts, ...) and to give shapes to
  /// dimensions the model leaves symbolic.
  std::map<std::string, Tensor> knownInputs;
  /// Shapes of graph inputs given by the user (`--input-shape NAME=DIMS`):
  /// they fix the dimensions the model leaves symbolic and must agree with
  /// the ones it declares.
  std::map<std::string, Shape> inputShapes;
};

struct ImportedModel {
  mlir::OwningOpRef<cgc::ModuleOp> module;
  /// Named constants the module's cgc.constant ops refer to.
  std::vector<std::pair<std::string, Tensor>> weights;
  std::vector<std::string> inputNames;
  std::vector<std::string> outputNames;
  int64_t opsetVersion = 0;
};

/// Imports the model at `path`. Unsupported ops and attributes are
/// collected over the whole graph and reported in one error, one line per
/// node with its name, op type and opset.
llvm::Expected<ImportedModel> importOnnxModel(llvm::StringRef path,
                                              mlir::MLIRContext &context,
                                              const ImportOptions &options);

/// The element types of a model's graph inputs (initializers excluded) and
/// outputs, in order.
struct ModelSignature {
  std::vector<std::pair<std::string, DType>> inputs;
  std::vector<std::pair<std::string, DType>> outputs;
};

/// Reads the signature of the model at `path`. Every graph input and
/// output must be a tensor of an element type we support (not a sequence,
/// an optional or a string); an UnsupportedError names the first that is
/// not.
llvm::Expected<ModelSignature> readModelSignature(llvm::StringRef path);

/// The name of an entry-point argument attribute carrying the ONNX name.
inline constexpr const char *kNameAttr = "cgc.name";

} // namespace opencgc::onnx_import

#endif // OPENCGC_FRONTEND_ONNX_IMPORTER_H
