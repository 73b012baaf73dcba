//===- Model.cpp - Load a model of any form and run it --------------------===//
#include "opencgc/Driver/Model.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Frontend/ONNX/Importer.h"
#include "opencgc/Frontend/ONNX/TensorProto.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "opencgc/Runtime/NpyFile.h"
#include "opencgc/Runtime/Reference/Executor.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;

namespace opencgc::driver {
namespace {
llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

/// Reads the cgc.name attributes of the entry point's arguments/results.
std::vector<std::string> namesOf(cgc::EntryPointOp entry, bool results) {
  unsigned count = results ? entry.getNumResults() : entry.getNumArguments();
  std::vector<std::string> names;
  for (unsigned i = 0; i < count; ++i) {
    auto name =
        results
            ? entry.getResultAttrOfType<StringAttr>(i, onnx_import::kNameAttr)
            : entry.getArgAttrOfType<StringAttr>(i, onnx_import::kNameAttr);
    names.push_back(name ? name.str()
                         : (results ? "output" : "input") + std::to_string(i));
  }
  return names;
}

llvm::Error findEntryPoint(Model &model, llvm::StringRef path) {
  auto entries = model.module->getBodyBlock()->getOps<cgc::EntryPointOp>();
  if (std::distance(entries.begin(), entries.end()) != 1)
    return makeError(path + ": expected CGC Input IR with exactly one "
                            "cgc.entry_point (Output IR runs after the "
                            "compiler is built)");
  model.entry = *entries.begin();
  model.inputNames = namesOf(model.entry, false);
  model.outputNames = namesOf(model.entry, true);
  return llvm::Error::success();
}

llvm::Expected<Model> loadOnnx(llvm::StringRef path, MLIRContext &context,
                               const LoadOptions &options) {
  onnx_import::ImportOptions importOptions;
  importOptions.knownInputs = options.knownInputs;
  auto imported = onnx_import::importOnnxModel(path, context, importOptions);
  if (!imported)
    return imported.takeError();
  Model model;
  model.module = std::move(imported->module);
  model.weights = std::move(imported->weights);
  if (auto error = findEntryPoint(model, path))
    return std::move(error);
  return model;
}

llvm::Expected<Model> loadIR(llvm::StringRef path, MLIRContext &context,
                             const LoadOptions &options) {
  FailureOr<LoadedModule> loaded = loadModule(path, context);
  if (failed(loaded))
    return makeError(path + ": cannot load the model (see the errors "
                            "above)");
  Model model;
  model.module = std::move(loaded->module);
  if (auto error = findEntryPoint(model, path))
    return std::move(error);
  std::string weightsPath =
      options.weightsPath.value_or(defaultWeightsPath(path));
  bool needsWeights =
      !model.entry.getBodyBlock()->getOps<cgc::ConstantOp>().empty();
  if (options.weightsPath ||
      (needsWeights && llvm::sys::fs::exists(weightsPath))) {
    auto weights = readWeights(weightsPath);
    if (!weights)
      return weights.takeError();
    model.weights = std::move(*weights);
  }
  return model;
}
} // namespace

std::string defaultWeightsPath(llvm::StringRef modelPath) {
  llvm::SmallString<256> path(modelPath);
  llvm::sys::path::replace_extension(path, kWeightsFileExtension);
  return path.str().str();
}

llvm::Expected<Model> loadModel(llvm::StringRef path, MLIRContext &context,
                                const LoadOptions &options) {
  if (llvm::sys::path::extension(path) == ".onnx")
    return loadOnnx(path, context, options);
  return loadIR(path, context, options);
}

llvm::Expected<Tensor> readTensorFile(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  if (ext == ".npy")
    return readNpy(path);
  if (ext == ".pb") {
    auto named = readTensorProtoFile(path);
    if (!named)
      return named.takeError();
    return named->second;
  }
  return makeError("cannot tell the tensor format of '" + path +
                   "'; use .npy or .pb");
}

llvm::Error checkInputs(const Model &model, llvm::ArrayRef<Tensor> inputs) {
  cgc::EntryPointOp entry = model.entry;
  llvm::ArrayRef<Type> types = entry.getArgumentTypes();
  if (inputs.size() != types.size())
    return makeError("the model takes " + llvm::Twine(types.size()) +
                     " inputs, got " + llvm::Twine(inputs.size()));
  for (auto [index, input] : llvm::enumerate(inputs)) {
    auto type = cast<cgc::TensorType>(types[index]);
    DType expected = *dtypeFromElementType(type.getElementType());
    if (!input.isValid())
      return makeError("input '" + model.inputNames[index] +
                       "' is missing; expected " + getDTypeName(expected) +
                       " " + formatShape(type.getShape()));
    if (input.getDType() != expected || input.getShape() != type.getShape())
      return makeError(
          "input '" + model.inputNames[index] + "' is " +
          getDTypeName(input.getDType()) + " " + formatShape(input.getShape()) +
          " but the model "
          "expects " +
          getDTypeName(expected) + " " + formatShape(type.getShape()));
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<Tensor>>
runReference(const Model &model, llvm::ArrayRef<Tensor> inputs) {
  if (auto error = checkInputs(model, inputs))
    return std::move(error);
  llvm::StringMap<const Tensor *> weights;
  for (const auto &[name, value] : model.weights)
    weights[name] = &value;
  auto lookup = [&](llvm::StringRef name) -> llvm::Expected<Tensor> {
    if (const Tensor *value = weights.lookup(name))
      return *value;
    return makeError("no weight named \"" + name + "\" in the weights file");
  };
  return reference::executeEntryPoint(model.entry, inputs, lookup);
}

} // namespace opencgc::driver
