//===- Model.cpp - Load a model of any form and run it --------------------===//
#include "opencgc/Driver/Model.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Driver/CompiledModel.h"
#include "opencgc/Frontend/ONNX/Importer.h"
#include "opencgc/Frontend/ONNX/TensorProto.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "opencgc/Tensor/NpyFile.h"
#include "opencgc/ReferenceKernels/Executor.h"
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
                            "cgc.entry_point");
  model.entry = *entries.begin();
  model.inputNames = namesOf(model.entry, false);
  model.outputNames = namesOf(model.entry, true);
  return llvm::Error::success();
}

llvm::Expected<Model> loadOnnx(llvm::StringRef path, MLIRContext &context,
                               const LoadOptions &options) {
  onnx_import::ImportOptions importOptions;
  importOptions.knownInputs = options.knownInputs;
  importOptions.inputShapes = options.inputShapes;
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

/// Reads the weights an IR model needs: `options.weightsPath` when given,
/// else `defaultPath` when the model has named constants and it exists.
llvm::Error loadWeights(NamedTensors &weights, bool needsWeights,
                        const std::string &defaultPath,
                        const LoadOptions &options) {
  if (!options.weightsPath &&
      !(needsWeights && llvm::sys::fs::exists(defaultPath)))
    return llvm::Error::success();
  auto read = readWeights(options.weightsPath.value_or(defaultPath));
  if (!read)
    return read.takeError();
  weights = std::move(*read);
  return llvm::Error::success();
}

llvm::Expected<OwningOpRef<cgc::ModuleOp>> loadIRModule(llvm::StringRef path,
                                                        MLIRContext &context) {
  FailureOr<LoadedModule> loaded = loadModule(path, context);
  if (failed(loaded))
    return makeError(path + ": cannot load the model (see the errors "
                            "above)");
  return std::move(loaded->module);
}

llvm::Expected<Model> inputModelFromModule(OwningOpRef<cgc::ModuleOp> module,
                                           llvm::StringRef path,
                                           const LoadOptions &options) {
  Model model;
  model.module = std::move(module);
  if (auto error = findEntryPoint(model, path))
    return std::move(error);
  bool needsWeights =
      !model.entry.getBodyBlock()->getOps<cgc::ConstantOp>().empty();
  if (auto error = loadWeights(model.weights, needsWeights,
                               defaultWeightsPath(path), options))
    return std::move(error);
  return model;
}

llvm::Expected<CompiledModel>
compiledModelFromModule(OwningOpRef<cgc::ModuleOp> module, llvm::StringRef path,
                        const std::string &weightsPath,
                        const LoadOptions &options) {
  bool needsWeights = false;
  for (auto program : module->getBodyBlock()->getOps<cgc::ProgramOp>())
    needsWeights |= !program.getBodyBlock()->getOps<cgc::ConstantOp>().empty();
  NamedTensors weights;
  if (auto error = loadWeights(weights, needsWeights, weightsPath, options))
    return std::move(error);
  return makeCompiledModel(std::move(module), std::move(weights), path);
}

/// Program argument names for `indices`, from `cgc.name` or `prefix<k>`.
std::vector<std::string> programNames(cgc::ProgramOp program,
                                      llvm::ArrayRef<unsigned> indices,
                                      llvm::StringRef prefix) {
  std::vector<std::string> names;
  for (auto [k, index] : llvm::enumerate(indices)) {
    auto name =
        program.getArgAttrOfType<StringAttr>(index, onnx_import::kNameAttr);
    names.push_back(name ? name.str() : prefix.str() + std::to_string(k));
  }
  return names;
}

} // namespace

WeightLookup::WeightLookup(const NamedTensors &weights) {
  for (const auto &[name, value] : weights)
    byName[name] = &value;
}

llvm::Expected<Tensor> WeightLookup::operator()(llvm::StringRef name) const {
  if (const Tensor *value = byName.lookup(name))
    return *value;
  return makeError("no weight named \"" + name + "\" in the weights file");
}

std::string defaultWeightsPath(llvm::StringRef modelPath) {
  llvm::SmallString<256> path(modelPath);
  llvm::sys::path::replace_extension(path, kWeightsFileExtension);
  return path.str().str();
}

llvm::Expected<Model> loadModel(llvm::StringRef path, MLIRContext &context,
                                const LoadOptions &options) {
  if (llvm::sys::path::extension(path) == ".onnx")
    return loadOnnx(path, context, options);
  auto module = loadIRModule(path, context);
  if (!module)
    return module.takeError();
  return inputModelFromModule(std::move(*module), path, options);
}

bool isCompiledModelDirectory(llvm::StringRef path) {
  return llvm::sys::fs::is_directory(path);
}

llvm::Expected<CompiledModel>
makeCompiledModel(OwningOpRef<cgc::ModuleOp> outputIR, NamedTensors weights,
                  llvm::StringRef nameForErrors) {
  auto programs = outputIR->getBodyBlock()->getOps<cgc::ProgramOp>();
  if (std::distance(programs.begin(), programs.end()) != 1)
    return makeError(nameForErrors + ": expected CGC Output IR with exactly "
                                     "one cgc.program");
  CompiledModel model;
  model.program = *programs.begin();
  auto signature = runtime::getProgramSignature(model.program);
  if (!signature)
    return makeError(nameForErrors + ": " +
                     llvm::toString(signature.takeError()));
  model.signature = std::move(*signature);
  model.inputNames =
      programNames(model.program, model.signature.inputs, "input");
  model.outputNames =
      programNames(model.program, model.signature.outputs, "output");
  model.module = std::move(outputIR);
  model.weights = std::move(weights);
  return model;
}

llvm::Expected<CompiledModel> loadCompiledModel(llvm::StringRef path,
                                                MLIRContext &context,
                                                const LoadOptions &options) {
  std::string modulePath = path.str(), weightsPath = defaultWeightsPath(path);
  if (isCompiledModelDirectory(path)) {
    llvm::SmallString<256> file(path);
    llvm::sys::path::append(file, kOutputIRFile);
    modulePath = file.str().str();
    if (!llvm::sys::fs::exists(modulePath))
      return makeError(path + " is not a compiled model directory: it has no " +
                       kOutputIRFile);
    file = path;
    llvm::sys::path::append(file, kCompiledWeightsFile);
    weightsPath = file.str().str();
  }
  auto module = loadIRModule(modulePath, context);
  if (!module)
    return module.takeError();
  if (classifyModule(module->get()) != MlirInterface::CgcOutput)
    return makeError(modulePath + ": expected CGC Output IR, found " +
                     getInterfaceName(classifyModule(module->get())));
  return compiledModelFromModule(std::move(*module), modulePath, weightsPath,
                                 options);
}

llvm::Expected<AnyModel> loadAnyModel(llvm::StringRef path,
                                      MLIRContext &context,
                                      const LoadOptions &options) {
  AnyModel any;
  if (isCompiledModelDirectory(path)) {
    auto compiled = loadCompiledModel(path, context, options);
    if (!compiled)
      return compiled.takeError();
    any.compiled = std::move(*compiled);
    return any;
  }
  if (llvm::sys::path::extension(path) == ".onnx") {
    auto model = loadOnnx(path, context, options);
    if (!model)
      return model.takeError();
    any.model = std::move(*model);
    return any;
  }
  auto module = loadIRModule(path, context);
  if (!module)
    return module.takeError();
  if (classifyModule(module->get()) == MlirInterface::CgcOutput) {
    auto compiled = compiledModelFromModule(std::move(*module), path,
                                            defaultWeightsPath(path), options);
    if (!compiled)
      return compiled.takeError();
    any.compiled = std::move(*compiled);
    return any;
  }
  auto model = inputModelFromModule(std::move(*module), path, options);
  if (!model)
    return model.takeError();
  any.model = std::move(*model);
  return any;
}

llvm::Expected<std::vector<Tensor>> runCompiled(const CompiledModel &model,
                                                llvm::ArrayRef<Tensor> inputs,
                                                device::Device &device) {
  device::Device *devices[] = {&device};
  return runCompiled(model, inputs, devices);
}

llvm::Expected<std::vector<Tensor>>
runCompiled(const CompiledModel &model, llvm::ArrayRef<Tensor> inputs,
            llvm::ArrayRef<device::Device *> devices,
            llvm::raw_ostream *progress, PartitionPlacement *placement) {
  WeightLookup lookup(model.weights);
  auto program =
      runtime::CompiledProgram::compile(model.module.get(), devices, progress);
  if (!program)
    return program.takeError();
  if (placement)
    for (const auto &entry : (*program)->getPartitionDevices())
      ++(*placement)[entry.second];
  return (*program)->run(inputs, lookup);
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
  WeightLookup lookup(model.weights);
  return reference::executeEntryPoint(model.entry, inputs, lookup);
}

} // namespace opencgc::driver
