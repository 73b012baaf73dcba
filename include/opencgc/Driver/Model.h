//===- Model.h - Load a model of any form and run it ------------*- C++ -*-===//
//
// What `opencgc run` and `opencgc conformance` share: a model from an ONNX
// file (imported on the fly) or from CGC Input IR in any interchange form
// with its weights file, tensors from .npy or ONNX .pb files, and execution
// on the reference device; and compiled models (CGC Output IR, from an
// `opencgc compile` output directory or an Output IR file) run by the
// program executor on a device.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DRIVER_MODEL_H
#define OPENCGC_DRIVER_MODEL_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/Tensor/Tensor.h"
#include "opencgc/Tensor/WeightsFile.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace opencgc::device {
class Device;
} // namespace opencgc::device

namespace opencgc::driver {

struct Model {
  mlir::OwningOpRef<cgc::ModuleOp> module;
  cgc::EntryPointOp entry;
  NamedTensors weights;
  /// Entry-point argument and result names (the `cgc.name` attributes, or
  /// input0, output0, ... where absent).
  std::vector<std::string> inputNames;
  std::vector<std::string> outputNames;
};

struct LoadOptions {
  /// Input values known before running (see ImportOptions::knownInputs).
  std::map<std::string, Tensor> knownInputs;
  /// Shapes of ONNX graph inputs (see ImportOptions::inputShapes).
  std::map<std::string, Shape> inputShapes;
  /// Weights for IR models; default: the .cgcw file beside the model.
  std::optional<std::string> weightsPath;
};

/// The weights file that belongs beside `modelPath` (same stem, .cgcw).
std::string defaultWeightsPath(llvm::StringRef modelPath);

/// Loads a .onnx, .mlir, .mlirbc or .cgc model with one cgc.entry_point.
llvm::Expected<Model> loadModel(llvm::StringRef path,
                                mlir::MLIRContext &context,
                                const LoadOptions &options);

/// Reads a tensor from a .npy or ONNX TensorProto .pb file.
llvm::Expected<Tensor> readTensorFile(llvm::StringRef path);

/// Binds named constants (cgc.constant) to a model's weights by name.
class WeightLookup {
public:
  explicit WeightLookup(const NamedTensors &weights);
  llvm::Expected<Tensor> operator()(llvm::StringRef name) const;

private:
  llvm::StringMap<const Tensor *> byName;
};

/// Checks `inputs` against the entry point (count, element type, shape),
/// naming the input and the expected type on mismatch.
llvm::Error checkInputs(const Model &model, llvm::ArrayRef<Tensor> inputs);

/// Runs the model on the reference device.
llvm::Expected<std::vector<Tensor>> runReference(const Model &model,
                                                 llvm::ArrayRef<Tensor> inputs);

/// A compiled model: CGC Output IR with its weights.
struct CompiledModel {
  mlir::OwningOpRef<cgc::ModuleOp> module;
  cgc::ProgramOp program;
  runtime::ProgramSignature signature;
  NamedTensors weights;
  /// Program input and output names (the arguments' `cgc.name` attributes,
  /// or input0, output0, ... where absent), in signature order.
  std::vector<std::string> inputNames;
  std::vector<std::string> outputNames;
};

/// True when `path` is a directory, i.e. names a compiled output directory
/// rather than a model file.
bool isCompiledModelDirectory(llvm::StringRef path);

/// Wraps Output IR (one cgc.program) and its weights.
llvm::Expected<CompiledModel>
makeCompiledModel(mlir::OwningOpRef<cgc::ModuleOp> outputIR,
                  NamedTensors weights, llvm::StringRef nameForErrors);

/// Loads a compiled model from an output directory (OUTDIR/output.cgc, with
/// OUTDIR/weights.cgcw when present) or from an Output IR file (.cgc,
/// .mlir, .mlirbc; weights from options.weightsPath or the .cgcw beside it).
llvm::Expected<CompiledModel> loadCompiledModel(llvm::StringRef path,
                                                mlir::MLIRContext &context,
                                                const LoadOptions &options);

/// A model as `opencgc run` takes it: exactly one of the two is set.
struct AnyModel {
  std::optional<Model> model;
  std::optional<CompiledModel> compiled;
};

/// Loads an output directory or Output IR as a CompiledModel and anything
/// else (ONNX, Input IR) as a Model, reading each file once.
llvm::Expected<AnyModel> loadAnyModel(llvm::StringRef path,
                                      mlir::MLIRContext &context,
                                      const LoadOptions &options);

/// Runs a compiled model's program on `device` (inputs in signature order).
llvm::Expected<std::vector<Tensor>> runCompiled(const CompiledModel &model,
                                                llvm::ArrayRef<Tensor> inputs,
                                                device::Device &device);

/// The devices a run's partitions ran on: partition count by device name.
using PartitionPlacement = std::map<std::string, unsigned>;

/// The same with several devices (see runtime::CompiledProgram::compile),
/// reporting each compiled partition to `progress` and where the partitions
/// ran to `placement` when given.
llvm::Expected<std::vector<Tensor>>
runCompiled(const CompiledModel &model, llvm::ArrayRef<Tensor> inputs,
            llvm::ArrayRef<device::Device *> devices,
            llvm::raw_ostream *progress = nullptr,
            PartitionPlacement *placement = nullptr);

} // namespace opencgc::driver

#endif // OPENCGC_DRIVER_MODEL_H
